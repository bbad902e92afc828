import * as m from "../paraglide/messages.js";

/**
 * Why the "Sign up" button's form was refused (signup/hold.ts keeps these codes), in the visitor's
 * language. Apart from forms/messages.ts, whose words for every form would otherwise all come with
 * an event's page (docs/decisions/008-first-load-javascript.md).
 */
export function refusalMessage(code: string): string {
  switch (code) {
    case "sold-out":
      return m.signup_refused_sold_out();
    case "not-open":
      return m.signup_refused_not_open();
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
