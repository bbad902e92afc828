import { describe, expect, it } from "vitest";
import { negotiateLanguage } from "./language.ts";

const SUPPORTED = ["en-US", "it-IT", "de-DE", "fr-FR", "es-ES"] as const;
const negotiate = (header: string | undefined) => negotiateLanguage(header, SUPPORTED);

describe("negotiateLanguage", () => {
  it.each([
    ["it-IT,it;q=0.9,en;q=0.8", "it-IT"],
    ["de", "de-DE"],
    ["fr-CA, en;q=0.5", "fr-FR"],
    ["en-GB", "en-US"],
    ["ja, es;q=0.3", "es-ES"],
    ["en;q=0.2, it;q=0.9", "it-IT"],
    ["IT-it", "it-IT"],
  ])("%s → %s", (header, expected) => {
    expect(negotiate(header)).toBe(expected);
  });
  it("finds nothing for unsupported languages, q=0 and empty headers", () => {
    expect(negotiate("ja, zh;q=0.5")).toBeUndefined();
    expect(negotiate("it;q=0")).toBeUndefined();
    expect(negotiate("")).toBeUndefined();
    expect(negotiate(undefined)).toBeUndefined();
    expect(negotiate("*")).toBeUndefined();
  });
});
