import { CLEAR_PAGES_MESSAGE } from "./session-end.ts";

/**
 * The page's side of the service worker (docs/decisions/031-offline.md), a few lines in the first
 * load's script: the worker (/sw.js, its own bundle) is registered once the page has loaded, so it
 * never competes with the first paint; and a logout or an account deletion tells it to forget the
 * pages it keeps, as it is submitted (any form whose `intent` is `logout` or `delete`: forgetting
 * the kept pages once too often costs nothing). Returns the function that removes the listeners.
 */
export function startServiceWorker(target: Window = window): () => void {
  const { serviceWorker } = target.navigator;
  if (!serviceWorker) return () => {};
  const register = () => {
    serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  };
  if (target.document.readyState === "complete") register();
  else target.addEventListener("load", register, { once: true });
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const intent = new FormData(form, event.submitter).get("intent");
    if (intent === "logout" || intent === "delete") {
      serviceWorker.controller?.postMessage({ type: CLEAR_PAGES_MESSAGE });
    }
  };
  target.addEventListener("submit", onSubmit, true);
  return () => {
    target.removeEventListener("load", register);
    target.removeEventListener("submit", onSubmit, true);
  };
}
