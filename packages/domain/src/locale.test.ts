import { describe, expect, it } from "vitest";
import { pickText } from "./locale.ts";

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
