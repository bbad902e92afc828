import { type RouterContextProvider, redirect } from "react-router";
import { loginUrl } from "../auth/guard.ts";
import { languageContext, visitorContext } from "../context.ts";
import { SIGNUP_AFTER_LOGIN } from "./after-login.ts";
import { holdPlaces, type SignupRefusal, type SignupTarget } from "./hold.ts";
import { type SignupPlace, signupPath, startPath } from "./paths.ts";

export type { SignupRefusal } from "./hold.ts";

/**
 * The "Sign up" button's action (an appointment's page, or an event-mode event's): holds places
 * (`POST /api/signups`; the visitor's existing hold on it comes back as it is) and leads to the
 * participants step. An anonymous visitor logs in (or registers) first, told what for, and the
 * signup goes on from there (signup/after-login.ts).
 */
export async function startSignup(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  place: SignupPlace,
): Promise<SignupRefusal> {
  const { prefix } = context.get(languageContext);
  const back = prefix + startPath(place);
  const toLogin = () => redirect(`${loginUrl(context, back)}&${SIGNUP_AFTER_LOGIN}`);
  if (!context.get(visitorContext)) throw toLogin();
  const target: SignupTarget = place.appointmentSlug
    ? { appointment: String(formData.get("appointment") ?? "") }
    : { event: String(formData.get("event") ?? "") };
  const held = await holdPlaces(context, target);
  if ("refusal" in held) {
    if (held.refusal === "not-authenticated") throw toLogin();
    return held;
  }
  throw redirect(prefix + signupPath(place, held.id));
}
