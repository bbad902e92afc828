/**
 * The site's paths, written once for both sides: apps/web/app/routes.ts builds its route table from
 * the patterns, the site links with the builders, and the server writes the same builders' paths
 * into mails and the ways back from a payment provider. `site-paths.test.ts` in apps/web matches
 * every builder against the real route table. Paths here have no language prefix: `localized` adds it.
 */

/** The route patterns, as routes.ts declares them (relative, without the language prefix). */
export const ROUTE_PATTERNS = {
  events: "evento",
  event: "evento/:slug",
  appointment: "evento/:slug/appuntamento/:slug1",
  /** The waiting room of an event's opening (docs/decisions/072-waiting-room.md). */
  waitingRoom: "evento/:slug/coda",
  login: "login",
  registration: "registrazione",
  resetPassword: "resetPassword",
  /** An invitation to the organiser's team, accepted from the invited account (`?token=`: its mailed link). */
  teamInvitation: "invito",
  /** A club's athlete gives their own part, without an account (`?token=`: their mailed link). */
  athlete: "atleta",
  profile: "modificaDati",
  /** Passing a participant's place to someone else, from My signups (`:id`: the participant). */
  transfer: "modificaDati/cessione/:id",
  /** A confirmed participant's ticket for race day, from My signups (`:id`: the participant). */
  ticket: "modificaDati/biglietto/:id",
  noAuth: "noAuth",
  /** What is kept for reading offline; the service worker shows it for a page it does not have. */
  offline: "offline",
  page: ":slug",
  paymentResult: "paymentResult",
  demoPayment: "demoPayment/:id",
  signup: "evento/:slug/appuntamento/:slug1?/iscrizione/:id",
  signupRecap: "evento/:slug/appuntamento/:slug1?/iscrizione/:id?/recap",
  signupStays: "evento/:slug/appuntamento/:slug1?/iscrizione/:id?/soggiorni",
  /** A race's results, once published (`?gender=&category=&club=&q=&sort=&page=`). */
  results: "evento/:slug/appuntamento/:slug1/classifica",
  /** One finisher's result (`:id`: the result). */
  result: "evento/:slug/appuntamento/:slug1/classifica/:id",
  /** The public check of a finisher's diploma by its code; without one, the form to type it. */
  diploma: "attestato/:code?",
  /** The clubs the visitor manages, and the form to make one (docs/decisions/068-club-entries.md). */
  clubs: "club",
  /** A club the visitor manages: its details, roster and managers. */
  club: "club/:clubId",
  /** An invitation to manage a club, accepted from the invited account (`?token=`: its mailed link). */
  clubInvitation: "invito-club",
  /** A club's entry for an appointment: its preview, rows fixed in place, held (`:entryId`: the entry). */
  clubEntry: "club/:clubId/iscrizioni/:entryId",
} as const;

export type SignupStep = "participants" | "stays" | "recap";

/** Where a signup belongs: its event, and its appointment's slug, or null for an event's implicit one. */
export interface SignupPlace {
  eventSlug: string;
  appointmentSlug: string | null;
}

const segment = (value: string) => encodeURIComponent(value);
const query = (values: Record<string, string>) => `?${new URLSearchParams(values)}`;

export const eventPath = (eventSlug: string) => `/${ROUTE_PATTERNS.events}/${segment(eventSlug)}`;

/** The waiting room of the event's opening: where its visitor's place in line is. */
export const waitingRoomPath = (eventSlug: string) => `${eventPath(eventSlug)}/coda`;

export const appointmentPath = (eventSlug: string, appointmentSlug: string) =>
  `${eventPath(eventSlug)}/appuntamento/${segment(appointmentSlug)}`;

/** The place of a signup for this appointment: implicit appointments are left out of URLs. */
export function placeOf(event: { slug: string }, appointment: { slug: string; implicit: boolean }): SignupPlace {
  return { eventSlug: event.slug, appointmentSlug: appointment.implicit ? null : appointment.slug };
}

/** Where a visitor starts a signup: the appointment's page, or the event's for an event-mode event. */
export function startPath(place: SignupPlace): string {
  return place.appointmentSlug ? appointmentPath(place.eventSlug, place.appointmentSlug) : eventPath(place.eventSlug);
}

const STEP_SEGMENT: Record<SignupStep, string> = { participants: "", stays: "/soggiorni", recap: "/recap" };

