import { and, count, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../database.ts";
import { outgoingMails } from "../schema.ts";

/** A mail to write into the outbox: who it goes to, both bodies, and why it is sent. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  /** The signup the mail is about, if it is about one (its page in the console lists it). */
  signupId?: string | null;
  /** A billing document whose PDF goes with the mail. */
  attachedDocumentId?: string | null;
}

export type OutgoingMailRecord = typeof outgoingMails.$inferSelect;

/** How many times a mail is tried before it is left for whoever runs the site to look at. */
export const MAIL_ATTEMPTS = 10;

/**
 * Writes a mail into the outbox. Call it with the transaction of the change the mail reports, so
 * the mail exists if and only if the change was committed.
 */
export async function queueMail(db: Database, mail: OutgoingMail, at?: Date): Promise<string> {
  const [row] = await db
    .insert(outgoingMails)
    .values({ ...mail, ...(at ? { createdAt: at, notBefore: at } : {}) })
    .returning({ id: outgoingMails.id });
  if (!row) throw new Error("the mail was not written");
  return row.id;
}

/**
 * Claims up to `limit` mails due for sending: each is reserved until `now + claimMs`, counted as an
 * attempt, and skipped by every other claimer meanwhile (`skip locked`). A process that dies while
 * sending leaves its claim to lapse, and the mail is claimed again after.
 */
export async function claimMails(
  db: Database,
  input: { now: Date; claimMs: number; limit: number },
): Promise<OutgoingMailRecord[]> {
  const until = new Date(input.now.getTime() + input.claimMs);
  const due = db
    .select({ id: outgoingMails.id })
    .from(outgoingMails)
    .where(
      and(
        isNull(outgoingMails.sentAt),
        lte(outgoingMails.notBefore, input.now),
        lt(outgoingMails.attempts, MAIL_ATTEMPTS),
      ),
    )
    .orderBy(outgoingMails.notBefore)
    .limit(input.limit)
    .for("update", { skipLocked: true });
  return db
    .update(outgoingMails)
    .set({ notBefore: until, attempts: sql`${outgoingMails.attempts} + 1` })
    .where(inArray(outgoingMails.id, due))
    .returning();
}

/** Records that a claimed mail went out. */
export async function markMailSent(db: Database, id: string, at: Date): Promise<void> {
  await db.update(outgoingMails).set({ sentAt: at, lastError: null }).where(eq(outgoingMails.id, id));
}

/** Records a failed attempt; the mail is due again at `retryAt` (unless it has used its attempts). */
export async function markMailFailed(db: Database, id: string, error: string, retryAt: Date): Promise<void> {
  await db
    .update(outgoingMails)
    .set({ notBefore: retryAt, lastError: error.slice(0, 1000) })
    .where(and(eq(outgoingMails.id, id), isNull(outgoingMails.sentAt)));
}

/** Mails not sent yet: those still to try, and those that used every attempt. */
export async function unsentMailCounts(db: Database): Promise<{ pending: number; failed: number }> {
  const [row] = await db
    .select({
      pending: count(sql`case when ${outgoingMails.attempts} < ${MAIL_ATTEMPTS} then 1 end`),
      failed: count(sql`case when ${outgoingMails.attempts} >= ${MAIL_ATTEMPTS} then 1 end`),
    })
    .from(outgoingMails)
    .where(isNull(outgoingMails.sentAt));
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
}

/** Deletes mails sent before `before`: the outbox keeps what is still to send, not an archive. */
export async function forgetSentMails(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(outgoingMails)
    .where(lt(outgoingMails.sentAt, before))
    .returning({ id: outgoingMails.id });
  return rows.length;
}
