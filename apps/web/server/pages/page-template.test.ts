import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { framedTemplate, gzipped, joined, pageTemplate, type Template } from "./page-template.ts";

const NONCE = "n0nce-of-the-render";
const PAGE = `<html><head><script nonce="${NONCE}"></script></head><body><a href="/it-IT/login">Accedi</a><p>Città</p><script nonce="${NONCE}">go()</script></body></html>`;
const LOGIN = '<a href="/it-IT/login">Accedi</a>';

/** `template` written with `values` in its holes, plain and in gzip, each as text. */
function written(template: Template, values: string[]) {
  const bytes = values.map((value) => Buffer.from(value));
  return {
    plain: joined(template.parts, bytes).toString(),
    gzip: gunzipSync(gzipped(template, bytes)).toString(),
  };
}

describe("a kept page's template", () => {
  it("puts each answer's nonce where the rendering one stood, in plain bytes and in gzip alike", () => {
    const template = pageTemplate(PAGE, NONCE);
    expect(template.holes).toEqual(["nonce", "nonce"]);
    const expected = PAGE.replaceAll(NONCE, "fresh");
    expect(written(template, ["fresh", "fresh"])).toEqual({ plain: expected, gzip: expected });
  });

  it("writes a value longer than a stored deflate block, and an empty one, into a valid gzip stream", () => {
    const template = framedTemplate(PAGE, NONCE, { places: [LOGIN] });
    expect(template?.holes).toEqual(["nonce", "head", 0, "nonce"]);
    const long = `<a href="/it-IT/profilo">${"é".repeat(40_000)}</a>`;
    const { plain, gzip } = written(template as Template, ["fresh", "", long, "fresh"]);
    const expected = PAGE.replaceAll(NONCE, "fresh").replace(LOGIN, long);
    expect(Buffer.byteLength(long)).toBeGreaterThan(65_535);
    expect(plain).toBe(expected);
    expect(gzip).toBe(expected);
  });

  it("has no frame when a place is missing, found twice, or overlaps another", () => {
    expect(framedTemplate(PAGE, NONCE, { places: ['<a href="/en-US/login">Log in</a>'] })).toBeUndefined();
    expect(framedTemplate(PAGE, NONCE, { places: ["<script"] })).toBeUndefined();
    expect(framedTemplate(PAGE, NONCE, { places: [LOGIN, "Accedi</a><p>"] })).toBeUndefined();
    expect(framedTemplate("<p>no head</p>", NONCE, { places: [] })).toBeUndefined();
  });
});
