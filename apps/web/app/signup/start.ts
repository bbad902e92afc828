import { type RouterContextProvider, redirect } from "react-router";
import { loginUrl } from "../auth/guard.ts";
import { languageContext, visitorContext } from "../context.ts";
import { refusedPath } from "../forms/refusals.ts";
import { isRoomRefusal, roomRefusedPath } from "../waiting-room/refusals.ts";
import { SIGNUP_AFTER_LOGIN } from "./after-login.ts";
import { holdPlaces, type SignupTarget } from "./hold.ts";
import { type SignupPlace, signupPath, startPath } from "./paths.ts";

/**
 * The "Sign up" button's action (an appointment's page, or an event-mode event's): holds places
 * (`POST /api/signups`; the visitor's existing hold on it comes back as it is) and leads to the
 * participants step. An anonymous visitor logs in (or registers) first, told what for, and the
 * signup goes on from there (signup/after-login.ts). A refusal (sold out, closed) leads back to the
 * page with its reason in the address (`refusedPath`), where the page says it.
 */
export async function startSignup(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  place: SignupPlace,
): Promise<never> {
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
    // No pass while the event's waiting room is on: to the room, which says why.
    if (isRoomRefusal(held.refusal)) throw redirect(roomRefusedPath(prefix, place.eventSlug, held.refusal));
    // Back to the page, which says why: the same for everyone refused so, it is kept (decision 038).
    throw redirect(refusedPath(back, held.refusal));
  }
  throw redirect(prefix + signupPath(place, held.id));
}
