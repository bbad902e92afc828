import { COURSE_MAX_BYTES, COVER_MAX_BYTES, TIMING_FILE_MAX_BYTES } from "@sports/domain";
import { CERTIFICATE_MAX_BYTES, type ErrorObject, JSONAPI_MEDIA_TYPE } from "@sports/jsonapi";
import type { Context } from "hono";
import type { z } from "zod";
import { errorObject, HttpError, httpError } from "./errors.ts";

/** Request bodies larger than this are refused before they are parsed (a profile is well under 4 kB). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The largest file the API takes as a raw body: a timing file (a cover, a certificate or a GPX
 * file is smaller). The front proxy lets through bodies of this size and MAX_BODY_BYTES more, for
 * the site's form that carries the file with its other fields (`client_max_body_size` in
 * deploy/nginx/sports-events.conf, held so by body.test.ts): it cuts off no upload the API would
 * take, and each larger one is refused by the API with an error the site can show.
 */
export const LARGEST_UPLOAD_BYTES = Math.max(
  CERTIFICATE_MAX_BYTES,
  COVER_MAX_BYTES,
  COURSE_MAX_BYTES,
  TIMING_FILE_MAX_BYTES,
);

/**
 * A file sent as the raw body (a certificate, a cover, a GPX), read whole unless it is larger than
 * `maxBytes`: then `tooLarge` throws, from the declared length before a byte is read, or as soon as
 * the stream passes the limit, so the rest is never buffered.
 */
