import { type Locale, pickText } from "@sports/domain";
import type { ResourceObject } from "@sports/jsonapi";
import {
  askToBeNotified,
  dropOpeningAlert,
  myOpeningAlert,
  myOpeningAlerts,
  type OpeningAlertView,
  userActor,
} from "@sports/usecases";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { requireSession } from "../accounts/session.ts";
import { readResource } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { httpError } from "../errors.ts";
import { document } from "../respond.ts";

/**
 * "Notify me when signups open" over HTTP (docs/api.md, "Waiting lists"; decision 027), each alert
 * its runner's alone: `POST /api/opening-alerts` with the appointment (201, or 200 with the alert
 * asked for before; 409 `already-open` once signups are open), `GET /api/opening-alerts` (one's
 * own), `GET` and `DELETE /api/opening-alerts/{id}`.
 */

const PRIVATE = { "Cache-Control": "private, no-store" };
const person = (c: Context<ApiEnv>) => userActor(requireSession(c).user);

export function openingAlertResource(
  alert: OpeningAlertView,
  locale: Locale,
): ResourceObject<"opening-alerts", Record<string, unknown>> {
  return {
    type: "opening-alerts",
    id: alert.id,
    attributes: {
      eventTitle: pickText(alert.event.title, locale) ?? alert.event.slug,
      eventSlug: alert.event.slug,
      timeZone: alert.event.timeZone,
      appointmentTitle: pickText(alert.appointment.title, locale) ?? alert.appointment.slug,
      appointmentSlug: alert.appointment.implicit ? null : alert.appointment.slug,
      signupOpensAt: alert.event.signupOpensAt?.toISOString() ?? null,
      createdAt: alert.createdAt.toISOString(),
      notifiedAt: alert.notifiedAt?.toISOString() ?? null,
    },
    relationships: {
      appointment: { data: { type: "appointments", id: alert.appointmentId } },
      event: { data: { type: "events", id: alert.eventId } },
    },
    links: { self: `/api/opening-alerts/${alert.id}` },
  };
}

export function openingAlertRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/opening-alerts", async (c) => {
    const actor = person(c);
    const { relationships } = await readResource(c, "opening-alerts", z.strictObject({}), {
      appointment: "appointments",
    });
    if (!relationships.appointment)
      throw httpError({
        status: 400,
        code: "invalid-relationship",
        title: "Invalid document",
        detail: "Give the appointment to be told about.",
        source: { pointer: "/data/relationships" },
      });
    const { alert, created } = await askToBeNotified(c.var.deps, actor, { appointmentId: relationships.appointment });
    c.header("Location", `/api/opening-alerts/${alert.id}`);
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return document(c, { data: openingAlertResource(alert, c.var.locale) }, created ? 201 : 200);
  });

  routes.get("/opening-alerts", async (c) => {
    const alerts = await myOpeningAlerts(c.var.deps, person(c));
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return document(c, { data: alerts.map((alert) => openingAlertResource(alert, c.var.locale)) });
  });

  routes.get("/opening-alerts/:id", async (c) => {
    const alert = await myOpeningAlert(c.var.deps, person(c), c.req.param("id"));
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return document(c, { data: openingAlertResource(alert, c.var.locale) });
  });

  routes.delete("/opening-alerts/:id", async (c) => {
    await dropOpeningAlert(c.var.deps, person(c), c.req.param("id"));
    return c.body(null, 204);
  });

  return routes;
}
