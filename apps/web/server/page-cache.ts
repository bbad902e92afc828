/**
 * Rendered anonymous pages kept in memory for a few seconds, so a crowd on the event list costs one
 * render per page and interval instead of one per visitor. See docs/decisions/007-rendered-page-cache.md.
 *
 * - Only a GET from a visitor with nothing personal (no Authorization, no cookie but the language
 *   choice) is answered from here, and only a 200 HTML answer without Set-Cookie is kept.
 * - A logged-in visitor is answered from here too on a page the same for every visitor but for its
 *   frame (the header's account corner, the notices under it): the page is rendered as an anonymous
 *   visitor gets it, and each answer fills the frame in for its visitor (`PageFrame`,
 *   docs/decisions/033-kept-pages-for-everyone.md).
 * - The bare `/` is never kept: it redirects by the visitor's language.
 * - Each answer carries its own CSP nonce: the kept page remembers where the nonce that rendered it
 *   stood and puts the new one there, in plain bytes or in gzip without compressing per answer
 *   (page-template.ts).
 * - Once an answer of a kept page has gone through the server's middleware, the next are made whole
 *   here (`keptAnswer`), with the headers the middleware put around it, and every answer is written
 *   into a buffer used again once Node has written it (docs/decisions/039-kept-answers-whole.md).
 * - Concurrent misses for one URL share a single render.
 * - Pages lapse after `ttlMs` and are all dropped by `clear()` (on a catalogue change); a render that
 *   started before a `clear()` is not kept. A kept page's answer says its `Age`, so a CDN's copy
 *   lapses when this one does.
 *
 * Which requests are a page's, and what CDNs and browsers may keep of the answers, is in
 * cache-policy.ts.
 */
import { type AnswerBuffers, createAnswerBuffers } from "./answer-buffers.ts";
import { acceptsGzip, carriesCredentials, isPageRequest, PRIVATE_CACHE_CONTROL } from "./cache-policy.ts";
import { framedTemplate, gzipped, joined, pageTemplate, type Template } from "./page-template.ts";

/** Answer headers that belong to one response, not to the page. */
const PER_RESPONSE_HEADERS = new Set(["set-cookie", "content-length", "date", "age", "x-request-id"]);

export const PAGE_CACHE_HEADER = "x-page-cache";

/**
 * What the cache needs to answer logged-in visitors from pages kept for everyone: which pages those
 * are, who a request's credentials name, and the frame's parts for a visitor, which are found in the
 * kept page by their anonymous markup and replaced, and what goes before `</head>`.
 */
export interface PageFrame<Visitor> {
  sameForEveryVisitor(url: URL): boolean;
  /** Who the request's credentials name; null when they name nobody (an ended session). */
  visitorOf(request: Request): Promise<Visitor | null>;
  /** The frame's parts for `visitor` (null: anonymous) on the page at `url`, in the page's order. */
  parts(visitor: Visitor | null, url: URL): Promise<{ places: string[]; head: string }>;
}

export interface PageCacheOptions {
  /** How long a rendered page is served before it is rendered again. */
  ttlMs: number;
  /** The most HTML kept, in bytes summed over pages; the least recently used go first. */
  maxBytes?: number;
  /** A monotonic millisecond clock (injectable for tests). */
  clock?: () => number;
  /** Without it, a logged-in visitor's pages are all rendered for them. */
  frame?: PageFrame<unknown>;
}

/** Renders `request` with `nonce` in its Content-Security-Policy. */
export type Render = (request: Request, nonce: string) => Promise<Response>;

interface KeptPage {
  status: number;
  headers: [string, string][];
  /** The page as anonymous visitors get it: its holes are the rendering nonce's places. */
  anonymous: Template;
  /** The same page with the frame's places as holes too, for logged-in visitors; none if it has no frame. */
  framed: Template | undefined;
  bytes: number;
  renderedAt: number;
  expiresAt: number;
  /**
   * The headers the server's middleware put around an answer of this page (its security headers),
   * each value split where that answer's nonce stood; learnt from the first answer that went through
   * them (`PageCache.learn`), after which answers are whole from here (`PageCache.keptAnswer`);
   * false when the middleware changed one of the page's own headers: then every answer goes through them.
   */
  outer?: [name: string, pieces: string[]][] | false;
}

