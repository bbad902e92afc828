/**
 * The signup's URLs (SPEC §2), without the language prefix. An event that takes signups for the
 * whole event (`signupMode: "event"`) has one implicit appointment, which its URLs leave out:
 * `/evento/camp/appuntamento/iscrizione/{id}` rather than naming the appointment.
 */
export type SignupStep = "participants" | "stays" | "recap";

export interface SignupPlace {
  eventSlug: string;
  /** The appointment's slug; null for the implicit appointment of an event-mode event. */
  appointmentSlug: string | null;
}

const STEP_SEGMENT: Record<SignupStep, string> = { participants: "", stays: "/soggiorni", recap: "/recap" };

/** Where a signup's step lives; with no id, the step of "the signup I am filling in" (recap and stays only). */
export function signupPath(place: SignupPlace, id: string | null, step: SignupStep = "participants"): string {
  const appointment = place.appointmentSlug ? `/${encodeURIComponent(place.appointmentSlug)}` : "";
  const signup = id ? `/${encodeURIComponent(id)}` : "";
  return `/evento/${encodeURIComponent(place.eventSlug)}/appuntamento${appointment}/iscrizione${signup}${STEP_SEGMENT[step]}`;
}

/** Where a visitor starts a signup again: the appointment's page, or the event's for an event-mode event. */
export function startPath(place: SignupPlace): string {
  const event = `/evento/${encodeURIComponent(place.eventSlug)}`;
  return place.appointmentSlug ? `${event}/appuntamento/${encodeURIComponent(place.appointmentSlug)}` : event;
}

/** The place of a signup for this appointment: implicit appointments are left out of URLs. */
export function placeOf(event: { slug: string }, appointment: { slug: string; implicit: boolean }): SignupPlace {
  return { eventSlug: event.slug, appointmentSlug: appointment.implicit ? null : appointment.slug };
}