/**
 * Where a signup's step lives (an implicit appointment's slug left out:
 * `/evento/camp/appuntamento/iscrizione/{id}`); with no id, the step of "the signup I am filling
 * in" (recap and stays only).
 */
export function signupPath(place: SignupPlace, id: string | null, step: SignupStep = "participants"): string {
  const appointment = place.appointmentSlug ? `/${segment(place.appointmentSlug)}` : "";
  const signup = id ? `/${segment(id)}` : "";
  return `${eventPath(place.eventSlug)}/appuntamento${appointment}/iscrizione${signup}${STEP_SEGMENT[step]}`;
}

export const paymentResultPath = (paymentId: string) =>
  `/${ROUTE_PATTERNS.paymentResult}${query({ payment: paymentId })}`;

export const demoPaymentPath = (paymentId: string) => `/demoPayment/${segment(paymentId)}`;

/** The mailed link that confirms an address: a page with a button, so mail scanners spend nothing. */
export const emailVerificationPath = (token: string) => `/${ROUTE_PATTERNS.registration}${query({ verifica: token })}`;

export const passwordResetPath = (token: string) => `/${ROUTE_PATTERNS.resetPassword}${query({ token })}`;

export const teamInvitationPath = (token: string) => `/${ROUTE_PATTERNS.teamInvitation}${query({ token })}`;

/** The clubs the visitor manages; with an id, one of them. */
export const clubsPath = () => `/${ROUTE_PATTERNS.clubs}`;

export const clubPath = (clubId: string) => `/${ROUTE_PATTERNS.clubs}/${segment(clubId)}`;

/** The mailed link of an invitation to manage a club: a page with a button, as the team's. */
export const clubInvitationPath = (token: string) => `/${ROUTE_PATTERNS.clubInvitation}${query({ token })}`;

/** A club's athlete's own link (docs/decisions/068-club-entries.md): their page, the token in the query. */
export const athletePath = (token: string) => `/${ROUTE_PATTERNS.athlete}${query({ token })}`;

export const profilePath = () => `/${ROUTE_PATTERNS.profile}`;

/** The page listing what can be read offline; `from` is the address that was asked for. */
export const offlinePath = (from?: string) => `/${ROUTE_PATTERNS.offline}${from ? query({ from }) : ""}`;

/** Where the owner of a confirmed signup passes a participant's place to someone else. */
export const transferPath = (participantId: string) => `/${ROUTE_PATTERNS.profile}/cessione/${segment(participantId)}`;

/** A confirmed participant's ticket: what race day needs, kept for offline once opened. */
export const ticketPath = (participantId: string) => `/${ROUTE_PATTERNS.profile}/biglietto/${segment(participantId)}`;

/** A race's results; `query` holds its filters, order and page as the results page reads them. */
export function resultsPath(eventSlug: string, appointmentSlug: string, query?: URLSearchParams): string {
  const search = query?.toString();
  return `${appointmentPath(eventSlug, appointmentSlug)}/classifica${search ? `?${search}` : ""}`;
}

/** One finisher's result in a race. */
export const resultPath = (eventSlug: string, appointmentSlug: string, resultId: string) =>
  `${resultsPath(eventSlug, appointmentSlug)}/${segment(resultId)}`;

/** The public check of a diploma by its code (printed on the diploma); without a code, the form to type one. */
export const diplomaPath = (code?: string) => `/attestato${code ? `/${segment(code)}` : ""}`;

/** A club's entry, for its managers: the preview, its rows fixed in place, and the hold. */
export const clubEntryPath = (clubId: string, entryId: string) => `${clubPath(clubId)}/iscrizioni/${segment(entryId)}`;

/**
 * A page of the site in `locale`, as a path: where the site sends a visitor on the site itself, so
 * they stay on the origin they came by (a redirect, the way back from the demonstration payment).
 */
export function localizedPath(locale: string, path: string): string {
  return `/${locale}${path === "/" ? "" : path}`;
}

/**
 * An absolute URL of the site in `locale`: the site's address, the language prefix, the path. Only
 * for what leaves the site (mails, a provider's way back, canonical, sitemap).
 */
export function localizedUrl(siteUrl: string, locale: string, path: string): string {
  return `${siteUrl}${localizedPath(locale, path)}`;
}
