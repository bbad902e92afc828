import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { runInLocale } from "../i18n/locale.server.ts";
import { type Locale, prefixOf } from "../i18n/locale.ts";
import { PAGE_VISITOR_ID } from "../lib/page-visitor.ts";
import type { RootLoaderData } from "../lib/root-data.ts";
import { AccountMenu, VisitorNotices } from "./account-menu.tsx";

/** What a page's frame shows of a logged-in visitor (the root loader's `visitor`). */
export type FrameVisitor = NonNullable<RootLoaderData["visitor"]>;

/**
 * A visitor's own parts of a page every visitor otherwise gets alike (docs/decisions/033-kept-pages-for-everyone.md):
 * the header's account corner and the notices under it, in the order the page has them, and what
 * goes before `</head>`: the visitor for the browser's first render, so it hydrates what it was sent.
 */
export interface FrameParts {
  places: [account: string, notices: string];
  head: string;
}

/**
 * The frame's parts for `visitor` (null: anonymous) on the page at `url`, rendered by the components
 * the page renders them with, so the browser's first render finds exactly this markup. Nothing of
 * the page itself is read: only the language (the URL's prefix, else `defaultLocale`), the address
 * (the anonymous "Log in" comes back to it) and the visitor.
 */
export async function visitorFrameParts(
  visitor: FrameVisitor | null,
  url: URL,
  defaultLocale: Locale,
): Promise<FrameParts> {
  const prefixed = prefixOf(url.pathname);
  if (!visitor) return renderFrame(null, url, prefixed, defaultLocale);
  // A logged-in visitor's frame reads nothing of the address but its language: kept per visitor and language.
  const key = JSON.stringify([
    prefixed ?? "",
    defaultLocale,
    visitor.givenName,
    visitor.email,
    visitor.emailVerified,
    visitor.role,
  ]);
  let parts = framesOfVisitors.get(key);
  if (parts) {
    framesOfVisitors.delete(key);
  } else {
    parts = renderFrame(visitor, url, prefixed, defaultLocale);
    parts.catch(() => framesOfVisitors.delete(key));
  }
  framesOfVisitors.set(key, parts);
  if (framesOfVisitors.size > MAX_FRAMES_KEPT) framesOfVisitors.delete(framesOfVisitors.keys().next().value as string);
  return parts;
}

/** Visitors' frames already rendered, the least recently used first. */
const framesOfVisitors = new Map<string, Promise<FrameParts>>();
const MAX_FRAMES_KEPT = 10_000;

async function renderFrame(
  visitor: FrameVisitor | null,
  url: URL,
  prefixed: Locale | undefined,
  defaultLocale: Locale,
): Promise<FrameParts> {
  const locale = prefixed ?? defaultLocale;
  const root: Pick<RootLoaderData, "locale" | "prefix" | "defaultLocale" | "visitor"> = {
    locale,
    prefix: prefixed ? `/${prefixed}` : "",
    defaultLocale,
    visitor,
  };
  const render = (part: ReactNode) => runInLocale(locale, () => renderInRouter(part, url, root));
  return {
    places: [await render(<AccountMenu />), await render(<VisitorNotices />)],
    head: visitor ? pageVisitorScript(visitor) : "",
  };
}

/**
 * `part` as the page renders it: inside a data router whose root route holds `root` (what the frame's
 * components read through useRootData) at `url`, so links, forms and the location work as in the page.
 */
async function renderInRouter(part: ReactNode, url: URL, root: object): Promise<string> {
  const routes = [{ id: "root", path: "*", loader: () => root, element: part }];
  const context = await createStaticHandler(routes).query(new Request(url));
  if (context instanceof Response) throw new Error(`The frame's router answered ${context.status}`);
  const router = createStaticRouter(routes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/**
 * The visitor as JSON in a data block (never run, so the Content-Security-Policy needs no nonce for
 * it): `<`, `>` and `&` escaped, so nothing a visitor wrote can close the element.
 */
function pageVisitorScript(visitor: FrameVisitor): string {
  const json = JSON.stringify({
    givenName: visitor.givenName,
    email: visitor.email,
    emailVerified: visitor.emailVerified,
    role: visitor.role,
  }).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `<script type="application/json" id="${PAGE_VISITOR_ID}">${json}</script>`;
}
