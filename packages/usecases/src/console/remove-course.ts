import { catalogueChanged, removeCourse as removeCourseRow } from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";

/**
 * Removes an appointment's course (an organiser's action): its GPX and figures go, the appointment
 * shows no course. `not-found` when the appointment has none, so nothing is logged for nothing.
 */
export async function removeCourse(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { appointmentId: string },
): Promise<void> {
  requireOrganiser(actor, "removes a course");
  await deps.db.transaction(async (tx) => {
    const removed = await removeCourseRow(tx, input.appointmentId);
    if (!removed) refuse("not-found", `No appointment ${input.appointmentId}.`);
    if (!removed.before) refuse("not-found", "This appointment has no course.");
    await audit(tx, deps, actor, {
      action: "course-removed",
      subjectType: "appointments",
      subjectId: input.appointmentId,
      eventId: removed.eventId,
      before: { course: removed.before },
      after: { course: null },
    });
  });
  await catalogueChanged(deps.db);
}
