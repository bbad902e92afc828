import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { pageForm } from "../forms/console-catalogue.ts";
import { overwriteGetLocale } from "../paraglide/runtime.js";
import { TranslatedFields, useConsoleForm } from "./console-form.tsx";

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
