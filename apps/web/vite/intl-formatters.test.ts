import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withFormattersBuiltOnce } from "./intl-formatters.ts";

const registrySource = readFileSync(fileURLToPath(new URL("../app/paraglide/registry.js", import.meta.url)), "utf8");
const importCode = (code: string) => import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);

type Registry = {
  plural(locale: string, input: unknown, options?: Intl.PluralRulesOptions): string;
  number(locale: string, input: unknown, options?: Intl.NumberFormatOptions): string;
  datetime(locale: string, input: unknown, options?: Intl.DateTimeFormatOptions): string;
};

afterEach(() => vi.restoreAllMocks());

describe("Paraglide's registry with its Intl formatters built once", () => {
  it("answers as Paraglide's own, building each formatter once per kind, language and options", async () => {
    const original = (await importCode(registrySource)) as Registry;
    const rewritten = (await importCode(withFormattersBuiltOnce(registrySource))) as Registry;
    const built = vi.spyOn(Intl, "PluralRules");
    for (const [locale, count] of [
      ["it-IT", 1],
      ["it-IT", 2],
      ["en-US", 1],
      ["de-DE", 0],
      ["fr-FR", 1.5],
      ["it-IT", 7],
    ] as const) {
      expect(rewritten.plural(locale, count)).toBe(original.plural(locale, count));
      expect(rewritten.plural(locale, count, { type: "ordinal" })).toBe(
        original.plural(locale, count, { type: "ordinal" }),
      );
    }
    // Paraglide's own built one per call (12); the rewritten one per language and options (8).
    expect(built).toHaveBeenCalledTimes(12 + 8);
    expect(rewritten.number("it-IT", 1234.5, { maximumFractionDigits: 1 })).toBe(
      original.number("it-IT", 1234.5, { maximumFractionDigits: 1 }),
    );
    expect(rewritten.datetime("en-US", "2027-05-01T08:00:00Z", { timeZone: "UTC", dateStyle: "long" })).toBe(
      "May 1, 2027",
    );
  });

  it("refuses a registry that builds its formatters some other way", () => {
    expect(() => withFormattersBuiltOnce("export function plural() { return 'other' }")).toThrow(/intl-formatters/);
  });
});
