import {
  type Database,
  findOrganisation,
  findSignup,
  fullAppointmentCheck,
  type HoldOutcome,
  type HoldTarget,
  holdSignup,
  type IdempotencyKey,
  implicitAppointmentOf,
  isUuid,
  keepHoldTarget,
  keptHoldTarget,
  readHoldTarget,
} from "@sports/db";
import { availabilityOf, hold, isRefusal, type Locale, refuse } from "@sports/domain";
import type { UserActor } from "../actors.ts";
import { billingRulesOf } from "../billing/rules.ts";
import type { Deps } from "../deps.ts";
import { giveBackQueuePass, takeQueuePass } from "../waiting-room/passes.ts";
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
  /** The account's pass of the event's waiting room, while it has one (waiting-room/passes.ts). */
  queuePass?: string;
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
 * The appointment and its event are judged as this process keeps them for a few seconds: the hold's
 * statement writes only while they are still as judged, and a refusal is judged again on a fresh
 * read (docs/decisions/036). While the event has a waiting room, the hold takes the account's pass
 * first, and gives it back when refused or when the account's own hold is answered (decision 072).
 */
export async function holdPlaces(deps: Deps, actor: UserActor, input: HoldPlacesInput): Promise<HoldPlaces> {
  const id = await appointmentOf(deps.db, input.target);
  const kept = await keptHoldTarget(deps.db, id);
  const pass =
    kept && kept.event.status !== "draft"
      ? await takeQueuePass(deps, actor, { eventId: kept.event.id, pass: input.queuePass })
      : null;
  try {
    const held = await holdOn(deps, actor, input, kept, id);
    // The account's own hold answered again: the pass stays theirs.
    if (!held.created) await giveBackQueuePass(deps, pass);
    return held;
  } catch (error) {
    await giveBackQueuePass(deps, pass);
    throw error;
  }
}

/** Where a refusal about the hold's target points. */
const fieldOf = (target: HoldPlacesInput["target"]) =>
  "eventId" in target ? { relationship: "event" } : { relationship: "appointment" };

/** The appointment a hold is for: the one given, or an event's that takes signups as a whole. */
async function appointmentOf(db: Database, target: HoldPlacesInput["target"]): Promise<string> {
  const field = fieldOf(target);
  const unknown = () => refuse("not-found", "No such appointment or event.", { field });
  let appointmentId = "appointmentId" in target ? target.appointmentId : undefined;
  if ("eventId" in target) {
    if (!isUuid(target.eventId)) unknown();
    appointmentId = await implicitAppointmentOf(db, target.eventId.toLowerCase());
    if (!appointmentId) {
      refuse("invalid-relationship", "This event takes signups per appointment: give the appointment.", { field });
    }
  }
  if (!appointmentId || !isUuid(appointmentId)) return unknown();
  return appointmentId.toLowerCase();
}

/** The hold on appointment `id`, judged first on `kept`, the target as this process keeps it. */
async function holdOn(
  deps: Deps,
  actor: UserActor,
  input: HoldPlacesInput,
  kept: HoldTarget | undefined,
  id: string,
): Promise<HoldPlaces> {
  const { db, now } = deps;
  const unknown = () => refuse("not-found", "No such appointment or event.", { field: fieldOf(input.target) });
  const places = input.places ?? 1;
  /**
   * Judges the hold on `target` and, if the rules allow it, writes it. The rules are judged on the
   * appointment as this process keeps it (hold-target.ts); only a refusal is judged again on a
   * fresh read, and the hold's statement writes only while the rows are as judged.
   */
  const judge = async (target: HoldTarget | undefined, placesTakenSeen: number | undefined) => {
    if (!target || target.event.status === "draft") return unknown();
    const { appointment, event } = target;
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
    // A count read a moment ago may refuse early; a kept one says nothing of the places left now.
    if (placesTakenSeen !== undefined && placesTakenSeen + places > appointment.capacity)
      return { outcome: "sold-out" as const };
    return holdSignup(db, {
      transition,
      eventId: event.id,
      appointmentId: appointment.id,
      terms: target.terms,
      locale: input.locale,
      ...(input.key ? { key: input.key } : {}),
    });
  };
  let target = kept;
  const fresh = async () => {
    target = await readHoldTarget(db, id);
    if (target) keepHoldTarget(db, target);
    return target;
  };
  /** The hold judged on the target as kept; refused or changed, judged again on the rows read now. */
  const attempt = async (count: boolean): Promise<HoldOutcome | { outcome: "sold-out" }> => {
    let outcome: HoldOutcome | { outcome: "sold-out" };
    try {
      outcome = await judge(target, count && target?.fresh ? target.appointment.placesTaken : undefined);
    } catch (error) {
      if (!isRefusal(error) || target?.fresh !== false) throw error;
      // What the kept rows refuse, the rows as they are now may not.
      const read = await fresh();
      outcome = await judge(read, count ? read?.appointment.placesTaken : undefined);
    }
    // The appointment or its event changed since they were read: judged again on what they are now.
    for (let again = 0; outcome.outcome === "changed" && again < 3; again++) {
      const read = await fresh();
      outcome = await judge(read, count ? read?.appointment.placesTaken : undefined);
    }
    if (outcome.outcome === "changed") throw new Error("The appointment kept changing while a hold was judged.");
    return outcome;
  };

  let result = await attempt(true);
  if (result.outcome === "sold-out") {
    // What stands on the full appointment came with the refused hold; a refusal from the count asks.
    const full = "hasLapsed" in result ? result : await fullAppointmentCheck(db, id, actor.userId, now);
    const ownHold = full.ownHoldId ? await findSignup(db, full.ownHoldId) : undefined;
    if (ownHold) {
      // The person's own hold still counts as theirs when the rest has gone.
      result = { outcome: "existing", signup: ownHold };
    } else if (full.hasLapsed) {
      // Places held by lapsed holds are free: expire this appointment's, then try once more.
      await expireSignups(deps, { appointmentId: id });
      result = await attempt(false);
    }
  }
  if (result.outcome === "sold-out") refuse("sold-out", "There are no places left.");
  if (result.outcome === "existing") return { created: false, view: await viewOf(db, result.signup) };
  if (result.outcome !== "created") throw new Error(`Unexpected hold outcome: ${result.outcome}`);
  // A new hold has no participants, stays or payments yet: its view needs no further read. Its
  // appointment is as the hold's statement found it, with the places taken as it left them.
  const { appointment, event } = target as HoldTarget;
  return {
    created: true,
    view: {
      signup: result.signup,
      appointment: { ...appointment, placesTaken: result.placesTaken },
      event,
      participants: [],
      stayBookings: [],
      roomTypes: new Map(),
      payments: [],
      discountCode: null,
      pendingTransfers: [],
      bibs: new Map(),
      checkedIn: false,
      ...(await billingOf(db)),
    },
  };
}

/** The organiser's billing rules and the document a person gets, as a view has them. */
async function billingOf(db: Database) {
  const organisation = await findOrganisation(db);
  return { billingRules: billingRulesOf(organisation), personDocument: organisation?.personDocument ?? null };
}
