import { describe, expect, it } from "vitest";
import { countryOptions } from "./countries.ts";

describe("countryOptions", () => {
  it("offers every ISO 3166-1 country, named in the page's language and sorted by its collation", () => {
    const options = countryOptions("it-IT");
    expect(options).toHaveLength(249);
    expect(new Set(options.map(({ code }) => code)).size).toBe(249);
    expect(options).toContainEqual({ code: "AQ", name: "Antartide" });
    expect(options).toContainEqual({ code: "DE", name: "Germania" });
    expect(options.map(({ name }) => name)).toEqual(
      options.map(({ name }) => name).sort(new Intl.Collator("it-IT").compare),
    );
  });

  it("sorts letters with accents among the others, not after Z", () => {
    const names = countryOptions("en-US").map(({ name }) => name);
    expect(names.indexOf("Åland Islands")).toBe(names.indexOf("Afghanistan") + 1);
  });
});
