import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import Stripe from "stripe";

/** How Stripe's API reads its requests (bracket-encoded forms) and writes its answers, for stripe-fake.ts. */

/** A form-encoded body read into nested objects: `a[b][0]=1` becomes `{ a: { b: ["1"] } }`. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormBody = { [key: string]: FormValue };

/** Reads Stripe's bracket form encoding (`line_items[0][price_data][unit_amount]=3000`) into nested values. */
export function parseForm(raw: string): FormBody {
  const root: FormBody = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replaceAll("]", "").split("[");
    if (path.some((part) => UNSAFE_KEYS.has(part))) continue;
    // Arrays are indexed with the digits as keys, as objects are.
    let container: Record<string, FormValue> = root;
    for (const [index, part] of path.entries()) {
      const next = path[index + 1];
      if (next === undefined) {
        container[part] = value;
        break;
      }
      let child = container[part];
      if (typeof child !== "object") {
        child = /^\d+$/.test(next) ? [] : {};
        container[part] = child;
      }
      container = child as Record<string, FormValue>;
    }
  }
  return root;
}

const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response
    .writeHead(status, {
      "content-type": "application/json",
      "request-id": newId("req_test"),
      "stripe-version": Stripe.API_VERSION,
      ...headers,
    })
    .end(JSON.stringify(body));
}

export function isObject(value: FormValue | undefined): value is { [key: string]: FormValue } {
  return typeof value === "object" && !Array.isArray(value);
}

export function field(value: FormValue | undefined, name: string): FormValue | undefined {
  return isObject(value) ? value[name] : undefined;
}

export function missing(param: string): never {
  throw new StripeApiError(400, `Missing required param: ${param}.`, { code: "parameter_missing", param });
}

export function text(value: FormValue | undefined, param: string): string {
  if (typeof value !== "string" || value === "") missing(param);
  return value;
}

export function optionalText(value: FormValue | undefined): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

export function integer(value: FormValue | undefined, param: string): number {
  const number = Number(text(value, param));
  if (!Number.isSafeInteger(number) || number < 0) {
    throw new StripeApiError(400, `Invalid integer: ${String(value)}`, { code: "parameter_invalid_integer", param });
  }
  return number;
}

export function metadataOf(value: FormValue | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  if (!isObject(value)) return metadata;
  for (const [key, entry] of Object.entries(value)) if (typeof entry === "string") metadata[key] = entry;
  return metadata;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

export function seconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** An error Stripe's API answers with its JSON error object. */
export class StripeApiError extends Error {
  status: number;
  type: string;
  code: string | undefined;
  param: string | undefined;
  constructor(status: number, message: string, details: { type?: string; code?: string; param?: string } = {}) {
    super(message);
    this.status = status;
    this.type = details.type ?? "invalid_request_error";
    this.code = details.code;
    this.param = details.param;
  }
}
