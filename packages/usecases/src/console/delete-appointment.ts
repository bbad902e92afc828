import {
  appointmentHasSignups,
  catalogueChanged,
  deleteAppointment as deleteAppointmentRow,
  lockAppointment,
} from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";

/** Deletes an appointment nobody ever signed up for (`has-signups` otherwise: the signups keep it). */
export async function deleteAppointment(deps: Deps, actor: Actor, input: { appointmentId: string }): Promise<void> {
  requireOrganiser(actor, "deletes appointments");
  await deps.db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, input.appointmentId);
    if (!appointment) refuse("not-found", `No appointment ${input.appointmentId}.`);
    if (await appointmentHasSignups(tx, appointment.id))
      refuse("has-signups", "People signed up for this appointment: it cannot be deleted.");
    await deleteAppointmentRow(tx, appointment.id);
    await audit(tx, deps, actor, {
      action: "delete",
      subjectType: "appointments",
      subjectId: appointment.id,
      eventId: appointment.eventId,
      before: { slug: appointment.slug, title: appointment.title, capacity: appointment.capacity },
    });
  });
  await catalogueChanged(deps.db);
}
