import { describe, expect, it } from "vitest";
import { REFUSAL_PARAM, refusalIn, refusedPath, SIGNUP_REFUSALS } from "./refusals.ts";

describe("a refused signup's address", () => {
  it("names the refusal in the page's address, and reads it back", () => {
    const path = refusedPath("/it-IT/evento/trail/appuntamento/corto", "sold-out");
    expect(path).toBe(`/it-IT/evento/trail/appuntamento/corto?${REFUSAL_PARAM}=sold-out`);
    expect(refusalIn(new URL(path, "https://site.test").searchParams)).toBe("sold-out");
  });

  it("reads back every refusal the page can say, and nothing else", () => {
    for (const code of [...SIGNUP_REFUSALS, "unavailable"])
      expect(refusalIn(new URLSearchParams({ [REFUSAL_PARAM]: code }))).toBe(code);
    for (const search of ["", `${REFUSAL_PARAM}=`, `${REFUSAL_PARAM}=not-authenticated`, `${REFUSAL_PARAM}=%3Cb%3E`])
      expect(refusalIn(new URLSearchParams(search)), search).toBeUndefined();
  });
});
