import { type DataDocument, JSONAPI_MEDIA_TYPE } from "@sports/jsonapi";
import type { Context } from "hono";

/** Answers a JSON:API data document. */
export function document(c: Context, body: DataDocument, status: 200 | 201 = 200): Response {
  return c.body(JSON.stringify({ jsonapi: { version: "1.1" }, ...body }), status, {
    "content-type": JSONAPI_MEDIA_TYPE,
  });
}

/**
 * `Content-Disposition` for a download saved as `fileName`, whatever its characters (RFC 6266): a
 * plain `filename` of ASCII for old clients, and the real name in UTF-8 as `filename*` (RFC 8187).
 * A header is Latin-1 only: a raw "Ünïcödé 証明書.pdf" in it would make the answer fail.
 */
export function attachment(fileName: string): string {
  if (/^[\x20-\x7e]*$/.test(fileName) && !/["\\%]/.test(fileName)) return `attachment; filename="${fileName}"`;
  const ascii = fileName
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]|["\\%]/g, (character) => (/\p{M}/u.test(character) ? "" : "_"));
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Answers a JSON:API document of meta only: what an action answers when it has no resource to show. */
export function metaDocument(c: Context, meta: Record<string, unknown>, status: 200 | 202 = 200): Response {
  return c.body(JSON.stringify({ jsonapi: { version: "1.1" }, meta }), status, { "content-type": JSONAPI_MEDIA_TYPE });
}
