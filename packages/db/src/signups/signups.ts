import {
  type Appointment,
  type AuditEntry,
  type Event,
  type Locale,
  nightsBetween,
  SignupRuleError,
  type SignupSnapshot,
  type SignupState,
  type Transition,
} from "@sports/domain";
import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../database.ts";
import { isUniqueViolation, rowsOf } from "../driver-results.ts";
import { type IdempotencyKey, isIdempotencyKeyTaken, recordCreatedSql } from "../idempotency.ts";
import { prepared } from "../prepared.ts";
import { appointments, events, participants, roomTypes, signupAudit, signups, stayBookings, stays } from "../schema.ts";

const eventColumns = (() => {
  const { searchText: _searchText, createdAt: _createdAt, ...columns } = getTableColumns(events);
  return columns;
})();

/**
 * The signups' storage. Places are only ever taken or given back by one conditional statement
 * (`places_taken + n <= capacity`, or the same per room and night), inside the transaction that
 * records the change: never a count read first and a row written after (docs/decisions/011).
 */

export type SignupRecord = typeof signups.$inferSelect;
export type ParticipantRecord = typeof participants.$inferSelect;
export type NewParticipant = Omit<typeof participants.$inferInsert, "id" | "signupId" | "position">;
export type StayBookingRecord = typeof stayBookings.$inferSelect;
export type NewStayBooking = Omit<typeof stayBookings.$inferInsert, "id" | "signupId">;

/** A transaction handle: the same query API as the database. */
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export function snapshotOf(record: SignupRecord, participantCount: number): SignupSnapshot {
  return {
    id: record.id,
    userId: record.userId ?? "",
    state: record.state,
    holdExpiresAt: record.holdExpiresAt,
    paymentDueAt: record.paymentDueAt,
    places: record.places,
    participantCount,
  };
}

/** What stands on a full appointment for a visitor turned away: lapsed signups to free, or their own hold. */
export interface FullAppointment {
  /** Lapsed holds or unpaid signups whose places could be freed. */
  hasLapsed: boolean;
  /** The visitor's own live hold on it, if any. */
  ownHoldId: string | undefined;
}

export type HoldOutcome =
  | { outcome: "created" | "existing"; signup: SignupRecord }
  | ({ outcome: "sold-out" } & FullAppointment);

/** Whether a signup has lapsed by `at`: a hold past its end, or an unpaid signup past its due date. */
function lapsedBy(at: SQL): SQL {
  return sql`((${signups.state} = 'held' and ${signups.holdExpiresAt} <= ${at})
    or (${signups.state} = 'awaiting-payment' and ${signups.paymentDueAt} <= ${at}))`;
}

/** What stands on a full appointment for a visitor: its lapsed signups and the visitor's own hold. */
function standingOn(appointmentId: SQL, userId: SQL, at: SQL): SQL {
  return sql`${signups.appointmentId} = ${appointmentId}
    and (${lapsedBy(at)} or (${signups.userId} = ${userId} and ${signups.state} = 'held'))`;
}

function fullAppointmentOf(
  rows: readonly { id: unknown; userId: unknown; lapsed: unknown }[],
  userId: string,
): FullAppointment {
  return {
    hasLapsed: rows.some((row) => row.lapsed === true),
    ownHoldId: rows.find((row) => row.userId === userId && row.lapsed !== true)?.id as string | undefined,
  };
}

/**
 * Writes a hold in one statement: the appointment's places are taken only if they are there, and
 * the signup and its audit entry exist only if they were. When they were not, the same statement
 * says what stands on the full appointment (see {@link FullAppointment}), so a refusal costs no
 * second round trip. A second hold of the same visitor on the same appointment answers the first one.
 * With an idempotency key, the same statement records the answer with the signup it creates (201).
 */
