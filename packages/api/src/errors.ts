import { type ErrorDocument, type ErrorObject, JSONAPI_MEDIA_TYPE } from "@sports/jsonapi";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The API's one error type: whatever is thrown as an ApiError reaches the client as a JSON:API error object. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly source: ErrorObject["source"];
  readonly headers: Record<string, string>;

  constructor(input: {
    status: number;
    code: string;
    title: string;
    detail?: string;
    source?: ErrorObject["source"];
    headers?: Record<string, string>;
  }) {
    super(input.detail ?? input.title);
    this.name = "ApiError";
    this.status = input.status;
    this.code = input.code;
    this.title = input.title;
    this.source = input.source;
    this.headers = input.headers ?? {};
  }

  toObject(): ErrorObject {
    return {
      status: String(this.status),
      code: this.code,
      title: this.title,
      ...(this.message !== this.title ? { detail: this.message } : {}),
      ...(this.source ? { source: this.source } : {}),
    };
  }
}

export const invalidParameter = (parameter: string, detail: string) =>
  new ApiError({
    status: 400,
    code: "invalid-parameter",
    title: "Invalid query parameter",
    detail,
    source: { parameter },
  });

export const notFound = (detail: string) =>
  new ApiError({ status: 404, code: "not-found", title: "Not found", detail });

/** Answers JSON:API error objects through the context, so headers set earlier (the request id) are kept. */
export function errorResponse(c: Context, errors: ApiError[]): Response {
  const status = (errors[0]?.status ?? 500) as ContentfulStatusCode;
  const body: ErrorDocument = { jsonapi: { version: "1.1" }, errors: errors.map((e) => e.toObject()) };
  return c.body(JSON.stringify(body), status, {
    "content-type": JSONAPI_MEDIA_TYPE,
    vary: "Accept, Accept-Language",
    ...Object.assign({}, ...errors.map((e) => e.headers)),
  });
}

export const internalError = () =>
  new ApiError({
    status: 500,
    code: "internal-error",
    title: "Internal server error",
    detail: "Something went wrong on our side; it has been logged. Please try again.",
  });