export interface PageCache {
  answer(request: Request, nonce: string, render: Render): Promise<Response>;
  /**
   * The whole answer to `request` from the page kept for its URL, if it is fresh and an answer of it
   * has gone through the server's middleware before (`learn`): its headers are the page's, those the
   * middleware put around it with a fresh nonce (`nonce()`), and `requestId`'s. Undefined otherwise (the
   * request goes the usual way: the middleware, then `answer`). See docs/decisions/039-kept-answers-whole.md.
   */
  keptAnswer(request: Request, nonce: () => string, requestId: string): Promise<Response> | undefined;
  /** `answer` went through the server's middleware with `nonce`: if it is one of this cache's, its page learns their headers. */
  learn(answer: Response, nonce: string): void;
  /**
   * `answer`, one of this cache's, has been written out (Node's response said `finish`): the buffer
   * its body was written into may serve another answer (answer-buffers.ts). Never call it sooner.
   */
  written(answer: Response): void;
  clear(): void;
  /** How many pages are kept. */
  readonly size: number;
  /** What they take, in bytes (plain and deflated). */
  readonly bytes: number;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { ttlMs, maxBytes = 32_000_000, clock = performance.now.bind(performance), frame } = options;
  const pages = new Map<string, KeptPage>();
  const buffers = createAnswerBuffers();
  const rendering = new Map<string, Promise<KeptPage | undefined>>();
  let bytes = 0;
  let generation = 0;

  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    bytes -= page.bytes;
    pages.delete(key);
  };

  const keep = (key: string, page: KeptPage) => {
    drop(key);
    pages.set(key, page);
    bytes += page.bytes;
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  /**
   * Renders `request` (an anonymous one) and keeps the page if it may be kept; visitors asking for
   * the same URL meanwhile wait for it and get the kept page. Without a page, the render's own
   * answer, if this request made it.
   */
  const renderShared = async (
    key: string,
    request: Request,
    nonce: string,
    render: Render,
  ): Promise<{ page: KeptPage; outcome: "miss" | "shared" } | { response?: Response }> => {
    const pending = rendering.get(key);
    if (pending) {
      const page = await pending;
      return page ? { page, outcome: "shared" } : {};
    }
    const started = generation;
    let settle: (page: KeptPage | undefined) => void = () => {};
    rendering.set(
      key,
      new Promise((resolve) => {
        settle = resolve;
      }),
    );
    let page: KeptPage | undefined;
    try {
      const response = await render(request, nonce);
      if (!mayKeep(response)) return { response };
      page = await pageOf(response, request, nonce, clock(), ttlMs, frame);
      if (started === generation) keep(key, page);
      return { page, outcome: "miss" };
    } finally {
      rendering.delete(key);
      settle(page);
    }
  };

  /** The page kept for `key` while it is fresh, made the most recently used. */
  const fresh = (key: string, now: number): KeptPage | undefined => {
    const kept = pages.get(key);
    if (!kept || kept.expiresAt <= now) return undefined;
    // Most recently used last, so the oldest are dropped first when the cache is full.
    pages.delete(key);
    pages.set(key, kept);
    return kept;
  };

  /**
   * A visitor's frame on `page` as bytes, remembered for as long as both are (a remembered visitor
   * is the same object from one request to the next, server/visitors.ts): an answer then only looks
   * it up, where parsing the address and finding the parts again cost about a tenth of it. Nobody
   * (an ended session) has no identity to remember a frame by: theirs is found on each answer.
   */
  const framesOn = new WeakMap<object, WeakMap<KeptPage, Promise<FrameFills>>>();
  const frameOf = (visitor: unknown, page: KeptPage, request: Request, pageFrame: PageFrame<unknown>) => {
    const find = () =>
      pageFrame.parts(visitor, new URL(request.url)).then(({ places, head }) => ({
        head: Buffer.from(head),
        places: places.map((place) => Buffer.from(place)),
      }));
    if (typeof visitor !== "object" || visitor === null) return find();
    let framed = framesOn.get(visitor);
    if (!framed) {
      framed = new WeakMap();
      framesOn.set(visitor, framed);
    }
    let fills = framed.get(page);
    if (!fills) {
      fills = find();
      // A frame that failed is found again by the next answer.
      fills.catch(() => framed.delete(page));
      framed.set(page, fills);
    }
    return fills;
  };

  /** A logged-in visitor's page: the page kept for everyone with the frame filled in for them, or their own render. */
  const answerVisitor = async (request: Request, nonce: string, render: Render, pageFrame: PageFrame<unknown>) => {
    const visitor = pageFrame.visitorOf(request);
    // Never left unhandled while the page is rendered; awaited below.
    visitor.catch(() => {});
    let page = fresh(request.url, clock());
    let outcome: "hit" | "miss" | "shared" = "hit";
    if (!page) {
      const found = await renderShared(request.url, anonymous(request), nonce, render);
      if ("page" in found) ({ page, outcome } = found);
      else await found.response?.body?.cancel();
    }
    if (!page?.framed) return render(request, nonce);
    const fills = await frameOf(await visitor, page, request, pageFrame);
    const answer = answerWith(buffers, page, page.framed, nonce, fills, request, outcome, {
      cacheControl: PRIVATE_CACHE_CONTROL,
    });
    return made(page, answer);
  };

  /** Answers made here, by the page they are of: `learn` asks. */
  const pageOfAnswer = new WeakMap<Response, KeptPage>();
  const made = (page: KeptPage, answer: Response) => {
    if (page.outer === undefined) pageOfAnswer.set(answer, page);
    return answer;
  };

  /** A logged-in visitor's answer from `page`, whole: their frame filled in. */
  const wholeForVisitor = async (
    request: Request,
    nonce: string,
    requestId: string,
    page: KeptPage,
    framed: Template,
    pageFrame: PageFrame<unknown>,
  ) => {
    const fills = await frameOf(await pageFrame.visitorOf(request), page, request, pageFrame);
    return answerWith(buffers, page, framed, nonce, fills, request, "hit", {
      cacheControl: PRIVATE_CACHE_CONTROL,
      outer: page.outer,
      requestId,
    });
  };

  return {
    async answer(request, nonce, render) {
      if (!isPageRequest(request)) return render(request, nonce);
      if (carriesCredentials(request)) {
        // A page kept with a frame is one every visitor gets alike (`pageOf` asked): no need to ask again.
        const shared = pages.get(request.url)?.framed !== undefined || frame?.sameForEveryVisitor(new URL(request.url));
        if (!frame || !shared) return render(request, nonce);
        return answerVisitor(request, nonce, render, frame);
      }
      const key = request.url;
      const now = clock();
      const kept = fresh(key, now);
      if (kept) return made(kept, answerFrom(buffers, kept, request, nonce, "hit", now));
      const found = await renderShared(key, request, nonce, render);
      if ("page" in found) return made(found.page, answerFrom(buffers, found.page, request, nonce, found.outcome));
      return found.response ?? render(request, nonce);
    },
    keptAnswer(request, freshNonce, requestId) {
      if (!isPageRequest(request)) return undefined;
      const now = clock();
      const page = pages.get(request.url);
      if (!page?.outer || page.expiresAt <= now) return undefined;
      const { outer } = page;
      const nonce = freshNonce();
      if (!carriesCredentials(request)) {
        fresh(request.url, now);
        return Promise.resolve(answerFrom(buffers, page, request, nonce, "hit", now, { outer, requestId }));
      }
      if (!frame || !page.framed) return undefined;
      fresh(request.url, now);
      return wholeForVisitor(request, nonce, requestId, page, page.framed, frame);
    },
    learn(answer, nonce) {
      const page = pageOfAnswer.get(answer);
      if (!page || page.outer !== undefined) return;
      pageOfAnswer.delete(answer);
      const own = new Map(page.headers);
      const perAnswer = new Set([...ANSWER_HEADERS, ...PER_RESPONSE_HEADERS]);
      const outer: [string, string[]][] = [];
      let changed = false;
      answer.headers.forEach((value, name) => {
        if (perAnswer.has(name)) return;
        if (own.has(name)) changed ||= own.get(name) !== value;
        else outer.push([name, nonce ? value.split(nonce) : [value]]);
      });
      page.outer = !changed && outer;
    },
    written(answer) {
      buffers.returned(answer);
    },
    clear() {
      generation++;
      pages.clear();
      bytes = 0;
    },
    get size() {
      return pages.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

/**
 * Only a plain 200 HTML page is kept: an error or a redirect may be the visitor's own, and a page
 * that says `no-store` or `private` (an account screen, which may carry a mailed link's token) too.
 */
function mayKeep(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  const cacheControl = response.headers.get("cache-control") ?? "";
  return (
    response.status === 200 &&
    type.startsWith("text/html") &&
    !response.headers.has("set-cookie") &&
    !/\b(no-store|private)\b/i.test(cacheControl)
  );
}

async function pageOf(
  response: Response,
  request: Request,
  nonce: string,
  renderedAt: number,
  ttlMs: number,
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
  const size = [anonymous, ...(framed ? [framed] : [])]
    .flatMap((template) => [...template.parts, ...template.deflated])
    .reduce((sum, part) => sum + part.length, 0);
  return {
    status: response.status,
    headers,
    anonymous,
    framed,
    bytes: size,
    renderedAt,
    expiresAt: renderedAt + ttlMs,
  };
}

/** A visitor's frame as an answer writes it: the text before `</head>` and each place's markup, as UTF-8. */
interface FrameFills {
  head: Buffer;
  places: Buffer[];
}

const EMPTY = Buffer.alloc(0);
const NO_FRAME: FrameFills = { head: EMPTY, places: [] };

/** What an answer from a kept page says besides the page's own headers. */
interface AnswerOptions {
  /** Private, for a logged-in visitor's answer; otherwise the page's own. */
  cacheControl?: string;
  /** The headers the server's middleware put around the page, for an answer made whole here. */
  outer?: [name: string, pieces: string[]][] | false;
  /** This request's id, for an answer made whole here. */
  requestId?: string;
}

/** Headers an answer from a kept page sets itself, beside the page's own and the per-response ones. */
const ANSWER_HEADERS = [PAGE_CACHE_HEADER, "cache-control", "content-encoding", "age"];

/** An anonymous visitor's answer from a kept page; a hit says how old the page is. */
function answerFrom(
  buffers: AnswerBuffers,
  page: KeptPage,
  request: Request,
  nonce: string,
  outcome: "hit" | "miss" | "shared",
  now?: number,
  options: AnswerOptions = {},
): Response {
  const age = now === undefined ? undefined : String(Math.floor((now - page.renderedAt) / 1000));
  return answerWith(buffers, page, page.anonymous, nonce, NO_FRAME, request, outcome, options, age);
}

/**
 * `template` of `page` with this answer's `nonce` and `frame`, in gzip if the visitor takes it,
 * written into a buffer of `buffers` lent with the answer (see `PageCache.written`). Its headers
 * are a plain record, which Node writes as they are (a `Headers` object is made only if someone
 * reads them).
 */
function answerWith(
  buffers: AnswerBuffers,
  page: KeptPage,
  template: Template,
  nonce: string,
  frame: FrameFills,
  request: Request,
  outcome: "hit" | "miss" | "shared",
  options: AnswerOptions = {},
  age?: string,
): Response {
  const headers: Record<string, string> = {};
  for (const [name, value] of page.headers) headers[name] = value;
  for (const [name, pieces] of options.outer || []) headers[name] = pieces.join(nonce);
  headers[PAGE_CACHE_HEADER] = outcome;
  if (options.cacheControl) headers["cache-control"] = options.cacheControl;
  if (age !== undefined) headers.age = age;
  if (options.requestId !== undefined) headers["x-request-id"] = options.requestId;
  const nonceBytes = Buffer.from(nonce, "latin1");
  const values = template.holes.map((hole) =>
    hole === "nonce" ? nonceBytes : hole === "head" ? frame.head : (frame.places[hole] ?? EMPTY),
  );
  const gzip = acceptsGzip(request);
  if (gzip) headers["content-encoding"] = "gzip";
  // A page without holes is its one part: nothing to write.
  if (!gzip && template.parts.length === 1)
    return new Response(template.parts[0] as Buffer<ArrayBuffer>, { status: page.status, headers });
  const body = gzip ? gzipped(buffers, template, values) : joined(buffers, template.parts, values);
  const response = new Response(body, { status: page.status, headers });
  buffers.lend(response, body);
  return response;
}

/** The request as an anonymous visitor makes it: without cookies or `Authorization`. */
function anonymous(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  headers.delete("authorization");
  return new Request(request.url, { method: "GET", headers, signal: request.signal });
}