export async function holdSignup(
  db: Database,
  input: { transition: Transition; eventId: string; appointmentId: string; locale: Locale; key?: IdempotencyKey },
): Promise<HoldOutcome> {
  const { signup, audit } = input.transition;
  const at = audit.at.toISOString();
  const userId = signup.userId;
  // A key is recorded by the statement that creates the signup, or not at all.
  const remembered = input.key
    ? sql`remembered as (${recordCreatedSql(input.key, { status: 201, resourceType: "signups", at })}),`
    : sql``;
  try {
    const result = await db.execute(sql`
      with taken as (
        update ${appointments} set places_taken = places_taken + ${signup.places}
        where id = ${input.appointmentId} and places_taken + ${signup.places} <= capacity
        returning id
      ), created as (
        insert into ${signups} (id, user_id, event_id, appointment_id, state, places, hold_expires_at, locale, created_at, updated_at)
        select ${signup.id}, ${userId}, ${input.eventId}, taken.id, ${signup.state}, ${signup.places},
          ${signup.holdExpiresAt.toISOString()}, ${input.locale}, ${at}, ${at}
        from taken
        returning id
      ), audited as (
        insert into ${signupAudit} (signup_id, action, actor_kind, actor_user_id, from_state, to_state, at)
        select id, ${audit.action}, ${audit.actor.kind}, ${actorUserId(audit)}, null, ${audit.to}, ${at}
        from created
      ), ${remembered} standing as (
        select ${signups.id} as id, ${signups.userId} as user_id, ${lapsedBy(sql`${at}`)} as lapsed
        from ${signups}
        where not exists (select from taken) and ${standingOn(sql`${input.appointmentId}`, sql`${userId}`, sql`${at}`)}
        limit 2
      )
      select id, null as user_id, false as lapsed, true as created from created
      union all
      select id, user_id, lapsed, false as created from standing`);
    const rows = rowsOf(result) as Record<string, unknown>[];
    if (!rows.some((row) => row.created === true)) {
      const standing = rows.map((row) => ({ id: row.id, userId: row.user_id, lapsed: row.lapsed }));
      return { outcome: "sold-out", ...fullAppointmentOf(standing, userId) };
    }
    // Exactly what was written: no second read.
    const created: SignupRecord = {
      id: signup.id,
      userId,
      eventId: input.eventId,
      appointmentId: input.appointmentId,
      state: signup.state,
      places: signup.places,
      holdExpiresAt: signup.holdExpiresAt,
      paymentDueAt: null,
      locale: input.locale,
      paymentMethod: null,
      termsAcceptedAt: null,
      staysChosen: false,
      createdAt: audit.at,
      updatedAt: audit.at,
    };
    return { outcome: "created", signup: created };
  } catch (error) {
    // A key another request recorded first is for the caller to answer with that request's answer.
    if (!isUniqueViolation(error) || isIdempotencyKeyTaken(error)) throw error;
    const rows = await db
      .select()
      .from(signups)
      .where(and(eq(signups.userId, userId), eq(signups.appointmentId, input.appointmentId), eq(signups.state, "held")))
      .limit(1);
    if (!rows[0]) throw error;
    return { outcome: "existing", signup: rows[0] };
  }
}

/**
 * For a visitor turned away from a full appointment by the count read before, in one query: what
 * stands on it (see {@link FullAppointment}).
 */
export async function fullAppointmentCheck(
  db: Database,
  appointmentId: string,
  userId: string,
  now: Date,
): Promise<FullAppointment> {
  const query = prepared(db, "full_appointment_check", (db) => {
    const at = sql.placeholder("at");
    return db
      .select({ id: signups.id, userId: signups.userId, lapsed: sql<boolean>`${lapsedBy(sql`${at}`)}` })
      .from(signups)
      .where(standingOn(sql`${sql.placeholder("appointmentId")}`, sql`${sql.placeholder("userId")}`, sql`${at}`))
      .limit(2)
      .prepare("full_appointment_check");
  });
  const rows = await query.execute({ appointmentId, userId, at: now.toISOString() });
  return fullAppointmentOf(rows, userId);
}

export async function findSignup(db: Database | Tx, id: string): Promise<SignupRecord | undefined> {
  const rows = await db.select().from(signups).where(eq(signups.id, id)).limit(1);
  return rows[0];
}

/** A visitor's signups, newest first. */
export async function signupsOfUser(db: Database, userId: string): Promise<SignupRecord[]> {
  return db.select().from(signups).where(eq(signups.userId, userId)).orderBy(desc(signups.createdAt));
}

