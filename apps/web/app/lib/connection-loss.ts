import { NetworkError } from "@sports/jsonapi";
import { useSyncExternalStore } from "react";
import type { DataStrategyResult, MiddlewareFunction } from "react-router";

/**
 * A request the connection failed: the visitor stays on the page they were on, with what they typed,
 * and is told, with a way to try again (docs/decisions/017-connection-loss.md).
 *
 * Two ways in. While the browser knows it is offline, a click on a link of the site or a form's
 * submission is held back before anything is asked (`guardOfflineTriggers`): a navigation would
 * otherwise fail to load the next page's script, and React Router then reloads the whole page, into
 * the browser's own offline page. When the browser thinks it is online but a request fails on the
 * way, the root's client middleware (`connectionMiddleware`) keeps that navigation from landing on
 * the error page.
 */

/** What "Try again" does: visit an address again, or replay the link click or form submission. */
export type Retry = { kind: "visit"; to: string } | { kind: "replay"; run: () => void };

export interface ConnectionLoss {
  retry: Retry;
  /**
   * `offline`: a form submitted while the browser knew it was offline, held back before anything was
   * sent (the notice says to press again once the connection is back); `dropped`: anything else.
   */
  reason: "offline" | "dropped";
  /** Counts the failures, so that a retry that fails again is announced again. */
  attempt: number;
}

let lost: ConnectionLoss | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const connectionLoss = {
  report(retry: Retry, reason: ConnectionLoss["reason"] = "dropped"): void {
    lost = { retry, reason, attempt: (lost?.attempt ?? 0) + 1 };
    emit();
  },
  clear(): void {
    if (!lost) return;
    lost = null;
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): ConnectionLoss | null => lost,
};

export function useConnectionLoss(): ConnectionLoss | null {
  return useSyncExternalStore(connectionLoss.subscribe, connectionLoss.getSnapshot, () => null);
}

/**
 * A failure of the connection rather than an answer: the API client's `NetworkError`, or the
 * `TypeError` a browser's `fetch` rejects with when nothing came back (React Router's own requests).
 * React Router hands a failed action's error on wrapped (`{ type: "DataWithResponseInit", data }`).
 */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (error instanceof TypeError) return /fetch|network|load failed/i.test(error.message);
  const wrapped = error as { type?: unknown; data?: unknown } | null;
  return typeof wrapped === "object" && wrapped?.type === "DataWithResponseInit" && isConnectionFailure(wrapped.data);
}

/** The last form the visitor submitted, to submit again as it was (its button's name and value too). */
let lastSubmission: (() => void) | undefined;

/**
 * Client middleware on the root route, outside the progress bar's (which has marked the request
 * failed by then). A navigation or submission whose request the connection failed never lands: the
 * page it started from stays as it is, and the notice offers to do it again.
 */
export const connectionMiddleware: MiddlewareFunction<Record<string, DataStrategyResult>> = async (
  { request },
  next,
) => {
  let results: Record<string, DataStrategyResult> | undefined;
  try {
    results = await next();
  } catch (error) {
    if (!isConnectionFailure(error)) throw error;
  }
  const failed =
    results === undefined ||
    Object.values(results).some((result) => result?.type === "error" && isConnectionFailure(result.result));
  if (!failed) return results as Record<string, DataStrategyResult>;
  const url = new URL(request.url);
  const submission = request.method !== "GET" ? lastSubmission : undefined;
  connectionLoss.report(
    submission ? { kind: "replay", run: submission } : { kind: "visit", to: url.pathname + url.search + url.hash },
  );
  // Never settles: React Router keeps the current page until the next navigation (a retry) replaces this one.
  return new Promise<never>(() => {});
};

/** A click that would take the visitor to another page of the site, in this tab. */
function siteLinkOf(event: MouseEvent): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return undefined;
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement)) return undefined;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return undefined;
  const to = new URL(anchor.href);
  if (to.origin !== window.location.origin) return undefined;
  // A jump within the page asks nothing of the network.
  const here = window.location;
  if (to.pathname === here.pathname && to.search === here.search && to.hash) return undefined;
  return anchor;
}

/**
 * Submits the form again as it was sent: the same form (or the one that took its place under the
 * same id when the page re-rendered) and the same button, whose name and value are part of what
 * was sent ("No lodging" is `intent=skip`).
 */
function replayOf(form: HTMLFormElement, submitter: HTMLElement | null): () => void {
  const sameButton = (candidate: Element) =>
    candidate instanceof HTMLButtonElement &&
    submitter instanceof HTMLButtonElement &&
    candidate.type === "submit" &&
    candidate.name === submitter.name &&
    candidate.value === submitter.value;
  return () => {
    const current = form.isConnected ? form : form.id ? document.getElementById(form.id) : null;
    if (!(current instanceof HTMLFormElement)) return;
    const button = submitter ? [...current.elements].find(sameButton) : undefined;
    current.requestSubmit(button instanceof HTMLButtonElement ? button : null);
  };
}

/**
 * While the browser is offline, holds back the site's link clicks and form submissions before
 * React Router sees them (a capturing listener on the window), and reports them. Also remembers
 * each submission, for the middleware's retry. Returns the function that removes the listeners.
 *
 * A link clicked offline in a page the service worker controls opens as a whole document instead:
 * the worker answers with the kept copy of that page, or with the offline page
 * (docs/decisions/031-offline.md). A form is never sent offline, nor later behind the visitor's back.
 */
export function guardOfflineTriggers(target: Window = window): () => void {
  const onClick = (event: MouseEvent) => {
    const anchor = siteLinkOf(event);
    if (!anchor) return;
    if (target.navigator.onLine) {
      connectionLoss.clear();
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    if (target.navigator.serviceWorker?.controller) {
      target.location.assign(anchor.href);
      return;
    }
    connectionLoss.report({ kind: "replay", run: () => anchor.click() });
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    const again = replayOf(form, event.submitter);
    lastSubmission = again;
    if (target.navigator.onLine) {
      connectionLoss.clear();
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    connectionLoss.report({ kind: "replay", run: again }, "offline");
  };
  target.addEventListener("click", onClick, true);
  target.addEventListener("submit", onSubmit, true);
  return () => {
    target.removeEventListener("click", onClick, true);
    target.removeEventListener("submit", onSubmit, true);
  };
}
