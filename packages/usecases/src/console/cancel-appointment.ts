import {
  type AppointmentRecord,
  catalogueChanged,
  lockAppointment,
  updateAppointment as updateAppointmentRow,
} from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";
import { cancelSignupsOf } from "./called-off-signups.ts";

/**
 * Calls off one appointment (a race) of an event, for good: it takes no more signups, and every
 * signup still holding places on it is cancelled as the event's cancellation does (paid ones
 * refunded in full, each runner mailed in their account's language), after the appointment's own
 * transaction. Cancelling it again is refused (`wrong-state`); the background jobs finish the
 * signups a stopped process left live.
 */
export async function cancelAppointment(
  deps: Deps,
  actor: Actor,
  input: { appointmentId: string },
): Promise<AppointmentRecord> {
  requireOrganiser(actor, "cancels appointments");
  const appointment = await deps.db.transaction(async (tx) => {
    const current = await lockAppointment(tx, input.appointmentId);
    if (!current) refuse("not-found", `No appointment ${input.appointmentId}.`);
    if (current.cancelledAt)
      refuse("wrong-state", "This appointment is cancelled already.", { field: { attribute: "status" } });
    const updated = await updateAppointmentRow(tx, current.id, { cancelledAt: deps.now });
    if (!updated) refuse("not-found", `No appointment ${input.appointmentId}.`);
    await audit(tx, deps, actor, {
      action: "cancel",
      subjectType: "appointments",
      subjectId: current.id,
      eventId: current.eventId,
      before: { status: "open" },
      after: { status: "cancelled", cancelledAt: deps.now.toISOString() },
    });
    return updated;
  });
  await catalogueChanged(deps.db);
  await cancelSignupsOf(deps, actor, { appointmentId: appointment.id });
  return appointment;
}