/** The visitor's signup still held for an appointment, if any. */
export async function currentHold(db: Database, userId: string, appointmentId: string, now: Date) {
  const rows = await db
    .select()
    .from(signups)
    .where(
      and(
        eq(signups.userId, userId),
        eq(signups.appointmentId, appointmentId),
        eq(signups.state, "held"),
        sql`${signups.holdExpiresAt} > ${now.toISOString()}`,
      ),
    )
    .limit(1);
  return rows[0];
}

export async function participantsOf(db: Database | Tx, signupIds: readonly string[]): Promise<ParticipantRecord[]> {
  if (signupIds.length === 0) return [];
  return db
    .select()
    .from(participants)
    .where(sql`${participants.signupId} in ${signupIds}`)
    .orderBy(asc(participants.signupId), asc(participants.position));
}

export async function stayBookingsOf(db: Database | Tx, signupIds: readonly string[]): Promise<StayBookingRecord[]> {
  if (signupIds.length === 0) return [];
  return db
    .select()
    .from(stayBookings)
    .where(sql`${stayBookings.signupId} in ${signupIds}`)
    .orderBy(asc(stayBookings.signupId), asc(stayBookings.checkIn));
}

/**
 * Runs `change` in a transaction holding the signup's row lock, so no other process (a second tab,
 * the sweeper) changes it meanwhile. Undefined when there is no such signup.
 */
export async function withLockedSignup<T>(
  db: Database,
  id: string,
  change: (tx: Tx, signup: SignupRecord) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(signups).where(eq(signups.id, id)).for("update").limit(1);
    const signup = rows[0];
    return signup ? change(tx, signup) : undefined;
  });
}

/** Writes a transition: the signup as it becomes (plus any of its other columns) and the audit entry. */
export async function applyTransition(
  tx: Tx,
  transition: Transition,
  columns: Partial<Pick<SignupRecord, "paymentMethod" | "termsAcceptedAt" | "staysChosen">> = {},
): Promise<SignupRecord> {
  const { signup, audit } = transition;
  const [row] = await tx
    .update(signups)
    .set({
      state: signup.state,
      places: signup.places,
      holdExpiresAt: signup.holdExpiresAt,
      paymentDueAt: signup.paymentDueAt,
      updatedAt: audit.at,
      ...columns,
    })
    .where(eq(signups.id, signup.id))
    .returning();
  await tx.insert(signupAudit).values(auditRow(audit));
  if (!row) throw new Error(`Signup ${signup.id} vanished while locked.`);
  return row;
}

/**
 * Takes `delta` more places of an appointment (or gives `-delta` back), atomically. Refused with
 * `sold-out` when they are not there, which rolls the caller's transaction back.
 */
export async function changePlaces(tx: Tx, appointmentId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  const rows = await tx
    .update(appointments)
    .set({ placesTaken: sql`${appointments.placesTaken} + ${delta}` })
    .where(
      and(eq(appointments.id, appointmentId), sql`${appointments.placesTaken} + ${delta} <= ${appointments.capacity}`),
    )
    .returning({ id: appointments.id });
  if (rows.length === 0) throw new SignupRuleError("sold-out", "There are not enough places left.");
}

export async function replaceParticipants(tx: Tx, signupId: string, people: readonly NewParticipant[]) {
  await tx.delete(participants).where(eq(participants.signupId, signupId));
  if (people.length === 0) return [];
  return tx
    .insert(participants)
    .values(people.map((person, index) => ({ ...person, signupId, position: index + 1 })))
    .returning();
}

/**
 * Replaces a signup's stay bookings: the rooms of the old ones go back, then every night of each
 * new one is taken with one conditional upsert per booking. A night without a free room refuses
 * the whole change with `sold-out`.
 */
export async function replaceStayBookings(tx: Tx, signupId: string, bookings: readonly NewStayBooking[]) {
  await releaseRoomNights(tx, signupId);
  await tx.delete(stayBookings).where(eq(stayBookings.signupId, signupId));
  // Always the same order, so two transactions never wait on each other's nights in a circle.
  const ordered = [...bookings].sort((a, b) => (a.roomTypeId + a.checkIn).localeCompare(b.roomTypeId + b.checkIn));
  await takeRoomNights(tx, ordered);
  if (ordered.length === 0) return [];
  return tx
    .insert(stayBookings)
    .values(ordered.map((booking) => ({ ...booking, signupId })))
    .returning();
}

