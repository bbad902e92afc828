import type { CertificateStatus, SignupState } from "@sports/domain";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { rowsOf } from "../driver-results.ts";
import { auditEntries, outgoingMails, signupAudit, signupNotes } from "../schema.ts";
import { certificateStatusIn, daysOf } from "./certificate-status.ts";

/**
 * The console's signup lists and a signup's page. A list walks the appointment's or event's signups
 * in the page's order (`signups_appointment_created_idx`, `signups_appointment_holder_idx` and their
 * event twins); each row's holder is its participant 1, whose names the signup keeps (decision 026);
 * its payments come from `payments_signup_idx`. A signup's participants are participants.ts.
 */

export const SIGNUP_LIST_SORTS = ["created", "familyName", "state", "places"] as const;
export type SignupListSort = (typeof SIGNUP_LIST_SORTS)[number];

export const PAYMENT_STANDINGS = ["paid", "unpaid", "refunded"] as const;
export type PaymentStanding = (typeof PAYMENT_STANDINGS)[number];

export interface SignupListQuery {
  /** One appointment's signups, or every appointment's of an event. */
  scope: { appointmentId: string } | { eventId: string };
  state?: SignupState;
  payment?: PaymentStanding;
  /** Signups with at least one participant whose certificate stands so. */
  certificate?: CertificateStatus;
  /** Part of a participant's given or family name or e-mail address, or of the account's address. */
  q?: string;
  sort: { field: SignupListSort; descending: boolean };
  offset: number;
  limit: number;
}

export interface SignupListRow {
  id: string;
  eventId: string;
  appointmentId: string;
  state: SignupState;
  places: number;
  createdAt: Date;
  userEmail: string | null;
  givenName: string | null;
  familyName: string | null;
  /** What was paid and has not gone back, in minor units. */
  paidAmount: number;
  refundedAmount: number;
  currency: string | null;
  /** Where its payments stand, in the words of the `payment` filter (something owed back first). */
  payment: PaymentStanding;
  raceDay: string;
  /** The discount code the signup holds (decision 029); null without one. */
  discountCode: string | null;
}

