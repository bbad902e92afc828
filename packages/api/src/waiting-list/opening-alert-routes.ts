import type { Locale } from "@sports/domain";
import type { ResourceObject } from "@sports/jsonapi";
import {
  askToBeNotified,
  dropOpeningAlert,
  myOpeningAlert,
  myOpeningAlerts,
  type OpeningAlertView,
} from "@sports/usecases";
import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { document } from "../respond.ts";
import { appointmentAskedFor, PRIVATE, person, runnerRequestResource } from "./runner-requests.ts";

/**
 * "Notify me when signups open" over HTTP (docs/api.md, "Waiting lists"; decision 027), each alert
 * its runner's alone: `POST /api/opening-alerts` with the appointment (201, or 200 with the alert
 * asked for before; 409 `already-open` once signups are open), `GET /api/opening-alerts` (one's
 * own), `GET` and `DELETE /api/opening-alerts/{id}`.
 */

export function openingAlertResource(
  alert: OpeningAlertView,
  locale: Locale,
): ResourceObject<"opening-alerts", Record<string, unknown>> {
  return runnerRequestResource("opening-alerts", alert, locale, {
    attributes: {
      signupOpensAt: alert.event.signupOpensAt?.toISOString() ?? null,
      createdAt: alert.createdAt.toISOString(),
      notifiedAt: alert.notifiedAt?.toISOString() ?? null,
    },
  });
}

export function openingAlertRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/opening-alerts", async (c) => {
    const actor = person(c);
    const appointmentId = await appointmentAskedFor(c, "opening-alerts", "Give the appointment to be told about.");
    const { alert, created } = await askToBeNotified(c.var.deps, actor, { appointmentId });
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
