import type { BibHolder, CategoryRules, LocalizedText, RankBy, RawTime, ResultsState, RowTime } from "@sports/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { appointments, bibs, events, participants, raceResults, rawTimes, signups } from "../schema.ts";

type Tx = Database | Transaction;

/** A race as its results are worked out: its day, zone, rules and where its results stand. */
export interface RaceResultsRecord {
  appointmentId: string;
  eventId: string;
  eventSlug: string;
  appointmentSlug: string;
  eventTitle: LocalizedText;
  appointmentTitle: LocalizedText;
  startsAt: Date;
  timeZone: string;
  /** The course's length in metres, when one was uploaded. */
  distance: number | null;
  startedAt: Date | null;
  rankBy: RankBy;
  categoryRules: CategoryRules;
  state: ResultsState;
  claimsUntil: Date | null;
  version: number;
}

const DEFAULTS = {
  startedAt: null,
  rankBy: "gunTime",
  categoryRules: { kind: "fidal" },
  state: "unpublished",
  claimsUntil: null,
  version: 0,
} as const;

/** A race's results settings (their defaults when none were set yet), or undefined for no such appointment. */
export async function findRaceResults(tx: Tx, appointmentId: string): Promise<RaceResultsRecord | undefined> {
  const [row] = await tx
    .select({
      appointmentId: appointments.id,
      eventId: appointments.eventId,
      eventSlug: events.slug,
      appointmentSlug: appointments.slug,
      eventTitle: events.title,
      appointmentTitle: appointments.title,
      startsAt: appointments.startsAt,
      timeZone: events.timeZone,
      distance: appointments.courseDistance,
      settings: raceResults,
    })
    .from(appointments)
    .innerJoin(events, eq(events.id, appointments.eventId))
    .leftJoin(raceResults, eq(raceResults.appointmentId, appointments.id))
    .where(eq(appointments.id, appointmentId));
  if (!row) return undefined;
  const { settings, ...race } = row;
  if (!settings) return { ...race, ...DEFAULTS, categoryRules: { kind: "fidal" } };
  const { appointmentId: _, updatedAt: __, ...rest } = settings;
  return { ...race, ...rest };
}

/** The race's results settings locked for a change (made first when there are none yet). */
export async function lockRaceResults(tx: Transaction, appointmentId: string): Promise<RaceResultsRecord | undefined> {
  await tx.insert(raceResults).values({ appointmentId }).onConflictDoNothing();
  await tx
    .select({ version: raceResults.version })
    .from(raceResults)
    .where(eq(raceResults.appointmentId, appointmentId))
    .for("update");
  return findRaceResults(tx, appointmentId);
}

/** Changes a race's results settings; `bump` also moves its version on (its raw times changed). */
export async function updateRaceResults(
  tx: Transaction,
  appointmentId: string,
  change: Partial<Pick<RaceResultsRecord, "startedAt" | "rankBy" | "categoryRules" | "state" | "claimsUntil">>,
  options: { bump: boolean; now: Date },
): Promise<void> {
  await tx
    .update(raceResults)
    .set({ ...change, updatedAt: options.now, ...(options.bump ? { version: sql`${raceResults.version} + 1` } : {}) })
    .where(eq(raceResults.appointmentId, appointmentId));
}

/** Every raw time of a race, in the order they arrived. */
export async function rawTimesOf(tx: Tx, appointmentId: string): Promise<RawTime[]> {
  return tx
    .select({
      id: rawTimes.id,
      bib: rawTimes.bib,
      point: rawTimes.point,
      kind: rawTimes.kind,
      seconds: rawTimes.seconds,
      status: rawTimes.status,
      source: rawTimes.source,
      givenName: rawTimes.givenName,
      familyName: rawTimes.familyName,
      club: rawTimes.club,
    })
    .from(rawTimes)
    .where(eq(rawTimes.appointmentId, appointmentId))
    .orderBy(asc(rawTimes.id));
}

/** One bib's raw times with who sent them and when: the result's history. */
export async function rawTimesOfBib(tx: Tx, appointmentId: string, bib: number) {
  return tx
    .select()
    .from(rawTimes)
    .where(and(eq(rawTimes.appointmentId, appointmentId), eq(rawTimes.bib, bib)))
    .orderBy(asc(rawTimes.id));
}

export interface NewRawTimes {
  appointmentId: string;
  source: RawTime["source"];
  importId: string | null;
  byUserId: string | null;
  reason: string | null;
  receivedAt: Date;
}

/** A raw time to store: read from a file's line, or typed in the console (no line). */
export type RowTimeInput = Omit<RowTime, "line"> & { line?: number };

/**
 * Stores raw times as they arrived, in one statement: the rows go as one JSON parameter read by
 * `jsonb_to_recordset`, which spares building a parameter per cell (a large file has 100,000 times).
 */
export async function addRawTimes(tx: Transaction, times: readonly RowTimeInput[], from: NewRawTimes): Promise<void> {
  if (times.length === 0) return;
  const rows = JSON.stringify(
    times.map((time) => ({
      bib: time.bib,
      point: time.point,
      kind: time.kind,
      seconds: time.seconds,
      status: time.status,
      given_name: time.givenName,
      family_name: time.familyName,
      club: time.club,
      line: time.line ?? null,
    })),
  );
  await tx.execute(sql`
    insert into raw_times (appointment_id, bib, point, kind, seconds, status, given_name, family_name, club,
      source, import_id, line, reason, received_at, by_user_id)
    select ${from.appointmentId}::uuid, r.bib, r.point, r.kind, r.seconds, r.status, r.given_name, r.family_name, r.club,
      ${from.source}, ${from.importId}::uuid, r.line, ${from.reason}, ${from.receivedAt.toISOString()}::timestamptz,
      ${from.byUserId}::uuid
    from jsonb_to_recordset(${rows}::jsonb) as r(bib int, point text, kind text, seconds double precision,
      status text, given_name text, family_name text, club text, line int)`);
}

/** The participants who wear a bib in a race (their signup confirmed), by bib. */
export async function bibHolders(tx: Tx, appointmentId: string): Promise<Map<number, BibHolder>> {
  const rows = await tx
    .select({
      bib: bibs.number,
      participantId: participants.id,
      givenName: participants.givenName,
      familyName: participants.familyName,
      club: participants.club,
      gender: participants.gender,
      birthDate: participants.birthDate,
    })
    .from(bibs)
    .innerJoin(participants, eq(participants.id, bibs.participantId))
    .innerJoin(signups, eq(signups.id, participants.signupId))
    .where(and(eq(signups.appointmentId, appointmentId), eq(signups.state, "confirmed")));
  return new Map(rows.map(({ bib, ...holder }) => [bib, holder]));
}
