import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { CONSOLE_PATTERNS as console, ROUTE_PATTERNS as paths } from "@sports/jsonapi";

/**
 * The site's routes (docs/behaviour.md#routes-and-layouts), every one also under a language prefix.
 * The prefixes are the five locales written out (`/it-IT/evento`), not a `:lang` parameter: a
 * parameter would make `/about` ambiguous between a language and a content page. An unknown prefix
 * is therefore not a language: `/xx` is looked up as a content page and `/xx/evento` is not found.
 * See docs/decisions/006-site-routes-languages-layouts.md. The paths are the ones the server links
 * to as well (packages/jsonapi/src/site-paths.ts; site-paths.test.ts holds both to this table).
 */
export const LANGUAGE_PREFIXES = ["en-US", "it-IT", "de-DE", "fr-FR", "es-ES"] as const;

function site(prefix: string): RouteConfigEntry[] {
  const id = (name: string) => (prefix ? `${prefix}/${name}` : name);
  return [
    // The web app manifest in this language (apps/web/app/offline/web-app-manifest.ts).
    route("manifest.webmanifest", "routes/manifest.ts", { id: id("manifest") }),
    layout("layouts/default.tsx", { id: id("layout-default") }, [
      index("routes/home.tsx", { id: id("home") }),
      route(paths.events, "routes/events.tsx", { id: id("events") }),
      route(paths.event, "routes/event.tsx", { id: id("event") }),
      route(paths.appointment, "routes/appointment.tsx", { id: id("appointment") }),
      route(paths.waitingRoom, "routes/waiting-room.tsx", { id: id("waiting-room") }),
      route(paths.results, "routes/results.tsx", { id: id("results") }),
      route(paths.result, "routes/result.tsx", { id: id("result") }),
      route(paths.diploma, "routes/diploma.tsx", { id: id("diploma") }),
      route(paths.login, "routes/login.tsx", { id: id("login") }),
      route(paths.registration, "routes/registration.tsx", { id: id("registration") }),
      route(paths.resetPassword, "routes/reset-password.tsx", { id: id("reset-password") }),
      route(paths.teamInvitation, "routes/team-invitation.tsx", { id: id("team-invitation") }),
      route(paths.athlete, "routes/athlete.tsx", { id: id("athlete") }),
      route(paths.profile, "routes/profile.tsx", { id: id("profile") }),
      route(paths.transfer, "routes/transfer.tsx", { id: id("transfer") }),
      route(paths.ticket, "routes/ticket.tsx", { id: id("ticket") }),
      route(paths.clubs, "routes/clubs.tsx", { id: id("clubs") }),
      route(paths.club, "routes/club.tsx", { id: id("club") }),
      route(paths.clubInvitation, "routes/club-invitation.tsx", { id: id("club-invitation") }),
      route(paths.clubEntry, "routes/club-entry.tsx", { id: id("club-entry") }),
      route(paths.noAuth, "routes/no-auth.tsx", { id: id("no-auth") }),
      route(paths.offline, "routes/offline.tsx", { id: id("offline") }),
      route(paths.page, "routes/page.tsx", { id: id("page") }),
      route("*", "routes/not-found.tsx", { id: id("not-found") }),
    ]),
    layout("layouts/fullscreen.tsx", { id: id("layout-fullscreen") }, [
      route(paths.paymentResult, "routes/payment-result.tsx", { id: id("payment-result") }),
      route(paths.demoPayment, "routes/demo-payment.tsx", { id: id("demo-payment") }),
    ]),
    layout("layouts/signup.tsx", { id: id("layout-signup") }, [
      route(paths.signup, "routes/signup-participants.tsx", { id: id("signup") }),
      route(paths.signupRecap, "routes/signup-recap.tsx", { id: id("signup-recap") }),
      route(paths.signupStays, "routes/signup-stays.tsx", { id: id("signup-stays") }),
    ]),
    // The organiser's console: its own layout, for the organiser's team only (layouts/console.tsx).
    layout("layouts/console.tsx", { id: id("layout-console") }, [
      route(console.home, "routes/console/home.tsx", { id: id("console-home") }),
      route(console.audit, "routes/console/audit.tsx", { id: id("console-audit") }),
      route(console.startLists, "routes/console/start-lists.tsx", { id: id("console-start-lists") }),
      route(console.checkIn, "routes/console/check-in.tsx", { id: id("console-check-in") }),
      route(console.eventCheckIn, "routes/console/event-check-in.tsx", { id: id("console-event-check-in") }),
      route(console.eventSignups, "routes/console/signups.tsx", { id: id("console-event-signups") }),
      route(console.appointmentSignups, "routes/console/signups.tsx", { id: id("console-appointment-signups") }),
      route(console.appointmentResults, "routes/console/results.tsx", { id: id("console-appointment-results") }),
      route(console.signup, "routes/console/signup.tsx", { id: id("console-signup") }),
      route(console.certificates, "routes/console/certificates.tsx", { id: id("console-certificates") }),
      route(console.team, "routes/console/team.tsx", { id: id("console-team") }),
      route(console.eventDashboard, "routes/console/event-dashboard.tsx", { id: id("console-event-dashboard") }),
      route(console.message, "routes/console/message.tsx", { id: id("console-message") }),
      route(console.eventCover, "routes/console/cover.tsx", { id: id("console-event-cover") }),
      route(console.discountCodes, "routes/console/discount-codes.tsx", { id: id("console-discount-codes") }),
      route(console.eventClubEntries, "routes/console/club-entries.tsx", { id: id("console-event-club-entries") }),
      route(console.eventCardLists, "routes/console/card-lists.tsx", { id: id("console-event-card-lists") }),
      route(console.events, "routes/console/events.tsx", { id: id("console-events") }),
      route(console.newEvent, "routes/console/event.tsx", { id: id("console-new-event") }),
      route(console.event, "routes/console/event.tsx", { id: id("console-event") }),
      route(console.appointment, "routes/console/appointment.tsx", { id: id("console-appointment") }),
      route(console.stay, "routes/console/stay.tsx", { id: id("console-stay") }),
      route(console.pages, "routes/console/pages.tsx", { id: id("console-pages") }),
      route(console.page, "routes/console/page.tsx", { id: id("console-page") }),
      route(console.organisation, "routes/console/organisation.tsx", { id: id("console-organisation") }),
      route(console.billingDocuments, "routes/console/billing-documents.tsx", {
        id: id("console-billing-documents"),
      }),
    ]),
  ];
}

export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  ...site(""),
  ...LANGUAGE_PREFIXES.map((prefix) => route(prefix, "i18n/prefix.tsx", { id: prefix }, site(prefix))),
] satisfies RouteConfig;
