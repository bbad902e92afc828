import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { overwriteGetLocale } from "../paraglide/runtime.js";
import { DoneNotice, OutcomeNote, ProblemsNotice, SavedNotice } from "./notices.tsx";

describe("the console's notices", () => {
  it("say what was done as a status", () => {
    expect(renderToStaticMarkup(<DoneNotice>Invito inviato</DoneNotice>)).toBe(
      '<p class="notice notice-ok" role="status">Invito inviato</p>',
    );
  });

  it("say saved in the page's language, and nothing before a save", () => {
    overwriteGetLocale(() => "it-IT");
    expect(renderToStaticMarkup(<SavedNotice saved />)).toContain('role="status"');
    expect(renderToStaticMarkup(<SavedNotice saved />)).not.toContain("Saved");
    expect(renderToStaticMarkup(<SavedNotice saved={false} />)).toBe("");
  });

  it("list each refusal once as an alert, and nothing without one", () => {
    const markup = renderToStaticMarkup(<ProblemsNotice problems={["Ultimo organizzatore", null, undefined]} />);
    expect(markup).toBe('<div class="notice notice-warning" role="alert"><p>Ultimo organizzatore</p></div>');
    expect(renderToStaticMarkup(<ProblemsNotice problems={[null]} />)).toBe("");
  });

  it("tell a refused press beside its form as an alert, a done one as a status", () => {
    expect(renderToStaticMarkup(<OutcomeNote ok={false}>No</OutcomeNote>)).toBe(
      '<p role="alert" class="console-error">No</p>',
    );
    expect(
      renderToStaticMarkup(
        <OutcomeNote ok id="x">
          Sì
        </OutcomeNote>,
      ),
    ).toBe('<p id="x" role="status" class="console-ok">Sì</p>');
  });
});
