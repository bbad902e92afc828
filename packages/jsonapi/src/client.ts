import { type DataDocument, type ErrorObject, isErrorDocument, JSONAPI_MEDIA_TYPE } from "./document.ts";
import type { RecordStore } from "./store.ts";

/** The one shape of `fetch` the client needs: the browser's, Node's, or one that calls the Hono app in-process. */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Lets the site's progress bar follow the client's own requests: called as a request starts, it
 * returns what to call exactly once when that request ends; `ok` is false only when the request
 * failed (a cancelled one did not). Concurrent requests each end their own start.
 */
export type RequestHook = () => (ok: boolean) => void;

export interface ApiClientOptions {
  /** From runtime configuration, so one build serves every host; may carry a base path. */
  baseUrl: string;
  fetch?: FetchFunction;
  /** Read on every request, so a login or logout takes effect without a new client. */
  token?: () => string | undefined;
  /** Prefix of the token in `Authorization`; `""` sends the token bare. */
  authScheme?: string;
  locale?: () => string | undefined;
  onRequest?: RequestHook;
  /**
   * Where every data document the API answers is pushed, so the records read or changed through
   * this client are kept in one place (docs/decisions/016-record-store.md).
   */
  store?: Pick<RecordStore, "push">;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Readonly<Record<string, QueryValue>>;

export interface RequestOptions {
  query?: Query;
  signal?: AbortSignal;
  /** Extra headers; `Accept`, `Content-Type`, `Authorization` and `Accept-Language` are the client's own. */
  headers?: HeadersInit;
  /**
   * `false` keeps the answer out of the client's store: for a document whose resources are not the
   * records as they stand, which would overwrite them there (`GET /api/users/me/participants`
   * answers past participants as people to copy, with their certificates left out).
   */
  keep?: boolean;
}

export interface ApiResponse<TDocument> {
  status: number;
  headers: Headers;
  document: TDocument;
}

export interface ApiClient {
  get<TDocument extends DataDocument = DataDocument>(
    path: string,
    options?: RequestOptions,
  ): Promise<ApiResponse<TDocument>>;
  /** `document` is undefined when the server answers without one (204, 202 without body). */
  post<TDocument extends DataDocument = DataDocument>(
    path: string,
    body: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<TDocument | undefined>>;
  patch<TDocument extends DataDocument = DataDocument>(
    path: string,
    body: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<TDocument | undefined>>;
  delete<TDocument extends DataDocument = DataDocument>(
    path: string,
    options?: RequestOptions,
  ): Promise<ApiResponse<TDocument | undefined>>;
}

/** An answer outside 2xx, or one that is not a JSON:API document; `errors` is never empty. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ErrorObject[];
  readonly headers: Headers;

  constructor(status: number, errors: ErrorObject[], headers: Headers = new Headers()) {
    const first = errors[0];
    super(first?.detail ?? first?.title ?? `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }

  /**
   * True for an ApiError from any copy of this module: the site's server bundle carries its own
   * copy, while the server that hands it a client uses the workspace's, so `instanceof` can miss.
   */
  static is(error: unknown): error is ApiError {
    return (
      error instanceof ApiError ||
      (error instanceof Error && error.name === "ApiError" && typeof (error as ApiError).status === "number")
    );
  }
}

/** The server could not be reached at all: callers can say "you seem to be offline" rather than show an error. */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "NetworkError";
  }
}

/** Documents handed over with their answer rather than written into its body (`handOver`). */
const handedOver = new WeakMap<Response, unknown>();

/**
 * Hands `document` over with `response`, whose body is empty: a client reading `response` takes the
 * document as it is, with no JSON text written and parsed again. For a transport that calls the API
 * in the same process (apps/web/server/pages/site.ts); the document must be what parsing its JSON would give.
 */
