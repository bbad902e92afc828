import type { ResourceObject } from "@sports/jsonapi";
import { type TransferRecord, transferParticipantPlace, transfersFor, userActor } from "@sports/usecases";
import { type Context, Hono } from "hono";
import { requireSession } from "../accounts/session.ts";
import { readResource } from "../body.ts";
import { organiserOnly } from "../console/actor.ts";
import type { ApiEnv } from "../context.ts";
import { httpError } from "../errors.ts";
import { parseQuery } from "../query.ts";
import { document } from "../respond.ts";
import { participantInput } from "../signups/input.ts";

/**
 * Transfers over HTTP (docs/api.md, "Transfers"; decision 028), resources of their own. A runner
 * passes a place of their own confirmed signup with `POST /api/transfers` and reads their own with
 * `GET /api/transfers`; the organiser's console does both at `/api/console/transfers`, filtered by
 * event or signup. The new person's problems are 400s with a pointer per attribute. With the event's
 * fee, the owner's transfer answers `pending`: its fee is paid with `POST /api/payments` naming the
 * transfer, and the transfer takes effect when that payment arrives.
 */

const PRIVATE = "private, no-store";

/** The new person: a participant's fields, without a certificate (it is uploaded after, from My signups). */
const personInput = (now: Date) => participantInput(now).omit({ certificateId: true, certificateExpiresOn: true });

export function transferResource(transfer: TransferRecord): ResourceObject<"transfers", Record<string, unknown>> {
  return {
    type: "transfers",
    id: transfer.id,
    attributes: {
      from: { givenName: transfer.fromGivenName, familyName: transfer.fromFamilyName, email: transfer.fromEmail },
      to: { givenName: transfer.toGivenName, familyName: transfer.toFamilyName, email: transfer.toEmail },
      by: transfer.actorKind === "organiser" ? "organiser" : "owner",
      at: transfer.at.toISOString(),
      state: transfer.state,
      fee: transfer.fee && transfer.currency ? { amount: transfer.fee, currency: transfer.currency } : null,
      expiresAt: transfer.state === "pending" ? (transfer.expiresAt?.toISOString() ?? null) : null,
    },
    relationships: {
      signup: { data: { type: "signups", id: transfer.signupId } },
      participant: { data: { type: "participants", id: transfer.participantId } },
    },
  };
}

export function transferRoutes() {
  const routes = new Hono<ApiEnv>();

  const create = async (c: Context<ApiEnv>, asOrganiser: boolean) => {
    const actor = asOrganiser ? organiserOnly(c) : userActor(requireSession(c).user);
    const { attributes, relationships } = await readResource(c, "transfers", personInput(c.var.deps.now), {
      participant: "participants",
    });
    if (!relationships.participant)
      throw httpError({
        status: 400,
        code: "invalid-relationship",
        title: "Invalid document",
        detail: "Give the participant whose place is transferred.",
        source: { pointer: "/data/relationships" },
      });
    const view = await transferParticipantPlace(c.var.deps, actor, {
      participantId: relationships.participant,
      person: attributes,
      locale: c.var.locale,
    });
    c.header("Cache-Control", PRIVATE);
    return document(
      c,
      {
        data: transferResource(view.transfer),
        // A pending transfer has changed nothing yet: the new ticket comes once its fee is paid.
        meta: { ticketCode: view.transfer.state === "done" ? view.participant.ticketCode : null },
      },
      201,
    );
  };

  const list = async (c: Context<ApiEnv>, asOrganiser: boolean) => {
    const actor = asOrganiser ? organiserOnly(c) : userActor(requireSession(c).user);
    const { filters } = parseQuery<{ event: string; signup: string }>(c.var.url, {
      filters: { event: (value) => value, signup: (value) => value },
    });
    const transfers = await transfersFor(c.var.deps, actor, { eventId: filters.event, signupId: filters.signup });
    c.header("Cache-Control", PRIVATE);
    return document(c, { data: transfers.map(transferResource) });
  };

  routes.post("/transfers", (c) => create(c, false));
  routes.get("/transfers", (c) => list(c, false));
  routes.post("/console/transfers", (c) => create(c, true));
  routes.get("/console/transfers", (c) => list(c, true));
  return routes;
}
