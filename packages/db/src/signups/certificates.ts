import { and, desc, eq, gt, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { Database } from "../database.ts";
import { appointments, certificates, events, participants, signups } from "../schema.ts";

/** Medical certificates: health data, read back only through their owner's signup. */

export interface CertificateFile {
  id: string;
  userId: string | null;
  signupId: string | null;
  mediaType: string;
  fileName: string;
  size: number;
  createdAt: Date;
}

const fileColumns = {
  id: certificates.id,
  userId: certificates.userId,
  signupId: certificates.signupId,
  mediaType: certificates.mediaType,
  fileName: certificates.fileName,
  size: certificates.size,
  createdAt: certificates.createdAt,
};

export async function insertCertificate(
  db: Database,
  values: { userId: string | null; signupId: string; mediaType: string; fileName: string; content: Buffer },
): Promise<CertificateFile> {
  const [row] = await db
    .insert(certificates)
    .values({ ...values, size: values.content.length })
    .returning(fileColumns);
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** A certificate's description, without its bytes. */
export async function findCertificate(db: Database, id: string): Promise<CertificateFile | undefined> {
  const rows = await db.select(fileColumns).from(certificates).where(eq(certificates.id, id)).limit(1);
  return rows[0];
}

export async function certificateContent(db: Database, id: string, signupId: string): Promise<Buffer | undefined> {
  const rows = await db
    .select({ content: certificates.content })
    .from(certificates)
    .where(and(eq(certificates.id, id), eq(certificates.signupId, signupId)))
    .limit(1);
  return rows[0]?.content;
}

/**
 * The latest expiry date a participant was saved with for this certificate, if any: what its owner
 * said of it (the file itself says nothing the server reads).
 */
export async function certificateExpiry(db: Database, id: string): Promise<string | undefined> {
  const rows = await db
    .select({ expiresOn: participants.certificateExpiresOn })
    .from(participants)
    .where(and(eq(participants.certificateId, id), isNotNull(participants.certificateExpiresOn)))
    .orderBy(desc(participants.certificateExpiresOn))
    .limit(1);
  return rows[0]?.expiresOn ?? undefined;
}

/**
 * Gives a participant of a signup past its hold a new certificate and its expiry: the organiser's
 * word on the old one goes, the new one is to be looked at.
 */
export async function setParticipantCertificate(
  db: Database,
  participantId: string,
  certificate: { certificateId: string; expiresOn: string },
): Promise<void> {
  await db
    .update(participants)
    .set({
      certificateId: certificate.certificateId,
      certificateExpiresOn: certificate.expiresOn,
      certificateReview: null,
      certificateReviewReason: null,
      certificateReviewedAt: null,
      certificateReviewedBy: null,
    })
    .where(eq(participants.id, participantId));
}

/** A participant of a confirmed signup whose certificate is still to come, with what a reminder needs. */
export interface CertificateReminderCandidate {
  participantId: string;
  givenName: string;
  familyName: string;
  certificateRemindedDays: number | null;
  signupId: string;
  userId: string;
  eventId: string;
  startsAt: Date;
  timeZone: string;
  reminderDays: number[];
}

/**
 * The participants of confirmed runners' signups (not a club's) for races still to come, in events
 * that ask for a certificate and remind, whose certificate is missing or was rejected.
 */
export async function certificateReminderCandidates(db: Database, now: Date): Promise<CertificateReminderCandidate[]> {
  return db
    .select({
      participantId: participants.id,
      givenName: participants.givenName,
      familyName: participants.familyName,
      certificateRemindedDays: participants.certificateRemindedDays,
      signupId: signups.id,
      userId: sql<string>`${signups.userId}`,
      eventId: events.id,
      startsAt: appointments.startsAt,
      timeZone: events.timeZone,
      reminderDays: events.certificateReminderDays,
    })
    .from(participants)
    .innerJoin(signups, eq(signups.id, participants.signupId))
    .innerJoin(appointments, eq(appointments.id, signups.appointmentId))
    .innerJoin(events, eq(events.id, appointments.eventId))
    .where(
      and(
        eq(signups.state, "confirmed"),
        isNotNull(signups.userId),
        // A club's athletes are reminded themselves, through their own links (athletes/links.ts).
        isNull(signups.clubId),
        ne(events.medicalCertificate, "none"),
        gt(appointments.startsAt, now),
        sql`jsonb_array_length(${events.certificateReminderDays}) > 0`,
        or(isNull(participants.certificateId), eq(participants.certificateReview, "rejected")),
      ),
    );
}

/**
 * Claims the reminder for `days` before the race: true for the one process whose conditional
 * update moved the participant's last threshold down to it, false when another got there first.
 */
export async function claimCertificateReminder(db: Database, participantId: string, days: number): Promise<boolean> {
  const rows = await db
    .update(participants)
    .set({ certificateRemindedDays: days })
    .where(
      and(
        eq(participants.id, participantId),
        or(isNull(participants.certificateRemindedDays), gt(participants.certificateRemindedDays, days)),
      ),
    )
    .returning({ id: participants.id });
  return rows.length > 0;
}
