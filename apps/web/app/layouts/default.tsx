import { Outlet } from "react-router";
import { ErrorPage, errorPageMeta, errorStatus } from "../components/error-page.tsx";
import { SiteFrame } from "../components/site-frame.tsx";
import type { Route } from "./+types/default.ts";

/** Header, navigation and footer: every browse and account screen. */
export default function DefaultLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

/** Errors of this layout's pages: the error page, titled by this meta (components/error-page.tsx). */
export const meta: Route.MetaFunction = errorPageMeta;

/**
 * The error page inside the same frame as the pages it stands for (a 404 as much as the 403 of
 * routes/no-auth.tsx). Should the frame itself fail, the error page's fallback shows.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={errorStatus(error)} frame={SiteFrame} />;
}
