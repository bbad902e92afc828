import { type CourseRecord, catalogueChanged, replaceCourse } from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";
import { courseOfGpxInWorker } from "./gpx.ts";

/**
 * Makes an uploaded GPX the appointment's course (an organiser's action, decision 030): read and
 * checked first (gpx.ts refuses what is not a usable GPX, and nothing changes), its figures computed
 * (packages/domain/src/course.ts), both in the GPX worker thread (gpx-worker.ts), then stored with
 * the GPX in one transaction that replaces any previous course, copies the summary onto the
 * appointment and writes one audit line. The kept catalogue pages are dropped, so the appointment's
 * page shows the course at once.
 */
export async function uploadCourse(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { appointmentId: string; gpx: Uint8Array },
): Promise<CourseRecord> {
  requireOrganiser(actor, "uploads a course");
  const { gpx, figures } = await courseOfGpxInWorker(input.gpx);
  await deps.db.transaction(async (tx) => {
    const replaced = await replaceCourse(tx, { appointmentId: input.appointmentId, gpx, figures, now: deps.now });
    if (!replaced) refuse("not-found", `No appointment ${input.appointmentId}.`);
    await audit(tx, deps, actor, {
      action: "course-uploaded",
      subjectType: "appointments",
      subjectId: input.appointmentId,
      eventId: replaced.eventId,
      before: { course: replaced.before },
      after: {
        course: {
          distance: figures.distance,
          elevationGain: figures.elevationGain,
          elevationLoss: figures.elevationLoss,
        },
        points: figures.points,
        waypoints: figures.waypoints.length,
        bytes: input.gpx.byteLength,
      },
    });
  });
  await catalogueChanged(deps.db);
  return { ...figures, appointmentId: input.appointmentId, updatedAt: deps.now };
}
