import { Component, type ReactNode } from "react";
import * as m from "../paraglide/messages.js";
import { useRootData } from "../root.tsx";
import { SiteLink } from "./site-link.tsx";

/**
 * SPEC §8: the status (default 500) and message (default "Error"); on 404 a link back home. If
 * showing it fails in turn, a minimal fallback says so, with a plain link home.
 */
export function ErrorPage({ status = 500, message }: { status?: number; message?: string }) {
  return (
    <ErrorPageGuard>
      <ErrorPageContent status={status} message={message} />
    </ErrorPageGuard>
  );
}

function ErrorPageContent({ status, message }: { status: number; message?: string }) {
  const { locale } = useRootData();
  return (
    <main id="content" className="error-page">
      <title>{`${status} · ${m.site_name()}`}</title>
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
