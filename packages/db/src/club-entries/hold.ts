import type { Locale, Transition } from "@sports/domain";
import { sql } from "drizzle-orm";
import type { Transaction } from "../database.ts";
import { rowsOf } from "../driver-results.ts";
import { appointments, clubAthletes, participants, signupAudit, signups } from "../schema.ts";
import type { SignupRecord } from "../signups/signups.ts";

/**
 * A club's entry held all at once (docs/decisions/068): its places taken by one conditional
 * statement, as a runner's hold takes them (signups/hold.ts, decisions 011 and 027), then its
 * signup and roster written in the same transaction.
 */

/**
 * Takes `places` on the appointment in one statement, only while they are all there, the
 * appointment goes ahead and nobody waits in its line: the places taken then, or undefined when
 * nothing was taken.
 */
export async function takeClubPlaces(
  tx: Transaction,
  appointmentId: string,
  places: number,
): Promise<number | undefined> {
  const [row] = rowsOf(
    await tx.execute(sql`
      update ${appointments} set places_taken = places_taken + ${places}
      where id = ${appointmentId} and places_taken + ${places} <= capacity and cancelled_at is null
        and not exists (select from waiting_list_entries w where w.appointment_id = ${appointmentId} and w.state = 'waiting')
      returning places_taken`),
  ) as { places_taken: unknown }[];
  return row ? Number(row.places_taken) : undefined;
}

/** Why places were not taken: what the appointment holds now, whether it is called off, whether people wait. */
export async function placesStanding(
  tx: Transaction,
  appointmentId: string,
): Promise<{ capacity: number; placesTaken: number; cancelled: boolean; waiting: boolean } | undefined> {
  const [row] = rowsOf(
    await tx.execute(sql`
      select capacity, places_taken, cancelled_at is not null as cancelled,
        exists (select from waiting_list_entries w where w.appointment_id = a.id and w.state = 'waiting') as waiting
      from ${appointments} a where a.id = ${appointmentId}`),
  ) as { capacity: unknown; places_taken: unknown; cancelled: unknown; waiting: unknown }[];
  if (!row) return undefined;
  return {
    capacity: Number(row.capacity),
    placesTaken: Number(row.places_taken),
    cancelled: row.cancelled === true,
    waiting: row.waiting === true,
  };
}

/** The club's signup as its hold makes it, with the hold's audit entry, once its places are taken. */
export async function insertClubSignup(
  tx: Transaction,
  input: { transition: Transition; eventId: string; appointmentId: string; clubId: string; locale: Locale },
): Promise<SignupRecord> {
  const { signup, audit } = input.transition;
  const [row] = await tx
    .insert(signups)
    .values({
      id: signup.id,
      userId: signup.userId,
      eventId: input.eventId,
      appointmentId: input.appointmentId,
      clubId: input.clubId,
      state: signup.state,
      places: signup.places,
      holdExpiresAt: signup.holdExpiresAt,
      locale: input.locale,
      createdAt: audit.at,
      updatedAt: audit.at,
    })
    .returning();
  if (!row) throw new Error("No club signup was written.");
  await tx.insert(signupAudit).values({
    signupId: signup.id,
    action: audit.action,
    actorKind: audit.actor.kind,
    actorUserId: "userId" in audit.actor ? audit.actor.userId : null,
    fromState: audit.from,
    toState: audit.to,
    at: audit.at,
  });
  return row;
}

/** An athlete's values as a roster keeps them. */
export type RosterAthleteValues = Pick<
  typeof clubAthletes.$inferInsert,
  | "givenName"
  | "familyName"
  | "birthDate"
  | "gender"
  | "email"
  | "phone"
  | "nationality"
  | "federationCard"
  | "tshirtSize"
  | "emergencyContactName"
  | "emergencyContactPhone"
>;