/** The filters, on `s` (signups) joined to `d` (its appointment's race day). */
function whereOf(query: SignupListQuery): SQL {
  const where: SQL[] = [sql`true`];
  if (query.state) where.push(sql`s.state = ${query.state}`);
  if (query.payment === "paid")
    where.push(
      sql`exists (select from payments pp where pp.signup_id = s.id and pp.state = 'paid' and pp.refund_due = 0)`,
    );
  else if (query.payment === "refunded")
    where.push(sql`exists (select from payments pp where pp.signup_id = s.id and pp.refund_due > 0)`);
  else if (query.payment === "unpaid")
    where.push(
      sql`not exists (select from payments pp where pp.signup_id = s.id and pp.state in ('paid', 'refunded'))`,
    );
  if (query.certificate)
    where.push(sql`exists (select from participants cp where cp.signup_id = s.id
      and ${certificateStatusIn("cp", sql`d.race_day`, [query.certificate])})`);
  if (query.q) {
    // One pass over the participants (not correlated, so planned as one hashed list) and one over accounts.
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(s.id in (select qp.signup_id from participants qp
        where lower(qp.given_name || ' ' || qp.family_name || ' ' || coalesce(qp.email, '')) like ${pattern})
      or s.user_id in (select qu.id from users qu where lower(qu.email) like ${pattern}))`);
  }
  return sql.join(where, sql` and `);
}

/**
 * The order of a page, on signups (`s`) or on the page's rows (`x`). By name it is the holder's, in
 * the expressions of `signups_appointment_holder_idx` and `signups_event_holder_idx` (decision 026),
 * with the index's own order of unnamed signups: last going up, first going down.
 */
function orderOf(sort: SignupListQuery["sort"], alias: "s" | "x"): SQL {
  const dir = sql.raw(sort.descending ? "desc" : "asc");
  const t = sql.raw(alias);
  const [given, family] = alias === "s" ? ["holder_given_name", "holder_family_name"] : ["given_name", "family_name"];
  switch (sort.field) {
    case "familyName":
      return sql`lower(${t}.${sql.raw(family)}) ${dir}, lower(${t}.${sql.raw(given)}) ${dir}, ${t}.id ${dir}`;
    case "state":
      return sql`${t}.state ${dir}, ${t}.created_at ${dir}, ${t}.id ${dir}`;
    case "places":
      return sql`${t}.places ${dir}, ${t}.created_at ${dir}, ${t}.id ${dir}`;
    default:
      return sql`${t}.created_at ${dir}, ${t}.id ${dir}`;
  }
}

/** The scope on signups themselves, so a page can walk an index of the appointment's or event's signups. */
function scopeOf(scope: SignupListQuery["scope"]): SQL {
  return "appointmentId" in scope ? sql`s.appointment_id = ${scope.appointmentId}` : sql`s.event_id = ${scope.eventId}`;
}

/**
 * One page of a list and how many signups the filters let through. The page's signups are chosen
 * first (scope, filters, order, limit, on signups alone, the holder's names being kept on them); only
 * those rows are then joined to their account and payments.
 */
export async function listConsoleSignups(
  db: Database,
  query: SignupListQuery,
): Promise<{ rows: SignupListRow[]; total: number }> {
  const where = sql`${scopeOf(query.scope)} and ${whereOf(query)}`;
  const days = daysOf(query.scope);
  const [page, count] = await Promise.all([
    db.execute(sql`
      with d as (${days}), page as (
        select s.id, s.event_id, s.appointment_id, s.user_id, s.state, s.places, s.created_at,
          s.discount_code_id, d.race_day, s.holder_given_name as given_name, s.holder_family_name as family_name
        from signups s join d on d.appointment_id = s.appointment_id
        where ${where}
        order by ${orderOf(query.sort, "s")}
        limit ${query.limit} offset ${query.offset}
      )
      select x.id, x.event_id, x.appointment_id, x.state, x.places, x.created_at, u.email as user_email,
        x.given_name, x.family_name, x.race_day::text as race_day,
        coalesce(m.paid, 0)::int as paid_amount, coalesce(m.refunded, 0)::int as refunded_amount, m.currency,
        case when m.owed_back then 'refunded' when m.settled then 'paid' else 'unpaid' end as payment,
        dc.code as discount_code
      from page x
      left join users u on u.id = x.user_id
      left join discount_codes dc on dc.id = x.discount_code_id
      left join lateral (
        select sum(pm.amount - pm.refunded_amount) filter (where pm.state in ('paid', 'refunded')) as paid,
          sum(pm.refunded_amount) as refunded, max(pm.currency) as currency,
          bool_or(pm.refund_due > 0) as owed_back, bool_or(pm.state = 'paid' and pm.refund_due = 0) as settled
        from payments pm where pm.signup_id = x.id
      ) m on true
      order by ${orderOf(query.sort, "x")}`),
    db.execute(sql`with d as (${days})
      select count(*)::int as total from signups s join d on d.appointment_id = s.appointment_id where ${where}`),
  ]);
  const rows = (rowsOf(page) as Record<string, unknown>[]).map(
    (row): SignupListRow => ({
      id: row.id as string,
      eventId: row.event_id as string,
      appointmentId: row.appointment_id as string,
      state: row.state as SignupState,
      places: Number(row.places),
      createdAt: new Date(row.created_at as string),
      userEmail: (row.user_email as string | null) ?? null,
      givenName: (row.given_name as string | null) ?? null,
      familyName: (row.family_name as string | null) ?? null,
      paidAmount: Number(row.paid_amount),
      refundedAmount: Number(row.refunded_amount),
      currency: (row.currency as string | null) ?? null,
      payment: row.payment as PaymentStanding,
      raceDay: row.race_day as string,
      discountCode: (row.discount_code as string | null) ?? null,
    }),
  );
  const total = Number((rowsOf(count)[0] as { total: number }).total);
  return { rows, total };
}

/** The state log of a signup, oldest first. */
export function signupStateLog(db: Database, signupId: string) {
  return db.select().from(signupAudit).where(eq(signupAudit.signupId, signupId)).orderBy(asc(signupAudit.id));
}

/** The console's audit lines about a signup, oldest first. */
export function signupConsoleLog(db: Database, signupId: string) {
  return db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.subjectType, "signups"), eq(auditEntries.subjectId, signupId)))
    .orderBy(asc(auditEntries.id));
}

/** The mails about a signup, newest first (without their bodies). */
export function mailsOfSignup(db: Database, signupId: string) {
  return db
    .select({
      id: outgoingMails.id,
      to: outgoingMails.to,
      subject: outgoingMails.subject,
      kind: outgoingMails.kind,
      createdAt: outgoingMails.createdAt,
      sentAt: outgoingMails.sentAt,
      attempts: outgoingMails.attempts,
    })
    .from(outgoingMails)
    .where(eq(outgoingMails.signupId, signupId))
    .orderBy(desc(outgoingMails.createdAt));
}

/** One outgoing mail as written. */
export async function findOutgoingMail(db: Database | Transaction, id: string) {
  const [mail] = await db.select().from(outgoingMails).where(eq(outgoingMails.id, id));
  return mail;
}

export type SignupNoteRecord = typeof signupNotes.$inferSelect;

/** A signup's notes, oldest first. */
export function notesOfSignup(db: Database, signupId: string): Promise<SignupNoteRecord[]> {
  return db.select().from(signupNotes).where(eq(signupNotes.signupId, signupId)).orderBy(asc(signupNotes.at));
}

export async function insertSignupNote(
  tx: Transaction,
  note: { signupId: string; authorUserId: string; text: string; at: Date },
): Promise<SignupNoteRecord> {
  const [row] = await tx.insert(signupNotes).values(note).returning();
  if (!row) throw new Error("The note was not written.");
  return row;
}
