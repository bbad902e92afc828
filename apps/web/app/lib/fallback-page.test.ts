import { describe, expect, it } from "vitest";
import { fallbackDocument } from "./fallback-page.ts";

describe("the error page's fallback", () => {
  it("says the error page failed, in the page's language, with a link home", () => {
    const english = fallbackDocument("en-US");
    expect(english).toContain('<html lang="en-US">');
    expect(english).toContain("<h1>An error occurred while showing the error page</h1>");
    expect(english).toContain('<a href="/">Back to the home page</a>');
    expect(english).not.toContain("<script");
    expect(fallbackDocument("it-IT")).toContain('<a href="/">Torna alla home page</a>');
  });
});
