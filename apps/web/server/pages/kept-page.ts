/**
 * One rendered page kept in memory (docs/decisions/007-rendered-page-cache.md, 033, 056): the
 * site's answer as anonymous visitors get it, as a template whose holes are the rendering nonce's
 * places and, for a page every visitor gets alike, the frame's places too; and how an answer is
 * written from it.
 */
import { acceptsGzip } from "./cache-policy.ts";
import { framedTemplate, gzipped, joined, pageTemplate, type Template } from "./page-template.ts";
import type { HeaderRecord } from "./security-headers.ts";

export const PAGE_CACHE_HEADER = "x-page-cache";

/** Answer headers that belong to one response, not to the page. */
const PER_RESPONSE_HEADERS = new Set(["set-cookie", "content-length", "date", "age", "x-request-id"]);

/**
 * What answering logged-in visitors from pages kept for everyone needs: which pages those are, who
 * a request's credentials name, and the frame's parts for a visitor, which are found in the kept
 * page by their anonymous markup and replaced, and what goes before `</head>`.
 */
export interface PageFrame<Visitor> {
  sameForEveryVisitor(url: URL): boolean;
  /** Who the request's credentials name; null when they name nobody (an ended session). */
  visitorOf(request: Request): Promise<Visitor | null>;
  /** The frame's parts for `visitor` (null: anonymous) on the page at `url`, in the page's order. */
  parts(visitor: Visitor | null, url: URL): Promise<{ places: string[]; head: string }>;
}

/** A visitor's frame as an answer writes it: the text before `</head>` and each place's markup, as UTF-8. */
export interface FrameFills {
  head: Buffer;
  places: Buffer[];
}

const EMPTY = Buffer.alloc(0);
export const NO_FRAME: FrameFills = { head: EMPTY, places: [] };

export interface KeptPage {
  status: number;
  /** The site's own headers of the page (not the per-response ones). */
  headers: [string, string][];
  /** The page as anonymous visitors get it. */
  anonymous: Template;
  /** The same page with the frame's places as holes too, for logged-in visitors; none if it has no frame. */
  framed: Template | undefined;
  bytes: number;
  renderedAt: number;
  expiresAt: number;
  /**
   * Each remembered visitor's frame on this page, found once: a remembered visitor is the same
   * object from one request to the next (visitors.ts), and both go when either does.
   */
  frames: WeakMap<object, Promise<FrameFills>>;
}

/**
 * Only a plain 200 HTML page is kept: an error or a redirect may be the visitor's own, and a page
 * that says `no-store` or `private` (an account screen, which may carry a mailed link's token) too.
 */
export function mayKeep(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  const cacheControl = response.headers.get("cache-control") ?? "";
  return (
    response.status === 200 &&
    type.startsWith("text/html") &&
    !response.headers.has("set-cookie") &&
    !/\b(no-store|private)\b/i.test(cacheControl)
  );
}

/** The page of `response`, rendered for `request` with `nonce`, to keep from `renderedAt` for `ttlMs`. */
export async function keptPageOf(
  response: Response,
  request: Request,
  nonce: string,
  times: { renderedAt: number; ttlMs: number },
  frame: PageFrame<unknown> | undefined,
): Promise<KeptPage> {
  const html = await response.text();
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!PER_RESPONSE_HEADERS.has(name)) headers.push([name, value]);
  });
  const anonymous = pageTemplate(html, nonce);
  const url = new URL(request.url);
  const framed =
    frame?.sameForEveryVisitor(url) === true ? framedTemplate(html, nonce, await frame.parts(null, url)) : undefined;
  const bytes = [anonymous, ...(framed ? [framed] : [])]
    .flatMap((template) => [...template.parts, ...template.deflated])
    .reduce((sum, part) => sum + part.length, 0);
  const { renderedAt, ttlMs } = times;
  return {
    status: response.status,
    headers,
    anonymous,
    framed,
    bytes,
    renderedAt,
    expiresAt: renderedAt + ttlMs,
    frames: new WeakMap(),
  };
}

/** A visitor's frame on `page`, found once per remembered visitor (nobody's is found every time). */
export function frameOn(page: KeptPage, visitor: unknown, url: URL, frame: PageFrame<unknown>): Promise<FrameFills> {
  const find = () =>
    frame.parts(visitor, url).then(({ places, head }) => ({
      head: Buffer.from(head),
      places: places.map((place) => Buffer.from(place)),
    }));
  if (typeof visitor !== "object" || visitor === null) return find();
  let fills = page.frames.get(visitor);
  if (!fills) {
    fills = find();
    // A frame that failed is found again by the next answer.
    fills.catch(() => page.frames.delete(visitor));
    page.frames.set(visitor, fills);
  }
  return fills;
}

/** What an answer from a kept page says besides the page's own headers. */
export interface KeptAnswerOptions {
  template: Template;
  nonce: string;
  frame: FrameFills;
  outcome: "hit" | "miss" | "shared";
  /** Whole seconds since the page was rendered, on a hit. */
  age?: number;
  /** Private, for a logged-in visitor's answer; otherwise the page's own. */
  cacheControl?: string;
  /** The headers around every page (the security headers with this nonce, the request id). */
  around: HeaderRecord;
}

/**
 * An answer from `page`: its template with this answer's nonce and frame, in gzip if the visitor
 * takes it (compressing nothing but those values, page-template.ts). Its headers are a plain
 * record, which Node writes as they are.
 */
export function keptAnswer(page: KeptPage, request: Request, options: KeptAnswerOptions): Response {
  const { template, nonce, frame } = options;
  const headers: HeaderRecord = {};
  for (const [name, value] of page.headers) headers[name] = value;
  Object.assign(headers, options.around);
  headers[PAGE_CACHE_HEADER] = options.outcome;
  if (options.cacheControl) headers["cache-control"] = options.cacheControl;
  if (options.age !== undefined) headers.age = String(options.age);
  const nonceBytes = Buffer.from(nonce, "latin1");
  const values = template.holes.map((hole) =>
    hole === "nonce" ? nonceBytes : hole === "head" ? frame.head : (frame.places[hole] ?? EMPTY),
  );
  const gzip = acceptsGzip(request);
  if (gzip) headers["content-encoding"] = "gzip";
  // A page without holes is its one part: nothing to write.
  const body =
    !gzip && template.parts.length === 1
      ? (template.parts[0] as Buffer<ArrayBuffer>)
      : gzip
        ? gzipped(template, values)
        : joined(template.parts, values);
  return new Response(body, { status: page.status, headers });
}
