import type { Locale, Transition } from "@sports/domain";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction as Tx } from "../database.ts";
import { isUniqueViolation, rowsOf } from "../driver-results.ts";
import { type IdempotencyKey, isIdempotencyKeyTaken, recordCreatedSql } from "../idempotency.ts";
import { prepared, preparedSql } from "../prepared.ts";
import { appointments, events, signupAudit, signups } from "../schema.ts";
import { holdTermsOf } from "./hold-target.ts";
import type { SignupRecord } from "./signups.ts";

/**
 * A hold: a visitor's places taken on an appointment by one statement, only while they are there
 * (docs/decisions/011 and 036); what stands on a full appointment for whoever is turned away; and
 * the lapsed holds and unpaid signups the sweeper frees.
 */

/** What stands on a full appointment for a visitor turned away: lapsed signups to free, or their own hold. */
export interface FullAppointment {
  /** Lapsed holds or unpaid signups whose places could be freed. */
  hasLapsed: boolean;
  /** The visitor's own live hold on it, if any. */
  ownHoldId: string | undefined;
}

export type HoldOutcome =
  | { outcome: "created"; signup: SignupRecord; placesTaken: number }
  | { outcome: "existing"; signup: SignupRecord }
  | ({ outcome: "sold-out" } & FullAppointment)
  /** The appointment or its event is no longer as the hold was judged on: nothing was written. */
  | { outcome: "changed" };

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

type HoldParameter =
  | "places"
  | "appointmentId"
  | "eventId"
  | "terms"
  | "signupId"
  | "userId"
  | "state"
  | "holdExpiresAt"
  | "locale"
  | "at"
  | "action"
  | "actorKind"
  | "actorUserId"
  | "to";

/** The statement of {@link holdSignup}, its values given by `value` (as placeholders to prepare it). */
function holdStatement(value: (name: HoldParameter) => SQL, judged: boolean, options: { remembered?: SQL }): SQL {
  const at = value("at");
  const appointmentId = value("appointmentId");
  const places = value("places");
  const remembered = options.remembered ? sql`remembered as (${options.remembered}),` : sql``;
  return sql`
      with judged as (
        select ${judged ? sql`${holdTermsOf(sql`a`, sql`e`)} = ${value("terms")}` : sql`true`} as same
        from ${appointments} a join ${events} e on e.id = a.event_id
        where a.id = ${appointmentId} and e.id = ${value("eventId")}
      ), taken as (
        update ${appointments} set places_taken = places_taken + ${places}
        where id = ${appointmentId} and places_taken + ${places} <= capacity
          -- Only on the appointment and event the hold was judged on.
          and (select same from judged)
          -- A cancellation committed meanwhile wins: its appointment takes no hold.
          and cancelled_at is null
          -- Nobody skips the line: while anyone waits, a place is theirs (decision 027).
          and not exists (select from waiting_list_entries w where w.appointment_id = ${appointmentId} and w.state = 'waiting')
        returning id, places_taken
      ), created as (
        insert into ${signups} (id, user_id, event_id, appointment_id, state, places, hold_expires_at, locale, created_at, updated_at)
        select ${value("signupId")}, ${value("userId")}, ${value("eventId")}, taken.id, ${value("state")}, ${places},
          ${value("holdExpiresAt")}, ${value("locale")}, ${at}, ${at}
        from taken
        returning id
      ), audited as (
        insert into ${signupAudit} (signup_id, action, actor_kind, actor_user_id, from_state, to_state, at)
        select id, ${value("action")}, ${value("actorKind")}, ${value("actorUserId")}, null, ${value("to")}, ${at}
        from created
      ), ${remembered} standing as (
        select ${signups.id} as id, ${signups.userId} as user_id, ${lapsedBy(at)} as lapsed
        from ${signups}
        where not exists (select from taken) and (select same from judged)
          and ${standingOn(appointmentId, value("userId"), at)}
        limit 2
      )
      select created.id, null as user_id, false as lapsed, true as created, taken.places_taken, false as changed
      from created, taken
      union all
      select id, user_id, lapsed, false as created, null, false as changed from standing
      union all
      select null, null, false, false, null, true as changed where (select same from judged) is not true`;
}

/**
 * Writes a hold in one statement: the appointment's places are taken only if they are there (and
 * it is not cancelled: a hold racing the cancellation reads as sold out), and the signup and its
 * audit entry exist only if they were. When they were not, the same statement says what stands on
 * the full appointment (see {@link FullAppointment}), so a refusal costs no second round trip. A second hold of the same visitor on the same appointment answers the first one.
 * With an idempotency key, the same statement records the answer with the signup it creates (201).
 * `terms` are the appointment's and event's as the hold was judged on (hold-target.ts): when either
 * row has changed since, but for its places taken, nothing is taken and the outcome is `changed`.
 */
export async function holdSignup(
  db: Database,
  input: {
    transition: Transition;
    eventId: string;
    appointmentId: string;
    /** Absent for a caller that judged nothing on the rows (the fixtures of tests). */
    terms?: string;
    locale: Locale;
    key?: IdempotencyKey;
  },
): Promise<HoldOutcome> {
  const { signup, audit } = input.transition;
  const at = audit.at.toISOString();
  const userId = signup.userId;
  const values: Record<HoldParameter, unknown> = {
    places: signup.places,
    appointmentId: input.appointmentId,
    eventId: input.eventId,
    terms: input.terms ?? null,
    signupId: signup.id,
    userId,
    state: signup.state,
    holdExpiresAt: signup.holdExpiresAt.toISOString(),
    locale: input.locale,
    at,
    action: audit.action,
    actorKind: audit.actor.kind,
    actorUserId: "userId" in audit.actor ? audit.actor.userId : null,
    to: audit.to,
  };
  const judged = input.terms !== undefined;
  try {
    // A key is recorded by the statement that creates the signup, or not at all: the statement
    // with one is written for its key; the one without is prepared once, as every signup runs it.
    const result = input.key
      ? await db.execute(
          holdStatement((name) => sql`${values[name]}`, judged, {
            remembered: recordCreatedSql(input.key, { status: 201, resourceType: "signups", at }),
          }),
        )
      : await preparedSql(db, judged ? "hold_signup" : "hold_signup_unjudged", () =>
          holdStatement((name) => sql`${sql.placeholder(name)}`, judged, {}),
        ).execute(values);
    const rows = rowsOf(result) as Record<string, unknown>[];
    if (rows.some((row) => row.changed === true)) return { outcome: "changed" };
    const made = rows.find((row) => row.created === true);
    if (!made) {
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
      discountCodeId: null,
      billing: null,
      clubId: null,
      holderGivenName: null,
      holderFamilyName: null,
      createdAt: audit.at,
      updatedAt: audit.at,
    };
    return { outcome: "created", signup: created, placesTaken: Number(made.places_taken) };
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

/**
 * Locks up to `limit` signups whose hold or payment term has lapsed, oldest first, in the caller's
 * transaction. `skip locked` lets several processes expire together: each takes rows nobody else
 * holds, and a signup being changed right now is left to the next sweep.
 */
export async function lockLapsedSignups(
  tx: Tx,
  now: Date,
  options: { limit: number; appointmentId?: string },
): Promise<SignupRecord[]> {
  const at = now.toISOString();
  return tx
    .select()
    .from(signups)
    .where(
      and(lapsedBy(sql`${at}`), options.appointmentId ? eq(signups.appointmentId, options.appointmentId) : undefined),
    )
    .orderBy(asc(signups.holdExpiresAt))
    .limit(options.limit)
    .for("update", { skipLocked: true });
}
