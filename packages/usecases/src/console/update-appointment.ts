import {
  type AppointmentRecord,
  appointmentSlugTaken,
  catalogueChanged,
  lockAppointment,
  updateAppointment as updateAppointmentRow,
} from "@sports/db";
import { type Actor, refuse, refuseProblems } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { placesFreed } from "../waiting-list/offers.ts";
import { audit } from "./audit.ts";
import { type AppointmentFields, appointmentProblems, changedFields } from "./catalogue-fields.ts";

/**
 * Changes an appointment. Its capacity never goes below the places taken: the new capacity is
 * written by one conditional statement that holds it against the places taken at that moment, so
 * a hold made meanwhile is counted (`capacity-below-taken`). A higher capacity frees places at once,
 * offered first to its waiting list (decision 027).
 */
export async function updateAppointment(
  deps: Deps,
  actor: Actor,
  input: { appointmentId: string; change: AppointmentFields },
): Promise<AppointmentRecord> {
  requireOrganiser(actor, "changes appointments");
  const { change } = input;
  const appointment = await deps.db.transaction(async (tx) => {
    const current = await lockAppointment(tx, input.appointmentId);
    if (!current) refuse("not-found", `No appointment ${input.appointmentId}.`);
    const next = { ...current, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
    refuseProblems(appointmentProblems(next));
    if (change.slug !== undefined && (await appointmentSlugTaken(tx, current.eventId, change.slug, current.id)))
      refuseProblems([
        { attribute: "slug", code: "slug-taken", detail: "Another appointment of this event has this slug." },
      ]);
    const { before, after } = changedFields(current, change);
    if (Object.keys(after).length === 0) return current;
    const updated = await updateAppointmentRow(tx, current.id, after);
    if (!updated)
      refuse("capacity-below-taken", `${current.placesTaken} places are taken: the capacity cannot go below.`, {
        field: { attribute: "capacity" },
      });
    await audit(tx, deps, actor, {
      action: "update",
      subjectType: "appointments",
      subjectId: current.id,
      eventId: current.eventId,
      before,
      after,
    });
    if (updated.capacity > current.capacity)
      await placesFreed(
        deps,
        tx,
        { appointmentId: current.id, places: updated.capacity - current.capacity },
        {
          signupEnded: false,
        },
      );
    return updated;
  });
  await catalogueChanged(deps.db);
  // Places a raised capacity offered to the waiting list, each with its mail.
  deps.mailQueued();
  return appointment;
}
