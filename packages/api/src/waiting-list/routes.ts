import type { Locale } from "@sports/domain";
import type { ResourceObject } from "@sports/jsonapi";
import {
  joinTheLine,
  leaveTheLine,
  myWaitingListEntries,
  myWaitingListEntry,
  type WaitingListEntryView,
} from "@sports/usecases";
import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { document } from "../respond.ts";
import { appointmentAskedFor, PRIVATE, person, runnerRequestResource } from "./runner-requests.ts";

/**
 * The waiting lists over HTTP (docs/api.md, "Waiting lists"; decision 027), each entry its runner's
 * alone: `POST /api/waiting-list-entries` with the appointment (201 with `position`; 409
 * `not-sold-out` while places are free), `GET /api/waiting-list-entries` (one's own),
 * `GET` and `DELETE /api/waiting-list-entries/{id}`. An offer is the entry's `state: "offered"` with
 * its held signup.
 */

export function waitingListEntryResource(
  entry: WaitingListEntryView,
  locale: Locale,
): ResourceObject<"waiting-list-entries", Record<string, unknown>> {
  return runnerRequestResource("waiting-list-entries", entry, locale, {
    attributes: {
      state: entry.state,
      position: entry.position,
      offerExpiresAt: entry.state === "offered" ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
      createdAt: entry.createdAt.toISOString(),
    },
    relationships: { signup: { data: entry.signupId ? { type: "signups", id: entry.signupId } : null } },
  });
}

export function waitingListRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/waiting-list-entries", async (c) => {
    const actor = person(c);
    const appointmentId = await appointmentAskedFor(
      c,
      "waiting-list-entries",
      "Give the appointment whose line to join.",
    );
    const entry = await joinTheLine(c.var.deps, actor, {
      appointmentId,
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