export function handOver(response: Response, document: unknown): Response {
  handedOver.set(response, document);
  return response;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  // A plain call, never `options.fetch(...)`: browsers reject window.fetch called with another `this`.
  const send: FetchFunction = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const scheme = options.authScheme ?? "Bearer";

  function headersFor(hasBody: boolean, extra: HeadersInit | undefined): Headers {
    const headers = new Headers(extra);
    headers.set("Accept", JSONAPI_MEDIA_TYPE);
    if (hasBody) headers.set("Content-Type", JSONAPI_MEDIA_TYPE);
    else headers.delete("Content-Type");
    const token = options.token?.();
    if (token) headers.set("Authorization", scheme ? `${scheme} ${token}` : token);
    const locale = options.locale?.();
    if (locale) headers.set("Accept-Language", locale);
    return headers;
  }

  async function request<TDocument>(
    method: string,
    path: string,
    body: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<ApiResponse<TDocument | undefined>> {
    const hasBody = body !== undefined;
    const url = resolveUrl(options.baseUrl, path, requestOptions.query);
    const init: RequestInit = { method, headers: headersFor(hasBody, requestOptions.headers) };
    if (requestOptions.signal) init.signal = requestOptions.signal;
    if (hasBody) init.body = JSON.stringify(body);

    const ended = options.onRequest?.();
    let ok = false;
    try {
      const response = await send(url, init);
      const handed = handedOver.get(response);
      const text = handed === undefined ? await response.text() : "";
      if (!response.ok) throw errorFrom(response, text);
      const document = (handed ?? parseDocument(response, text)) as TDocument | undefined;
      // JSON:API answers every successful GET with a document; anything else is a broken server or proxy.
      if (method === "GET" && document === undefined)
        throw invalidResponse(response.status, response.headers, "The answer had no body.");
      ok = true;
      return { status: response.status, headers: response.headers, document };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // The caller's own abort reaches it unchanged, so `signal.aborted` checks keep working.
      if (requestOptions.signal?.aborted) {
        ok = !isTimeout(requestOptions.signal.reason);
        throw error;
      }
      throw new NetworkError(`${method} ${url} failed: ${describe(error)}`, { cause: error });
    } finally {
      ended?.(ok);
    }
  }

  const client: ApiClient = {
    async get<TDocument extends DataDocument>(path: string, requestOptions?: RequestOptions) {
      const response = await request<TDocument>("GET", path, undefined, requestOptions);
      return response as ApiResponse<TDocument>; // `request` has checked that a GET brought a document
    },
    post: <TDocument extends DataDocument>(path: string, body: unknown, requestOptions?: RequestOptions) =>
      request<TDocument>("POST", path, body, requestOptions),
    patch: <TDocument extends DataDocument>(path: string, body: unknown, requestOptions?: RequestOptions) =>
      request<TDocument>("PATCH", path, body, requestOptions),
    delete: <TDocument extends DataDocument>(path: string, requestOptions?: RequestOptions) =>
      request<TDocument>("DELETE", path, undefined, requestOptions),
  };
  return options.store ? withRecordStore(client, options.store) : client;
}

/**
 * `client`, pushing every data document it answers (`data` and `included`) into `store` before
 * handing it back, unless the request says `keep: false`. A client made elsewhere gets the same
 * behaviour as one created with `store`: the site's server makes its own per request
 * (docs/decisions/016-record-store.md).
 */
export function withRecordStore(client: ApiClient, store: Pick<RecordStore, "push">): ApiClient {
  async function kept<TResponse extends ApiResponse<DataDocument | undefined>>(
    requestOptions: RequestOptions | undefined,
    answer: Promise<TResponse>,
  ): Promise<TResponse> {
    const response = await answer;
    if (requestOptions?.keep !== false && isDataDocument(response.document)) store.push(response.document);
    return response;
  }
  return {
    get: <TDocument extends DataDocument>(path: string, requestOptions?: RequestOptions) =>
      kept(requestOptions, client.get<TDocument>(path, requestOptions)),
    post: <TDocument extends DataDocument>(path: string, body: unknown, requestOptions?: RequestOptions) =>
      kept(requestOptions, client.post<TDocument>(path, body, requestOptions)),
    patch: <TDocument extends DataDocument>(path: string, body: unknown, requestOptions?: RequestOptions) =>
      kept(requestOptions, client.patch<TDocument>(path, body, requestOptions)),
    delete: <TDocument extends DataDocument>(path: string, requestOptions?: RequestOptions) =>
      kept(requestOptions, client.delete<TDocument>(path, requestOptions)),
  };
}

/** An answer with primary data; a 2xx may also carry only `meta` (or nothing), which holds no records. */
function isDataDocument(document: unknown): document is DataDocument {
  return typeof document === "object" && document !== null && "data" in document;
}

/**
 * Joins rather than resolves, so a base path (`https://host/site`) is kept in front of `/api/...`;
 * absolute URLs pass through. The path's own query string is kept verbatim and `query` appended to it.
 */
export function resolveUrl(baseUrl: string, path: string, query?: Query): string {
  const url = /^[a-z][a-z\d+.-]*:/i.test(path) ? path : `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  const extra = encodeQuery(query);
  if (!extra) return url;
  const separator = !url.includes("?") ? "?" : /[?&]$/.test(url) ? "" : "&";
  return `${url}${separator}${extra}`;
}

/** Lists become comma-separated, as JSON:API's `include`, `sort` and `fields[...]` expect; empty values are left out. */
function encodeQuery(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  return params.toString();
}

function parseDocument(response: Response, text: string): unknown {
  if (response.status === 204 || text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw invalidResponse(response.status, response.headers, "The answer was not JSON.");
  }
}

function errorFrom(response: Response, text: string): ApiError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (isErrorDocument(parsed) && parsed.errors.length > 0)
    return new ApiError(response.status, parsed.errors, response.headers);
  // A proxy's HTML page or an empty body still needs an error object the page can show.
  const error: ErrorObject = {
    status: String(response.status),
    code: "http-error",
    title: response.statusText || `HTTP ${response.status}`,
  };
  return new ApiError(response.status, [error], response.headers);
}

function invalidResponse(status: number, headers: Headers, detail: string): ApiError {
  const error: ErrorObject = { status: String(status), code: "invalid-response", title: "Invalid response", detail };
  return new ApiError(status, [error], headers);
}

/** A cancellation the caller asked for is not a failure to show; a timeout (`AbortSignal.timeout`) is. */
function isTimeout(reason: unknown): boolean {
  return typeof reason === "object" && reason !== null && (reason as { name?: unknown }).name === "TimeoutError";
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
