import { SITE_URL } from "@sports/api/testing";
import type { DatabaseHandle } from "@sports/db";
import { openTestDatabase } from "@sports/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerApp } from "./app.ts";
import { isProxyEntry, trustedProxies, visitorAddress } from "./client-address.ts";
import { EnvError, loadConfig } from "./env.ts";
import { type Listener, listen } from "./listen.ts";
import { createLogger } from "./logger.ts";

describe("TRUST_PROXY", () => {
  it("takes loopback, addresses and CIDR ranges, and names anything else", () => {
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8,fd00::/8, 192.0.2.7" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
      "192.0.2.7",
    ]);
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    for (const wrong of ["localhost", "10.0.0.0/33", "::1/129", "10.0.0.0/8/8", "10.0.0"]) {
      expect(isProxyEntry(wrong)).toBe(false);
      expect(() => loadConfig({ TRUST_PROXY: wrong })).toThrow(EnvError);
    }
  });
});

describe("the visitor's address", () => {
  const loopback = trustedProxies(["loopback"]);

  it("is the connection's peer when no proxy is trusted, whatever X-Forwarded-For claims", () => {
    expect(visitorAddress("203.0.113.9", "198.51.100.1", undefined)).toBe("203.0.113.9");
    expect(visitorAddress("127.0.0.1", "198.51.100.1", trustedProxies([]))).toBe("127.0.0.1");
  });

  it("is the connection's peer when the peer is not a trusted proxy", () => {
    expect(visitorAddress("203.0.113.9", "198.51.100.1", loopback)).toBe("203.0.113.9");
  });

  it("behind a trusted proxy, is the right-most address the trusted proxies did not write", () => {
    expect(visitorAddress("127.0.0.1", "198.51.100.1", loopback)).toBe("198.51.100.1");
    expect(visitorAddress("::1", "2001:db8::5", loopback)).toBe("2001:db8::5");
    expect(visitorAddress("::ffff:127.0.0.1", "198.51.100.1", loopback)).toBe("198.51.100.1");
    // What the visitor wrote themselves sits left of what the proxy added, and is not believed.
    expect(visitorAddress("127.0.0.1", "1.1.1.1, 198.51.100.1", loopback)).toBe("198.51.100.1");
    // A chain of trusted proxies: a CDN's edge, then nginx on the same host.
    const chain = trustedProxies(["loopback", "10.0.0.0/8"]);
    expect(visitorAddress("127.0.0.1", "1.1.1.1, 198.51.100.1, 10.1.2.3", chain)).toBe("198.51.100.1");
  });

  it("stops at the last trusted proxy when the list runs out or holds something else", () => {
    expect(visitorAddress("127.0.0.1", undefined, loopback)).toBe("127.0.0.1");
    expect(visitorAddress("127.0.0.1", "", loopback)).toBe("127.0.0.1");
    expect(visitorAddress("127.0.0.1", "not-an-address", loopback)).toBe("127.0.0.1");
    expect(visitorAddress("127.0.0.1", "198.51.100.1, unknown, 127.0.0.2", loopback)).toBe("127.0.0.2");
  });
});

describe("the server app behind a proxy on loopback", () => {
  let database: DatabaseHandle;
  const lines: string[] = [];
  const listeners: Listener[] = [];

  async function serve(trustProxy: string[] | undefined): Promise<string> {
    const app = await createServerApp({
      config: { DEFAULT_LOCALE: "en-US", ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}) },
      siteUrl: () => SITE_URL,
      database,
      logger: createLogger("info", { write: (line: string) => void lines.push(line) }),
    });
    const logger = createLogger("silent");
    const listener = await listen(app.fetch, { host: "127.0.0.1", port: 0, shutdownTimeoutMs: 1_000, logger });
    listeners.push(listener);
    return listener.url.replace("localhost", "127.0.0.1");
  }

  /** A failed login through the API and one through the login page, and the addresses their log lines name. */
  async function loggedAddresses(url: string, forwardedFor: string): Promise<unknown[]> {
    lines.length = 0;
    const email = "nobody@example.org";
    const api = await fetch(`${url}/api/sessions`, {
      method: "POST",
      headers: { "content-type": "application/vnd.api+json", "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ data: { type: "sessions", attributes: { email, password: "not the password" } } }),
    });
    expect(api.status).toBe(401);
    const page = await fetch(`${url}/login`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: url,
        "x-forwarded-for": forwardedFor,
      },
      body: new URLSearchParams({ email, password: "not the password" }),
      redirect: "manual",
    });
    expect(page.status).toBe(200);
    return lines
      .map((line) => JSON.parse(line) as { msg: string; ip?: string })
      .filter((line) => line.msg === "authentication")
      .map((line) => line.ip);
  }

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const listener of listeners) await listener.close();
    await database.close();
  });

  it("names the forwarded visitor with TRUST_PROXY=loopback, and the proxy without it", async () => {
    const trusting = await serve(["loopback"]);
    expect(await loggedAddresses(trusting, "1.1.1.1, 198.51.100.7")).toEqual(["198.51.100.7", "198.51.100.7"]);
    const plain = await serve(undefined);
    expect(await loggedAddresses(plain, "198.51.100.7")).toEqual(["127.0.0.1", "127.0.0.1"]);
  });

  it("sees the https origin the visitor used when a trusted proxy terminated TLS", async () => {
    /** A cookie login, which the API refuses from any origin but the site's own. */
    const cookieLogin = (url: string) =>
      fetch(`${url}/api/sessions`, {
        method: "POST",
        headers: {
          "content-type": "application/vnd.api+json",
          origin: url.replace("http:", "https:"),
          "x-forwarded-proto": "https",
        },
        body: JSON.stringify({
          data: { type: "sessions", attributes: { email: "nobody@example.org", password: "wrong", setCookie: true } },
        }),
      });
    // Behind the trusted proxy the origin is the site's own: only the password is wrong.
    expect((await cookieLogin(await serve(["loopback"]))).status).toBe(401);
    // From anyone else X-Forwarded-Proto is ignored, and https://… is another site.
    expect((await cookieLogin(await serve(undefined))).status).toBe(403);
  });
});
