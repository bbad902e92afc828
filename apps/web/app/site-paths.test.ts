import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  appointmentPath,
  athletePath,
  clubEntryPath,
  clubInvitationPath,
  clubPath,
  clubsPath,
  demoPaymentPath,
  diplomaPath,
  emailVerificationPath,
  eventPath,
  localizedUrl,
  offlinePath,
  passwordResetPath,
  paymentResultPath,
  profilePath,
  resultPath,
  resultsPath,
  signupPath,
  startPath,
  ticketPath,
  transferPath,
} from "@sports/jsonapi";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "./routes.ts";

/**
 * The paths the server writes into mails and payment returns, and the site into its links, are
 * built by packages/jsonapi/src/site-paths.ts: each must land on the screen it is for in the site's
 * real route table (routes.ts), with and without a language prefix.
 */
function routeObjects(entries: readonly RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { id: entry.id ?? entry.file, index: true }
      : {
          id: entry.id ?? entry.file,
          ...(entry.path === undefined ? {} : { path: entry.path }),
          children: routeObjects(entry.children ?? []),
        },
  );
}

const table = routeObjects(routes);

/** The id of the screen a URL's path lands on. */
function screenOf(url: string): string | undefined {
  const { pathname } = new URL(url, "https://events.example.org");
  return matchRoutes(table, pathname)?.at(-1)?.route.id;
}

const SIGNUP = "2f7c9a50-0000-4000-8000-000000000001";
const race = { eventSlug: "cortina-crode-trail", appointmentSlug: "ultra-72k" };
const camp = { eventSlug: "camp-multisport-molveno", appointmentSlug: null };

describe("the site's paths, against the route table", () => {
  it.each([
    ["the event", eventPath("cortina-crode-trail"), "event"],
    ["the appointment", appointmentPath("cortina-crode-trail", "ultra-72k"), "appointment"],
    ["a signup's participants", signupPath(race, SIGNUP), "signup"],
    ["a whole-event signup's participants", signupPath(camp, SIGNUP), "signup"],
    ["a signup's stays", signupPath(race, SIGNUP, "stays"), "signup-stays"],
    ["a signup's recap", signupPath(race, SIGNUP, "recap"), "signup-recap"],
    ["the recap of the signup being filled in", signupPath(camp, null, "recap"), "signup-recap"],
    ["where a signup starts", startPath(race), "appointment"],
    ["where a whole-event signup starts", startPath(camp), "event"],
    ["a payment's result", paymentResultPath(SIGNUP), "payment-result"],
    ["the demonstration payment", demoPaymentPath(SIGNUP), "demo-payment"],
    ["the address confirmation", emailVerificationPath("a-token"), "registration"],
    ["the password reset", passwordResetPath("a-token"), "reset-password"],
    ["an athlete's own link", athletePath("a-token"), "athlete"],
    ["the profile", profilePath(), "profile"],
    ["a place's transfer", transferPath(SIGNUP), "transfer"],
    ["the offline page", offlinePath("/evento"), "offline"],
    ["a participant's ticket", ticketPath(SIGNUP), "ticket"],
    ["a race's results", resultsPath("cortina-crode-trail", "ultra-72k"), "results"],
    [
      "a race's results, filtered",
      resultsPath("cortina-crode-trail", "ultra-72k", new URLSearchParams({ gender: "female", page: "2" })),
      "results",
    ],
    ["one finisher's result", resultPath("cortina-crode-trail", "ultra-72k", SIGNUP), "result"],
    ["a diploma's check", diplomaPath("K7QX2M9PTA"), "diploma"],
    ["the form to check a diploma", diplomaPath(), "diploma"],
    ["a club's entry", clubEntryPath(SIGNUP, SIGNUP), "club-entry"],
    ["the clubs one manages", clubsPath(), "clubs"],
    ["a club's page", clubPath(SIGNUP), "club"],
    ["an invitation to manage a club", clubInvitationPath("a-token"), "club-invitation"],
  ])("%s lands on its screen, in every language", (_, path, screen) => {
    expect(screenOf(path)).toBe(screen);
    expect(screenOf(localizedUrl("https://events.example.org", "it-IT", path))).toBe(`it-IT/${screen}`);
    expect(screenOf(localizedUrl("https://events.example.org", "de-DE", path))).toBe(`de-DE/${screen}`);
  });

  it("keeps the query a link carries", () => {
    expect(localizedUrl("https://events.example.org", "fr-FR", paymentResultPath(SIGNUP))).toBe(
      `https://events.example.org/fr-FR/paymentResult?payment=${SIGNUP}`,
    );
    expect(
      new URL(localizedUrl("https://x.org", "en-US", emailVerificationPath("t_0-k"))).searchParams.get("verifica"),
    ).toBe("t_0-k");
  });
});
