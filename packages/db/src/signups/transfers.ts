import type { Locale, TransferSnapshot, TransferState } from "@sports/domain";
import { and, asc, desc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { certificates, checkIns, participants, signups, transfers } from "../schema.ts";
import type { NewParticipant } from "./signups.ts";

type Tx = Database | Transaction;

export type TransferRecord = typeof transfers.$inferSelect;

/** Whether a participant has been checked in (a place in use on race day is not passed on). */
export async function isCheckedIn(tx: Tx, participantId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: checkIns.participantId })
    .from(checkIns)
    .where(eq(checkIns.participantId, participantId))
    .limit(1);
  return rows.length > 0;
}

/**
 * Puts the new person in a participant's row (decision 028): their data and consents; the old
 * person's certificate, the organiser's word on it and its reminders go; the ticket code is cleared
 * for the caller to give a new one. The row's id, position and bib stay.
 */
export async function replaceParticipantPerson(tx: Transaction, participantId: string, person: NewParticipant) {
  const [row] = await tx
    .update(participants)
    .set({
      ...person,
      ticketCode: null,
      certificateReview: null,
      certificateReviewReason: null,
      certificateReviewedAt: null,
      certificateReviewedBy: null,
      certificateRemindedDays: null,
    })
    .where(eq(participants.id, participantId))
    .returning();
  if (!row) throw new Error(`No participant ${participantId}.`);
  return row;
}

/** Keeps the transfer as history. */
export async function insertTransfer(
  tx: Transaction,
  transfer: TransferSnapshot,
  pending?: { person: Record<string, unknown>; locale: Locale; currency: string; expiresAt: Date },
): Promise<TransferRecord> {
  const [row] = await tx
    .insert(transfers)
    .values({
      id: transfer.id,
      signupId: transfer.signupId,
      participantId: transfer.participantId,
      fromGivenName: transfer.from.givenName,
      fromFamilyName: transfer.from.familyName,
      fromEmail: transfer.from.email,
      toGivenName: transfer.to.givenName,
      toFamilyName: transfer.to.familyName,
      toEmail: transfer.to.email,
      actorKind: transfer.actor.kind,
      actorUserId: "userId" in transfer.actor ? transfer.actor.userId : null,
      at: transfer.at,
      state: transfer.state,
      fee: transfer.fee,
      ...(pending ?? {}),
    })
    .returning();
  if (!row) throw new Error("The transfer was not written.");
  return row;
}

/** Transfers, newest first: of one owner's signups, of a signup, or of an event's. */
export async function listTransfers(
  db: Tx,
  filter: { ownerId?: string; signupId?: string; eventId?: string },
  limit = 200,
): Promise<TransferRecord[]> {
  const conditions: SQL[] = [];
  if (filter.signupId) conditions.push(eq(transfers.signupId, filter.signupId));
  if (filter.ownerId || filter.eventId)
    conditions.push(
      sql`${transfers.signupId} in (select ${signups.id} from ${signups} where ${and(
        filter.ownerId ? eq(signups.userId, filter.ownerId) : undefined,
        filter.eventId ? eq(signups.eventId, filter.eventId) : undefined,
      )})`,
    );
  return db
    .select()
    .from(transfers)
    .where(and(...conditions))
    .orderBy(desc(transfers.at), desc(transfers.id))
    .limit(limit);
}

/** A participant by id, with the signup it belongs to. */
export async function findParticipant(db: Tx, id: string) {
  const rows = await db.select().from(participants).where(eq(participants.id, id)).limit(1);
  return rows[0];
}

/**
 * Deletes the certificate of a person who gave their place away (health data no longer needed),
 * unless another participant still uses the same file.
 */
export async function forgetCertificate(tx: Transaction, certificateId: string): Promise<void> {
  await tx
    .delete(certificates)
    .where(
      and(
        eq(certificates.id, certificateId),
        sql`not exists (select 1 from ${participants} where ${participants.certificateId} = ${certificateId})`,
      ),
    );
}

/** A transfer by id. */
export async function findTransfer(db: Tx, id: string): Promise<TransferRecord | undefined> {
  const rows = await db.select().from(transfers).where(eq(transfers.id, id)).limit(1);
  return rows[0];
}

/** A participant's pending transfer, if one waits for its fee. */
export async function pendingTransferOf(db: Tx, participantId: string): Promise<TransferRecord | undefined> {
  const rows = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.participantId, participantId), eq(transfers.state, "pending")))
    .limit(1);
  return rows[0];
}

/** A pending transfer ends: applied (`done`, at `at`) or `lapsed`; the new person's data kept for it goes. */
export async function endTransfer(
  tx: Transaction,
  id: string,
  change: { state: Exclude<TransferState, "pending">; at?: Date },
): Promise<TransferRecord> {
  const [row] = await tx
    .update(transfers)
    .set({ state: change.state, person: null, ...(change.at ? { at: change.at } : {}) })
    .where(and(eq(transfers.id, id), eq(transfers.state, "pending")))
    .returning();
  if (!row) throw new Error(`Transfer ${id} is not pending.`);
  return row;
}

/** Pending transfers whose fee was not paid by now, locked for the caller (`skip locked`), with their event. */
export async function lockLapsedTransfers(tx: Transaction, now: Date, limit: number) {
  return tx
    .select({ transfer: transfers, eventId: signups.eventId })
    .from(transfers)
    .innerJoin(signups, eq(signups.id, transfers.signupId))
    .where(and(eq(transfers.state, "pending"), lte(transfers.expiresAt, now)))
    .orderBy(asc(transfers.expiresAt))
    .limit(limit)
    .for("update", { of: transfers, skipLocked: true });
}

/** The transfers of these signups that wait for their fee, for the owner's view of each signup. */
export async function pendingTransfersOfSignups(db: Tx, signupIds: readonly string[]): Promise<TransferRecord[]> {
  if (signupIds.length === 0) return [];
  return db
    .select()
    .from(transfers)
    .where(and(inArray(transfers.signupId, [...signupIds]), eq(transfers.state, "pending")))
    .orderBy(asc(transfers.at));
}
