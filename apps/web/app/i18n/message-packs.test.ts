import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { setBrowserLocale } from "./locale.ts";
import { loadMessages, registerScript, translate } from "./message-packs.ts";

const module = (code: string) => `data:text/javascript;base64,${Buffer.from(code).toString("base64")}`;

afterEach(() => setBrowserLocale("en-US"));

describe("the browser's message packs", () => {
  it("say a script's messages in each language once that language is loaded", async () => {
    await registerScript({
      "en-US": module("export default { greeting: (i) => `Hello ${i?.name}` };"),
      "it-IT": module("export default { greeting: (i) => `Ciao ${i?.name}` };"),
    });
    await loadMessages("en-US");
    expect(translate("greeting", { name: "Ada" })).toBe("Hello Ada");

    // A later script is loaded in every language wanted so far.
    await loadMessages("it-IT");
    await registerScript({
      "en-US": module("export default { farewell: () => `Goodbye` };"),
      "it-IT": module("export default { farewell: () => `Arrivederci` };"),
    });
    setBrowserLocale("it-IT");
    expect(translate("greeting", { name: "Ada" })).toBe("Ciao Ada");
    expect(translate("farewell")).toBe("Arrivederci");
    expect(translate("farewell", {}, { locale: "en-US" })).toBe("Goodbye");
  });

  it("fall back to another language's words, then to the key, for a message not loaded", async () => {
    await registerScript({ "de-DE": module("export default { only_german: () => `Nur Deutsch` };") });
    await loadMessages("de-DE");
    setBrowserLocale("fr-FR");
    expect(translate("only_german")).toBe("Nur Deutsch");
    expect(translate("nowhere")).toBe("nowhere");
  });

  it("ask again for a pack that failed to load", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "packs-")), "pack.es-ES.js");
    await registerScript({ "es-ES": pathToFileURL(file).href });
    await expect(loadMessages("es-ES")).rejects.toThrow();
    // The connection is back: the same pack is asked for again, not the failure kept.
    writeFileSync(file, "export default { late: () => `Tarde` };");
    await loadMessages("es-ES");
    expect(translate("late", {}, { locale: "es-ES" })).toBe("Tarde");
  });
});
