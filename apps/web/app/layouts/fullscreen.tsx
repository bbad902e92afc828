import { Outlet } from "react-router";
import { ErrorPage, errorPageMeta, errorStatus } from "../components/error-page.tsx";
import { OfflineNotice } from "../components/offline-notice.tsx";
import type { Route } from "./+types/fullscreen.ts";

/** No chrome at all: the payment hand-off and result, where nothing should lead the visitor away. */
export default function FullscreenLayout() {
  return (
    <>
      <OfflineNotice />
      <Outlet />
    </>
  );
}

/** Errors of this layout's pages: the error page, titled by this meta (components/error-page.tsx). */
export const meta: Route.MetaFunction = errorPageMeta;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={errorStatus(error)} />;
}
