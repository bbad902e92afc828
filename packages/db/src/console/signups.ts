import type { CertificateReview, CertificateStatus, SignupState } from "@sports/domain";
import { and, asc, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { rowsOf } from "../driver-results.ts";
import { auditEntries, outgoingMails, participants, signupAudit, signupNotes } from "../schema.ts";

/**
 * The console's signup lists and a signup's page. A list walks the appointment's or event's signups
 * in the page's order (`signups_appointment_created_idx`, `signups_appointment_holder_idx` and their
 * event twins); each row's holder is its participant 1, whose names the signup keeps (decision 026);
 * its payments come from `payments_signup_idx`.
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

/** A participant's certificate status as SQL, given the race day (see certificateStatus in @sports/domain). */
export function certificateStatusSql(p: string, raceDay: SQL): SQL {
  const t = sql.raw(p);
  return sql`case when ${t}.certificate_id is null then 'missing'
    when ${t}.certificate_expires_on is not null and ${t}.certificate_expires_on < ${raceDay} then 'expired'
    else coalesce(${t}.certificate_review, 'pending') end`;
}

/**
 * "The participant's certificate stands in one of `statuses`" as plain conditions rather than a
 * comparison with `certificateStatusSql`: the planner can weigh them, so a list of thousands is joined
 * by hashing instead of one lookup a row (decision 026).
 */
export function certificateStatusIn(p: string, raceDay: SQL, statuses: readonly CertificateStatus[]): SQL {
  const t = sql.raw(p);
  const covering = sql`(${t}.certificate_expires_on is null or ${t}.certificate_expires_on >= ${raceDay})`;
  const one = (status: CertificateStatus): SQL => {
    switch (status) {
      case "missing":
        return sql`${t}.certificate_id is null`;
      case "expired":
        return sql`(${t}.certificate_id is not null and ${t}.certificate_expires_on < ${raceDay})`;
      case "pending":
        return sql`(${t}.certificate_id is not null and ${covering} and ${t}.certificate_review is null)`;
      default:
        return sql`(${t}.certificate_id is not null and ${covering} and ${t}.certificate_review = ${status})`;
    }
  };
  return sql`(${sql.join([...new Set(statuses)].map(one), sql` or `)})`;
}

const RACE_DAY = sql`(a.starts_at at time zone e.time_zone)::date`;

/** The appointments in scope with their race day: one row, or one per appointment of the event. */
function daysOf(scope: SignupListQuery["scope"]): SQL {
  const where = "appointmentId" in scope ? sql`a.id = ${scope.appointmentId}` : sql`a.event_id = ${scope.eventId}`;
  return sql`select a.id as appointment_id, ${RACE_DAY} as race_day
    from appointments a join events e on e.id = a.event_id where ${where}`;
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

export interface ConsoleParticipant {
  id: string;
  signupId: string;
  position: number;
  givenName: string;
  familyName: string;
  email: string | null;
  birthDate: string | null;
  certificateId: string | null;
  certificateExpiresOn: string | null;
  certificateReview: CertificateReview | null;
  certificateReviewReason: string | null;
  certificateReviewedAt: Date | null;
  certificateStatus: CertificateStatus;
  raceDay: string;
  /** The bib number given to the participant in its event; null: none yet. */
  bib: number | null;
}

function participantRow(row: Record<string, unknown>): ConsoleParticipant {
  return {
    id: row.id as string,
    signupId: row.signup_id as string,
    position: Number(row.position),
    givenName: row.given_name as string,
    familyName: row.family_name as string,
    email: (row.email as string | null) ?? null,
    birthDate: (row.birth_date as string | null) ?? null,
    certificateId: (row.certificate_id as string | null) ?? null,
    certificateExpiresOn: (row.certificate_expires_on as string | null) ?? null,
    certificateReview: (row.certificate_review as CertificateReview | null) ?? null,
    certificateReviewReason: (row.certificate_review_reason as string | null) ?? null,
    certificateReviewedAt: row.certificate_reviewed_at ? new Date(row.certificate_reviewed_at as string) : null,
    certificateStatus: row.certificate_status as CertificateStatus,
    raceDay: row.race_day as string,
    bib: row.bib === null || row.bib === undefined ? null : Number(row.bib),
  };
}

const PARTICIPANT_COLUMNS = sql`p.id, p.signup_id, p.position, p.given_name, p.family_name, p.email,
  p.birth_date::text as birth_date, p.certificate_id, p.certificate_expires_on::text as certificate_expires_on,
  p.certificate_review, p.certificate_review_reason, p.certificate_reviewed_at,
  ${certificateStatusSql("p", RACE_DAY)} as certificate_status, ${RACE_DAY}::text as race_day,
  (select b.number from bibs b where b.participant_id = p.id) as bib`;

/** The participants of some signups with their certificate status on their race day. */
export async function consoleParticipantsOf(
  db: Database | Transaction,
  signupIds: readonly string[],
): Promise<ConsoleParticipant[]> {
  if (signupIds.length === 0) return [];
  const result = await db.execute(sql`
    select ${PARTICIPANT_COLUMNS}
    from participants p join signups s on s.id = p.signup_id
    join appointments a on a.id = s.appointment_id join events e on e.id = a.event_id
    where p.signup_id in (${sql.join(
      signupIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by p.signup_id, p.position`);
  return (rowsOf(result) as Record<string, unknown>[]).map(participantRow);
}

/** One participant with its certificate status, or undefined. */
export async function consoleParticipant(
  db: Database | Transaction,
  participantId: string,
): Promise<(ConsoleParticipant & { eventId: string; userId: string | null }) | undefined> {
  const result = await db.execute(sql`
    select ${PARTICIPANT_COLUMNS}, s.event_id, s.user_id
    from participants p join signups s on s.id = p.signup_id
    join appointments a on a.id = s.appointment_id join events e on e.id = a.event_id
    where p.id = ${participantId}`);
  const row = rowsOf(result)[0] as Record<string, unknown> | undefined;
  return row
    ? { ...participantRow(row), eventId: row.event_id as string, userId: (row.user_id as string | null) ?? null }
    : undefined;
}

export interface CertificateListQuery {
  eventId: string;
  statuses?: readonly CertificateStatus[];
  offset: number;
  limit: number;
}

/**
 * An event's participants of standing signups (held, awaiting payment, confirmed), by family name: the
 * page's participants are chosen first, on the participants and the race day of their appointment.
 */
export async function listEventParticipants(
  db: Database,
  query: CertificateListQuery,
): Promise<{ rows: ConsoleParticipant[]; total: number }> {
  const status = certificateStatusSql("p", sql`d.race_day`);
  const where = sql`s.event_id = ${query.eventId} and s.state in ('held', 'awaiting-payment', 'confirmed')
    ${query.statuses && query.statuses.length > 0 ? sql`and ${certificateStatusIn("p", sql`d.race_day`, query.statuses)}` : sql``}`;
  const from = sql`from participants p join signups s on s.id = p.signup_id
    join d on d.appointment_id = s.appointment_id`;
  const days = daysOf({ eventId: query.eventId });
  const [page, count] = await Promise.all([
    db.execute(sql`with d as (${days})
      select p.id, p.signup_id, p.position, p.given_name, p.family_name, p.email,
        p.birth_date::text as birth_date, p.certificate_id, p.certificate_expires_on::text as certificate_expires_on,
        p.certificate_review, p.certificate_review_reason, p.certificate_reviewed_at,
        ${status} as certificate_status, d.race_day::text as race_day
      ${from} where ${where}
      order by lower(p.family_name), lower(p.given_name), p.id limit ${query.limit} offset ${query.offset}`),
    db.execute(sql`with d as (${days}) select count(*)::int as total ${from} where ${where}`),
  ]);
  return {
    rows: (rowsOf(page) as Record<string, unknown>[]).map(participantRow),
    total: Number((rowsOf(count)[0] as { total: number }).total),
  };
}

/** Writes the organiser's word on a participant's certificate. */
export async function setCertificateReview(
  tx: Transaction,
  participantId: string,
  review: { review: CertificateReview; reason: string | null; at: Date; by: string },
): Promise<void> {
  await tx
    .update(participants)
    .set({
      certificateReview: review.review,
      certificateReviewReason: review.reason,
      certificateReviewedAt: review.at,
      certificateReviewedBy: review.by,
    })
    .where(eq(participants.id, participantId));
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

/** Clears the organiser's word on a signup's certificates: a new one was uploaded, to be looked at again. */
export async function clearCertificateReviews(db: Database | Transaction, signupId: string): Promise<void> {
  await db
    .update(participants)
    .set({
      certificateReview: null,
      certificateReviewReason: null,
      certificateReviewedAt: null,
      certificateReviewedBy: null,
    })
    .where(and(eq(participants.signupId, signupId), isNotNull(participants.certificateReview)));
}
