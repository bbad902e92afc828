import { and, asc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { clubAthletes, clubs, events, participants, signups } from "../schema.ts";
import type { ParticipantRecord, SignupRecord } from "../signups/signups.ts";

/**
 * A club's athletes' own links (docs/decisions/068-club-entries.md): only the SHA-256 of the token
 * last mailed is kept, each mail replaces it, and giving the part spends it.
 */

type Tx = Database | Transaction;

/** Whose link a token's hash is: the participant, their signup and the club that entered them. */
export interface AthleteLinkHolder {
  participant: ParticipantRecord;
  signup: SignupRecord;
  clubName: string | null;
}

/** The participant whose link has this hash, whatever its state: the caller judges lapse and signup. */
export async function findAthleteLink(db: Tx, hash: string): Promise<AthleteLinkHolder | undefined> {
  const [row] = await db
    .select({ participant: participants, signup: signups, clubName: clubs.name })
    .from(participants)
    .innerJoin(signups, eq(signups.id, participants.signupId))
    .leftJoin(clubs, eq(clubs.id, signups.clubId))
    .where(eq(participants.athleteLinkHash, hash));
  return row;
}

/** The club's name, for the mails that speak of it. */
export async function clubNameOf(db: Tx, clubId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: clubs.name }).from(clubs).where(eq(clubs.id, clubId));
  return row?.name;
}

/** Gives the participant a new link (voiding the one before) good until `expiresAt`, mailed at `mailedAt`. */
export async function setAthleteLink(
  tx: Tx,
  participantId: string,
  link: { hash: string; expiresAt: Date; mailedAt: Date },
): Promise<void> {
  await tx
    .update(participants)
    .set({ athleteLinkHash: link.hash, athleteLinkExpiresAt: link.expiresAt, athleteRemindedAt: link.mailedAt })
    .where(eq(participants.id, participantId));
}

/**
 * Claims a reminder: the participant gets a new link (same lapse) unless a mail went to them since
 * `since` (the step's moment), or the link lapsed. True for the one process whose update took it.
 */
export async function claimAthleteReminder(
  tx: Tx,
  participantId: string,
  link: { hash: string; since: Date; mailedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(participants)
    .set({ athleteLinkHash: link.hash, athleteRemindedAt: link.mailedAt })
    .where(
      and(
        eq(participants.id, participantId),
        gt(participants.athleteLinkExpiresAt, link.mailedAt),
        or(isNull(participants.athleteRemindedAt), lt(participants.athleteRemindedAt, link.since)),
      ),
    )
    .returning({ id: participants.id });
  return rows.length > 0;
}

/**
 * Claims a link mailed again at a manager's asking: the participant gets a new link good until
 * `expiresAt` unless a mail went to them since `since`. True for the one request whose update took it.
 */
export async function claimAthleteLinkResend(
  tx: Tx,
  participantId: string,
  link: { hash: string; expiresAt: Date; since: Date; mailedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(participants)
    .set({ athleteLinkHash: link.hash, athleteLinkExpiresAt: link.expiresAt, athleteRemindedAt: link.mailedAt })
    .where(
      and(
        eq(participants.id, participantId),
        or(isNull(participants.athleteRemindedAt), lt(participants.athleteRemindedAt, link.since)),
      ),
    )
    .returning({ id: participants.id });
  return rows.length > 0;
}

/** What the athlete gives through their link. */
export interface AthletePartValues {
  consentsAcceptedAt: Date;
  emergencyContactName: string;
  emergencyContactPhone: string;
  /** A new certificate and its expiry; absent: the one on file stays. */
  certificate?: { id: string; expiresOn: string };
}

/**
 * Records the athlete's part and spends their link, in one conditional update: only while the link
 * is still this hash and good at `at`. Undefined when it was not (spent meanwhile, or replaced).
 */
export async function spendAthleteLink(
  tx: Tx,
  input: { participantId: string; hash: string; at: Date; values: AthletePartValues },
): Promise<ParticipantRecord | undefined> {
  const { certificate, ...values } = input.values;
  const [row] = await tx
    .update(participants)
    .set({
      ...values,
      ...(certificate
        ? {
            certificateId: certificate.id,
            certificateExpiresOn: certificate.expiresOn,
            certificateReview: null,
            certificateReviewReason: null,
            certificateReviewedAt: null,
            certificateReviewedBy: null,
          }
        : {}),
      athleteCompletedAt: input.at,
      athleteLinkHash: null,
    })
    .where(
      and(
        eq(participants.id, input.participantId),
        eq(participants.athleteLinkHash, input.hash),
        gt(participants.athleteLinkExpiresAt, input.at),
      ),
    )
    .returning();
  return row;
}

/** Whether another participant already has this certificate. */
export async function certificateTakenByOther(tx: Tx, certificateId: string, participantId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.certificateId, certificateId), ne(participants.id, participantId)))
    .limit(1);
  return rows.length > 0;
}

/** Links a club's athlete to the account of whoever gave their part while logged in, unless it is linked already. */
export async function linkClubAthlete(tx: Tx, clubAthleteId: string, userId: string): Promise<void> {
  await tx
    .update(clubAthletes)
    .set({ userId, updatedAt: sql`now()` })
    .where(and(eq(clubAthletes.id, clubAthleteId), isNull(clubAthletes.userId)));
}

/** A club's athlete still missing a part whose link lapses soon enough to be reminded. */
export interface AthleteReminderCandidate {
  participantId: string;
  signupId: string;
  expiresAt: Date;
  remindedAt: Date | null;
}

/**
 * The participants of confirmed club signups, with an address and a link still good at `now`, who
 * miss their consents, their emergency contact or a certificate the event requires, and for whom one
 * of the reminder `steps` (days before the link lapses) has come with no mail since; soonest lapse
 * first, at most `limit`.
 */
export async function athleteReminderCandidates(
  db: Tx,
  input: { now: Date; steps: readonly number[]; limit: number },
): Promise<AthleteReminderCandidate[]> {
  const at = input.now.toISOString();
  const expiry = participants.athleteLinkExpiresAt;
  const reminded = participants.athleteRemindedAt;
  const due = input.steps.map((days) => {
    const moment = sql`${expiry} - make_interval(days => ${days})`;
    return sql`(${at}::timestamptz >= ${moment} and (${reminded} is null or ${reminded} < ${moment}))`;
  });
  const rows = await db
    .select({
      participantId: participants.id,
      signupId: signups.id,
      expiresAt: expiry,
      remindedAt: reminded,
    })
    .from(participants)
    .innerJoin(signups, eq(signups.id, participants.signupId))
    .innerJoin(events, eq(events.id, signups.eventId))
    .where(
      and(
        eq(signups.state, "confirmed"),
        isNotNull(signups.clubId),
        isNotNull(participants.email),
        gt(expiry, input.now),
        or(...due),
        or(
          isNull(participants.consentsAcceptedAt),
          sql`coalesce(${participants.emergencyContactName}, '') = ''`,
          sql`coalesce(${participants.emergencyContactPhone}, '') = ''`,
          and(ne(events.medicalCertificate, "none"), isNull(participants.certificateId)),
        ),
      ),
    )
    .orderBy(asc(expiry), asc(participants.id))
    .limit(input.limit);
  // The filter above leaves no link without a lapse.
  return rows.map((row) => ({ ...row, expiresAt: row.expiresAt ?? input.now }));
}
