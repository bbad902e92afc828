/**
 * A rendered page's answer in gzip when the visitor takes it, as the rest of the server's answers
 * are compressed (Hono's `compress`, with its list of compressible types). A kept page is never
 * compressed here: its answer is written in gzip from parts deflated once (page-template.ts).
 */
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";
import { acceptsGzip } from "./cache-policy.ts";

/** Smaller answers gain nothing worth the work. */
const THRESHOLD_BYTES = 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

export function compressed(request: Request, response: Response): Response {
  const { headers, body } = response;
  const length = headers.get("content-length");
  if (
    !body ||
    request.method === "HEAD" ||
    response.status === 206 ||
    headers.has("content-encoding") ||
    (length !== null && Number(length) < THRESHOLD_BYTES) ||
    !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get("content-type") ?? "") ||
    NO_TRANSFORM.test(headers.get("cache-control") ?? "") ||
    !acceptsGzip(request)
  )
    return response;
  const zipped = new Headers(headers);
  zipped.delete("content-length");
  zipped.set("content-encoding", "gzip");
  const init = { status: response.status, statusText: response.statusText, headers: zipped };
  return new Response(body.pipeThrough(new CompressionStream("gzip")), init);
}
