import { CONSOLE_PATTERNS } from "@sports/jsonapi";
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

  it("read a pattern as React Router writes it, without its leading slash", () => {
    expect(needsLogin("it-IT/modificaDati")).toBe(true);
    expect(needsLogin("modificaDati")).toBe(true);
    expect(needsLogin(`es-ES/${CONSOLE_PATTERNS.pages}`)).toBe(true);
    expect(needsLogin("it-IT/login")).toBe(false);
  });

  it("know that every console screen needs login", () => {
    for (const pattern of Object.values(CONSOLE_PATTERNS)) {
      expect(needsLogin(`/${pattern}`), pattern).toBe(true);
      expect(needsLogin(`/es-ES/${pattern}`), pattern).toBe(true);
    }
    expect(needsLogin("/gestionex")).toBe(false);
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

  it("judge a path as the browser will read it: dot segments that make `//host` send nowhere else", () => {
    for (const hostile of [
      "/.//evil.example",
      "/..//evil.example",
      "/%2e//evil.example",
      "/%2E%2E//evil.example",
      "/en-US/..//evil.example",
      "/a/../..//evil.example",
      "/./\\evil.example",
    ]) {
      expect(safeRedirect(hostile, "/it-IT")).toBe("/it-IT");
    }
    expect(safeRedirect("/it-IT/./evento/../modificaDati", "/")).toBe("/it-IT/modificaDati");
    expect(safeRedirect("/%2f/evil.example", "/")).toBe("/%2f/evil.example");
  });
});
