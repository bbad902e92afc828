import {
  type ClubEntryRecord,
  type ClubEntryTarget,
  clubAthletesOf,
  fullAppointmentCheck,
  insertClubParticipants,
  insertClubSignup,
  lockClubEntry,
  markClubEntryHeld,
  placesStanding,
  type RosterAthleteValues,
  saveRosterAthletes,
  type Transaction,
  takeClubPlaces,
  updateClubEntryRows,
} from "@sports/db";
import {
  type Actor,
  athleteKeys,
  CLUB_ENTRY_MAX_ATHLETES,
  type ClubEntryRow,
  hold,
  type Locale,
  refuse,
} from "@sports/domain";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { expireSignups } from "../signups/expire.ts";
import { entryTarget, requireOpen, signedUpLines } from "./checks.ts";
import { clubEntryFor } from "./find.ts";

/** What one try at holding an entry came to: held (now or before), short of places, or athletes entered meanwhile. */
type Attempt =
  | { outcome: "held"; entry: ClubEntryRecord }
  | { outcome: "short"; standing: Awaited<ReturnType<typeof placesStanding>>; places: number }
  | { outcome: "entered"; lines: Set<number> };

/** Thrown inside the hold's transaction to undo it: some athletes were signed up since the preview. */
class EnteredMeanwhile extends Error {
  readonly lines: Set<number>;
  constructor(lines: Set<number>) {
    super("Athletes were signed up meanwhile.");
    this.lines = lines;
  }
}

/**
 * A previewed entry's valid rows (those without problems) held all at once as one signup of the
 * club (docs/decisions/068), by one of its managers, whose account holds it: the appointment must
 * take signups now (`not-found`, `not-open`, `closed`), at least one row be valid
 * (`no-participants`). One conditional statement takes every place or none, as a runner's hold
 * does; while anyone waits in the appointment's line it is refused as a runner's hold is
 * (`sold-out`), and short of places (lapsed holds freed first) with `not-enough-places` and
 * `meta.remaining`, nothing written. In the same transaction: the signup (held for the event's hold
 * minutes), its participants (their consents to come from each athlete), its audit entry, the
 * athletes written into the club's roster (found by card, else by name and birth date) and the entry
 * held. An athlete signed up since the preview refuses the hold (`already-signed-up`, the rows marked).
 * Holding a held entry again answers it as it is.
 */
export async function holdClubEntry(
  deps: Deps,
  actor: Actor,
  input: { entryId: string; locale: Locale },
): Promise<ClubEntryRecord> {
  const found = await clubEntryFor(deps, actor, input.entryId);
  if (found.state === "held") return found;
  if (actor.kind !== "user") throw new Error("A club's manager is a person.");
  const target = await entryTarget(deps.db, found.appointmentId);
  requireOpen(target, deps.now);
  let attempt = await holdOnce(deps, actor, target, found.id, input.locale);
  if (attempt.outcome === "short" && attempt.standing && !attempt.standing.waiting && !attempt.standing.cancelled) {
    const full = await fullAppointmentCheck(deps.db, target.appointment.id, actor.userId, deps.now);
    if (full.hasLapsed) {
      // Places held by lapsed holds are free: expire this appointment's, then try once more.
      await expireSignups(deps, { appointmentId: target.appointment.id });
      attempt = await holdOnce(deps, actor, target, found.id, input.locale);
    }
  }
  if (attempt.outcome === "held") return attempt.entry;
  if (attempt.outcome === "entered") return refuseEntered(deps, found.id, attempt.lines);
  const { standing, places } = attempt;
  if (!standing) return refuse("not-found", `No appointment ${target.appointment.id}.`);
  if (standing.waiting) refuse("sold-out", "There are no places left: people are waiting for them in line.");
  if (standing.cancelled) refuse("closed", "Signups for this appointment are closed.");
  const remaining = Math.max(0, standing.capacity - standing.placesTaken);
  return refuse("not-enough-places", `Only ${remaining} places are left for the entry's ${places} athletes.`, {
    meta: { remaining },
  });
}

