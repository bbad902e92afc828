import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { pageForm } from "../forms/console-catalogue.ts";
import { overwriteGetLocale } from "../paraglide/runtime.js";
import { Refusal, TranslatedFields, useConsoleForm } from "./console-form.tsx";

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
