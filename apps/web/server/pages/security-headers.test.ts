import { describe, expect, it } from "vitest";
import { freshNonce, securityHeaders } from "./security-headers.ts";

describe("the security headers", () => {
  const headers = securityHeaders({ tileSource: "https://tile.example", cameraPath: /^\/check-in$/ });

  it("name the answer's nonce for scripts and styles, and refuse inline ones without it", () => {
    const policy = headers("N0nce", "/evento")["content-security-policy"];
    expect(policy).toContain("script-src 'self' 'nonce-N0nce'");
    expect(policy).toContain("style-src 'self' 'nonce-N0nce'");
    expect(policy).toContain("img-src 'self' data: https://tile.example");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(headers(undefined, "/api/events")["content-security-policy"]).toContain("script-src 'self';");
  });

  it("grant the camera on the check-in desk alone, and deny the other powerful features everywhere", () => {
    const desk = headers("n", "/check-in")["permissions-policy"]?.split(", ");
    const elsewhere = headers("n", "/evento")["permissions-policy"]?.split(", ");
    expect(desk).toContain("camera=(self)");
    expect(elsewhere).toContain("camera=()");
    expect(elsewhere).toContain("geolocation=()");
    expect(desk?.filter((feature) => !feature.endsWith("=()"))).toEqual(["camera=(self)"]);
  });

  it("are the same for every answer but for the nonce", () => {
    const [a, b] = [headers("AAAA", "/evento"), headers("BBBB", "/evento")];
    expect(Object.keys(a)).toEqual(Object.keys(b));
    for (const name of Object.keys(a)) expect(a[name]?.replaceAll("AAAA", "")).toBe(b[name]?.replaceAll("BBBB", ""));
    expect(a["strict-transport-security"]).toBe("max-age=15552000; includeSubDomains");
    expect(a["x-content-type-options"]).toBe("nosniff");
  });

  it("draw a new 16-byte nonce every time", () => {
    const nonces = new Set(Array.from({ length: 1_000 }, freshNonce));
    expect(nonces.size).toBe(1_000);
    expect(Buffer.from([...nonces][0] as string, "base64")).toHaveLength(16);
  });
});
