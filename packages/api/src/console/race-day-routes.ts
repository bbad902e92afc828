import { certificateOnRaceDay, type Locale, pickText, refuse } from "@sports/domain";
import type { ResourceObject } from "@sports/jsonapi";
import {
  assignBibs,
  type CheckInInput,
  certificateAtDesk,
  changeBib,
  checkIn,
  checkInOverview,
  exportStartList,
  findRaceDayParticipants,
  type RaceDayParticipant,
  type StartListFormat,
  startLists,
  undoCheckIn,
} from "@sports/usecases";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { readAttributes, readResource } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { httpError } from "../errors.ts";
import { attachment, document, metaDocument } from "../respond.ts";
import { organiserOnly, teamActor } from "./actor.ts";

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

const bibChange = z.strictObject({ bib: z.number().int().min(1).max(9_999_999).nullable() });

const bibAssignment = z.strictObject({ order: z.enum(["surname", "signup"]) });

const participantQuery = z.strictObject({
  "filter[search]": z.string().trim().min(1).max(100),
  "filter[event]": z.uuid().optional(),
  locale: z.string().optional(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idOf(c: Context<ApiEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!UUID.test(id)) refuse("not-found", `No resource ${id}.`);
  return id.toLowerCase();
}

/**
 * Race day over HTTP: start lists (their appointments, and each one's CSV and XLSX streamed), bibs
 * (one participant's, or an appointment's all at once), the check-in desk (finding a participant,
 * checking them in, undoing a check-in, each race's check-ins so far). Organisers do everything;
 * staff read the lists and check in.
 */
export function raceDayRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/events/:id/start-lists", async (c) => {
    const appointments = await startLists(c.var.deps, teamActor(c), { eventId: c.req.param("id") });
    c.header("Cache-Control", PRIVATE);
    return document(c, {
      data: appointments.map((appointment) => ({
        type: "start-lists",
        id: appointment.id,
        attributes: {
          title: pickText(appointment.title, c.var.locale) ?? "",
          startsAt: appointment.startsAt.toISOString(),
          bibFirst: appointment.bibFirst,
          bibLast: appointment.bibLast,
          confirmed: appointment.confirmed,
          withBib: appointment.withBib,
        },
        relationships: { appointment: { data: { type: "appointments", id: appointment.id } } },
        links: {
          csv: `/api/appointments/${appointment.id}/start-list.csv`,
          xlsx: `/api/appointments/${appointment.id}/start-list.xlsx`,
        },
      })),
    });
  });

  for (const format of ["csv", "xlsx"] as const satisfies StartListFormat[]) {
    routes.get(`/appointments/:id/start-list.${format}`, async (c) => {
      const actor = teamActor(c);
      const list = await exportStartList(c.var.deps, actor, {
        appointmentId: c.req.param("id"),
        format,
        locale: c.var.locale,
      });
      return new Response(list.body, {
        status: 200,
        headers: {
          "content-type": list.contentType,
          "content-disposition": attachment(list.fileName),
          "cache-control": PRIVATE,
        },
      });
    });
  }

  routes.post("/appointments/:id/bib-assignments", async (c) => {
    const actor = organiserOnly(c);
    const input = await readAttributes(c, "bib-assignments", bibAssignment);
    const done = await assignBibs(c.var.deps, actor, { appointmentId: c.req.param("id"), order: input.order });
    return metaDocument(c, done);
  });

  routes.patch("/participants/:id", async (c) => {
    const actor = organiserOnly(c);
    const id = idOf(c);
    const input = await readAttributes(c, "participants", bibChange, { ids: [id] });
    const done = await changeBib(c.var.deps, actor, { participantId: id, bib: input.bib });
    return document(c, { data: { type: "participants", id: done.participantId, attributes: { bib: done.bib } } });
  });

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
