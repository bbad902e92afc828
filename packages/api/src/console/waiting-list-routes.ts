import { appointmentLine } from "@sports/usecases";
import { Hono } from "hono";
import type { ApiEnv } from "../context.ts";
import { document } from "../respond.ts";
import { teamActor } from "./actor.ts";

/**
 * An appointment's waiting list for the team: `GET /api/appointments/{id}/waiting-list-entries`,
 * the live line (offers first, then the waiting in order) with its size and, for organisers, what it
 * would be worth (decision 027).
 */
export function consoleWaitingListRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/appointments/:id/waiting-list-entries", async (c) => {
    const line = await appointmentLine(c.var.deps, teamActor(c), c.req.param("id"));
    c.header("Cache-Control", "private, no-store");
    return document(c, {
      data: line.entries.map((entry) => ({
        type: "waiting-list-entries",
        id: entry.id,
        attributes: {
          state: entry.state,
          position: entry.position,
          givenName: entry.givenName,
          familyName: entry.familyName,
          email: entry.email,
          joinedAt: entry.joinedAt.toISOString(),
          offerExpiresAt: entry.offerExpiresAt?.toISOString() ?? null,
        },
        relationships: {
          signup: { data: entry.signupId ? { type: "signups", id: entry.signupId } : null },
        },
      })),
      meta: { waiting: line.waiting, offered: line.offered, open: line.open, worth: line.worth },
    });
  });

  return routes;
}
