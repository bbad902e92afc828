/**
 * Rendered pages kept in memory for a few seconds, so a crowd on the event list costs one render
 * per page and interval instead of one per visitor (docs/decisions/007-rendered-page-cache.md, 033
 * and 056).
 *
 * - Only a GET from a visitor with nothing personal (no Authorization, no cookie but the language
 *   choice) is answered from here, and only a 200 HTML answer without Set-Cookie is kept.
 * - A logged-in visitor is answered from here too on a page the same for every visitor but for its
 *   frame (the header's account corner, the notices under it): the page is rendered as an anonymous
 *   visitor gets it, and each answer fills the frame in for its visitor (`PageFrame`).
 * - The bare `/` is never kept: it redirects by the visitor's language.
 * - Each answer carries its own CSP nonce, put where the rendering one stood (page-template.ts).
 * - Concurrent misses for one URL share a single render.
 * - Pages lapse after `ttlMs` and are all dropped by `clear()` (on a catalogue change); a render that
 *   started before a `clear()` is not kept. A kept page's answer says its `Age`, so a CDN's copy
 *   lapses when this one does.
 *
 * Which requests are a page's, and what CDNs and browsers may keep of the answers, is in
 * cache-policy.ts.
 */
import { carriesCredentials, isPageRequest, PRIVATE_CACHE_CONTROL } from "./cache-policy.ts";
import {
  type FrameFills,
  frameOn,
  type KeptAnswerOptions,
  type KeptPage,
  keptAnswer,
  keptPageOf,
  mayKeep,
  NO_FRAME,
  type PageFrame,
} from "./kept-page.ts";
import type { HeaderRecord } from "./security-headers.ts";

export { PAGE_CACHE_HEADER, type PageFrame } from "./kept-page.ts";

/** Renders `request` with `nonce` in its Content-Security-Policy: the site's answer, before the headers around every page. */
export type Render = (request: Request, nonce: string) => Promise<Response>;

/** A page's answer: made whole from a kept page, or the site's own render (to be finished by the caller). */
export type PageAnswer = { kept: Response } | { rendered: Response };

export interface KeptPagesOptions {
  /** How long a rendered page is served before it is rendered again. */
  ttlMs: number;
  /** The most HTML kept, in bytes summed over pages; the least recently used go first. */
  maxBytes?: number;
  /** A monotonic millisecond clock (injectable for tests). */
  clock?: () => number;
  /** Without it, a logged-in visitor's pages are all rendered for them. */
  frame?: PageFrame<unknown>;
}

/** A render found in progress or made: the page kept of it, or the render's own answer when it may not be kept. */
type RenderOutcome = { page: KeptPage; outcome: "miss" | "shared" } | { response?: Response };

export class KeptPages {
  readonly #ttlMs: number;
  readonly #maxBytes: number;
  readonly #clock: () => number;
  readonly #frame: PageFrame<unknown> | undefined;
  /** By URL, least recently used first. */
  readonly #pages = new Map<string, KeptPage>();
  /** Renders under way, by URL: visitors asking meanwhile wait for them. */
  readonly #rendering = new Map<string, Promise<KeptPage | undefined>>();
  #bytes = 0;
  /** Counts `clear()`s: a render that began before one is not kept. */
  #generation = 0;

  constructor(options: KeptPagesOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxBytes = options.maxBytes ?? 32_000_000;
    this.#clock = options.clock ?? performance.now.bind(performance);
    this.#frame = options.frame;
  }

  /** How many pages are kept. */
  get size(): number {
    return this.#pages.size;
  }

  /** What they take, in bytes (plain and deflated). */
  get bytes(): number {
    return this.#bytes;
  }

  clear(): void {
    this.#generation++;
    this.#pages.clear();
    this.#bytes = 0;
  }

