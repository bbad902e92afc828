import { gzipSync } from "node:zlib";
import { type DatabaseHandle, seedDemoData } from "@sports/db";
import { openTestDatabase } from "@sports/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerApp } from "./app.ts";
import { createLogger } from "./logger.ts";

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createServerApp>>;
let draining = false;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db, { now: new Date() });
  app = await createServerApp({
    config: { DEFAULT_LOCALE: "en-US" },
    database,
    logger: createLogger("silent"),
    isDraining: () => draining,
  });
});
afterAll(() => database.close());

describe("the server app", () => {
  it("answers health and readiness", async () => {
    expect(await (await app.request("/healthz")).json()).toEqual({ status: "up" });
    const ready = await app.request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: database.kind });
  });

  it("reports not ready while draining", async () => {
    draining = true;
    try {
      expect((await app.request("/readyz")).status).toBe(503);
    } finally {
      draining = false;
    }
  });

  it("tags every answer with a request id, keeping a valid one from the client", async () => {
    const generated = await app.request("/healthz");
    expect(generated.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    const given = await app.request("/healthz", { headers: { "x-request-id": "trace-1234" } });
    expect(given.headers.get("x-request-id")).toBe("trace-1234");
  });

  it("sends security headers with a nonce-based CSP", async () => {
    const response = await app.request("/");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[\w+/=]+'/);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("compresses what it can when the client accepts it", async () => {
    const response = await app.request("/api/events?page[size]=50", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const plain = await app.request("/api/events?page[size]=50");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const body = Buffer.from(await plain.arrayBuffer());
    expect(gzipSync(body).length).toBeLessThan(body.length / 3);
  });

  it("serves static files, unhashed ones cached for an hour", async () => {
    const image = await app.request(`/images/demo/${await firstCoverFile()}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("renders the home page with the upcoming events in the visitor's language", async () => {
    const english = await app.request("/", { headers: { "accept-language": "en-US" } });
    expect(english.status).toBe(200);
    const html = await english.text();
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain("Upcoming events");
    expect(html).toContain("system for managing events and appointments");
    const redirected = await app.request("/", { headers: { "accept-language": "it" } });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("/it-IT");
    const italian = await (await app.request("/it-IT")).text();
    expect(italian).toContain('<html lang="it-IT">');
    expect(italian).toContain("Prossimi eventi");
  });

  it("answers JSON:API errors under /api and a 404 elsewhere", async () => {
    const api = await app.request("/api/nope", { headers: { "x-request-id": "trace-404" } });
    expect(api.status).toBe(404);
    expect(api.headers.get("x-request-id")).toBe("trace-404");
    expect(api.headers.get("content-type")).toBe("application/vnd.api+json");
    expect((await app.request("/no-such-page")).status).toBe(404);
  });
});

async function firstCoverFile(): Promise<string> {
  const { readdirSync } = await import("node:fs");
  const { publicDir } = await import("./app.ts");
  const [file] = readdirSync(`${publicDir}/images/demo`);
  if (!file) throw new Error("no demo images");
  return file;
}

describe("static cache lifetimes", () => {
  it("keeps files with a content hash in their name for a year, and sends no cache header for pages", async () => {
    const { mkdirSync, rmSync, writeFileSync } = await import("node:fs");
    const { publicDir } = await import("./app.ts");
    mkdirSync(`${publicDir}/assets`, { recursive: true });
    const file = `${publicDir}/assets/test-D3adB33f.js`;
    writeFileSync(file, "export {};");
    try {
      const response = await app.request("/assets/test-D3adB33f.js");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    } finally {
      rmSync(file);
    }
    expect((await app.request("/healthz")).headers.get("cache-control")).toBeNull();
  });
});
