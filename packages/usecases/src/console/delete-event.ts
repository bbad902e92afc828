import { catalogueChanged, deleteEvent as deleteEventRow, eventHasSignups, lockEvent } from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";

/**
 * Deletes a draft nobody signed up for, with its appointments and stays. A published event, or one
 * with signups, is cancelled instead (`has-signups`, `wrong-state`): its runners must be told.
 */
export async function deleteEvent(deps: Deps, actor: Actor, input: { eventId: string }): Promise<void> {
  requireOrganiser(actor, "deletes events");
  await deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, input.eventId);
    if (!event) refuse("not-found", `No event ${input.eventId}.`);
    if (await eventHasSignups(tx, event.id)) refuse("has-signups", "People signed up for this event: cancel it.");
    if (event.status !== "draft") refuse("wrong-state", "Only a draft is deleted: unpublish or cancel it.");
    await deleteEventRow(tx, event.id);
    await audit(tx, deps, actor, {
      action: "delete",
      subjectType: "events",
      subjectId: event.id,
      eventId: null,
      before: { slug: event.slug, title: event.title, status: event.status },
    });
  });
  await catalogueChanged(deps.db);
}
