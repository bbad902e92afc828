import { describe, expect, it } from "vitest";
import { negotiateLocale, pickText } from "./locale.ts";

describe("pickText", () => {
  it("reads the requested language first", () => {
    expect(pickText({ "it-IT": "Gara", "en-US": "Race" }, "it-IT")).toBe("Gara");
  });
  it("falls back to en-US, then to any language", () => {
    expect(pickText({ "it-IT": "Gara", "en-US": "Race" }, "de-DE")).toBe("Race");
    expect(pickText({ "fr-FR": "Course" }, "de-DE")).toBe("Course");
  });
  it("treats an empty text as missing, and says so when there is none", () => {
    expect(pickText({ "de-DE": "", "en-US": "Race" }, "de-DE")).toBe("Race");
    expect(pickText({}, "it-IT")).toBeUndefined();
    expect(pickText(null, "it-IT")).toBeUndefined();
  });
});

describe("negotiateLocale", () => {
  it.each([
    ["it-IT,it;q=0.9,en;q=0.8", "it-IT"],
    ["de", "de-DE"],
    ["fr-CA, en;q=0.5", "fr-FR"],
    ["en-GB", "en-US"],
    ["ja, es;q=0.3", "es-ES"],
    ["en;q=0.2, it;q=0.9", "it-IT"],
    ["IT-it", "it-IT"],
  ])("%s → %s", (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
  it("finds nothing for unsupported languages, q=0 and empty headers", () => {
    expect(negotiateLocale("ja, zh;q=0.5")).toBeUndefined();
    expect(negotiateLocale("it;q=0")).toBeUndefined();
    expect(negotiateLocale("")).toBeUndefined();
    expect(negotiateLocale(undefined)).toBeUndefined();
    expect(negotiateLocale("*")).toBeUndefined();
  });
});
