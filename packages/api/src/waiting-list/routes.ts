import { type Locale, pickText } from "@sports/domain";
import type { ResourceObject } from "@sports/jsonapi";
import {
  joinTheLine,
  leaveTheLine,
  myWaitingListEntries,
  myWaitingListEntry,
  userActor,
  type WaitingListEntryView,
} from "@sports/usecases";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { requireSession } from "../accounts/session.ts";
import { readResource } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { httpError } from "../errors.ts";
import { document } from "../respond.ts";

/**
 * The waiting lists over HTTP (docs/api.md, "Waiting lists"; decision 027), each entry its runner's
 * alone: `POST /api/waiting-list-entries` with the appointment (201 with `position`; 409
 * `not-sold-out` while places are free), `GET /api/waiting-list-entries` (one's own),
 * `GET` and `DELETE /api/waiting-list-entries/{id}`. An offer is the entry's `state: "offered"` with
 * its held signup.
 */

const PRIVATE = { "Cache-Control": "private, no-store" };
const person = (c: Context<ApiEnv>) => userActor(requireSession(c).user);

export function waitingListEntryResource(
  entry: WaitingListEntryView,
  locale: Locale,
): ResourceObject<"waiting-list-entries", Record<string, unknown>> {
  return {
    type: "waiting-list-entries",
    id: entry.id,
    attributes: {
      eventTitle: pickText(entry.event.title, locale) ?? entry.event.slug,
      eventSlug: entry.event.slug,
      timeZone: entry.event.timeZone,
      appointmentTitle: pickText(entry.appointment.title, locale) ?? entry.appointment.slug,
      appointmentSlug: entry.appointment.implicit ? null : entry.appointment.slug,
      state: entry.state,
      position: entry.position,
      offerExpiresAt: entry.state === "offered" ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
      createdAt: entry.createdAt.toISOString(),
    },
    relationships: {
      appointment: { data: { type: "appointments", id: entry.appointmentId } },
      event: { data: { type: "events", id: entry.eventId } },
      signup: { data: entry.signupId ? { type: "signups", id: entry.signupId } : null },
    },
    links: { self: `/api/waiting-list-entries/${entry.id}` },
  };
}

export function waitingListRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/waiting-list-entries", async (c) => {
    const actor = person(c);
    const { relationships } = await readResource(c, "waiting-list-entries", z.strictObject({}), {
      appointment: "appointments",
    });
    if (!relationships.appointment)
      throw httpError({
        status: 400,
        code: "invalid-relationship",
        title: "Invalid document",
        detail: "Give the appointment whose line to join.",
        source: { pointer: "/data/relationships" },
      });
    const entry = await joinTheLine(c.var.deps, actor, {
      appointmentId: relationships.appointment,
      locale: c.var.locale,
    });
    c.header("Location", `/api/waiting-list-entries/${entry.id}`);
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return document(c, { data: waitingListEntryResource(entry, c.var.locale) }, 201);
  });

  routes.get("/waiting-list-entries", async (c) => {
    const entries = await myWaitingListEntries(c.var.deps, person(c));
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return document(c, { data: entries.map((entry) => waitingListEntryResource(entry, c.var.locale)) });
  });

  routes.get("/waiting-list-entries/:id", async (c) => {
    const entry = await myWaitingListEntry(c.var.deps, person(c), c.req.param("id"));
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return document(c, { data: waitingListEntryResource(entry, c.var.locale) });
  });

  routes.delete("/waiting-list-entries/:id", async (c) => {
    await leaveTheLine(c.var.deps, person(c), c.req.param("id"));
    return c.body(null, 204);
  });

  return routes;
}
