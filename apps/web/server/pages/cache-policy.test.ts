import { describe, expect, it } from "vitest";
import { acceptsGzip, carriesCredentials, isAnonymousPageRequest, withCachePolicy } from "./cache-policy.ts";

const URL_LIST = "http://site.test/evento";

const get = (url = URL_LIST, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("which requests may be answered from the cache", () => {
  it("takes anonymous GETs for pages, with at most the language cookie", () => {
    expect(isAnonymousPageRequest(get())).toBe(true);
    expect(isAnonymousPageRequest(get("http://site.test/it-IT"))).toBe(true);
    expect(isAnonymousPageRequest(get(URL_LIST, { cookie: "locale=it-IT" }))).toBe(true);
  });

  it("leaves the bare / (it redirects by language) and everything personal to the renderer", () => {
    expect(isAnonymousPageRequest(get("http://site.test/"))).toBe(false);
    expect(isAnonymousPageRequest(get("http://site.test:8080/?utm=x"))).toBe(false);
    expect(isAnonymousPageRequest(get(URL_LIST, { authorization: "Bearer abc" }))).toBe(false);
    expect(isAnonymousPageRequest(get(URL_LIST, { cookie: "locale=it-IT; session=abc" }))).toBe(false);
    expect(isAnonymousPageRequest(new Request(URL_LIST, { method: "POST", body: "x" }))).toBe(false);
  });
});

describe("what CDNs and browsers may keep (withCachePolicy)", () => {
  const PUBLIC = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";
  const PRIVATE = "private, no-store";
  const policy = (request: Request, response: Response, seconds = 5) => {
    const { headers } = withCachePolicy(request, response, seconds);
    return { cacheControl: headers.get("cache-control"), vary: headers.get("vary") };
  };
  const page = (status = 200, headers: Record<string, string> = {}) =>
    new Response(status === 302 ? null : "<p>page</p>", {
      status,
      headers: { "content-type": "text/html; charset=utf-8", ...headers },
    });

  it("makes a page or a not-found page as every anonymous visitor gets it public for a few seconds", () => {
    expect(policy(get(), page())).toEqual({ cacheControl: PUBLIC, vary: "Cookie, Authorization, Accept-Encoding" });
    expect(policy(get(), page(404)).cacheControl).toBe(PUBLIC);
    expect(policy(get(URL_LIST, { cookie: "locale=it-IT" }), page()).cacheControl).toBe(PUBLIC);
    expect(policy(new Request(URL_LIST, { method: "HEAD" }), page()).cacheControl).toBe(PUBLIC);
    expect(policy(get(), page(), 30).cacheControl).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=30");
    // Without a page cache the server renders every time, and a CDN asks every time too.
    expect(policy(get(), page(), 0).cacheControl).toBe("public, no-cache");
  });

  it("keeps anything a session may have shaped, and redirects and errors, private and unstored", () => {
    expect(policy(get(URL_LIST, { cookie: "locale=it-IT; session=abc" }), page()).cacheControl).toBe(PRIVATE);
    expect(policy(get(URL_LIST, { authorization: "Bearer abc" }), page()).cacheControl).toBe(PRIVATE);
    expect(policy(get(), page(200, { "set-cookie": "locale=it-IT" })).cacheControl).toBe(PRIVATE);
    expect(policy(get(), page(302, { location: "/login" })).cacheControl).toBe(PRIVATE);
    expect(policy(get(), page(500)).cacheControl).toBe(PRIVATE);
    expect(policy(new Request(URL_LIST, { method: "POST", body: "x" }), page()).cacheControl).toBe(PRIVATE);
  });

  it("leaves what a route said itself, and adds what the page varies by to its own Vary", () => {
    expect(policy(get(), page(200, { "cache-control": "private, no-store" })).cacheControl).toBe(PRIVATE);
    expect(policy(get(), page(200, { "cache-control": "public, max-age=3600" })).cacheControl).toBe(
      "public, max-age=3600",
    );
    expect(policy(get(), page(200, { vary: "Accept-Language, Cookie" })).vary).toBe(
      "Accept-Language, Cookie, Authorization, Accept-Encoding",
    );
    expect(policy(get(), page(200, { vary: "*" })).vary).toBe("*");
  });

  it("reads whether the visitor takes gzip from Accept-Encoding", () => {
    const accepts = (value?: string) =>
      acceptsGzip(get(URL_LIST, value === undefined ? {} : { "accept-encoding": value }));
    expect(accepts("gzip, deflate, br")).toBe(true);
    expect(accepts("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(accepts("*")).toBe(true);
    expect(accepts(undefined)).toBe(false);
    expect(accepts("br")).toBe(false);
    expect(accepts("gzip;q=0, *")).toBe(false);
    expect(accepts("identity")).toBe(false);
  });

  it("counts a session cookie or an Authorization header as credentials, the language choice not", () => {
    expect(carriesCredentials(get())).toBe(false);
    expect(carriesCredentials(get(URL_LIST, { cookie: "locale=de-DE" }))).toBe(false);
    expect(carriesCredentials(get(URL_LIST, { cookie: "__Host-session=abc" }))).toBe(true);
    expect(carriesCredentials(get(URL_LIST, { authorization: "Bearer abc" }))).toBe(true);
  });
});
