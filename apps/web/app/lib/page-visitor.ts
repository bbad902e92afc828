import type { Visitor } from "../context.ts";

/**
 * The element in which the server's page cache writes, before `</head>`, who a kept page was
 * answered for (docs/decisions/033-kept-pages-for-everyone.md). A kept page is rendered once for
 * every visitor: its root data says nobody, and the frame (the header's account corner, the notices)
 * was filled in for this visitor by the server. The browser's first render reads the visitor here,
 * so it hydrates the frame it was sent.
 */
export const PAGE_VISITOR_ID = "page-visitor";

/** What a page shows of the visitor (the root loader's `visitor`, root-data.ts). */
type PageVisitor = Pick<Visitor, "givenName" | "email" | "emailVerified" | "role"> | null;

let documentRoot: object | undefined;
let fromPage: PageVisitor | undefined;

/**
 * The visitor the page shows, given the root route's data: that data's own visitor, except while it
 * is still the data the document came with and says nobody, when the page may name the visitor.
 * Once the root's loader has run again (a navigation, an action, a logout), its data says who the
 * visitor is and the page's note is never read again.
 */
export function visitorShown(root: { visitor: PageVisitor } | undefined): PageVisitor {
  if (!root) return null;
  if (root.visitor || typeof document === "undefined") return root.visitor;
  documentRoot ??= root;
  if (root !== documentRoot) return null;
  fromPage ??= readPageVisitor();
  return fromPage;
}

function readPageVisitor(): PageVisitor {
  const text = document.getElementById(PAGE_VISITOR_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as PageVisitor;
    return parsed && typeof parsed === "object" && typeof parsed.givenName === "string" ? parsed : null;
  } catch {
    return null;
  }
}
