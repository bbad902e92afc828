import { ROUTE_PATTERNS, ticketPath } from "@sports/jsonapi";
import { describe, expect, it } from "vitest";
import { type CachingRule, cachingRuleOf, endsSession, languagePrefixOf, withoutLanguage } from "./rules.ts";
import { SESSION_END_PATHS } from "./session-end.ts";

const ORIGIN = "https://events.example.org";
const navigate = (path: string) =>
  cachingRuleOf({ method: "GET", url: ORIGIN + path, origin: ORIGIN, mode: "navigate" });
const fetched = (path: string, method = "GET") =>
  cachingRuleOf({ method, url: ORIGIN + path, origin: ORIGIN, mode: "cors" });

describe("the caching rules", () => {
  it.each<[string, CachingRule]>([
    ["/", "page"],
    ["/it-IT", "page"],
    ["/evento", "page"],
    ["/de-DE/evento?sport=trail", "page"],
    ["/evento/cortina-crode-trail", "page"],
    ["/fr-FR/evento/cortina-crode-trail/appuntamento/ultra-72k", "page"],
    ["/about", "page"],
    ["/es-ES/about", "page"],
    ["/modificaDati", "personal"],
    ["/it-IT/modificaDati", "personal"],
    ["/modificaDati/biglietto/2f7c9a50-0000-4000-8000-000000000001", "personal"],
    ["/en-US/modificaDati/biglietto/2f7c9a50", "personal"],
    [ticketPath("2f7c9a50-0000-4000-8000-000000000002"), "personal"],
    ["/offline", "offline"],
    ["/it-IT/offline?from=%2Fit-IT%2Fevento", "offline"],
  ])("keeps the page %s as %s", (path, rule) => {
    expect(navigate(path)).toBe(rule);
  });

  it.each([
    "/gestione",
    "/it-IT/gestione/eventi/42",
    "/evento/cortina-crode-trail/appuntamento/ultra-72k/iscrizione/abc",
    "/it-IT/evento/camp/appuntamento/iscrizione/recap",
    "/evento/x/appuntamento/y/iscrizione/abc/soggiorni",
    "/paymentResult?payment=abc",
    "/demoPayment/abc",
    "/login",
    "/it-IT/login?redirectTo=%2FmodificaDati",
    "/registrazione?verifica=secret",
    "/resetPassword?token=secret",
    "/noAuth",
    "/modificaDati/cessione/abc",
    "/sitemap.xml",
    "/evento?token=abc",
  ])("never keeps the page %s", (path) => {
    expect(navigate(path)).toBe("never");
  });

  it("precaches hashed assets and serves the site's other files from a cache", () => {
    expect(fetched("/assets/root-AbCd1234.js")).toBe("asset");
    expect(fetched("/assets/app-AbCd1234.css")).toBe("asset");
    expect(fetched("/favicon.svg")).toBe("static");
    expect(fetched("/icons/icon-192.png")).toBe("static");
    expect(fetched("/it-IT/manifest.webmanifest")).toBe("static");
  });

  it("never keeps the API, React Router's data requests, the worker itself or other origins", () => {
    expect(fetched("/api/events")).toBe("never");
    expect(fetched("/api/users/me")).toBe("never");
    expect(navigate("/api/events")).toBe("never");
    expect(fetched("/evento.data")).toBe("never");
    expect(fetched("/it-IT/modificaDati.data")).toBe("never");
    expect(fetched("/__manifest?p=%2Fevento")).toBe("never");
    expect(fetched("/sw.js")).toBe("never");
    expect(fetched("/metrics")).toBe("never");
    expect(
      cachingRuleOf({ method: "GET", url: "https://checkout.stripe.com/x", origin: ORIGIN, mode: "navigate" }),
    ).toBe("never");
  });

  it("never keeps anything but GET", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      expect(cachingRuleOf({ method, url: `${ORIGIN}/evento`, origin: ORIGIN, mode: "navigate" })).toBe("never");
      expect(fetched("/assets/root-AbCd1234.js", method)).toBe("never");
    }
  });

  it("never keeps a page fetched by a script rather than opened", () => {
    expect(fetched("/evento")).toBe("never");
    expect(fetched("/modificaDati")).toBe("never");
  });
});

describe("language prefixes", () => {
  it("are taken off and read, written out only", () => {
    expect(withoutLanguage("/it-IT/evento")).toBe("/evento");
    expect(withoutLanguage("/it-IT")).toBe("/");
    expect(withoutLanguage("/xx-XX/evento")).toBe("/xx-XX/evento");
    expect(withoutLanguage("/it-ITaly")).toBe("/it-ITaly");
    expect(languagePrefixOf("/de-DE/offline")).toBe("/de-DE");
    expect(languagePrefixOf("/evento")).toBe("");
  });
});

describe("the submissions that end a session", () => {
  it("are the logout and the account deletion, in any language, as a document or a data request", () => {
    expect(endsSession("/login", "logout")).toBe(true);
    expect(endsSession("/it-IT/login.data", "logout")).toBe(true);
    expect(endsSession("/modificaDati", "delete")).toBe(true);
    expect(endsSession("/de-DE/modificaDati.data", "delete")).toBe(true);
    expect(endsSession("/login", null)).toBe(false);
    expect(endsSession("/modificaDati", "personal")).toBe(false);
    expect(endsSession("/evento", "logout")).toBe(false);
  });

  it("are at the site's login and profile addresses", () => {
    expect(SESSION_END_PATHS).toEqual({ logout: `/${ROUTE_PATTERNS.login}`, deletion: `/${ROUTE_PATTERNS.profile}` });
  });
});
