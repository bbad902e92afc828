import { localDate } from "./price.ts";
import { type FieldProblem, Refusal, refuse } from "./refusal.ts";

/**
 * What publishing an event checks first: the slips a phone's keyboard makes that the public would
 * see. Each problem has its code, the surfaces' words for it (docs/api.md, PATCH /api/events/{id}).
 */
export const PUBLISHING_PROBLEMS = ["no-race", "date-past", "race-outside-event", "capacity-zero"] as const;
export type PublishingProblem = (typeof PUBLISHING_PROBLEMS)[number];

/** A capacity over this many times the largest of the organiser's earlier races is confirmed before publishing. */
export const LARGE_CAPACITY_FACTOR = 10;

export interface EventToPublish {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
}

export interface AppointmentToPublish {
  id: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  cancelledAt: Date | null;
}

/**
 * Why an event may not be published at `now`, every problem at once: it has no appointment to sign up
 * for (`no-race`; a cancelled one is none), it or an appointment starts before now (`date-past`), an
 * appointment starts or ends on a day outside the event's days in its time zone
 * (`race-outside-event`), or has no places (`capacity-zero`; in "event" signup mode, the event's one
 * implicit appointment). A problem of an appointment names it in `meta.appointment`.
 */
export function publishingProblems(
  event: EventToPublish,
  appointments: readonly AppointmentToPublish[],
  now: Date,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (event.startsAt < now)
    problems.push({ attribute: "startsAt", code: "date-past", detail: "The event starts before now." });
  const live = appointments.filter((appointment) => appointment.cancelledAt === null);
  if (live.length === 0)
    problems.push({ relationship: "appointments", code: "no-race", detail: "The event has no appointment." });
  const firstDay = localDate(event.startsAt, event.timeZone);
  const lastDay = localDate(event.endsAt, event.timeZone);
  for (const appointment of live) {
    const add = (code: PublishingProblem, detail: string) =>
      problems.push({ relationship: "appointments", code, detail, meta: { appointment: appointment.id } });
    if (appointment.startsAt < now) add("date-past", "The appointment starts before now.");
    if (
      localDate(appointment.startsAt, event.timeZone) < firstDay ||
      localDate(appointment.endsAt, event.timeZone) > lastDay
    )
      add("race-outside-event", "The appointment is not within the event's dates.");
    if (appointment.capacity <= 0) add("capacity-zero", "The appointment has no places.");
  }
  return problems;
}

/** Refuses publishing an event with these problems (`not-publishable`), all at once; nothing when there are none. */
export function refusePublishing(problems: readonly FieldProblem[]): void {
  if (problems.length > 0)
    throw new Refusal("not-publishable", "The event is not ready to be published.", { problems });
}

/**
 * Refuses publishing appointments whose capacity is over ten times `largest`, the largest capacity of
 * the organiser's earlier races (null: there are none, and nothing to compare with), until the
 * organiser confirms it (`capacity-large-unconfirmed`, with `meta.largest` and the appointments):
 * 5000 typed for 500 is one key too many.
 */
export function checkCapacitiesConfirmed(
  appointments: readonly AppointmentToPublish[],
  largest: number | null,
  confirmed: boolean,
): void {
  if (confirmed || largest === null || largest <= 0) return;
  const large = appointments
    .filter((appointment) => appointment.cancelledAt === null && appointment.capacity > LARGE_CAPACITY_FACTOR * largest)
    .map((appointment) => appointment.id);
  if (large.length > 0)
    refuse(
      "capacity-large-unconfirmed",
      `A capacity over ${LARGE_CAPACITY_FACTOR} times the largest of the earlier races (${largest}): confirm it.`,
      { meta: { largest, appointments: large } },
    );
}
