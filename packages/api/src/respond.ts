import { type DataDocument, JSONAPI_MEDIA_TYPE } from "@sports/jsonapi";
import type { Context } from "hono";

/** Answers a JSON:API data document. */
export function document(c: Context, body: DataDocument, status: 200 | 201 = 200): Response {
  return c.body(JSON.stringify({ jsonapi: { version: "1.1" }, ...body }), status, {
    "content-type": JSONAPI_MEDIA_TYPE,
  });
}
