import { Outlet } from "react-router";
import { VerificationReminder } from "../components/account-menu.tsx";
import { ErrorPage, errorPageMeta, errorStatus } from "../components/error-page.tsx";
import { Footer } from "../components/footer.tsx";
import { Header } from "../components/header.tsx";
import { OfflineNotice } from "../components/offline-notice.tsx";
import * as m from "../paraglide/messages.js";
import type { Route } from "./+types/default.ts";

/** Header, navigation and footer: every browse and account screen. */
export default function DefaultLayout() {
  return (
    <>
      <a href="#content" className="skip-link">
        {m.skip_to_content()}
      </a>
      <Header />
      <OfflineNotice />
      <VerificationReminder />
      <Outlet />
      <Footer />
    </>
  );
}

/** Errors of this layout's pages: the error page, titled by this meta (components/error-page.tsx). */
export const meta: Route.MetaFunction = errorPageMeta;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={errorStatus(error)} />;
}