/** Each value's column, in the roster and among a participant's. */
const COLUMNS = {
  givenName: "given_name",
  familyName: "family_name",
  birthDate: "birth_date",
  gender: "gender",
  email: "email",
  phone: "phone",
  nationality: "nationality",
  federationCard: "federation_card",
  tshirtSize: "tshirt_size",
  emergencyContactName: "emergency_contact_name",
  emergencyContactPhone: "emergency_contact_phone",
} as const satisfies Record<keyof RosterAthleteValues, string>;
const COLUMN_TYPES = Object.values(COLUMNS).map((column) =>
  column === "birth_date" ? sql`birth_date date` : sql`${sql.identifier(column)} text`,
);
const columnList = (columns: readonly string[]) =>
  sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );

/** Rows as one JSON parameter, each value under its column's name, with `extra` columns: one statement reads them all. */
function asRecords(rows: readonly { extra: Record<string, unknown>; values: RosterAthleteValues }[]): string {
  return JSON.stringify(
    rows.map(({ extra, values }) => ({
      ...extra,
      ...Object.fromEntries(
        Object.entries(COLUMNS).map(([field, column]) => [column, values[field as keyof RosterAthleteValues] ?? null]),
      ),
    })),
  );
}

const valuesOf = (columns: readonly string[]) =>
  sql.join(
    columns.map((column) => sql`v.${sql.identifier(column)}`),
    sql`, `,
  );

/**
 * Writes athletes into the club's roster: those with an `id` (already in it) updated with the values
 * given (a value not given keeps the roster's), the others added; in two statements whatever their
 * number, their rows as one JSON parameter each. Answers each athlete's id, in the order given.
 */
export async function saveRosterAthletes(
  tx: Transaction,
  clubId: string,
  athletes: readonly { id: string | null; values: RosterAthleteValues }[],
  at: Date,
): Promise<string[]> {
  const ids = athletes.map((athlete) => athlete.id ?? crypto.randomUUID());
  const rows = athletes.map((athlete, index) => ({ extra: { id: ids[index] }, values: athlete.values }));
  const known = rows.filter((_, index) => athletes[index]?.id !== null);
  const added = rows.filter((_, index) => athletes[index]?.id === null);
  const columns = Object.values(COLUMNS);
  const recordset = (list: typeof rows) =>
    sql`jsonb_to_recordset(${asRecords(list)}::jsonb) as v(id uuid, ${sql.join(COLUMN_TYPES, sql`, `)})`;
  if (known.length > 0) {
    const kept = (column: string) =>
      sql`${sql.identifier(column)} = coalesce(v.${sql.identifier(column)}, a.${sql.identifier(column)})`;
    await tx.execute(sql`
      update ${clubAthletes} a set ${sql.join(columns.map(kept), sql`, `)}, updated_at = ${at.toISOString()}
      from ${recordset(known)}
      where a.id = v.id and a.club_id = ${clubId}`);
  }
  if (added.length > 0)
    await tx.execute(sql`
      insert into ${clubAthletes} (id, club_id, ${columnList(columns)}, created_at, updated_at)
      select v.id, ${clubId}, ${valuesOf(columns)}, ${at.toISOString()}, ${at.toISOString()}
      from ${recordset(added)}`);
  return ids;
}

/** A club's athlete as their signup's participant: the roster's values, the club, their roster athlete. */
export type ClubParticipantValues = RosterAthleteValues & { club: string | null; clubAthleteId: string | null };

/**
 * The participants of a club's signup, in the order given (positions from 1), in one statement
 * whatever their number: without consents or certificate, which each athlete gives by their link.
 */
export async function insertClubParticipants(
  tx: Transaction,
  signupId: string,
  people: readonly ClubParticipantValues[],
): Promise<void> {
  if (people.length === 0) return;
  const records = asRecords(
    people.map((person, index) => ({
      extra: { position: index + 1, club: person.club, club_athlete_id: person.clubAthleteId },
      values: person,
    })),
  );
  const columns = Object.values(COLUMNS);
  await tx.execute(sql`
    insert into ${participants} (signup_id, position, ${columnList(columns)}, club, club_athlete_id)
    select ${signupId}, v.position, ${valuesOf(columns)}, v.club, v.club_athlete_id
    from jsonb_to_recordset(${records}::jsonb)
      as v(position int, ${sql.join(COLUMN_TYPES, sql`, `)}, club text, club_athlete_id uuid)`);
}
