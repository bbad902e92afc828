import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { localeFunctions, messageKeyOf, messageStub, packSource } from "./message-packs.ts";

const paraglideDir = fileURLToPath(new URL("../app/paraglide", import.meta.url));
const messagesDir = join(paraglideDir, "messages");
const registrySource = readFileSync(join(paraglideDir, "registry.js"), "utf8");
const LOCALES = ["en-US", "it-IT", "de-DE", "fr-FR", "es-ES"];
const keys = readdirSync(messagesDir)
  .filter((file) => file.endsWith(".js") && file !== "_index.js")
  .map((file) => file.slice(0, -3));

/** Inputs that answer any parameter a message asks for (a count, a date, a name). */
const inputs = new Proxy({}, { get: (_target, property) => (property === "then" ? undefined : "3") });

const importCode = (code: string) => import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);

describe("message packs", () => {
  it("find the message a Paraglide module holds, but not the index", () => {
    expect(messageKeyOf(`${messagesDir}/home_title.js`, messagesDir)).toBe("home_title");
    expect(messageKeyOf(`${messagesDir}/home_title.js?v=1`, messagesDir)).toBe("home_title");
    expect(messageKeyOf(`${messagesDir}/_index.js`, messagesDir)).toBeUndefined();
    expect(messageKeyOf(`${paraglideDir}/runtime.js`, messagesDir)).toBeUndefined();
  });

  it("read which function each language calls, the default one where a language has none", () => {
    const source = readFileSync(join(messagesDir, "home_title.js"), "utf8");
    expect(localeFunctions(source, "home_title", LOCALES)).toEqual({
      "en-US": "en_us2_home_title",
      "it-IT": "it_it2_home_title",
      "de-DE": "de_de2_home_title",
      "fr-FR": "fr_fr2_home_title",
      "es-ES": "es_es2_home_title",
    });
    expect(localeFunctions(source, "home_title", [...LOCALES, "pt-PT"])["pt-PT"]).toBe("en_us2_home_title");
  });

  it("give a stub that asks the lookup for its message", () => {
    expect(messageStub("home_title", "/app/i18n/message-packs.ts")).toBe(
      'import { translate } from "/app/i18n/message-packs.ts";\n' +
        'export const home_title = (inputs, options) => translate("home_title", inputs, options);\n',
    );
  });

  for (const locale of LOCALES) {
    it(`say every message in ${locale} as Paraglide's own module does`, async () => {
      const messages = keys.map((key) => ({ key, source: readFileSync(join(messagesDir, `${key}.js`), "utf8") }));
      const pack = (await importCode(packSource(messages, locale, registrySource, LOCALES))).default as Record<
        string,
        (inputs: object) => string
      >;
      expect(Object.keys(pack).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        const original = (await import(join(messagesDir, `${key}.js`)))[key] as (
          inputs: object,
          options: { locale: string },
        ) => string;
        expect(pack[key]?.(inputs), key).toBe(original(inputs, { locale }));
      }
    });
  }

  it("carry one language's words only", () => {
    const source = readFileSync(join(messagesDir, "home_upcoming.js"), "utf8");
    const italian = packSource([{ key: "home_upcoming", source }], "it-IT", registrySource, LOCALES);
    expect(italian).toContain("Prossimi eventi");
    expect(italian).not.toContain("Upcoming events");
    expect(italian).not.toContain("Kommende");
  });
});
