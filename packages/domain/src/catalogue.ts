/** The sports the organiser runs events for; a slug each, translated by the surfaces. */
export const SPORTS = [
  "trail-running",
  "road-running",
  "cycling",
  "mountain-biking",
  "swimming",
  "triathlon",
  "padel",
  "tennis",
  "multisport-camp",
] as const;
export type Sport = (typeof SPORTS)[number];

export const EVENT_STATUSES = ["draft", "published", "cancelled"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** How an event takes signups: per appointment, or for the whole event (through one implicit appointment). */
export const SIGNUP_MODES = ["appointment", "event"] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** How the age limits are measured: the age on the event's first day, or the age reached in its year. */
export const AGE_RULES = ["event-date", "birth-year"] as const;
export type AgeRule = (typeof AGE_RULES)[number];

export const MEDICAL_CERTIFICATES = ["none", "non-competitive", "competitive"] as const;
export type MedicalCertificate = (typeof MEDICAL_CERTIFICATES)[number];

export const GENDER_RESTRICTIONS = ["any", "female", "male"] as const;
export type GenderRestriction = (typeof GENDER_RESTRICTIONS)[number];

export const AVAILABILITY_STATES = ["open", "not-yet-open", "closed", "sold-out"] as const;
export type AvailabilityState = (typeof AVAILABILITY_STATES)[number];

export interface AvailabilityInput {
  now: Date;
  eventStatus: EventStatus;
  /** The event's signup window; null means open from publication / until the appointment starts. */
  signupOpensAt: Date | null;
  signupClosesAt: Date | null;
  /** The appointment's own deadline, which wins over the event's window when set. */
  signupDeadline: Date | null;
  startsAt: Date;
  capacity: number;
  placesTaken: number;
  /** Whether the organiser called this appointment off: then it is closed for good. */
  cancelled?: boolean;
}

export interface Availability {
  capacity: number;
  remaining: number;
  state: AvailabilityState;
}

/**
 * When signups for an appointment close: its own deadline, else the event's window, else its start;
 * never after its start.
 */
export function effectiveSignupDeadline(input: {
  signupDeadline: Date | null;
  signupClosesAt: Date | null;
  startsAt: Date;
}): Date {
  const closesAt = input.signupDeadline ?? input.signupClosesAt ?? input.startsAt;
  return closesAt < input.startsAt ? closesAt : input.startsAt;
}

/**
 * Whether an appointment takes signups right now. A closed appointment reads as closed even when
 * it was full: once signups are over, "sold out" would be a claim about the past.
 */
export function appointmentAvailability(input: AvailabilityInput): Availability {
  const remaining = Math.max(0, input.capacity - input.placesTaken);
  const deadline = effectiveSignupDeadline(input);
  let state: AvailabilityState;
  if (input.eventStatus !== "published" || input.cancelled || input.now >= deadline) state = "closed";
  else if (input.signupOpensAt && input.now < input.signupOpensAt) state = "not-yet-open";
  else if (remaining === 0) state = "sold-out";
  else state = "open";
  return { capacity: input.capacity, remaining, state };
}

/** {@link appointmentAvailability} of an appointment and its event as they are stored. */
export function availabilityOf(
  event: { status: EventStatus; signupOpensAt: Date | null; signupClosesAt: Date | null },
  appointment: {
    signupDeadline: Date | null;
    startsAt: Date;
    capacity: number;
    placesTaken: number;
    cancelledAt?: Date | null;
  },
  now: Date,
): Availability {
  return appointmentAvailability({
    now,
    eventStatus: event.status,
    signupOpensAt: event.signupOpensAt,
    signupClosesAt: event.signupClosesAt,
    signupDeadline: appointment.signupDeadline,
    startsAt: appointment.startsAt,
    capacity: appointment.capacity,
    placesTaken: appointment.placesTaken,
    cancelled: appointment.cancelledAt != null,
  });
}

/**
 * An event's availability, summed over its appointments. Its state is the most useful one for a
 * visitor: open if any appointment is open, else not yet open, else sold out, else closed.
 */
export function eventAvailability(appointments: readonly Availability[]): Availability | null {
  if (appointments.length === 0) return null;
  const order: AvailabilityState[] = ["open", "not-yet-open", "sold-out", "closed"];
  const state = order.find((s) => appointments.some((a) => a.state === s)) ?? "closed";
  const open = appointments.filter((a) => a.state === "open" || a.state === "not-yet-open");
  return {
    capacity: appointments.reduce((sum, a) => sum + a.capacity, 0),
    remaining: open.reduce((sum, a) => sum + a.remaining, 0),
    state,
  };
}
