import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ConsoleTable, numeric } from "./console-table.tsx";

const render = (organiser: boolean) =>
  renderToStaticMarkup(
    <ConsoleTable labelledBy="t" columns={["Evento", numeric("Posti"), organiser && "Azioni"]}>
      <tr>
        <th scope="row">Trail</th>
        <td className="console-num">5</td>
      </tr>
    </ConsoleTable>,
  );

describe("a console table", () => {
  it("scrolls in a focusable box named by its heading, its columns' headings above its rows", () => {
    const markup = render(true);
    expect(markup).toMatch(/^<figure class="console-table-wrap" aria-labelledby="t" tabindex="0"><table/);
    expect(markup).toContain(
      '<thead><tr><th scope="col">Evento</th><th scope="col" class="console-num">Posti</th><th scope="col">Azioni</th></tr></thead>',
    );
    expect(markup).toContain('<tbody><tr><th scope="row">Trail</th>');
  });

  it("leaves out a column given as false", () => {
    expect(render(false)).not.toContain("Azioni");
  });

  it("stays a table where the others turn into cards when wide", () => {
    const markup = renderToStaticMarkup(
      <ConsoleTable labelledBy="t" columns={["A"]} wide className="console-team">
        {null}
      </ConsoleTable>,
    );
    expect(markup).toContain('class="console-table-wrap console-wide"');
    expect(markup).toContain('<table class="console-table console-team">');
  });
});
