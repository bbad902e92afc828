import { LOCALES, pickText, refuse } from "@sports/domain";
import { messageAudience, messageParticipants } from "@sports/usecases";
import { Hono } from "hono";
import { z } from "zod";
import { readAttributes } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { document, metaDocument } from "../respond.ts";
import { organiserOnly, teamActor } from "./actor.ts";

const text = z.strictObject({ subject: z.string().trim().max(200), body: z.string().trim().max(20_000) });
const message = z.strictObject({ texts: z.partialRecord(z.enum(LOCALES), text) });

const appointmentId = (id: string) => {
  if (!z.uuid().safeParse(id).success) refuse("not-found", "No such appointment.");
  return id.toLowerCase();
};

/**
 * Messages to an appointment's participants, organisers only: `GET /api/appointments/{id}/message-audience`
 * (how many signups a message would reach) and `POST /api/appointments/{id}/messages` (send it).
 */
export function messageRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/appointments/:id/message-audience", async (c) => {
    const { appointment, recipients } = await messageAudience(c.var.deps, teamActor(c), {
      appointmentId: appointmentId(c.req.param("id")),
    });
    return document(c, {
      data: {
        type: "message-audiences",
        id: appointment.id,
        attributes: {
          appointmentTitle: pickText(appointment.title, c.var.locale) ?? "",
          eventId: appointment.eventId,
          eventTitle: pickText(appointment.eventTitle, c.var.locale) ?? "",
          recipients,
        },
      },
    });
  });

  routes.post("/appointments/:id/messages", async (c) => {
    const actor = organiserOnly(c);
    const id = appointmentId(c.req.param("id"));
    const input = await readAttributes(c, "messages", message);
    const { recipients } = await messageParticipants(c.var.deps, actor, { appointmentId: id, texts: input.texts });
    return metaDocument(c, { recipients }, 202);
  });

  return routes;
}
