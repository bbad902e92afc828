import { type CourseRecord, findAppointment, findCourse, findCourseGpx, isUuid, publicEventsById } from "@sports/db";
import { type Appointment, refuse } from "@sports/domain";
import type { Deps } from "../deps.ts";

/** The appointment when its event is published (or was, then cancelled): what anyone may read. */
async function publicAppointment(deps: Pick<Deps, "db">, id: string): Promise<Appointment> {
  const appointment = isUuid(id) ? await findAppointment(deps.db, id.toLowerCase()) : undefined;
  const event = appointment && (await publicEventsById(deps.db, [appointment.eventId])).get(appointment.eventId);
  if (!appointment || !event) refuse("not-found", `No appointment "${id}".`);
  return appointment;
}

/**
 * A published appointment's course (decision 030): the figures, simplified track, profile and
 * waypoints, never the GPX text. `not-found` for an appointment that is not public or has no course.
 * The same for every visitor, so it takes no actor.
 */
export async function readCourse(deps: Pick<Deps, "db">, appointmentId: string): Promise<CourseRecord> {
  const appointment = await publicAppointment(deps, appointmentId);
  const course = await findCourse(deps.db, appointment.id);
  if (!course) refuse("not-found", "This appointment has no course.");
  return course;
}

/** A published appointment's GPX as the organiser uploaded it, named after the appointment. */
export async function readCourseGpx(
  deps: Pick<Deps, "db">,
  appointmentId: string,
): Promise<{ gpx: string; fileName: string }> {
  const appointment = await publicAppointment(deps, appointmentId);
  const gpx = await findCourseGpx(deps.db, appointment.id);
  if (gpx === undefined) refuse("not-found", "This appointment has no course.");
  return { gpx, fileName: `${appointment.slug}.gpx` };
}
