import { type DataDocument, JSONAPI_MEDIA_TYPE } from "@sports/jsonapi";
import type { Context } from "hono";

/**
 * Where a request from the site in the same process (apps/web/server/pages/site.ts) takes its answer's
 * document: passed as the request's environment, never from the network. The document is handed
 * over as it is and the answer's body left empty: no JSON written here to be parsed back there.
 * What is handed over must be what parsing its JSON would give: the site checks that outside
 * production, and the serializers write plain values only (dates as ISO strings).
 */
export class DocumentHandover {
  document: unknown = undefined;
}

/**
 * The answer of `document`, written as JSON, or handed over to the site in process. Written, it
 * says its length: the server compresses only answers of 1 kB or more (Hono's `compress` takes an
 * answer without a length for a large one), and most documents are smaller.
 */
function answer(c: Context, document: object, status: 200 | 201 | 202): Response {
  const handover = (c.env as { handover?: unknown } | undefined)?.handover;
  const headers = { "content-type": JSONAPI_MEDIA_TYPE };
  if (!(handover instanceof DocumentHandover)) {
    const json = JSON.stringify(document);
    return c.body(json, status, { ...headers, "content-length": String(Buffer.byteLength(json)) });
  }
  handover.document = document;
  return c.body(null, status, headers);
}

/** Answers a JSON:API data document. */
export function document(c: Context, body: DataDocument, status: 200 | 201 = 200): Response {
  return answer(c, { jsonapi: { version: "1.1" }, ...body }, status);
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
  return answer(c, { jsonapi: { version: "1.1" }, meta }, status);
}
