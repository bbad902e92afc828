import { type ConsoleEvent, catalogueChanged, type EventRow, eventSlugTaken, insertEvent } from "@sports/db";
import { type Actor, publishingProblems, refuseProblems, refusePublishing } from "@sports/domain";
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
 * A new event, a draft: nobody sees it on the public site until it is published. Its slug must be
 * free. Made published, it is refused as publishing it would be (`not-publishable`): it has no
 * appointment yet.
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
  if (values.status === "published")
    refusePublishing(publishingProblems({ ...values, timeZone: values.timeZone ?? "Europe/Rome" }, [], deps.now));
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
