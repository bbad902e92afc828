import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FilterSelect } from "./filters.tsx";

describe("a filter's choice", () => {
  it("is labelled, lists its options in order and starts on the list's current filter", () => {
    const markup = renderToStaticMarkup(
      <FilterSelect
        id="signups-state"
        name="stato"
        label="Stato"
        defaultValue="confirmed"
        options={[
          ["", "Tutti"],
          ["confirmed", "Confermata"],
        ]}
      />,
    );
    expect(markup).toBe(
      '<div class="console-field"><label for="signups-state">Stato</label><select id="signups-state" name="stato">' +
        '<option value="">Tutti</option><option value="confirmed" selected="">Confermata</option></select></div>',
    );
  });
});
