import { createHash } from "node:crypto";
import { isRefusal } from "@sports/domain";
import { type ErrorDocument, JSONAPI_MEDIA_TYPE } from "@sports/jsonapi";
import {
  type IdempotencyKey,
  type IdempotencyRecord,
  isIdempotencyKeyTaken,
  rememberAnswer,
  rememberedAnswer,
} from "@sports/usecases";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiEnv } from "./context.ts";
import { httpError } from "./errors.ts";
import { httpErrorOf } from "./refusals.ts";

/**
 * `Idempotency-Key` on the POSTs that create something: a retry with the same key from the same
 * account gets the first answer again and creates nothing. The key is recorded with what the first
 * answer created (by the route's own statement or transaction), or after it when it created nothing:
 * a business refusal (409) with its document, or a resource that was there already. Malformed
 * bodies, 401/403 and server errors are not recorded, so a corrected retry can proceed.
 */

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** Visible ASCII only, 1 to 255 characters. */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** What a route answered the first time, and the resource its answer is about. */
export interface FirstAnswer {
  response: Response;
  resourceId: string;
  /** Whether the answer created the resource, and so recorded the key in the same transaction. */
  created: boolean;
}

/** Renders a route's resource again for a retry: as it now stands, with the first answer's status. */
export type Rerender = (resourceId: string, status: 200 | 201) => Promise<Response>;

/**
 * Answers a POST under its `Idempotency-Key`, if it has one. `work` answers the request the first
 * time and, when it creates something, records the key it is given with it. A key sent before
 * answers what it answered then; a key sent before with another request is a 422.
 */
export async function idempotent(
  c: Context<ApiEnv>,
  userId: string,
  resource: { type: string; rerender: Rerender },
  work: (key: IdempotencyKey | undefined) => Promise<FirstAnswer>,
): Promise<Response> {
  const key = await keyOf(c, userId);
  if (!key) return (await work(undefined)).response;
  const { db, now } = c.var.deps;
  const earlier = await rememberedAnswer(db, key);
  if (earlier) return answerAgain(c, key, earlier, resource.rerender);

  let first: FirstAnswer;
  try {
    first = await work(key);
  } catch (error) {
    // A request with the same key created something first: its answer is this one's.
    if (isIdempotencyKeyTaken(error)) {
      const taken = await rememberedAnswer(db, key);
      if (taken) return answerAgain(c, key, taken, resource.rerender);
    }
    const refused = isRefusal(error) ? httpErrorOf(error) : undefined;
    if (refused?.status !== 409) throw error;
    const refusal: ErrorDocument = { jsonapi: { version: "1.1" }, errors: [...refused.objects] };
    const standing = await rememberAnswer(db, key, { status: refused.status, body: refusal, at: now });
    if (standing.first) throw error;
    return answerAgain(c, key, standing.record, resource.rerender);
  }
  if (first.created) return first.response;
  const standing = await rememberAnswer(db, key, {
    status: first.response.status,
    resourceType: resource.type,
    resourceId: first.resourceId,
    at: now,
  });
  return standing.first ? first.response : answerAgain(c, key, standing.record, resource.rerender);
}

/** The request's key with what it asks; undefined without the header, a 400 when it is malformed. */
async function keyOf(c: Context<ApiEnv>, userId: string): Promise<IdempotencyKey | undefined> {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return undefined;
  if (!KEY_FORMAT.test(key)) {
    throw httpError({
      status: 400,
      code: "invalid-idempotency-key",
      title: "Invalid header",
      detail: `Give ${IDEMPOTENCY_KEY_HEADER} as 1 to 255 visible ASCII characters, such as a UUID.`,
      source: { header: IDEMPOTENCY_KEY_HEADER },
    });
  }
  const body = createHash("sha256")
    .update(new Uint8Array(await c.req.arrayBuffer()))
    .digest("hex");
  return { userId, key, fingerprint: `${c.req.method} ${c.req.path} ${body}` };
}

/** The first answer again, marked as replayed; a 422 when the key was sent with another request. */
async function answerAgain(
  c: Context<ApiEnv>,
  key: IdempotencyKey,
  record: IdempotencyRecord,
  rerender: Rerender,
): Promise<Response> {
  // Nothing this request set on its way here belongs in the first answer.
  c.header("Location", undefined);
  if (record.fingerprint !== key.fingerprint) {
    throw httpError({
      status: 422,
      code: "idempotency-key-reused",
      title: "Idempotency key reused",
      detail: `This ${IDEMPOTENCY_KEY_HEADER} came with another request; send a new key with a new request.`,
      source: { header: IDEMPOTENCY_KEY_HEADER },
    });
  }
  c.header("Idempotent-Replayed", "true");
  if (record.resourceId && (record.status === 200 || record.status === 201)) {
    return rerender(record.resourceId, record.status);
  }
  return c.body(JSON.stringify(record.body), record.status as ContentfulStatusCode, {
    "content-type": JSONAPI_MEDIA_TYPE,
  });
}
