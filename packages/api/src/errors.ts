import { type ErrorDocument, type ErrorObject, JSONAPI_MEDIA_TYPE } from "@sports/jsonapi";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The HTTP layer's one error type: what a request itself got wrong (its media type, query, body,
 * path or credentials), answered as JSON:API error objects. What the product refuses comes from the
 * use cases as a `Refusal` instead, and refusals.ts answers it.
 */
export class HttpError extends Error {
  override name = "HttpError";
  readonly status: number;
  readonly objects: readonly ErrorObject[];
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, objects: readonly ErrorObject[], headers: Record<string, string> = {}) {
    super(objects.map((object) => object.detail ?? object.title).join("; "));
    this.status = status;
    this.objects = objects;
    this.headers = headers;
  }
}

/** One error object of a status. */
export function errorObject(input: {
  status: number;
  code: string;
  title: string;
  detail?: string | undefined;
  source?: ErrorObject["source"] | undefined;
}): ErrorObject {
  return {
    status: String(input.status),
    code: input.code,
    title: input.title,
    ...(input.detail !== undefined && input.detail !== input.title ? { detail: input.detail } : {}),
    ...(input.source ? { source: input.source } : {}),
  };
}

/** An HttpError of one error object. */
export function httpError(input: Parameters<typeof errorObject>[0] & { headers?: Record<string, string> }): HttpError {
  return new HttpError(input.status, [errorObject(input)], input.headers);
}

export const invalidParameter = (parameter: string, detail: string) =>
  httpError({
    status: 400,
    code: "invalid-parameter",
    title: "Invalid query parameter",
    detail,
    source: { parameter },
  });

export const notFound = (detail: string) => httpError({ status: 404, code: "not-found", title: "Not found", detail });

/** Answers JSON:API error objects through the context, so headers set earlier (the request id) are kept. */
export function errorResponse(c: Context, error: HttpError): Response {
  const body: ErrorDocument = { jsonapi: { version: "1.1" }, errors: [...error.objects] };
  const json = JSON.stringify(body);
  // Its length said, as every document's (respond.ts): a small answer is sent uncompressed.
  return c.body(json, error.status as ContentfulStatusCode, {
    "content-type": JSONAPI_MEDIA_TYPE,
    "content-length": String(Buffer.byteLength(json)),
    vary: "Accept, Accept-Language",
    ...error.headers,
  });
}

export const internalError = () =>
  httpError({
    status: 500,
    code: "internal-error",
    title: "Internal server error",
    detail: "Something went wrong on our side; it has been logged. Please try again.",
  });
