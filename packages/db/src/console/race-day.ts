import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { isUniqueViolation, rowsOf } from "../driver-results.ts";
import { appointments, bibs, checkIns, events, participants, signups } from "../schema.ts";
import { type AthletePartAtDesk, athletePartColumns } from "./athlete-part.ts";

type Tx = Database | Transaction;

/**
 * Gives a participant a ticket code unless they have one: `code()` draws a new one on the rare clash
 * with another participant's (the unique index decides, inside a savepoint so the caller's
 * transaction stays usable). Answers the participant's code.
 */
export async function giveTicketCode(tx: Transaction, participantId: string, code: () => string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      const given = await tx.transaction(async (savepoint) => {
        const [row] = await savepoint
          .update(participants)
          .set({ ticketCode: sql`coalesce(${participants.ticketCode}, ${code()})` })
          .where(eq(participants.id, participantId))
          .returning({ ticketCode: participants.ticketCode });
        return row?.ticketCode;
      });
      if (!given) throw new Error(`No participant ${participantId}.`);
      return given;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/**
 * Gives each of the participants without a ticket code one, in one statement whatever their number
 * (a club's signup holds hundreds, docs/decisions/068): on the rare clash with another's code, the
 * statement is undone in its savepoint and tried again with codes drawn anew.
 */
export async function giveTicketCodes(
  tx: Transaction,
  participantIds: readonly string[],
  code: () => string,
): Promise<void> {
  if (participantIds.length === 0) return;
  for (let attempt = 0; ; attempt++) {
    try {
      const drawn = JSON.stringify(participantIds.map((id) => ({ id, code: code() })));
      await tx.transaction(async (savepoint) => {
        await savepoint.execute(sql`
          update ${participants} p set ticket_code = coalesce(p.ticket_code, v.code)
          from jsonb_to_recordset(${drawn}::jsonb) as v(id uuid, code text) where p.id = v.id`);
      });
      return;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/**
 * Gives a participant the first free bib of a range in their event, unless they have one: one
 * statement picks and inserts the number, and the primary key (event, number) turns away a number
 * another transaction took meanwhile, so the statement is simply tried again. Answers the number,
 * or null when every number of the range is taken.
 */
export async function giveFirstFreeBib(
  tx: Tx,
  input: { eventId: string; participantId: string; first: number; last: number },
): Promise<number | null> {
  const { eventId, participantId, first, last } = input;
  await lockEventBibs(tx, eventId);
  for (let attempt = 0; attempt < 50; attempt++) {
    const own = await bibOf(tx, participantId);
    if (own !== undefined) return own;
    const inserted = rowsOf(
      await tx.execute(sql`
        insert into ${bibs} (event_id, number, participant_id)
        select ${eventId}::uuid, candidate, ${participantId}::uuid
        from generate_series(${first}::int, ${last}::int) as candidate
        where not exists (select 1 from ${bibs} taken where taken.event_id = ${eventId}::uuid and taken.number = candidate)
        order by candidate
        limit 1
        on conflict do nothing
        returning number`),
    ) as { number: number }[];
    if (inserted[0]) return Number(inserted[0].number);
    const free = rowsOf(
      await tx.execute(sql`
        select 1 from generate_series(${first}::int, ${last}::int) as candidate
        where not exists (select 1 from ${bibs} taken where taken.event_id = ${eventId}::uuid and taken.number = candidate)
        limit 1`),
    );
    if (free.length === 0) return null;
  }
  throw new Error(`No bib could be given to participant ${participantId}.`);
}

/**
 * Whoever gives an event's bibs waits, until the end of its transaction, for whoever else is: two
 * confirmations, or a confirmation and a reassignment, never pick the same number.
 */
export async function lockEventBibs(tx: Tx, eventId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bibs:${eventId}`}))`);
}

/** The bibs given to the participants of these signups, by participant. */
export async function bibsOfSignups(db: Tx, signupIds: readonly string[]): Promise<Map<string, number>> {
  if (signupIds.length === 0) return new Map();
  const rows = await db
    .select({ participantId: bibs.participantId, number: bibs.number })
    .from(bibs)
    .innerJoin(participants, eq(participants.id, bibs.participantId))
    .where(inArray(participants.signupId, [...signupIds]));
  return new Map(rows.map((row) => [row.participantId, row.number]));
}

/** Which of these signups have at least one participant checked in. */
export async function checkedInSignups(db: Tx, signupIds: readonly string[]): Promise<Set<string>> {
  if (signupIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ signupId: participants.signupId })
    .from(checkIns)
    .innerJoin(participants, eq(participants.id, checkIns.participantId))
    .where(inArray(participants.signupId, [...signupIds]));
  return new Set(rows.map((row) => row.signupId));
}

export async function bibOf(db: Tx, participantId: string): Promise<number | undefined> {
  const [row] = await db.select({ number: bibs.number }).from(bibs).where(eq(bibs.participantId, participantId));
  return row?.number;
}

/** A participant as the race-day screens and use cases see them: who, which signup, which race. */
export interface RaceDayParticipant extends AthletePartAtDesk {
  id: string;
  signupId: string;
  signupState: string;
  eventId: string;
  appointmentId: string;
  appointmentTitle: Record<string, string>;
  eventTitle: Record<string, string>;
  givenName: string;
  familyName: string;
  ticketCode: string | null;
  bib: number | null;
  checkedInAt: Date | null;
  /** When the appointment starts and ends, and the event's check-in rules: when the desk may check in. */
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  checkInOpensDaysBefore: number;
  /** What the event asks of a certificate (`none`: nothing), and where this participant's stands. */
  medicalCertificate: string;
  hasCertificate: boolean;
  certificateExpiresOn: string | null;
  certificateReview: "approved" | "rejected" | null;
}

function raceDayQuery(db: Tx) {
  return db
    .select({
      id: participants.id,
      signupId: participants.signupId,
      signupState: signups.state,
      eventId: signups.eventId,
      appointmentId: signups.appointmentId,
      appointmentTitle: appointments.title,
      eventTitle: events.title,
      givenName: participants.givenName,
      familyName: participants.familyName,
      ticketCode: participants.ticketCode,
      bib: bibs.number,
      checkedInAt: checkIns.at,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      timeZone: events.timeZone,
      checkInOpensDaysBefore: events.checkInOpensDaysBefore,
      medicalCertificate: events.medicalCertificate,
      hasCertificate: sql<boolean>`${participants.certificateId} is not null`,
      certificateExpiresOn: participants.certificateExpiresOn,
      certificateReview: participants.certificateReview,
      ...athletePartColumns,
    })
    .from(participants)
    .innerJoin(signups, eq(signups.id, participants.signupId))
    .innerJoin(appointments, eq(appointments.id, signups.appointmentId))
    .innerJoin(events, eq(events.id, signups.eventId))
    .leftJoin(bibs, eq(bibs.participantId, participants.id))
    .leftJoin(checkIns, eq(checkIns.participantId, participants.id));
}

export async function raceDayParticipant(db: Tx, participantId: string): Promise<RaceDayParticipant | undefined> {
  const [row] = await raceDayQuery(db).where(eq(participants.id, participantId));
  return row as RaceDayParticipant | undefined;
}

export async function raceDayParticipantByTicket(db: Tx, ticketCode: string): Promise<RaceDayParticipant | undefined> {
  const [row] = await raceDayQuery(db).where(eq(participants.ticketCode, ticketCode));
  return row as RaceDayParticipant | undefined;
}

/** The participants wearing a bib: one per event at most, so each event's holder of `number`. */
export async function raceDayParticipantsByBib(
  db: Tx,
  number: number,
  eventId?: string,
): Promise<RaceDayParticipant[]> {
  const where = eventId ? and(eq(bibs.number, number), eq(bibs.eventId, eventId)) : eq(bibs.number, number);
  return (await raceDayQuery(db).where(where).orderBy(asc(participants.familyName)).limit(20)) as RaceDayParticipant[];
}

/** Accented letters and their plain ones, for comparing names typed without accents. */
const ACCENTED = "àáâäãåāèéêëēěìíîïīòóôöõøōùúûüūůñńçćčšśžźżýÿłđ";
const PLAIN = "aaaaaaaeeeeeeiiiiiooooooouuuuuunncccsszzzyyld";

/** A name as compared: lower case, without accents. */
export function foldName(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Confirmed participants whose name holds `text` (accents and case ignored), for the typed check-in. */
export async function raceDayParticipantsByName(db: Tx, text: string, eventId?: string): Promise<RaceDayParticipant[]> {
  const pattern = `%${foldName(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const name = sql`translate(lower(${participants.givenName} || ' ' || ${participants.familyName} || ' ' || ${participants.givenName}), ${ACCENTED}, ${PLAIN})`;
  const conditions = [eq(signups.state, "confirmed"), sql`${name} like ${pattern}`];
  if (eventId) conditions.push(eq(signups.eventId, eventId));
  return (await raceDayQuery(db)
    .where(and(...conditions))
    .orderBy(asc(participants.familyName), asc(participants.givenName))
    .limit(20)) as RaceDayParticipant[];
}

/**
 * A signup's state, its row locked (shared) until the transaction ends: a check-in waits for a
 * cancellation or transfer under way (they lock the row for update), and they wait for it.
 */
export async function signupStateShared(tx: Transaction, signupId: string): Promise<string | undefined> {
  const [row] = await tx.select({ state: signups.state }).from(signups).where(eq(signups.id, signupId)).for("share");
  return row?.state;
}

/**
 * Records a participant's check-in unless there is one: of two at once, exactly one inserts. Answers
 * whether this one did, and the check-in as it stands (its id, when).
 */
export async function recordCheckIn(
  db: Tx,
  input: { participantId: string; at: Date; byUserId: string },
): Promise<{ created: boolean; id: string; at: Date }> {
  const inserted = await db
    .insert(checkIns)
    .values(input)
    .onConflictDoNothing({ target: checkIns.participantId })
    .returning({ id: checkIns.id, at: checkIns.at });
  if (inserted[0]) return { created: true, ...inserted[0] };
  const [row] = await db
    .select({ id: checkIns.id, at: checkIns.at })
    .from(checkIns)
    .where(eq(checkIns.participantId, input.participantId));
  if (!row) throw new Error(`The check-in of ${input.participantId} vanished.`);
  return { created: false, ...row };
}

/** Deletes a check-in by its id: answers it as it was (whom, when, by whom), or undefined if there was none. */
export async function deleteCheckIn(db: Tx, checkInId: string) {
  const [row] = await db.delete(checkIns).where(eq(checkIns.id, checkInId)).returning();
  return row;
}

/** One race of an event at the desk: its confirmed participants checked in, and those still to come. */
export interface CheckInTally {
  appointmentId: string;
  title: Record<string, string>;
  startsAt: Date;
  checkedIn: number;
  toCome: number;
  /** The first of those still to come, by surname then name. */
  toComeFirst: RaceDayParticipant[];
}

/** Each race of an event, in start order, with its check-ins so far and up to `listed` of those still to come. */
export async function checkInTallies(db: Tx, eventId: string, listed: number): Promise<CheckInTally[]> {
  const races = await db
    .select({
      appointmentId: appointments.id,
      title: appointments.title,
      startsAt: appointments.startsAt,
      confirmed: sql<number>`count(${participants.id})`,
      checkedIn: sql<number>`count(${checkIns.participantId})`,
    })
    .from(appointments)
    .leftJoin(signups, and(eq(signups.appointmentId, appointments.id), eq(signups.state, "confirmed")))
    .leftJoin(participants, eq(participants.signupId, signups.id))
    .leftJoin(checkIns, eq(checkIns.participantId, participants.id))
    .where(eq(appointments.eventId, eventId))
    .groupBy(appointments.id)
    .orderBy(asc(appointments.startsAt), asc(appointments.slug));
  return Promise.all(
    races.map(async ({ confirmed, checkedIn, ...race }) => ({
      ...race,
      checkedIn: Number(checkedIn),
      toCome: Number(confirmed) - Number(checkedIn),
      toComeFirst: (await raceDayQuery(db)
        .where(
          and(
            eq(signups.appointmentId, race.appointmentId),
            eq(signups.state, "confirmed"),
            isNull(checkIns.participantId),
          ),
        )
        .orderBy(
          asc(sql`lower(${participants.familyName})`),
          asc(sql`lower(${participants.givenName})`),
          asc(participants.id),
        )
        .limit(listed)) as RaceDayParticipant[],
    })),
  );
}

/** The appointment's bib range and event, for giving and checking bibs. */
export async function appointmentBibRange(db: Tx, appointmentId: string) {
  const [row] = await db
    .select({
      eventId: appointments.eventId,
      first: appointments.bibFirst,
      last: appointments.bibLast,
      title: appointments.title,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row;
}

/**
 * Sets (or with null removes) a participant's bib in their event. Answers "bib-taken" when another
 * participant of the event wears it (the primary key decides, inside a savepoint).
 */
export async function setBib(
  tx: Transaction,
  input: { eventId: string; participantId: string; number: number | null },
): Promise<"done" | "bib-taken"> {
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.delete(bibs).where(eq(bibs.participantId, input.participantId));
      if (input.number !== null)
        await savepoint
          .insert(bibs)
          .values({ eventId: input.eventId, number: input.number, participantId: input.participantId });
    });
    return "done";
  } catch (error) {
    if (isUniqueViolation(error)) return "bib-taken";
    throw error;
  }
}

/** The confirmed participants of an appointment in the order bulk assignment gives bibs. */
export async function participantsForBibs(tx: Transaction, appointmentId: string, order: "surname" | "signup") {
  const by =
    order === "surname"
      ? [asc(sql`lower(${participants.familyName})`), asc(sql`lower(${participants.givenName})`), asc(participants.id)]
      : [asc(signups.createdAt), asc(signups.id), asc(participants.position)];
  return tx
    .select({ id: participants.id })
    .from(participants)
    .innerJoin(signups, eq(signups.id, participants.signupId))
    .where(and(eq(signups.appointmentId, appointmentId), eq(signups.state, "confirmed")))
    .orderBy(...by);
}

/**
 * Takes away the bibs of the given participants and gives them numbers from `first` on, skipping
 * numbers other participants of the event wear; those past `last` stay without. Answers how many got one.
 */
export async function reassignBibs(
  tx: Transaction,
  input: { eventId: string; participantIds: readonly string[]; first: number; last: number },
): Promise<number> {
  const { eventId, participantIds, first, last } = input;
  if (participantIds.length === 0) return 0;
  await lockEventBibs(tx, eventId);
  await tx.delete(bibs).where(sql`${bibs.participantId} in ${participantIds}`);
  const takenRows = await tx
    .select({ number: bibs.number })
    .from(bibs)
    .where(and(eq(bibs.eventId, eventId), sql`${bibs.number} between ${first} and ${last}`));
  const taken = new Set(takenRows.map((row) => row.number));
  const values: { eventId: string; number: number; participantId: string }[] = [];
  let number = first;
  for (const participantId of participantIds) {
    while (number <= last && taken.has(number)) number++;
    if (number > last) break;
    values.push({ eventId, number, participantId });
    number++;
  }
  for (let index = 0; index < values.length; index += 1000)
    await tx.insert(bibs).values(values.slice(index, index + 1000));
  return values.length;
}
