import { gunzipSync, gzipSync } from "node:zlib";
import { type DatabaseHandle, replaceCover } from "@sports/db";
import { insertEvent } from "@sports/db/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listen } from "./listen.ts";
import { createLogger } from "./logger.ts";
import { clientDir, PAGE_CACHE_HEADER } from "./pages/index.ts";
import { registeredRunner } from "./testing/runner.ts";
import { openDemoSite, type SiteApp, siteAppOn } from "./testing/site-app.ts";

let database: DatabaseHandle;
let app: SiteApp;
let draining = false;

beforeAll(async () => {
  ({ database, app } = await openDemoSite({ isDraining: () => draining }));
});
afterAll(() => database.close());

describe("the server app", () => {
  it("answers health and readiness", async () => {
    expect(await (await app.request("/healthz")).json()).toEqual({ status: "up" });
    const ready = await app.request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: database.kind });
  });

  it("serves an uploaded cover's sizes, immutable, and nothing else under /media/covers", async () => {
    const event = await insertEvent(database.db, new Date());
    const uploadId = crypto.randomUUID();
    const content = Buffer.from("RIFF0000WEBPVP8 ");
    await replaceCover(database.db, {
      eventId: event.id,
      uploadId,
      files: [{ width: 480, height: 270, mediaType: "image/webp", content }],
      coverImage: `/media/covers/${uploadId}-480x270.jpg`,
    });
    const answer = await app.request(`/media/covers/${uploadId}-480.webp`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(content);
    for (const missing of [`${uploadId}-960.webp`, `${uploadId}-480.jpg`, "../../etc/passwd", `${uploadId}-480.png`])
      expect((await app.request(`/media/covers/${missing}`)).status).toBe(404);
  });

  it("has no outbox pages when mails really go out (no outbox folder given)", async () => {
    const outbox = await app.request("/outbox");
    expect(outbox.status).toBe(404);
    expect(await outbox.text()).not.toContain("SMTP_URL");
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
    // Forms post to the site only, whose card payments may redirect on to Stripe's Checkout.
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com");
    // Images from the site, and a course map's tiles from their source (MAP_TILE_URL, OpenStreetMap's by default).
    expect(csp).toContain("img-src 'self' data: https://tile.openstreetmap.org;");
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("denies powerful browser features on pages, API answers and static files alike", async () => {
    const answers = [
      await app.request("/evento"),
      await app.request("/api/events"),
      await app.request(`/images/demo/${await firstCoverFile()}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const policy = (answer.headers.get("permissions-policy") ?? "").split(", ");
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"])
        expect(policy).toContain(`${feature}=()`);
    }
  });

  it("grants the camera to the check-in desk alone", async () => {
    for (const path of ["/gestione/check-in", "/it-IT/gestione/check-in"]) {
      const policy = ((await app.request(path)).headers.get("permissions-policy") ?? "").split(", ");
      expect(policy).toContain("camera=(self)");
    }
    const elsewhere = ((await app.request("/gestione")).headers.get("permissions-policy") ?? "").split(", ");
    expect(elsewhere).toContain("camera=()");
  });

  it("titles an error page once, with its status and the site's name in the page's language", async () => {
    const titles = async (path: string) => {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      return [...(await response.text()).matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]);
    };
    expect(await titles("/evento/no-such-event")).toEqual(["Error 404 · Sport Events"]);
    expect(await titles("/it-IT/evento/no-such-event")).toEqual(["Errore 404 · Sport Events"]);
    // Paths no page of the site has, with and without a language prefix.
    expect(await titles("/evento/no-such-event/appuntamento/none/more")).toEqual(["Error 404 · Sport Events"]);
    expect(await titles("/de-DE/no/such/page")).toEqual(["Fehler 404 · Sport Events"]);
  });

  it("compresses what it can when the client accepts it", async () => {
    const response = await app.request("/api/events?page[size]=50", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const plain = await app.request("/api/events?page[size]=50");
    expect(plain.headers.get("content-encoding")).toBeNull();
    // Under 1 kB an answer goes as it is: compressing it would cost the server more than it saves.
    const small = await app.request(`/api/queue-entries/${crypto.randomUUID()}`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(small.status).toBe(401);
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(Number(small.headers.get("content-length"))).toBe((await small.arrayBuffer()).byteLength);
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

  it("shows an event's rules under their heading, and no heading when it has none", async () => {
    const now = new Date();
    const [plain, adults] = await Promise.all([
      insertEvent(database.db, now),
      insertEvent(database.db, now, { minAge: 18 }),
    ]);
    expect(await (await app.request(`/evento/${plain.slug}`)).text()).not.toContain('id="rules-heading"');
    expect(await (await app.request(`/evento/${adults.slug}`)).text()).toContain('id="rules-heading"');
  });

  it("gives the lists each event's card alone, on the page and on a client navigation: its description stays on its own page", async () => {
    const { data } = (await (await app.request("/api/events?filter[when]=upcoming&page[size]=50")).json()) as {
      data: { attributes: { slug: string; title: string; description: string | null } }[];
    };
    const event = data.find(({ attributes }) => (attributes.description?.length ?? 0) > 40)?.attributes;
    if (!event?.description) throw new Error("the demo catalogue has no upcoming event with a description");
    // Letters and digits alone, one space apart: words as both the HTML and React Router's data stream carry them.
    const plainText = (text: string) => text.replace(/[^\p{L}\p{N} ]+/gu, " ").replace(/ +/g, " ");
    const words = plainText(event.description).trim().split(" ").slice(0, 6).join(" ");
    for (const path of ["/evento", "/evento.data", "/en-US", "/en-US.data"]) {
      const answer = await app.request(`${path}${path.includes("evento") ? "?page=1" : ""}`);
      expect(answer.status, path).toBe(200);
      const text = plainText(await answer.text());
      if (path.startsWith("/evento")) expect(text, path).toContain(plainText(event.title));
      expect(text, path).not.toContain(words);
    }
    expect(plainText(await (await app.request(`/evento/${event.slug}`)).text())).toContain(words);
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
  const [file] = readdirSync(`${clientDir}/images/demo`);
  if (!file) throw new Error("no demo images");
  return file;
}

describe("static cache lifetimes", () => {
  it("keeps files with a content hash in their name for a year, and sends no cache header for health checks", async () => {
    const { readdirSync } = await import("node:fs");
    const script = readdirSync(`${clientDir}/assets`).find((name) => /-[A-Za-z0-9_-]{8,}\.js$/.test(name));
    const response = await app.request(`/assets/${script}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await app.request("/healthz")).headers.get("cache-control")).toBeNull();
  });

  it("serves the service worker to be checked on every visit, and a web app manifest per language", async () => {
    const worker = await app.request("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    expect(worker.headers.get("content-type")).toContain("javascript");
    for (const [path, lang, start] of [
      ["/manifest.webmanifest", "en-US", "/"],
      ["/it-IT/manifest.webmanifest", "it-IT", "/it-IT"],
      ["/es-ES/manifest.webmanifest", "es-ES", "/es-ES"],
    ] as const) {
      const answer = await app.request(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toContain("application/manifest+json");
      expect(await answer.json()).toMatchObject({ lang, start_url: start, scope: "/", id: "/" });
    }
  });
});

describe("rendered pages kept for every visitor (PAGE_CACHE_SECONDS)", () => {
  let cached: SiteApp;
  beforeAll(async () => {
    cached = await siteAppOn(database, { config: { PAGE_CACHE_SECONDS: 60 } });
  });

  const nonceOf = (response: Response) =>
    /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

  it("answers the event list again from memory, each answer with its own CSP nonce in the page", async () => {
    await cached.request("/it-IT/evento?cache-test=1");
    const first = await cached.request("/it-IT/evento?cache-test=1");
    const second = await cached.request("/it-IT/evento?cache-test=1");
    expect(second.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(second.headers.get("content-language")).toBe("it-IT");
    const [html1, html2] = [await first.text(), await second.text()];
    const [nonce1, nonce2] = [nonceOf(first), nonceOf(second)];
    expect(nonce1).not.toBe(nonce2);
    expect(html1).toContain(`nonce="${nonce1}"`);
    expect(html2).toContain(`nonce="${nonce2}"`);
    expect(html2).not.toContain(nonce1);
    expect(html2.split(nonce2 as string).join("")).toBe(html1.split(nonce1 as string).join(""));
  });

  it("answers a kept page in gzip to whoever takes it, with the answer's own nonce inside", async () => {
    const gzip = { "accept-encoding": "gzip, deflate, br" };
    await cached.request("/it-IT/evento?cache-test=gzip", { headers: gzip });
    const kept = await cached.request("/it-IT/evento?cache-test=gzip", { headers: gzip });
    expect(kept.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(kept.headers.get("content-encoding")).toBe("gzip");
    const html = gunzipSync(Buffer.from(await kept.arrayBuffer())).toString();
    expect(html).toContain(`nonce="${nonceOf(kept)}"`);
    expect(html).toContain('<html lang="it-IT">');
  });

  it("answers a kept page with the headers of a rendered one, but for nonce, request id and how long it is kept", async () => {
    const url = "/it-IT/evento?cache-test=whole";
    const ownToAnAnswer = new Set(["x-request-id", PAGE_CACHE_HEADER, "age", "cache-control"]);
    const headersOf = (answer: Response) => {
      const nonce = nonceOf(answer) as string;
      const all: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!ownToAnAnswer.has(name)) all[name] = value.split(nonce).join("NONCE");
      });
      return all;
    };
    const rendered = await app.request(url);
    await cached.request(url);
    const kept = await cached.request(url, { headers: { "x-request-id": "answered-whole" } });
    const gzipped = await cached.request(url, { headers: { "accept-encoding": "gzip" } });
    expect(rendered.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    expect(kept.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(kept.headers.get("x-request-id")).toBe("answered-whole");
    expect(headersOf(kept)).toEqual(headersOf(rendered));
    expect(headersOf(kept)["content-security-policy"]).toContain("'nonce-NONCE'");
    expect(headersOf(gzipped)).toEqual({ ...headersOf(rendered), "content-encoding": "gzip" });
    expect(nonceOf(kept)).not.toBe(nonceOf(gzipped));
    const html = await kept.text();
    expect(html).toContain(`nonce="${nonceOf(kept)}"`);
    expect(html.split(nonceOf(kept) as string).join("")).toBe(
      (await rendered.text()).split(nonceOf(rendered) as string).join(""),
    );
    const unzipped = gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString();
    expect(unzipped.split(nonceOf(gzipped) as string).join("")).toBe(html.split(nonceOf(kept) as string).join(""));
  });

  it("over HTTP, answers anonymous and logged-in runners at once, each with their own nonce and name only", async () => {
    const listener = await listen(cached.fetch, {
      host: "127.0.0.1",
      port: 0,
      shutdownTimeoutMs: 1_000,
      logger: createLogger("silent"),
    });
    try {
      const url = `${listener.url.replace("localhost", "127.0.0.1")}/it-IT/evento?cache-test=http`;
      const [ottavia, brunilde] = await Promise.all([registeredToken("Ottavia"), registeredToken("Brunilde")]);
      const asks = Array.from({ length: 60 }, (_, i) => ({
        token: [undefined, ottavia, brunilde][i % 3],
        gzip: i % 2 === 0,
      }));
      await fetch(url);
      await fetch(url);
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          asks.map(async ({ token, gzip }) => {
            const answer = await fetch(url, {
              headers: {
                ...(token ? { cookie: `session=${token}` } : {}),
                "accept-encoding": gzip ? "gzip" : "identity",
              },
            });
            return { answer, html: await answer.text() };
          }),
        );
        for (const [i, { answer, html }] of answers.entries()) {
          const { token } = asks[i] as (typeof asks)[number];
          expect(answer.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
          expect(html).toContain(`nonce="${nonceOf(answer)}"`);
          expect(html.match(/nonce="[^"]+"/g)?.every((found) => found === `nonce="${nonceOf(answer)}"`)).toBe(true);
          expect(html.includes("Ottavia")).toBe(token === ottavia);
          expect(html.includes("Brunilde")).toBe(token === brunilde);
          expect(html.endsWith("</html>")).toBe(true);
        }
      }
    } finally {
      await listener.close();
    }
  });

  it("shows a new event at once after the catalogue changes", async () => {
    await cached.request("/evento?cache-test=2");
    expect((await cached.request("/evento?cache-test=2")).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    await insertEvent(database.db, new Date(), {
      startsAt: new Date(Date.now() + 3_600_000),
      title: { "en-US": "Freshly published relay" },
    });
    const after = await cached.request("/evento?cache-test=2");
    expect(after.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await after.text()).toContain("Freshly published relay");
  });

  it("answers logged-in visitors from the page kept for everyone, each with their own menu and nobody else's", async () => {
    const url = "/it-IT/evento?cache-test=3";
    const [ottavia, brunilde] = await Promise.all([registeredToken("Ottavia"), registeredToken("Brunilde")]);
    const emailOf = async (token: string) => {
      const me = await app.request("/api/users/me", { headers: { authorization: `Bearer ${token}` } });
      return ((await me.json()) as { data: { attributes: { email: string } } }).data.attributes.email;
    };
    const emails = { Ottavia: await emailOf(ottavia), Brunilde: await emailOf(brunilde) };
    const first = await cached.request(url);
    const anonymousFirst = (await first.text()).split(nonceOf(first) as string).join("");
    // Both at once, many times over, half of them in gzip: each answer names its own visitor only.
    const asks = Array.from({ length: 16 }, (_, i) => ({
      name: i % 2 === 0 ? ("Ottavia" as const) : ("Brunilde" as const),
      gzip: i % 4 < 2,
    }));
    const answers = await Promise.all(
      asks.map(({ name, gzip }) =>
        cached.request(url, {
          headers: {
            authorization: `Bearer ${name === "Ottavia" ? ottavia : brunilde}`,
            ...(gzip ? { "accept-encoding": "gzip" } : {}),
          },
        }),
      ),
    );
    for (const [i, answer] of answers.entries()) {
      const { name, gzip } = asks[i] as (typeof asks)[number];
      const other = name === "Ottavia" ? "Brunilde" : "Ottavia";
      expect(answer.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      const html = gzip ? gunzipSync(Buffer.from(await answer.arrayBuffer())).toString() : await answer.text();
      expect(html).toContain(`<span class="header-label">${name}</span>`);
      // The address is not confirmed yet: the reminder under the header names it.
      expect(html).toContain(emails[name]);
      expect(html).not.toContain(other);
      expect(html).not.toContain(emails[other]);
      expect(html).not.toContain('class="account-login"');
      const inPage = /<script type="application\/json" id="page-visitor">([^<]*)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(inPage ?? "null")).toEqual({
        givenName: name,
        email: emails[name],
        emailVerified: false,
        role: "user",
      });
      expect(html).toContain(`nonce="${nonceOf(answer)}"`);
    }
    const anonymous = await cached.request(url);
    expect(anonymous.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const anonymousHtml = await anonymous.text();
    for (const name of ["Ottavia", "Brunilde"] as const) {
      expect(anonymousHtml).not.toContain(name);
      expect(anonymousHtml).not.toContain(emails[name]);
    }
    expect(anonymousHtml).not.toContain("page-visitor");
    // What the logged-in answers were filled into is the anonymous page, untouched.
    expect(anonymousHtml.split(nonceOf(anonymous) as string).join("")).toBe(anonymousFirst);
  });

  it("keeps a page a logged-in visitor asked for first, and answers the next anonymous visitor from it", async () => {
    const url = "/evento?cache-test=4";
    const token = await registeredToken("Ermenegilda");
    const theirs = await cached.request(url, { headers: { authorization: `Bearer ${token}` } });
    expect(theirs.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await theirs.text()).toContain("Ermenegilda");
    const anonymous = await cached.request(url);
    expect(anonymous.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(await anonymous.text()).not.toContain("Ermenegilda");
  });

  it("renders a logged-in visitor's own pages for them, and an ended session gets the page as anyone does, privately", async () => {
    const token = await registeredToken("Clotilde");
    for (const path of ["/modificaDati", "/noAuth", "/evento/no-such-event?anteprima=1"]) {
      const own = await cached.request(path, { headers: { authorization: `Bearer ${token}` } });
      expect(own.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    }
    const profile = await cached.request("/modificaDati", { headers: { authorization: `Bearer ${token}` } });
    expect(await profile.text()).toContain("Clotilde");
    await cached.request("/evento?cache-test=5");
    const ended = await cached.request("/evento?cache-test=5", { headers: { cookie: "session=no-such-session" } });
    expect(ended.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(ended.headers.get("cache-control")).toBe("private, no-store");
    expect(await ended.text()).toContain('class="account-login"');
  });

  it("stops naming a runner on kept pages the moment they change their name or log out", async () => {
    const url = "/evento?cache-test=6";
    const token = await registeredToken("Filiberto");
    const asThem = { headers: { authorization: `Bearer ${token}` } };
    expect(await (await cached.request(url, asThem)).text()).toContain("Filiberto");
    expect(await (await cached.request(url, asThem)).text()).toContain("Filiberto");

    const renamed = await app.request("/api/users/me", {
      method: "PATCH",
      headers: { ...asThem.headers, "content-type": "application/vnd.api+json", accept: "application/vnd.api+json" },
      body: JSON.stringify({ data: { type: "users", attributes: { givenName: "Fiorenzo" } } }),
    });
    expect(renamed.status).toBe(200);
    // Heard when the change commits: at once on PGlite, by the listening connection on PostgreSQL.
    const heard = { timeout: 10_000, interval: 20 };
    await vi.waitFor(async () => expect(await (await cached.request(url, asThem)).text()).toContain("Fiorenzo"), heard);

    const out = await app.request("/api/sessions/current", { method: "DELETE", headers: asThem.headers });
    expect(out.status).toBe(204);
    await vi.waitFor(async () => {
      const after = await (await cached.request(url, asThem)).text();
      expect(after).not.toContain("Fiorenzo");
      expect(after).toContain('class="account-login"');
    }, heard);
  });

  it("renders the bare / and anything personal for its visitor", async () => {
    for (let i = 0; i < 2; i++) {
      expect((await cached.request("/")).headers.has(PAGE_CACHE_HEADER)).toBe(false);
      const personal = await cached.request("/modificaDati", { headers: { cookie: "session=abc" } });
      expect(personal.headers.has(PAGE_CACHE_HEADER)).toBe(false);
      expect((await cached.request("/no-such-page")).status).toBe(404);
    }
  });
});

/** A new account's session token, as an API client gets it. */
async function registeredToken(givenName: string): Promise<string> {
  return (await registeredRunner(app, givenName)).token;
}

describe("what CDNs and browsers may keep", () => {
  let cached: SiteApp;
  beforeAll(async () => {
    cached = await siteAppOn(database, { config: { PAGE_CACHE_SECONDS: 5 } });
  });
  const PUBLIC = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";
  const PRIVATE = "private, no-store";
  const headersOf = async (path: string, headers: Record<string, string> = {}) => {
    const response = await cached.request(path, { headers });
    await response.arrayBuffer();
    return {
      status: response.status,
      cacheControl: response.headers.get("cache-control"),
      vary: response.headers.get("vary"),
      requestId: response.headers.get("x-request-id"),
    };
  };

  it("makes the public pages of every language public for a few seconds, varying by session", async () => {
    for (const path of [
      "/it-IT",
      "/evento",
      "/de-DE/evento",
      "/it-IT/evento/cortina-crode-trail",
      "/en-US/evento/cortina-crode-trail/appuntamento/ultra-72k",
      "/fr-FR/about",
    ]) {
      const answer = await headersOf(path);
      expect({ path, status: answer.status, cacheControl: answer.cacheControl, vary: answer.vary }).toEqual({
        path,
        status: 200,
        cacheControl: PUBLIC,
        vary: "Cookie, Authorization, Accept-Encoding",
      });
    }
    const notFound = await headersOf("/it-IT/evento/no-such-event");
    expect([notFound.status, notFound.cacheControl]).toEqual([404, PUBLIC]);
  });

  it("keeps personal pages, redirects and anything asked with a session private and unstored", async () => {
    expect((await headersOf("/it-IT/evento/cortina-crode-trail", { cookie: "session=abc" })).cacheControl).toBe(
      PRIVATE,
    );
    expect((await headersOf("/evento", { authorization: "Bearer abc" })).cacheControl).toBe(PRIVATE);
    for (const path of ["/login", "/registrazione", "/resetPassword", "/noAuth"])
      expect([path, (await headersOf(path)).cacheControl]).toEqual([path, PRIVATE]);
    for (const path of [
      "/modificaDati",
      "/paymentResult",
      "/evento/cortina-crode-trail/appuntamento/ultra-72k/iscrizione/x",
    ]) {
      const answer = await headersOf(path);
      expect([path, answer.status, answer.cacheControl]).toEqual([path, 302, PRIVATE]);
    }
    const byLanguage = await headersOf("/", { "accept-language": "it" });
    expect(byLanguage).toMatchObject({ status: 302, cacheControl: PRIVATE });
    expect(byLanguage.vary).toContain("Accept-Language");
  });

  it("tags every page with its own request id", async () => {
    const [first, second] = [await headersOf("/evento"), await headersOf("/evento")];
    expect(first.requestId).toMatch(/^[\w-]{8,}$/);
    expect(second.requestId).not.toBe(first.requestId);
  });

  it("has the API answer places fresh every time, and never keeps a personal answer", async () => {
    const anonymous = await cached.request("/api/events/cortina-crode-trail?include=appointments");
    expect(anonymous.headers.get("cache-control")).toBe("no-cache");
    const token = await registeredToken("Lidia");
    const me = await cached.request("/api/users/me", { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe(PRIVATE);
  });
});
