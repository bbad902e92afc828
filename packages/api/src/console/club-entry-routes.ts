import { type ClubEntryRow, listEventClubEntries, messageClubManagers } from "@sports/usecases";
import { Hono } from "hono";
import { z } from "zod";
import { readAttributes } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { paginationLinks, parseQuery } from "../query.ts";
import { document, metaDocument } from "../respond.ts";
import { organiserOnly, teamActor } from "./actor.ts";
import { idOf } from "./signup-params.ts";

const clubMessage = z.strictObject({ subject: z.string().max(200), body: z.string().max(20_000) });

/** A club's signup as the console's list shows it (`club-entry-rows`, docs/api.md). */
function clubEntryRowResource(row: ClubEntryRow) {
  return {
    type: "club-entry-rows",
    id: row.id,
    attributes: {
      clubName: row.club.name,
      federation: row.club.federation,
      code: row.club.code,
      managers: row.managers,
      athletes: row.athletes,
      incomplete: row.incomplete,
      missingCertificate: row.missingCertificate,
      state: row.state,
      places: row.places,
      createdAt: row.createdAt.toISOString(),
      payment: row.payment,
      paidAmount: row.paidAmount,
      refundedAmount: row.refundedAmount,
      amountDue: row.amountDue,
      currency: row.currency,
    },
    relationships: {
      club: { data: { type: "clubs", id: row.club.id } },
      signup: { data: { type: "signups", id: row.id } },
      appointment: { data: { type: "appointments", id: row.appointmentId } },
    },
  };
}

/**
 * The organiser's console and clubs (docs/decisions/068-club-entries.md): an event's club signups
 * (`GET /api/events/{id}/club-entries`, the team; the money for organisers only) and a message to a
 * club's managers (`POST /api/clubs/{id}/messages`, organisers).
 */
export function consoleClubRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/events/:id/club-entries", async (c) => {
    const actor = teamActor(c);
    const query = parseQuery(c.var.url, { paginated: true });
    const list = await listEventClubEntries(c.var.deps, actor, {
      eventId: idOf(c),
      offset: (query.page.number - 1) * query.page.size,
      limit: query.page.size,
    });
    c.header("Cache-Control", "private, no-store");
    return document(c, {
      data: list.rows.map(clubEntryRowResource),
      meta: { total: list.total },
      links: paginationLinks(c.var.url, query.page, list.total),
    });
  });

  routes.post("/clubs/:id/messages", async (c) => {
    const actor = organiserOnly(c);
    const clubId = idOf(c);
    const input = await readAttributes(c, "messages", clubMessage);
    const { recipients } = await messageClubManagers(c.var.deps, actor, { clubId, ...input, locale: c.var.locale });
    return metaDocument(c, { recipients }, 202);
  });

  return routes;
}
