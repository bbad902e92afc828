import {
  appointmentWithEvent,
  findSignup,
  fullAppointmentCheck,
  type HoldOutcome,
  holdSignup,
  type IdempotencyKey,
  implicitAppointmentOf,
  isUuid,
} from "@sports/db";
import { availabilityOf, hold, type Locale, refuse } from "@sports/domain";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { expireSignups } from "./expire.ts";
import { type SignupView, viewOf } from "./views.ts";

export interface HoldPlacesInput {
  /** The appointment, or for an event that takes signups as a whole, the event. */
  target: { appointmentId: string } | { eventId: string };
  /** One per participant: 1 when absent. */
  places?: number;
  /** The language of the page the signup starts on (its mails speak the account's: decision 018). */
  locale: Locale;
  /** Recorded by the statement that takes the places, when the request carries one. */
  key?: IdempotencyKey;
}

/** The hold made, or the person's own hold already on the appointment (`created: false`). */
export interface HoldPlaces {
  created: boolean;
  view: SignupView;
}

/**
 * Holds places on an appointment for the person (docs/decisions/011): refused `not-found` for an
 * appointment or event that is not published, `not-open`/`closed` outside its signup window,
 * `too-many-participants` past the event's limit, `sold-out` when the places are not there. Only the
 * hold's own conditional statement takes places, so a full appointment is never locked by the crowd
 * it turns away; a count read a moment ago may refuse early, never accept. On a full appointment the
 * person's own live hold is answered instead, and lapsed holds are expired and the hold tried once more.
 */
export async function holdPlaces(deps: Deps, actor: UserActor, input: HoldPlacesInput): Promise<HoldPlaces> {
  const { db, now } = deps;
  const field = "eventId" in input.target ? { relationship: "event" } : { relationship: "appointment" };
  const unknown = () => refuse("not-found", "No such appointment or event.", { field });
  let appointmentId = "appointmentId" in input.target ? input.target.appointmentId : undefined;
  if ("eventId" in input.target) {
    if (!isUuid(input.target.eventId)) unknown();
    appointmentId = await implicitAppointmentOf(db, input.target.eventId.toLowerCase());
    if (!appointmentId) {
      refuse("invalid-relationship", "This event takes signups per appointment: give the appointment.", { field });
    }
  }
  if (!appointmentId || !isUuid(appointmentId)) return unknown();
  const target = await appointmentWithEvent(db, appointmentId.toLowerCase());
  if (!target || target.event.status === "draft") return unknown();
  const { appointment, event } = target;

  const places = input.places ?? 1;
  const attempt = async (placesTakenSeen: number): Promise<HoldOutcome | { outcome: "sold-out" }> => {
    // Whether places are left is for the count below and, finally, the conditional statement.
    const availability = availabilityOf(event, { ...appointment, placesTaken: 0 }, now);
    const transition = hold({
      id: crypto.randomUUID(),
      actor,
      availability: availability.state,
      holdMinutes: event.holdMinutes,
      now,
      places,
      maxPerSignup: event.participantsPerSignup,
    });
    if (placesTakenSeen + places > appointment.capacity) return { outcome: "sold-out" };
    return holdSignup(db, {
      transition,
      eventId: event.id,
      appointmentId: appointment.id,
      locale: input.locale,
      ...(input.key ? { key: input.key } : {}),
    });
  };

  let result = await attempt(appointment.placesTaken);
  if (result.outcome === "sold-out") {
    // What stands on the full appointment came with the refused hold; a refusal from the count asks.
    const full = "hasLapsed" in result ? result : await fullAppointmentCheck(db, appointment.id, actor.userId, now);
    const ownHold = full.ownHoldId ? await findSignup(db, full.ownHoldId) : undefined;
    if (ownHold) {
      // The person's own hold still counts as theirs when the rest has gone.
      result = { outcome: "existing", signup: ownHold };
    } else if (full.hasLapsed) {
      // Places held by lapsed holds are free: expire this appointment's, then try once more.
      await expireSignups(deps, { appointmentId: appointment.id });
      result = await attempt(0);
    }
  }
  if (result.outcome === "sold-out") refuse("sold-out", "There are no places left.");
  if (result.outcome === "existing") return { created: false, view: await viewOf(db, result.signup) };
  // A new hold has no participants, stays or payments yet: its view needs no further read.
  return {
    created: true,
    view: {
      signup: result.signup,
      appointment,
      event,
      participants: [],
      stayBookings: [],
      roomTypes: new Map(),
      payments: [],
      discountCode: null,
      pendingTransfers: [],
      bibs: new Map(),
    },
  };
}
