import { Component, type ComponentType, Fragment, type ReactNode } from "react";
import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { useRootData } from "../lib/root-data.ts";
import { rootDataOf } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import { SiteLink } from "./site-link.tsx";

/** The status an error page shows: a thrown response's own, anything else 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

type MetaMatches = readonly ({ id: string; loaderData?: unknown; meta?: MetaDescriptor[] } | undefined)[];

/**
 * The meta of a route whose error boundary shows the error page. The page's `<title>` is written
 * here rather than by the page itself: React would hoist a `<title>` of the page beside the one of
 * the meta (root.tsx), and a document has one. Without an error, the parent's tags stand. An error
 * only the root's boundary catches (its middleware or loader failing) keeps root.tsx's title, which
 * does not name the status.
 */
export function errorPageMeta({ error, matches }: { error?: unknown; matches: MetaMatches }): MetaDescriptor[] {
  if (!error) return matches.at(-2)?.meta ?? [];
  const locale = rootDataOf(matches)?.locale;
  const status = m.error_status({ status: String(errorStatus(error)) }, { locale });
  return [
    { title: `${status} · ${m.site_name({}, { locale })}` },
    { name: "description", content: m.site_description({}, { locale }) },
  ];
}

/**
 * The error page (docs/behaviour.md#error-pages): the status (default 500) and message (default
 * "Error"); on 404 a link back home. A layout shows it inside its `frame` (its header and footer).
 * If showing it, frame included, fails in turn, a minimal fallback says so, with a plain link home.
 */
export function ErrorPage({
  status = 500,
  message,
  frame: Frame = Fragment,
}: {
  status?: number;
  message?: string;
  frame?: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <ErrorPageGuard>
      <Frame>
        <ErrorPageContent status={status} message={message} />
      </Frame>
    </ErrorPageGuard>
  );
}

function ErrorPageContent({ status, message }: { status: number; message?: string }) {
  const { locale } = useRootData();
  return (
    <main id="content" className="error-page">
      <p className="error-status">{m.error_status({ status: String(status) }, { locale })}</p>
      <h1>{message ?? m.error_title({}, { locale })}</h1>
      {status === 404 && <p>{m.error_not_found_text({}, { locale })}</p>}
      {status === 404 && (
        <p>
          <SiteLink to="/" className="button">
            {m.error_back_home({}, { locale })}
          </SiteLink>
        </p>
      )}
    </main>
  );
}

interface GuardState {
  failed: boolean;
}

export class ErrorPageGuard extends Component<{ children: ReactNode }, GuardState> {
  override state: GuardState = { failed: false };

  static getDerivedStateFromError(): GuardState {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="content" className="error-page">
        <h1>{m.error_page_failed()}</h1>
        <p>
          <a href="/">{m.error_back_home()}</a>
        </p>
      </main>
    );
  }
}
