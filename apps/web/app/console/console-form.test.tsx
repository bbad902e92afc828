import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { pageForm } from "../forms/console-catalogue.ts";
import { overwriteGetLocale } from "../paraglide/runtime.js";
import { FileField, Refusal, TranslatedFields, useConsoleForm } from "./console-form.tsx";

function Title() {
  const [, fields] = useConsoleForm({ id: "page", schema: pageForm, defaultValue: { title: { "it-IT": "Ciao" } } });
  return <TranslatedFields field={fields.title} label="Titolo" />;
}

describe("a translated text", () => {
  it("names the languages it lacks in the page's language", () => {
    overwriteGetLocale(() => "it-IT");
    const markup = renderToStaticMarkup(<Title />);
    expect(markup).toContain("Manca in: inglese, tedesco, francese, spagnolo");
  });
});

describe("a refusal that is no field's", () => {
  it("is a focusable alert, focused as the page loads without JavaScript", () => {
    const markup = renderToStaticMarkup(<Refusal id="cancel-refusal" message="Conferma l'annullamento." />);
    expect(markup).toBe(
      '<div id="cancel-refusal" class="form-errors" role="alert" tabindex="-1" autofocus=""><p>Conferma l&#x27;annullamento.</p></div>',
    );
  });

  it("is nothing without a message", () => {
    expect(renderToStaticMarkup(<Refusal id="x" message={undefined} />)).toBe("");
  });
});

describe("a file to upload", () => {
  it("says the action's refusal under it, tied to it for screen readers", () => {
    const markup = renderToStaticMarkup(
      <FileField id="course-file" name="gpx" label="File GPX" accept=".gpx" error="Non è un GPX." />,
    );
    expect(markup).toContain('aria-invalid="true" aria-describedby="course-file-error"');
    expect(markup).toContain('<p id="course-file-error" class="field-error" role="alert">Non è un GPX.</p>');
  });

  it("is a plain field before any refusal", () => {
    const markup = renderToStaticMarkup(
      <FileField id="c" name="cover" label="Immagine" accept="image/png" error={null} />,
    );
    expect(markup).not.toContain("aria-invalid");
    expect(markup).not.toContain("field-error");
  });
});
