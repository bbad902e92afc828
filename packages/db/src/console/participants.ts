import type { AthletePart, CertificateReview, CertificateStatus } from "@sports/domain";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { rowsOf } from "../driver-results.ts";
import { participants } from "../schema.ts";
import { certificateStatusIn, certificateStatusSql, daysOf, RACE_DAY } from "./certificate-status.ts";

/**
 * The participants as the console reads them, each with their certificate's status on their race
 * day: a signup's, one alone, or an event's page by page; and the organiser's word on a certificate,
 * written and cleared.
 */

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
  /** What a club's athlete has still to give of their own (docs/decisions/068); none for a runner's. */
  missing: AthletePart[];
}

/** A club's athlete's parts still missing, from the flags the queries read (none where they read none). */
function missingOf(row: Record<string, unknown>): AthletePart[] {
  if (row.club_entry !== true) return [];
  const missing: AthletePart[] = [];
  if (row.consents_missing === true) missing.push("consents");
  if (row.emergency_missing === true) missing.push("emergency-contact");
  if (row.medical_certificate !== "none" && !row.certificate_id) missing.push("certificate");
  return missing;
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
    missing: missingOf(row),
  };
}

const PARTICIPANT_COLUMNS = sql`p.id, p.signup_id, p.position, p.given_name, p.family_name, p.email,
  p.birth_date::text as birth_date, p.certificate_id, p.certificate_expires_on::text as certificate_expires_on,
  p.certificate_review, p.certificate_review_reason, p.certificate_reviewed_at,
  ${certificateStatusSql("p", RACE_DAY)} as certificate_status, ${RACE_DAY}::text as race_day,
  (select b.number from bibs b where b.participant_id = p.id) as bib,
  s.club_id is not null as club_entry, p.consents_accepted_at is null as consents_missing,
  (coalesce(p.emergency_contact_name, '') = '' or coalesce(p.emergency_contact_phone, '') = '') as emergency_missing,
  e.medical_certificate`;

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
