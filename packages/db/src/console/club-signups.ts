import type { Locale, SignupState } from "@sports/domain";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { rowsOf } from "../driver-results.ts";
import { clubManagers, clubs, participants, signups, users } from "../schema.ts";
import type { PaymentStanding } from "./signups.ts";

type Tx = Database | Transaction;

/*
 * The clubs' signups of an event for the console (docs/decisions/068-club-entries.md): a page of
 * them, newest first, each with its club and its payments as the signups' list reads them
 * (signups.ts); the clubs' managers and the athletes' own parts, read for the page's rows only.
 */

export interface ClubSignupRow {
  id: string;
  appointmentId: string;
  state: SignupState;
  places: number;
  createdAt: Date;
  club: { id: string; name: string; federation: string | null; code: string | null };
  /** The signup's participants: the athletes entered. */
  athletes: number;
  /** What was paid and has not gone back, in minor units. */
  paidAmount: number;
  refundedAmount: number;
  currency: string | null;
  payment: PaymentStanding;
}

/** One page of the event's club signups (newest first) and how many there are. */
export async function listClubSignups(
  db: Tx,
  query: { eventId: string; offset: number; limit: number },
): Promise<{ rows: ClubSignupRow[]; total: number }> {
  const where = sql`s.event_id = ${query.eventId} and s.club_id is not null`;
  const [page, count] = await Promise.all([
    db.execute(sql`
      with page as (
        select s.id, s.appointment_id, s.club_id, s.state, s.places, s.created_at
        from signups s where ${where}
        order by s.created_at desc, s.id desc
        limit ${query.limit} offset ${query.offset}
      )
      select x.id, x.appointment_id, x.state, x.places, x.created_at,
        c.id as club_id, c.name as club_name, c.federation, c.code,
        (select count(*) from participants p where p.signup_id = x.id)::int as athletes,
        coalesce(m.paid, 0)::int as paid_amount, coalesce(m.refunded, 0)::int as refunded_amount, m.currency,
        case when m.owed_back then 'refunded' when m.settled then 'paid' else 'unpaid' end as payment
      from page x
      join clubs c on c.id = x.club_id
      left join lateral (
        select sum(pm.amount - pm.refunded_amount) filter (where pm.state in ('paid', 'refunded')) as paid,
          sum(pm.refunded_amount) as refunded, max(pm.currency) as currency,
          bool_or(pm.refund_due > 0) as owed_back, bool_or(pm.state = 'paid' and pm.refund_due = 0) as settled
        from payments pm where pm.signup_id = x.id
      ) m on true
      order by x.created_at desc, x.id desc`),
    db.execute(sql`select count(*)::int as total from signups s where ${where}`),
  ]);
  const rows = (rowsOf(page) as Record<string, unknown>[]).map(
    (row): ClubSignupRow => ({
      id: row.id as string,
      appointmentId: row.appointment_id as string,
      state: row.state as SignupState,
      places: Number(row.places),
      createdAt: new Date(row.created_at as string),
      club: {
        id: row.club_id as string,
        name: row.club_name as string,
        federation: (row.federation as string | null) ?? null,
        code: (row.code as string | null) ?? null,
      },
      athletes: Number(row.athletes),
      paidAmount: Number(row.paid_amount),
      refundedAmount: Number(row.refunded_amount),
      currency: (row.currency as string | null) ?? null,
      payment: row.payment as PaymentStanding,
    }),
  );
  return { rows, total: Number((rowsOf(count)[0] as { total: number }).total) };
}

export interface ClubManagerContact {
  clubId: string;
  givenName: string;
  familyName: string;
  email: string;
  preferredLocale: Locale;
}

/** The managers of the given clubs, each club's in the order they became managers. */
export async function managersOfClubs(db: Tx, clubIds: readonly string[]): Promise<ClubManagerContact[]> {
  if (clubIds.length === 0) return [];
  return db
    .select({
      clubId: clubManagers.clubId,
      givenName: users.givenName,
      familyName: users.familyName,
      email: users.email,
      preferredLocale: users.preferredLocale,
    })
    .from(clubManagers)
    .innerJoin(users, eq(users.id, clubManagers.userId))
    .where(inArray(clubManagers.clubId, [...new Set(clubIds)]))
    .orderBy(asc(clubManagers.addedAt), asc(users.email));
}

/** What each participant of the given signups has given of their own part (packages/domain/src/club-entry.ts). */
export async function athletePartsOf(db: Tx, signupIds: readonly string[]) {
  if (signupIds.length === 0) return [];
  return db
    .select({
      signupId: participants.signupId,
      consentsAcceptedAt: participants.consentsAcceptedAt,
      emergencyContactName: participants.emergencyContactName,
      emergencyContactPhone: participants.emergencyContactPhone,
      certificateId: participants.certificateId,
    })
    .from(participants)
    .where(inArray(participants.signupId, [...signupIds]));
}

/** A club by its id, whoever manages it: for the organiser's console. */
export async function consoleClub(db: Tx, clubId: string) {
  const [row] = await db
    .select({ id: clubs.id, name: clubs.name, federation: clubs.federation, code: clubs.code })
    .from(clubs)
    .where(eq(clubs.id, clubId));
  return row;
}

/** The signups of the given ids, whole. */
export async function signupsByIds(db: Tx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(signups)
    .where(inArray(signups.id, [...ids]));
}
