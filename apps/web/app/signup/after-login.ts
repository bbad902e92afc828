import type { ApiResponse, AppointmentAttributes, DataDocument, EventAttributes } from "@sports/jsonapi";
import type { RouterContextProvider } from "react-router";
import { safeRedirect } from "../access.ts";
import { redirectWithCookies } from "../auth/session.ts";
import { siteContext } from "../context.ts";
import { refusedPath } from "../forms/refusals.ts";
import { prefixOf, withoutPrefix } from "../i18n/locale.ts";
import { includedOf } from "../lib/records.ts";
import { isRoomRefusal, roomRefusedPath } from "../waiting-room/refusals.ts";
import { holdPlaces, type SignupTarget } from "./hold.ts";
import { type SignupPlace, signupPath } from "./paths.ts";

/**
 * The login page's mark (`/login?redirectTo=…&signup`): the visitor pressed "Sign up" while logged
 * out. The login and registration pages then say what the account is for, and once it is there the
 * signup goes on at once: places held, the participants step (docs/behaviour.md#guards-and-noauth).
 */
export const SIGNUP_AFTER_LOGIN = "signup";

/** A signup waiting for the visitor's login: where it starts, what it is for, and its title. */
export interface PendingSignup {
  /** The page the "Sign up" button was on, with its language prefix. */
  back: string;
  place: SignupPlace;
  target: SignupTarget;
  /** The appointment's title, or the event's when it takes signups as a whole. */
  title: string;
}

/** The place a "Sign up" button's page is for (`/it-IT/evento/x/appuntamento/y`, `/evento/x`), if it is one. */
export function signupPlaceOf(path: string): SignupPlace | null {
  const match = /^\/evento\/([^/?#]+)(?:\/appuntamento\/([^/?#]+))?$/.exec(withoutPrefix(path));
  if (!match?.[1]) return null;
  try {
    return {
      eventSlug: decodeURIComponent(match[1]),
      appointmentSlug: match[2] ? decodeURIComponent(match[2]) : null,
    };
  } catch {
    return null;
  }
}

/**
 * The signup a login (or registration) is for, read from the page it leads back to; none when the
 * page is not a "Sign up" button's, or its event or appointment is gone.
 */
export async function pendingSignup(
  context: Readonly<RouterContextProvider>,
  redirectTo: unknown,
): Promise<PendingSignup | null> {
  const back = safeRedirect(redirectTo, "");
  const place = signupPlaceOf(back);
  if (!place) return null;
  const { api } = context.get(siteContext);
  const locale = prefixOf(back);
  let document: DataDocument;
  try {
    ({ document } = await api.get(`/api/events/${encodeURIComponent(place.eventSlug)}`, {
      query: { include: "appointments", ...(locale ? { locale } : {}) },
    }));
  } catch {
    return null;
  }
  const event = document.data as unknown as { id: string; attributes: EventAttributes };
  if (!place.appointmentSlug) return { back, place, target: { event: event.id }, title: event.attributes.title };
  const appointment = includedOf<AppointmentAttributes>(document, "appointments").find(
    (a) => a.attributes.slug === place.appointmentSlug,
  );
  if (!appointment) return null;
  return { back, place, target: { appointment: appointment.id }, title: appointment.attributes.title };
}

/**
 * Goes on with the signup once the visitor has logged in or registered (`answer`: the API's answer,
 * whose cookie carries the new session): holds the places and leads to the participants step. When
 * the places cannot be held (sold out meanwhile), back to the page the button was on, which says why
 * (`refusedPath`).
 */
export async function continueSignup(
  context: Readonly<RouterContextProvider>,
  pending: PendingSignup,
  answer: Pick<ApiResponse<unknown>, "headers">,
): Promise<never> {
  const token = sessionTokenOf(answer.headers);
  const held = token ? await holdPlaces(context, pending.target, { Authorization: `Bearer ${token}` }) : null;
  const prefix = prefixOf(pending.back);
  const prefixPath = prefix ? `/${prefix}` : "";
  const next = !held
    ? pending.back
    : "id" in held
      ? `${prefixPath}${signupPath(pending.place, held.id)}`
      : isRoomRefusal(held.refusal)
        ? roomRefusedPath(prefixPath, pending.place.eventSlug, held.refusal)
        : refusedPath(pending.back, held.refusal);
  throw redirectWithCookies(next, answer);
}

/** The new session's token, from the cookie the API set for the browser (packages/api/src/accounts/session.ts). */
function sessionTokenOf(headers: Headers): string | undefined {
  for (const cookie of headers.getSetCookie()) {
    const match = /^(?:__Host-)?session=([^;]+)/.exec(cookie);
    if (match?.[1]) return match[1];
  }
  return undefined;
}
