import { pickText, refuse } from "@sports/domain";
import { assignBibs, changeBib, exportStartList, type StartListFormat, startLists } from "@sports/usecases";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { readAttributes } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { attachment, document, metaDocument } from "../respond.ts";
import { organiserOnly, teamActor } from "./actor.ts";
import { checkInRoutes } from "./check-in-routes.ts";

const PRIVATE = "private, no-store";

const bibChange = z.strictObject({ bib: z.number().int().min(1).max(9_999_999).nullable() });

const bibAssignment = z.strictObject({ order: z.enum(["surname", "signup"]) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idOf(c: Context<ApiEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!UUID.test(id)) refuse("not-found", `No resource ${id}.`);
  return id.toLowerCase();
}

/**
 * Race day over HTTP: start lists (their appointments, and each one's CSV and XLSX streamed), bibs
 * (one participant's, or an appointment's all at once), and the check-in desk (check-in-routes.ts).
 * Organisers do everything; staff read the lists and check in.
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

  // The check-in desk.
  routes.route("/", checkInRoutes());

  return routes;
}
