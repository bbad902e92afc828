import type { CourseFigures } from "@sports/domain";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { appointmentCourses, appointments } from "../schema.ts";

/** A stored course as its endpoints show it: everything but the GPX text. */
export interface CourseRecord extends Omit<CourseFigures, "points"> {
  appointmentId: string;
  points: number;
  updatedAt: Date;
}

/** The figures an appointment shows of its course, or null for none. */
export interface CourseSummaryRecord {
  distance: number;
  elevationGain: number;
  elevationLoss: number;
}

const courseColumns = {
  appointmentId: appointmentCourses.appointmentId,
  distance: appointmentCourses.distance,
  elevationGain: appointmentCourses.elevationGain,
  elevationLoss: appointmentCourses.elevationLoss,
  highest: appointmentCourses.highest,
  lowest: appointmentCourses.lowest,
  points: appointmentCourses.points,
  track: appointmentCourses.track,
  profile: appointmentCourses.profile,
  waypoints: appointmentCourses.waypoints,
  bounds: appointmentCourses.bounds,
  updatedAt: appointmentCourses.updatedAt,
};

const summaryOf = (row: {
  courseDistance: number | null;
  courseElevationGain: number | null;
  courseElevationLoss: number | null;
}): CourseSummaryRecord | null =>
  row.courseDistance === null
    ? null
    : {
        distance: row.courseDistance,
        elevationGain: row.courseElevationGain ?? 0,
        elevationLoss: row.courseElevationLoss ?? 0,
      };

/** The appointment a course belongs to, locked for the change, with the summary it shows now. */
async function lockForCourse(tx: Transaction, appointmentId: string) {
  const [row] = await tx
    .select({
      eventId: appointments.eventId,
      slug: appointments.slug,
      courseDistance: appointments.courseDistance,
      courseElevationGain: appointments.courseElevationGain,
      courseElevationLoss: appointments.courseElevationLoss,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
    .for("update")
    .limit(1);
  return row && { eventId: row.eventId, slug: row.slug, before: summaryOf(row) };
}

/**
 * Makes `figures` (computed from `gpx`) the appointment's course in the caller's transaction,
 * replacing any previous one, and copies its summary onto the appointment. Answers the appointment's
 * event and the summary it showed before, or undefined when there is no such appointment.
 */
export async function replaceCourse(
  tx: Transaction,
  input: { appointmentId: string; gpx: string; figures: CourseFigures; now: Date },
): Promise<{ eventId: string; before: CourseSummaryRecord | null } | undefined> {
  const appointment = await lockForCourse(tx, input.appointmentId);
  if (!appointment) return undefined;
  const { figures } = input;
  const values = {
    gpx: input.gpx,
    distance: figures.distance,
    elevationGain: figures.elevationGain,
    elevationLoss: figures.elevationLoss,
    highest: figures.highest,
    lowest: figures.lowest,
    points: figures.points,
    track: figures.track,
    profile: figures.profile,
    waypoints: figures.waypoints,
    bounds: figures.bounds,
    updatedAt: input.now,
  };
  await tx
    .insert(appointmentCourses)
    .values({ appointmentId: input.appointmentId, ...values })
    .onConflictDoUpdate({ target: appointmentCourses.appointmentId, set: values });
  await tx
    .update(appointments)
    .set({
      courseDistance: figures.distance,
      courseElevationGain: figures.elevationGain,
      courseElevationLoss: figures.elevationLoss,
    })
    .where(eq(appointments.id, input.appointmentId));
  return { eventId: appointment.eventId, before: appointment.before };
}

/**
 * Removes the appointment's course in the caller's transaction. Answers its event and the summary
 * it showed (null: it had no course), or undefined when there is no such appointment.
 */
export async function removeCourse(
  tx: Transaction,
  appointmentId: string,
): Promise<{ eventId: string; before: CourseSummaryRecord | null } | undefined> {
  const appointment = await lockForCourse(tx, appointmentId);
  if (!appointment) return undefined;
  await tx.delete(appointmentCourses).where(eq(appointmentCourses.appointmentId, appointmentId));
  await tx
    .update(appointments)
    .set({ courseDistance: null, courseElevationGain: null, courseElevationLoss: null })
    .where(eq(appointments.id, appointmentId));
  return { eventId: appointment.eventId, before: appointment.before };
}

/** An appointment's course without its GPX text (which may weigh megabytes). */
export async function findCourse(db: Database, appointmentId: string): Promise<CourseRecord | undefined> {
  const rows = await db
    .select(courseColumns)
    .from(appointmentCourses)
    .where(eq(appointmentCourses.appointmentId, appointmentId))
    .limit(1);
  return rows[0];
}

/** The organiser's GPX of an appointment's course, as uploaded. */
export async function findCourseGpx(db: Database, appointmentId: string): Promise<string | undefined> {
  const rows = await db
    .select({ gpx: appointmentCourses.gpx })
    .from(appointmentCourses)
    .where(eq(appointmentCourses.appointmentId, appointmentId))
    .limit(1);
  return rows[0]?.gpx;
}