  /**
   * The answer to `request`, whose answer's nonce is `nonce`: from a kept page (`around`, the headers
   * of every page's answer, added), or rendered with `render`.
   */
  async answer(request: Request, nonce: string, render: Render, around: HeaderRecord = {}): Promise<PageAnswer> {
    if (!isPageRequest(request)) return { rendered: await render(request, nonce) };
    if (carriesCredentials(request)) return this.#answerVisitor(request, nonce, render, around);
    const now = this.#clock();
    const kept = this.#fresh(request.url, now);
    const answer = (page: KeptPage, outcome: KeptAnswerOptions["outcome"], age?: number) => ({
      kept: keptAnswer(page, request, { template: page.anonymous, nonce, frame: NO_FRAME, outcome, around, age }),
    });
    if (kept) return answer(kept, "hit", Math.floor((now - kept.renderedAt) / 1000));
    const found = await this.#renderShared(request, nonce, render);
    if ("page" in found) return answer(found.page, found.outcome);
    return { rendered: found.response ?? (await render(request, nonce)) };
  }

  /** A logged-in visitor's page: the page kept for everyone with the frame filled in for them, or their own render. */
  async #answerVisitor(request: Request, nonce: string, render: Render, around: HeaderRecord): Promise<PageAnswer> {
    const frame = this.#frame;
    // A page kept with a frame is one every visitor gets alike (`keptPageOf` asked): no need to ask again.
    const url = new URL(request.url);
    const shared = this.#pages.get(request.url)?.framed !== undefined || frame?.sameForEveryVisitor(url);
    if (!frame || !shared) return { rendered: await render(request, nonce) };
    const visitor = frame.visitorOf(request);
    // Never left unhandled while the page is rendered; awaited below.
    visitor.catch(() => {});
    let page = this.#fresh(request.url, this.#clock());
    let outcome: KeptAnswerOptions["outcome"] = "hit";
    if (!page) {
      const found = await this.#renderShared(anonymous(request), nonce, render);
      if ("page" in found) ({ page, outcome } = found);
      else await found.response?.body?.cancel();
    }
    if (!page?.framed) return { rendered: await render(request, nonce) };
    const fills: FrameFills = await frameOn(page, await visitor, url, frame);
    const template = page.framed;
    const cacheControl = PRIVATE_CACHE_CONTROL;
    return { kept: keptAnswer(page, request, { template, nonce, frame: fills, outcome, cacheControl, around }) };
  }

  /**
   * Renders `request` (an anonymous one) and keeps the page if it may be kept; visitors asking for
   * the same URL meanwhile wait for it and get the kept page. Without a page, the render's own
   * answer, if this request made it.
   */
  async #renderShared(request: Request, nonce: string, render: Render): Promise<RenderOutcome> {
    const key = request.url;
    const pending = this.#rendering.get(key);
    if (pending) {
      const page = await pending;
      return page ? { page, outcome: "shared" } : {};
    }
    const started = this.#generation;
    const { promise, resolve } = Promise.withResolvers<KeptPage | undefined>();
    this.#rendering.set(key, promise);
    let page: KeptPage | undefined;
    try {
      const response = await render(request, nonce);
      if (!mayKeep(response)) return { response };
      const times = { renderedAt: this.#clock(), ttlMs: this.#ttlMs };
      page = await keptPageOf(response, request, nonce, times, this.#frame);
      if (started === this.#generation) this.#keep(key, page);
      return { page, outcome: "miss" };
    } finally {
      this.#rendering.delete(key);
      resolve(page);
    }
  }

  /** The page kept for `key` while it is fresh, made the most recently used. */
  #fresh(key: string, now: number): KeptPage | undefined {
    const kept = this.#pages.get(key);
    if (!kept || kept.expiresAt <= now) return undefined;
    this.#pages.delete(key);
    this.#pages.set(key, kept);
    return kept;
  }

  #keep(key: string, page: KeptPage): void {
    this.#drop(key);
    this.#pages.set(key, page);
    this.#bytes += page.bytes;
    for (const oldest of this.#pages.keys()) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#drop(oldest);
    }
  }

  #drop(key: string): void {
    const page = this.#pages.get(key);
    if (!page) return;
    this.#bytes -= page.bytes;
    this.#pages.delete(key);
  }
}

/** The request as an anonymous visitor makes it: without cookies or `Authorization`. */
function anonymous(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  headers.delete("authorization");
  return new Request(request.url, { method: "GET", headers, signal: request.signal });
}
