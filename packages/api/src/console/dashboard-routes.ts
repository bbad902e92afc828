import { pickText, refuse } from "@sports/domain";
import { eventDashboard, upcomingEvents } from "@sports/usecases";
import { Hono } from "hono";
import { z } from "zod";
import { coverOf } from "../catalogue/serializers.ts";
import type { ApiEnv } from "../context.ts";
import { document } from "../respond.ts";
import { teamActor } from "./actor.ts";

const day = (moment: Date) => moment.toISOString();

/**
 * How things stand, for the team: `GET /api/dashboard` (the events not over yet, with places left and
 * today's signups) and `GET /api/events/{id}/dashboard` (one event's aggregates, its discount codes'
 * uses; money for organisers only).
 */
export function dashboardRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/dashboard", async (c) => {
    const events = await upcomingEvents(c.var.deps, teamActor(c));
    return document(c, {
      data: events.map((event) => ({
        type: "event-summaries",
        id: event.id,
        attributes: {
          title: pickText(event.title, c.var.locale) ?? "",
          startsAt: day(event.startsAt),
          timeZone: event.timeZone,
          status: event.status,
          capacity: event.capacity,
          placesTaken: event.placesTaken,
          placesLeft: Math.max(event.capacity - event.placesTaken, 0),
          signupsToday: event.signupsToday,
        },
      })),
    });
  });

  routes.get("/events/:id/dashboard", async (c) => {
    const actor = teamActor(c);
    const eventId = c.req.param("id");
    if (!z.uuid().safeParse(eventId).success) refuse("not-found", "No such event.");
    const dashboard = await eventDashboard(c.var.deps, actor, { eventId });
    return document(c, {
      data: {
        type: "event-dashboards",
        id: dashboard.event.id,
        attributes: {
          title: pickText(dashboard.event.title, c.var.locale) ?? "",
          timeZone: dashboard.event.timeZone,
          startsAt: day(dashboard.event.startsAt),
          status: dashboard.event.status,
          cover: dashboard.event.coverImage ? coverOf(dashboard.event.coverImage, "") : null,
          signupsToday: dashboard.signupsToday,
          signupsPerDay: dashboard.signupsPerDay,
          appointments: dashboard.appointments.map((appointment) => ({
            ...appointment,
            title: pickText(appointment.title, c.var.locale) ?? "",
            startsAt: day(appointment.startsAt),
            placesLeft: Math.max(appointment.capacity - appointment.placesTaken, 0),
          })),
          revenue: dashboard.revenue,
          lodging: dashboard.lodging.map((night) => ({
            ...night,
            roomType: pickText(night.roomType, c.var.locale) ?? "",
            stay: pickText(night.stay, c.var.locale) ?? "",
          })),
          certificatesPending: dashboard.certificatesPending,
          discountCodes: dashboard.discountCodes,
        },
      },
    });
  });

  return routes;
}