/** Gives back every room night a signup's stay bookings hold (the bookings themselves stay, as a record). */
/** Takes every night of each booking, all or none (throws `sold-out`); bookings in a stable order. */
async function takeRoomNights(tx: Tx, ordered: readonly Omit<NewStayBooking, "guests">[]): Promise<void> {
  for (const booking of ordered) {
    const nights = await tx.execute(sql`
      insert into room_nights (room_type_id, night, rooms, rooms_taken)
      select rt.id, n::date, rt.rooms_per_night, ${booking.rooms}
      from room_types rt,
        generate_series(${booking.checkIn}::date, ${booking.checkOut}::date - 1, interval '1 day') as n
      where rt.id = ${booking.roomTypeId} and ${booking.rooms} <= rt.rooms_per_night
      order by n
      on conflict (room_type_id, night) do update
        set rooms_taken = room_nights.rooms_taken + excluded.rooms_taken
        where room_nights.rooms_taken + excluded.rooms_taken <= room_nights.rooms
      returning night`);
    if (rowsOf(nights).length !== nightsBetween(booking.checkIn, booking.checkOut))
      throw new SignupRuleError("sold-out", "A night of this stay has no room left.");
  }
}

/**
 * Takes again what an expired signup had given back: its places and every night of its stays, all
 * or none (a savepoint undoes a partial take). Answers false when they are no longer there.
 */
export async function retakeHoldings(tx: Tx, signup: Pick<SignupRecord, "id" | "appointmentId" | "places">) {
  const bookings = await tx
    .select()
    .from(stayBookings)
    .where(eq(stayBookings.signupId, signup.id))
    .orderBy(asc(stayBookings.roomTypeId), asc(stayBookings.checkIn));
  try {
    await tx.transaction(async (savepoint) => {
      await changePlaces(savepoint, signup.appointmentId, signup.places);
      await takeRoomNights(savepoint, bookings);
    });
    return true;
  } catch (error) {
    if (error instanceof SignupRuleError && error.code === "sold-out") return false;
    throw error;
  }
}

export async function releaseRoomNights(tx: Tx, signupId: string): Promise<void> {
  await tx.execute(sql`
    update room_nights set rooms_taken = room_nights.rooms_taken - held.rooms
    from (
      select b.room_type_id, n::date as night, sum(b.rooms)::int as rooms
      from stay_bookings b, generate_series(b.check_in, b.check_out - 1, interval '1 day') as n
      where b.signup_id = ${signupId}
      group by 1, 2
    ) as held
    where room_nights.room_type_id = held.room_type_id and room_nights.night = held.night`);
}

/** Gives back everything a signup holds: its places and its room nights. */
export async function releaseHoldings(tx: Tx, signup: Pick<SignupRecord, "id" | "appointmentId" | "places">) {
  await changePlaces(tx, signup.appointmentId, -signup.places);
  await releaseRoomNights(tx, signup.id);
}

export interface ExpiredSignup {
  id: string;
  userId: string | null;
  appointmentId: string;
  from: SignupState;
}

/**
 * Expires signups whose hold or payment term has lapsed, giving their places back, a batch at a
 * time. `skip locked` lets several processes sweep together: each takes rows nobody else holds,
 * and a signup being changed right now is left to the next sweep.
 */
export async function expireLapsedSignups(
  db: Database,
  now: Date,
  options: { limit?: number; appointmentId?: string; expire: (signup: SignupSnapshot) => Transition },
): Promise<ExpiredSignup[]> {
  return db.transaction(async (tx) => {
    const at = now.toISOString();
    const lapsed = await tx
      .select()
      .from(signups)
      .where(
        and(
          sql`((${signups.state} = 'held' and ${signups.holdExpiresAt} <= ${at})
            or (${signups.state} = 'awaiting-payment' and ${signups.paymentDueAt} <= ${at}))`,
          options.appointmentId ? eq(signups.appointmentId, options.appointmentId) : undefined,
        ),
      )
      .orderBy(asc(signups.holdExpiresAt))
      .limit(options.limit ?? 200)
      .for("update", { skipLocked: true });
    const expired: ExpiredSignup[] = [];
    for (const signup of lapsed) {
      await applyTransition(tx, options.expire(snapshotOf(signup, 0)));
      await releaseHoldings(tx, signup);
      expired.push({ id: signup.id, userId: signup.userId, appointmentId: signup.appointmentId, from: signup.state });
    }
    return expired;
  });
}

