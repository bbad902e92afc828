import {
  type AppointmentRecord,
  type AppointmentRow,
  appointmentSlugTaken,
  catalogueChanged,
  insertAppointment,
  lockEvent,
} from "@sports/db";
import { type Actor, refuse, refuseProblems } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";
import {
  type AppointmentFields,
  appointmentProblems,
  missingFields,
  REQUIRED_APPOINTMENT_FIELDS,
} from "./catalogue-fields.ts";

/** A new appointment of an event (any status but cancelled), its slug free within the event. */
export async function createAppointment(
  deps: Deps,
  actor: Actor,
  input: { eventId: string; fields: AppointmentFields },
): Promise<AppointmentRecord> {
  requireOrganiser(actor, "adds appointments");
  const { fields } = input;
  refuseProblems(missingFields(fields, REQUIRED_APPOINTMENT_FIELDS));
  const values = { ...fields, eventId: input.eventId } as AppointmentRow;
  refuseProblems(
    appointmentProblems({
      startsAt: values.startsAt,
      endsAt: values.endsAt,
      minAge: values.minAge ?? null,
      maxAge: values.maxAge ?? null,
      bibFirst: values.bibFirst ?? null,
      bibLast: values.bibLast ?? null,
    }),
  );
  const appointment = await deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, input.eventId);
    if (!event) refuse("not-found", `No event ${input.eventId}.`);
    if (event.status === "cancelled") refuse("wrong-state", "The event is cancelled.");
    if (await appointmentSlugTaken(tx, event.id, values.slug))
      refuseProblems([
        { attribute: "slug", code: "slug-taken", detail: "Another appointment of this event has this slug." },
      ]);
    const created = await insertAppointment(tx, values);
    await audit(tx, deps, actor, {
      action: "create",
      subjectType: "appointments",
      subjectId: created.id,
      eventId: event.id,
      after: fields,
    });
    return created;
  });
  await catalogueChanged(deps.db);
  return appointment;
}