/** One try, in one transaction: the places taken, then everything written, or nothing at all. */
async function holdOnce(
  deps: Deps,
  actor: UserActor,
  target: ClubEntryTarget,
  entryId: string,
  locale: Locale,
): Promise<Attempt> {
  try {
    return await deps.db.transaction(async (tx): Promise<Attempt> => {
      const entry = await lockClubEntry(tx, entryId);
      if (!entry) return refuse("not-found", `No club entry ${entryId}.`);
      if (entry.state === "held") return { outcome: "held", entry };
      const valid = entry.rows.filter((row) => row.problems.length === 0);
      if (valid.length === 0) refuse("no-participants", "No row of the entry is free of problems: fix them first.");
      const { appointment, event } = target;
      const taken = await takeClubPlaces(tx, appointment.id, valid.length);
      if (taken === undefined)
        return { outcome: "short", standing: await placesStanding(tx, appointment.id), places: valid.length };
      // Read once the places are taken: another entry held at the same moment has committed by now.
      const entered = await signedUpLines(tx, appointment.id, valid);
      if (entered.size > 0) throw new EnteredMeanwhile(entered);
      const transition = hold({
        id: crypto.randomUUID(),
        actor,
        availability: "open",
        holdMinutes: event.holdMinutes,
        now: deps.now,
        places: valid.length,
        maxPerSignup: CLUB_ENTRY_MAX_ATHLETES,
      });
      const athleteIds = await intoRoster(tx, entry.clubId, valid, deps.now);
      const signup = await insertClubSignup(tx, {
        transition,
        eventId: event.id,
        appointmentId: appointment.id,
        clubId: entry.clubId,
        locale,
      });
      await insertClubParticipants(
        tx,
        signup.id,
        valid.map((row, index) => ({
          ...rosterValues(row),
          club: row.participant.club,
          clubAthleteId: athleteIds[index] ?? null,
        })),
      );
      const ids = new Map(valid.map((row, index) => [row.line, athleteIds[index] ?? null]));
      const rows = entry.rows.map((row) =>
        ids.has(row.line) ? { ...row, athleteId: ids.get(row.line) ?? null } : row,
      );
      return {
        outcome: "held",
        entry: await markClubEntryHeld(tx, entry.id, { signupId: signup.id, rows, at: deps.now }),
      };
    });
  } catch (error) {
    if (error instanceof EnteredMeanwhile) return { outcome: "entered", lines: error.lines };
    throw error;
  }
}

/**
 * The rows' athletes written into the club's roster: each row picked from it, or the athlete found
 * in it by card, else by name and birth date, updated with the row's values; the others added.
 * Answers each row's athlete id.
 */
async function intoRoster(tx: Transaction, clubId: string, rows: readonly ClubEntryRow[], at: Date) {
  const byKey = new Map<string, string>();
  if (rows.some((row) => row.athleteId === null))
    for (const athlete of await clubAthletesOf(tx, clubId))
      for (const key of athleteKeys(athlete)) if (!byKey.has(key)) byKey.set(key, athlete.id);
  const athletes = rows.map((row) => {
    const keys = athleteKeys(row.participant);
    const match = [...keys.filter((key) => key.startsWith("card ")), ...keys]
      .map((key) => byKey.get(key))
      .find(Boolean);
    return { id: row.athleteId ?? match ?? null, values: rosterValues(row) };
  });
  return saveRosterAthletes(tx, clubId, athletes, at);
}

function rosterValues({ participant }: ClubEntryRow): RosterAthleteValues {
  const { club: _, givenName, familyName, ...rest } = participant;
  return { ...rest, givenName: givenName ?? "", familyName: familyName ?? "" };
}

/** The rows whose athletes were signed up meanwhile marked `already-signed-up`, then the hold refused. */
async function refuseEntered(deps: Deps, entryId: string, lines: Set<number>): Promise<never> {
  await deps.db.transaction(async (tx) => {
    const entry = await lockClubEntry(tx, entryId);
    if (!entry || entry.state !== "preview") return;
    const rows = entry.rows.map((row) =>
      lines.has(row.line) && !row.problems.some((problem) => problem.code === "already-signed-up")
        ? { ...row, problems: [...row.problems, { field: null, code: "already-signed-up" as const }] }
        : row,
    );
    await updateClubEntryRows(tx, entry.id, rows, deps.now);
  });
  return refuse("already-signed-up", "Some athletes were signed up meanwhile: look at the entry again.", {
    meta: { lines: [...lines].sort((a, b) => a - b) },
  });
}