export async function auditOf(db: Database, signupId: string) {
  return db.select().from(signupAudit).where(eq(signupAudit.signupId, signupId)).orderBy(asc(signupAudit.id));
}

/**
 * The people a visitor has signed up before, newest first and each once (by name and birth
 * date), so the form can offer them again.
 */
export async function pastParticipants(db: Database, userId: string, limit = 20): Promise<ParticipantRecord[]> {
  const rows = await db
    .select({ participant: participants })
    .from(participants)
    .innerJoin(signups, eq(signups.id, participants.signupId))
    .where(eq(signups.userId, userId))
    .orderBy(desc(signups.createdAt), asc(participants.position))
    .limit(200);
  const seen = new Set<string>();
  const people: ParticipantRecord[] = [];
  for (const { participant } of rows) {
    const key = `${participant.givenName.toLowerCase()}|${participant.familyName.toLowerCase()}|${participant.birthDate ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    people.push(participant);
    if (people.length === limit) break;
  }
  return people;
}

function auditRow(audit: AuditEntry): typeof signupAudit.$inferInsert {
  return {
    signupId: audit.signupId,
    action: audit.action,
    actorKind: audit.actor.kind,
    actorUserId: actorUserId(audit),
    fromState: audit.from,
    toState: audit.to,
    at: audit.at,
  };
}

function actorUserId(audit: AuditEntry): string | null {
  return audit.actor.kind === "system" ? null : audit.actor.userId;
}

/** What a signup is for: the appointment with its event, read together in one query. */
export async function appointmentsWithEvents(
  db: Database | Tx,
  appointmentIds: readonly string[],
): Promise<Map<string, { appointment: Appointment; event: Event }>> {
  if (appointmentIds.length === 0) return new Map();
  const rows = await db
    .select({ appointment: appointments, event: eventColumns })
    .from(appointments)
    .innerJoin(events, eq(events.id, appointments.eventId))
    .where(inArray(appointments.id, [...new Set(appointmentIds)]));
  return new Map(rows.map((row) => [row.appointment.id, row as { appointment: Appointment; event: Event }]));
}

/** One appointment with its event, as a signup for it needs them (prepared: every signup reads it). */
export async function appointmentWithEvent(
  db: Database,
  appointmentId: string,
): Promise<{ appointment: Appointment; event: Event } | undefined> {
  const query = prepared(db, "appointment_with_event", (db) =>
    db
      .select({ appointment: appointments, event: eventColumns })
      .from(appointments)
      .innerJoin(events, eq(events.id, appointments.eventId))
      .where(eq(appointments.id, sql.placeholder("appointmentId")))
      .prepare("appointment_with_event"),
  );
  const [row] = await query.execute({ appointmentId });
  return row as { appointment: Appointment; event: Event } | undefined;
}

/** The appointment through which an event in "event" signup mode takes signups. */
export async function implicitAppointmentOf(db: Database, eventId: string): Promise<string | undefined> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.eventId, eventId), eq(appointments.implicit, true)))
    .limit(1);
  return rows[0]?.id;
}

/** Room types by id, each with the stay (and so the event) it belongs to. */
export async function roomTypesById(db: Database | Tx, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, RoomTypeWithStay>();
  const rows = await db
    .select({ room: roomTypes, stay: stays })
    .from(roomTypes)
    .innerJoin(stays, eq(stays.id, roomTypes.stayId))
    .where(inArray(roomTypes.id, [...new Set(ids)]));
  return new Map<string, RoomTypeWithStay>(rows.map((row) => [row.room.id, row]));
}

export type RoomTypeWithStay = { room: typeof roomTypes.$inferSelect; stay: typeof stays.$inferSelect };
