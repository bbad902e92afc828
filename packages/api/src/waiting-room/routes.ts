import type { ResourceObject } from "@sports/jsonapi";
import { joinQueue, myQueueEntry, myQueueEntryFor, type QueueEntryView, waitingStandingOf } from "@sports/usecases";
import { Hono, type MiddlewareHandler } from "hono";
import type { ApiEnv } from "../context.ts";
import { invalidParameter } from "../errors.ts";
import { document } from "../respond.ts";
import { PRIVATE, person } from "../waiting-list/runner-requests.ts";
import { setPassCookie } from "./pass-cookie.ts";

/**
 * An event's waiting room over HTTP (docs/api.md, "Waiting rooms"; decision 072), each entry its
 * account's alone: `POST /api/events/{id}/queue-entries` joins (201, or 200 with the account's entry
 * already there), `GET /api/queue-entries/{id}` reads where it stands. `meta.refreshAfter` says how
 * many seconds a page may wait before reading it again. Read admitted from the site's session, the
 * pass is also set as the site's cookie (pass-cookie.ts). While the entry waits with a place, its
 * `links.self` carries its signed standing, and a read of that address is answered by
 * `standingRead` before any session is looked up (decision 074).
 */

export function queueEntryResource(entry: QueueEntryView): ResourceObject<"queue-entries", Record<string, unknown>> {
  return {
    type: "queue-entries",
    id: entry.id,
    attributes: {
      state: entry.state,
      place: entry.place,
      position: entry.position,
      ahead: entry.ahead,
      estimatedWait: entry.estimatedWait,
      pass: entry.pass,
      passExpiresAt: entry.passExpiresAt?.toISOString() ?? null,
      opensAt: entry.opensAt.toISOString(),
      joinedAt: entry.joinedAt.toISOString(),
    },
    relationships: { event: { data: { type: "events", id: entry.eventId } } },
    links: {
      self: `/api/queue-entries/${entry.id}${entry.standing ? `?standing=${encodeURIComponent(entry.standing)}` : ""}`,
    },
  };
}

/**
 * `GET /api/queue-entries/{id}?standing=…`, mounted before the session is looked up: a waiting
 * entry's read answered from its signed standing and the clock. Anything else (no standing, not the
 * room's, the entry no longer waiting) goes on to the full read below, with the session.
 */
export const standingRead: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const token = c.req.query("standing");
  const view = token ? await waitingStandingOf(c.var.deps, c.req.param("id") ?? "", token) : undefined;
  if (!view) return next();
  c.header("Cache-Control", PRIVATE["Cache-Control"]);
  return document(c, { data: queueEntryResource(view), meta: { refreshAfter: view.refreshAfter } });
};

export function waitingRoomRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/events/:id/queue-entries", async (c) => {
    const { created, view } = await joinQueue(c.var.deps, person(c), { eventId: c.req.param("id") });
    c.header("Location", `/api/queue-entries/${view.id}`);
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    setPassCookie(c, view.pass, view.passExpiresAt);
    return document(
      c,
      { data: queueEntryResource(view), meta: { refreshAfter: view.refreshAfter } },
      created ? 201 : 200,
    );
  });

  routes.get("/queue-entries", async (c) => {
    const eventId = c.req.query("filter[event]");
    if (!eventId) throw invalidParameter("filter[event]", "Give the event whose entry to read.");
    const view = await myQueueEntryFor(c.var.deps, person(c), eventId);
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    if (view) setPassCookie(c, view.pass, view.passExpiresAt);
    return document(c, {
      data: view ? [queueEntryResource(view)] : [],
      ...(view ? { meta: { refreshAfter: view.refreshAfter } } : {}),
    });
  });

  routes.get("/queue-entries/:id", async (c) => {
    const view = await myQueueEntry(c.var.deps, person(c), c.req.param("id"));
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    setPassCookie(c, view.pass, view.passExpiresAt);
    return document(c, { data: queueEntryResource(view), meta: { refreshAfter: view.refreshAfter } });
  });

  return routes;
}
