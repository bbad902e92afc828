import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * How a page updates itself: it asks its loaders again every `seconds` while it is visible (and at
 * once when it comes back into view), through React Router's revalidation; a hidden tab asks
 * nothing. One mechanism for every page that shows what others change meanwhile.
 */
export function useLiveRevalidation(seconds: number): void {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (state !== "idle") return;
    const visible = () => document.visibilityState === "visible";
    const timer = window.setTimeout(() => {
      if (visible()) void revalidate();
    }, seconds * 1000);
    const onVisible = () => {
      if (visible()) void revalidate();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [state, revalidate, seconds]);
}

/**
 * The same without JavaScript: the browser loads the page again every `seconds` (a refresh the
 * browser reads only when scripts are off, so with them the revalidation alone runs).
 */
export function NoScriptRefresh({ seconds }: { seconds: number }) {
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  );
}
