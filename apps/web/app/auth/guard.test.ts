import { describe, expect, it } from "vitest";
import { safeRedirect } from "../access.ts";
import { needsLogin } from "./guard.ts";

describe("the authentication guard's rules", () => {
  it("know the screens that need login, with or without a language prefix", () => {
    expect(needsLogin("/modificaDati")).toBe(true);
    expect(needsLogin("/it-IT/modificaDati")).toBe(true);
    expect(needsLogin("/de-DE/evento/:slug/appuntamento/:slug1?/iscrizione/:id")).toBe(true);
    expect(needsLogin("/evento/:slug/appuntamento/:slug1?/iscrizione/:id?/recap")).toBe(true);
    expect(needsLogin("/paymentResult")).toBe(true);
    expect(needsLogin("/fr-FR/demoPayment/:id")).toBe(true);
    expect(needsLogin("/login")).toBe(false);
    expect(needsLogin("/evento/:slug")).toBe(false);
    expect(needsLogin("/:slug")).toBe(false);
  });

  it("send a visitor back only to a path of this site", () => {
    expect(safeRedirect("/it-IT/modificaDati?tab=1#email", "/")).toBe("/it-IT/modificaDati?tab=1#email");
    for (const hostile of [
      "//evil.example/x",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/\t/evil.example",
      "evil",
      "",
      null,
    ]) {
      expect(safeRedirect(hostile, "/it-IT")).toBe("/it-IT");
    }
  });
});
