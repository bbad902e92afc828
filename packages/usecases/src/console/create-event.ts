import { type ConsoleEvent, catalogueChanged, type EventRow, eventSlugTaken, insertEvent } from "@sports/db";
import { type Actor, refuseProblems } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";
import {
  type EventFields,
  eventProblems,
  missingFields,
  REQUIRED_EVENT_FIELDS,
  searchTextFor,
} from "./catalogue-fields.ts";

/**
 * A new event, a draft unless its status says otherwise: nobody sees it on the public site until
 * it is published. Its slug must be free.
 */
export async function createEvent(deps: Deps, actor: Actor, input: EventFields): Promise<ConsoleEvent> {
  requireOrganiser(actor, "creates events");
  refuseProblems(missingFields(input, REQUIRED_EVENT_FIELDS));
  const values = { ...input, status: input.status === "published" ? "published" : "draft" } as EventRow;
  refuseProblems(
    eventProblems({
      startsAt: values.startsAt,
      endsAt: values.endsAt,
      minAge: values.minAge ?? null,
      maxAge: values.maxAge ?? null,
      latitude: values.latitude ?? null,
      longitude: values.longitude ?? null,
      signupOpensAt: values.signupOpensAt ?? null,
      signupClosesAt: values.signupClosesAt ?? null,
    }),
  );
  const event = await deps.db.transaction(async (tx) => {
    if (await eventSlugTaken(tx, values.slug))
      refuseProblems([{ attribute: "slug", code: "slug-taken", detail: "Another event has this slug." }]);
    const created = await insertEvent(tx, {
      ...values,
      searchText: searchTextFor(values),
      createdAt: deps.now,
      updatedAt: deps.now,
    });
    await audit(tx, deps, actor, {
      action: "create",
      subjectType: "events",
      subjectId: created.id,
      eventId: created.id,
      after: input,
    });
    return created;
  });
  await catalogueChanged(deps.db);
  return event;
}
