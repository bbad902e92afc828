import { useLocation } from "react-router";
import * as m from "../paraglide/messages.js";

/** The refusals a visitor is told as such (signup/hold.ts); anything else is "not possible now", `unavailable`. */
export const SIGNUP_REFUSALS: readonly string[] = [
  "sold-out",
  "not-open",
  "closed",
  "not-eligible",
  "too-many-participants",
];

/**
 * The query parameter naming why a "Sign up" was refused (`?rifiuto=sold-out`): the refused form
 * leads back to its page with it, and the page says why (docs/decisions/038-refused-signup.md).
 */
export const REFUSAL_PARAM = "rifiuto";

/** `page` (a path without a query) saying that its "Sign up" was refused, and why. */
export function refusedPath(page: string, refusal: string): string {
  return `${page}?${REFUSAL_PARAM}=${encodeURIComponent(refusal)}`;
}

/** The refusal a page's address names, if it names one the page can say. */
export function refusalIn(search: URLSearchParams): string | undefined {
  const code = search.get(REFUSAL_PARAM);
  return code !== null && (SIGNUP_REFUSALS.includes(code) || code === "unavailable") ? code : undefined;
}

/** Why this page's "Sign up" was just refused, when a refused form led back here (signup/start.ts). */
export function useSignupRefusal(): string | undefined {
  return refusalIn(new URLSearchParams(useLocation().search));
}

/**
 * Why the "Sign up" button's form was refused (`SIGNUP_REFUSALS`, or `unavailable`), in the visitor's
 * language. Apart from forms/messages.ts, whose words for every form would otherwise all come with
 * an event's page (docs/decisions/008-first-load-javascript.md).
 *
 * The page says it from its address (`?rifiuto=`), which a reload or a bookmark opens again later:
 * what changes by the minute (places come back, registration opens) is told as it was when the
 * runner pressed the button, while the page around it shows how things stand now.
 */
export function refusalMessage(code: string): string {
  switch (code) {
    case "sold-out":
      return m.signup_refused_sold_out_then();
    case "not-open":
      return m.signup_refused_not_open_then();
    case "closed":
      return m.signup_refused_closed();
    case "not-eligible":
      return m.signup_refused_not_eligible();
    case "too-many-participants":
      return m.signup_refused_too_many();
    default:
      return m.signup_refused_unavailable();
  }
}
