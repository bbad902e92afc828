import {
  type ClubEntryTarget,
  clubEntryTarget,
  type Database,
  isUuid,
  liveParticipantsLike,
  type Transaction,
} from "@sports/db";
import {
  availabilityOf,
  type ClubEntryRow,
  certificateStanding,
  checkEntryRow,
  clubEntryRequired,
  enteredLines,
  type Field,
  localDate,
  type RosterReading,
  type RosterRules,
  refuse,
  type UncheckedRow,
} from "@sports/domain";
import { cardProblems } from "../cards/card-problem.ts";
import { participantFieldRules } from "../clubs/fields.ts";

/**
 * What a club's entry is checked against (docs/decisions/068): its appointment, published and open
 * for signups as a runner's hold requires, and the rules each row is held to.
 */

/** The appointment, published, or `not-found` (on `field` when the id came in one). */
export async function entryTarget(
  db: Database | Transaction,
  appointmentId: string,
  field?: Field,
): Promise<ClubEntryTarget> {
  const target = isUuid(appointmentId) ? await clubEntryTarget(db, appointmentId.toLowerCase()) : undefined;
  if (!target || target.event.status === "draft")
    refuse("not-found", `No appointment ${appointmentId}.`, field ? { field } : {});
  return target;
}

/** Refused as a runner's hold is (`not-open`, `closed`) unless the appointment takes signups now; its places aside. */
export function requireOpen(target: ClubEntryTarget, now: Date): void {
  const { state } = availabilityOf(target.event, { ...target.appointment, placesTaken: 0 }, now);
  if (state === "not-yet-open") refuse("not-open", "Signups for this appointment have not opened yet.");
  if (state === "closed") refuse("closed", "Signups for this appointment are closed.");
}

/** How a row's cells are read: two-digit years against today in the event's time zone, its T-shirt sizes. */
export function rowReading(target: ClubEntryTarget, now: Date): RosterReading {
  return { today: localDate(now, target.event.timeZone), tshirtSizes: target.event.tshirtSizes };
}

/** The rules a row is checked against: a participant's field checks as the API holds them, the event's. */
export function rowRules(target: ClubEntryTarget, now: Date): RosterRules {
  const { appointment, event } = target;
  return {
    required: clubEntryRequired(event),
    eligibility: {
      minAge: appointment.minAge ?? event.minAge,
      maxAge: appointment.maxAge ?? event.maxAge,
      ageRule: event.ageRule,
      gender: appointment.gender,
      startsAt: appointment.startsAt,
      timeZone: event.timeZone,
    },
    categories: target.categoryRules,
    tshirtSizes: event.tshirtSizes,
    fieldRules: participantFieldRules,
    now,
  };
}

/** A card as told apart from another: lower case, letters and digits only (as `liveParticipantsLike` reads them). */
const cardKey = (card: string) => card.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The lines of `rows` whose athlete is already in a live signup of the appointment, by name and
 * birth date or by card.
 */
export async function signedUpLines(
  tx: Database | Transaction,
  appointmentId: string,
  rows: readonly UncheckedRow[],
): Promise<Set<number>> {
  const people = rows.map((row) => row.participant);
  const entered = await liveParticipantsLike(tx, appointmentId, {
    birthDates: people.flatMap((person) => (person.birthDate ? [person.birthDate] : [])),
    cards: people.flatMap((person) => (person.federationCard ? [cardKey(person.federationCard)] : [])),
  });
  return enteredLines(rows, entered);
}

/**
 * Each row checked (checkEntryRow), in a few queries whatever their number: its fields and
 * eligibility, the card typed against the event's lists, the athlete already signed up. Repeats
 * within the entry are the caller's (markRepeats), over all its rows.
 */
export async function checkRows(
  tx: Database | Transaction,
  target: ClubEntryTarget,
  rows: readonly UncheckedRow[],
  now: Date,
): Promise<ClubEntryRow[]> {
  const { appointment, event } = target;
  const raceDay = localDate(appointment.startsAt, event.timeZone);
  const carded = rows.filter((row) => row.participant.federationCard !== null);
  const cards = await cardProblems(
    tx,
    { id: event.id, acceptedCards: event.acceptedCards, raceDay },
    carded.map(({ participant }) => ({
      federationCard: participant.federationCard,
      givenName: participant.givenName ?? "",
      familyName: participant.familyName ?? "",
      birthDate: participant.birthDate,
    })),
  );
  const cardOf = new Map(carded.map((row, index) => [row.line, cards[index] ?? null]));
  const signedUp = await signedUpLines(tx, appointment.id, rows);
  const rules = rowRules(target, now);
  const certificate = certificateStanding(event);
  return rows.map((row) =>
    checkEntryRow(row, rules, { card: cardOf.get(row.line) ?? null, signedUp: signedUp.has(row.line) }, certificate),
  );
}
