import { certificateOnRaceDay, type Locale, pickText, refuse } from "@sports/domain";
import type { ResourceObject } from "@sports/jsonapi";
import {
  type CheckInInput,
  certificateAtDesk,
  checkIn,
  checkInOverview,
  findRaceDayParticipants,
  missingAtDesk,
  type RaceDayParticipant,
  undoCheckIn,
} from "@sports/usecases";
import { Hono } from "hono";
import { z } from "zod";
import { readResource } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { httpError } from "../errors.ts";
import { document } from "../respond.ts";
import { teamActor } from "./actor.ts";

const PRIVATE = "private, no-store";

/**
 * A participant as the race-day desk sees them: who, their bib and race, whether checked in, and
 * where their certificate stands on race day (null when the event requires none).
 */
export function raceDayParticipantResource(
  participant: RaceDayParticipant,
  locale: Locale,
): ResourceObject<"participants", Record<string, unknown>> {
  return {
    type: "participants",
    id: participant.id,
    attributes: {
      givenName: participant.givenName,
      familyName: participant.familyName,
      bib: participant.bib,
      ticketCode: participant.ticketCode,
      appointmentTitle: pickText(participant.appointmentTitle, locale) ?? "",
      eventTitle: pickText(participant.eventTitle, locale) ?? "",
      signupState: participant.signupState,
      checkedInAt: participant.checkedInAt?.toISOString() ?? null,
      certificate: certificateOnRaceDay(certificateAtDesk(participant)),
      // A club's athlete's own part still missing (docs/decisions/068).
      missing: missingAtDesk(participant),
    },
    relationships: {
      signup: { data: { type: "signups", id: participant.signupId } },
      appointment: { data: { type: "appointments", id: participant.appointmentId } },
      event: { data: { type: "events", id: participant.eventId } },
    },
  };
}

const checkInAttributes = z.strictObject({
  ticketCode: z.string().trim().min(1).max(40).optional(),
  bib: z.number().int().min(1).max(9_999_999).optional(),
  confirmWithoutCertificate: z.boolean().optional(),
});

const participantQuery = z.strictObject({
  "filter[search]": z.string().trim().min(1).max(100),
  "filter[event]": z.uuid().optional(),
  locale: z.string().optional(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The race-day check-in desk over HTTP (mounted by race-day-routes.ts; docs/decisions/045 and 051):
 * finding a participant, checking them in, undoing a check-in, each race's check-ins so far. The
 * whole team works the desk.
 */
export function checkInRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/participants", async (c) => {
    const actor = teamActor(c);
    const parsed = participantQuery.safeParse(Object.fromEntries(c.var.url.searchParams));
    if (!parsed.success)
      throw httpError({
        status: 400,
        code: "invalid-query",
        title: "Invalid query parameter",
        detail: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "),
        source: { parameter: "filter[search]" },
      });
    const found = await findRaceDayParticipants(c.var.deps, actor, {
      search: parsed.data["filter[search]"],
      ...(parsed.data["filter[event]"] ? { eventId: parsed.data["filter[event]"] } : {}),
    });
    c.header("Cache-Control", PRIVATE);
    return document(c, { data: found.map((participant) => raceDayParticipantResource(participant, c.var.locale)) });
  });

  routes.post("/check-ins", async (c) => {
    const actor = teamActor(c);
    const { attributes, relationships } = await readResource(c, "check-ins", checkInAttributes, {
      participant: "participants",
      event: "events",
    });
    const given = [attributes.ticketCode, relationships.participant, attributes.bib].filter((x) => x !== undefined);
    if (given.length !== 1)
      refuse("invalid-input", "Give the ticket code, the participant, or the bib (with the event).", {
        field: { attribute: "ticketCode" },
      });
    if (attributes.bib !== undefined && relationships.event === undefined)
      refuse("invalid-input", "A bib names a participant only within an event.", { field: { relationship: "event" } });
    const eventId = relationships.event ?? "";
    if (attributes.bib !== undefined && !UUID.test(eventId)) refuse("not-found", `No event ${eventId}.`);
    const input: CheckInInput = {
      ...(attributes.ticketCode !== undefined
        ? { ticketCode: attributes.ticketCode }
        : relationships.participant !== undefined
          ? { participantId: relationships.participant }
          : { bib: attributes.bib ?? 0, eventId: eventId.toLowerCase() }),
      confirmWithoutCertificate: attributes.confirmWithoutCertificate === true,
    };
    const done = await checkIn(c.var.deps, actor, input);
    const participant = raceDayParticipantResource(done, c.var.locale);
    return document(
      c,
      {
        data: {
          type: "check-ins",
          id: done.checkInId,
          attributes: { checkedInAt: done.checkedInAt.toISOString(), withoutCertificate: done.withoutCertificate },
          relationships: { participant: { data: { type: "participants", id: done.id } } },
        },
        included: [participant],
      },
      201,
    );
  });

  routes.delete("/check-ins/:id", async (c) => {
    await undoCheckIn(c.var.deps, teamActor(c), { checkInId: c.req.param("id") });
    return c.body(null, 204);
  });

  routes.get("/events/:id/check-in-tallies", async (c) => {
    const { eventTitle, races } = await checkInOverview(c.var.deps, teamActor(c), { eventId: c.req.param("id") });
    c.header("Cache-Control", PRIVATE);
    return document(c, {
      meta: { eventTitle: pickText(eventTitle, c.var.locale) ?? "" },
      data: races.map((race) => ({
        type: "check-in-tallies",
        id: race.appointmentId,
        attributes: {
          title: pickText(race.title, c.var.locale) ?? "",
          startsAt: race.startsAt.toISOString(),
          checkedIn: race.checkedIn,
          toCome: race.toCome,
        },
        relationships: {
          appointment: { data: { type: "appointments", id: race.appointmentId } },
          toCome: { data: race.toComeFirst.map((one) => ({ type: "participants", id: one.id })) },
        },
      })),
      included: races.flatMap((race) => race.toComeFirst.map((one) => raceDayParticipantResource(one, c.var.locale))),
    });
  });

  return routes;
}