export async function readFileBody(request: Request, maxBytes: number, tooLarge: () => never): Promise<Buffer> {
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (length > maxBytes) tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        await reader.cancel();
        tooLarge();
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/** A field's problem: `code` is what the site translates, `pointer` where it is. */
function invalidAttribute(attribute: string, code: string, detail: string, prefix: string): ErrorObject {
  return errorObject({
    status: 400,
    code,
    title: "Invalid attribute",
    detail,
    source: { pointer: `${prefix}/attributes/${attribute}` },
  });
}

const badBody = (code: string, detail: string, pointer = "/data") =>
  httpError({ status: 400, code, title: "Invalid document", detail, source: { pointer } });

/** The body as JSON, refused unless it is JSON:API (or plain JSON) and small enough. */
async function readJson(c: Context): Promise<object> {
  const contentType = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (contentType !== JSONAPI_MEDIA_TYPE && contentType !== "application/json") {
    throw httpError({
      status: 415,
      code: "unsupported-media-type",
      title: "Unsupported media type",
      detail: `Send the body as ${JSONAPI_MEDIA_TYPE}.`,
      source: { header: "Content-Type" },
    });
  }
  const text = await c.req.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    throw httpError({
      status: 413,
      code: "body-too-large",
      title: "Body too large",
      detail: `Send at most ${MAX_BODY_BYTES} bytes.`,
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badBody("invalid-json", "The body is not valid JSON.", "");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw badBody("invalid-document", "Send a JSON:API document: an object with `data`.", "");
  return body;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const conflict = (code: string, detail: string, pointer: string) =>
  httpError({ status: 409, code, title: "Conflict", detail, source: { pointer } });

/**
 * One resource object of the given type: its attributes and relationships, each an object. An `id`
 * other than the one the URL names (`ids`: the ways the URL's resource may be called), when the
 * body gives one, is a 409, as JSON:API says for a PATCH.
 */
function resourceParts(data: unknown, type: string, pointer: string, ids?: readonly string[]) {
  if (!isObject(data)) throw badBody("invalid-document", "`data` must be a resource object.", pointer);
  if (data.type !== type) throw badBody("invalid-type", `\`data.type\` must be "${type}".`, `${pointer}/type`);
  if (ids !== undefined && data.id !== undefined) {
    if (typeof data.id !== "string") throw badBody("invalid-document", "`data.id` must be a string.", `${pointer}/id`);
    if (!ids.includes(data.id.toLowerCase()))
      throw conflict("id-mismatch", "`data.id` is not the id of the resource this URL names.", `${pointer}/id`);
  }
  const attributes = data.attributes ?? {};
  if (!isObject(attributes))
    throw badBody("invalid-document", "`data.attributes` must be an object.", `${pointer}/attributes`);
  const relationships = data.relationships ?? {};
  if (!isObject(relationships))
    throw badBody("invalid-document", "`data.relationships` must be an object.", `${pointer}/relationships`);
  return { attributes, relationships };
}

function parseAttributes<T extends z.ZodType>(attributes: object, schema: T, prefix: string): z.infer<T> {
  const parsed = schema.safeParse(attributes);
  if (parsed.success) return parsed.data;
  const given = new Set(Object.keys(attributes));
  throw new HttpError(
    400,
    parsed.error.issues.flatMap((issue) => issueErrors(issue, given, prefix)),
  );
}

/**
 * The attributes of a JSON:API resource document `{ data: { type, attributes } }`, checked against
 * `schema` (a strict Zod object: unknown attributes are refused). Every problem is reported, each
 * with a JSON pointer; nothing is read from a body that is not JSON:API or plain JSON. For a PATCH,
 * `ids` are the ids (lower case) the URL's resource goes by: a body naming another is a 409.
 */
export async function readAttributes<T extends z.ZodType>(
  c: Context,
  type: string,
  schema: T,
  options: { ids?: readonly string[] } = {},
): Promise<z.infer<T>> {
  const body = (await readJson(c)) as { data?: unknown };
  return parseAttributes(resourceParts(body.data, type, "/data", options.ids).attributes, schema, "/data");
}

/**
 * What a request's document confirms in its top-level `meta.confirm` (`["capacity-large"]`): the
 * warnings the client has shown and its user accepted, each one of `known`; anything else there is a
 * 400. None when the document has no `meta.confirm`. Read after the document's resource (the body is
 * read once and kept).
 */
export async function readConfirmations<T extends string>(c: Context, known: readonly T[]): Promise<T[]> {
  const { meta } = (await readJson(c)) as { meta?: unknown };
  if (meta === undefined) return [];
  if (!isObject(meta)) throw badBody("invalid-document", "`meta` must be an object.", "/meta");
  const confirm: unknown = meta.confirm;
  if (confirm === undefined) return [];
  if (!Array.isArray(confirm) || !confirm.every((item) => known.includes(item)))
    throw badBody(
      "invalid-confirmation",
      `\`meta.confirm\` lists what is confirmed: ${known.join(", ")}.`,
      "/meta/confirm",
    );
  return confirm;
}

/**
 * A resource document with to-one relationships: `relationships` names each one the endpoint takes
 * and the resource type it points to. Unknown relationships, wrong types and malformed ids are 400s.
 */
export async function readResource<T extends z.ZodType, R extends string>(
  c: Context,
  type: string,
  schema: T,
  relationships: Record<R, string>,
): Promise<{ attributes: z.infer<T>; relationships: Partial<Record<R, string>> }> {
  const body = (await readJson(c)) as { data?: unknown };
  const parts = resourceParts(body.data, type, "/data");
  const found: Partial<Record<R, string>> = {};
  for (const [name, value] of Object.entries(parts.relationships)) {
    const pointer = `/data/relationships/${name}`;
    if (!(name in relationships)) throw badBody("unknown-relationship", `Unknown relationship "${name}".`, pointer);
    const linkage = isObject(value) ? value.data : undefined;
    const expected = relationships[name as R];
    if (!isObject(linkage) || linkage.type !== expected || typeof linkage.id !== "string" || linkage.id.length > 100)
      throw badBody("invalid-relationship", `Give ${name} as { data: { type: "${expected}", id } }.`, pointer);
    found[name as R] = linkage.id;
  }
  return { attributes: parseAttributes(parts.attributes, schema, "/data"), relationships: found };
}

/** A collection document `{ data: [ { type, attributes }, … ] }` of at most `max` resources. */
export async function readCollection<T extends z.ZodType>(
  c: Context,
  type: string,
  schema: T,
  max: number,
): Promise<z.infer<T>[]> {
  const body = (await readJson(c)) as { data?: unknown };
  if (!Array.isArray(body.data)) throw badBody("invalid-document", "`data` must be an array of resource objects.");
  if (body.data.length > max) throw badBody("too-many", `Send at most ${max} resources.`);
  const errors: ErrorObject[] = [];
  const values = body.data.map((item, index) => {
    try {
      return parseAttributes(resourceParts(item, type, `/data/${index}`).attributes, schema, `/data/${index}`);
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) errors.push(...error.objects);
      else throw error;
      return undefined;
    }
  });
  if (errors.length > 0) throw new HttpError(400, errors);
  return values as z.infer<T>[];
}

function issueErrors(issue: z.core.$ZodIssue, given: Set<string>, prefix: string): ErrorObject[] {
  if (issue.code === "unrecognized_keys")
    return issue.keys.map((key) => invalidAttribute(key, "unknown-attribute", `Unknown attribute "${key}".`, prefix));
  const attribute = issue.path.map(String).join("/");
  // A custom check names its own code (`params.code`); Zod's own issues map to a few stable codes.
  const code =
    (issue.code === "custom" && typeof issue.params?.code === "string" && issue.params.code) ||
    (issue.path.length === 1 && !given.has(String(issue.path[0])) ? "required" : undefined) ||
    boundCode(issue) ||
    (
      {
        invalid_value: "invalid-value",
        invalid_format: "invalid-format",
      } as Record<string, string>
    )[issue.code] ||
    "invalid-attribute";
  const error = invalidAttribute(attribute, code, issue.message, prefix);
  // A bound goes with its code, so that a client says it in its own words ("at least 0").
  const bound = code === boundCode(issue) ? boundOf(issue) : undefined;
  return [bound ? { ...error, meta: bound } : error];
}

/** A number below or above its bound, a text or a list too short or too long. */
function boundCode(issue: z.core.$ZodIssue): string | undefined {
  const number = "origin" in issue && (issue.origin === "number" || issue.origin === "int");
  if (issue.code === "too_small") return number ? "number-too-small" : "too-short";
  if (issue.code === "too_big") return number ? "number-too-big" : "too-long";
  return undefined;
}

const boundOf = (issue: z.core.$ZodIssue) =>
  issue.code === "too_small"
    ? { min: Number(issue.minimum) }
    : issue.code === "too_big"
      ? { max: Number(issue.maximum) }
      : undefined;
