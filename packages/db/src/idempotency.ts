import { and, eq, sql } from "drizzle-orm";
import type { Database } from "./database.ts";
import { isUniqueViolation, rowsOf } from "./driver-results.ts";
import { idempotencyKeys } from "./schema.ts";

/**
 * The first answers to requests sent with an `Idempotency-Key`. An answer that created something is
 * recorded by the statement or transaction that creates it (see `holdSignup`, `insertPayment`); one
 * that created nothing (a refusal, or a resource that was there already) is recorded after it.
 */

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

/** A request's key, scoped to its account, and what the request asked (method, path, body digest). */
export interface IdempotencyKey {
  userId: string;
  key: string;
  fingerprint: string;
}

/** How long a key is kept at least: a retry within this time gets the first answer. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The first answer recorded for an account's key, if any. */
export async function findIdempotencyKey(
  db: Database,
  key: Pick<IdempotencyKey, "userId" | "key">,
): Promise<IdempotencyRecord | undefined> {
  const rows = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, key.userId), eq(idempotencyKeys.key, key.key)))
    .limit(1);
  return rows[0];
}

/**
 * Records the answer to a request that created a resource, in the transaction that creates it. A
 * concurrent request with the same key waits here until that transaction ends, then fails with a
 * unique violation (see {@link isIdempotencyKeyTaken}) and its transaction creates nothing.
 */
export async function recordCreated(
  tx: Tx,
  key: IdempotencyKey,
  created: { status: number; resourceType: string; resourceId: string; at: Date },
): Promise<void> {
  await tx.insert(idempotencyKeys).values({
    ...key,
    status: created.status,
    resourceType: created.resourceType,
    resourceId: created.resourceId,
    createdAt: created.at,
  });
}

/**
 * The same record as {@link recordCreated}, as an insert to run inside the statement that creates
 * the resource: it reads the new row's id from that statement's `created` CTE, so the key is written
 * exactly when the row is.
 */
export function recordCreatedSql(key: IdempotencyKey, created: { status: number; resourceType: string; at: string }) {
  return sql`insert into ${idempotencyKeys} (user_id, key, fingerprint, status, resource_type, resource_id, created_at)
    select ${key.userId}, ${key.key}, ${key.fingerprint}, ${created.status}, ${created.resourceType}, id, ${created.at}
    from created`;
}

/**
 * Records an answer that created nothing: a refusal with its document, or a resource that was
 * there already. Answers the record that stands for the key: this one (`first: true`), or the one a
 * concurrent request with the same key wrote before.
 */
export async function recordAnswer(
  db: Database,
  key: IdempotencyKey,
  answer: { status: number; resourceType?: string; resourceId?: string; body?: unknown; at: Date },
): Promise<{ record: IdempotencyRecord; first: boolean }> {
  const [written] = await db
    .insert(idempotencyKeys)
    .values({
      ...key,
      status: answer.status,
      resourceType: answer.resourceType ?? null,
      resourceId: answer.resourceId ?? null,
      body: answer.body ?? null,
      createdAt: answer.at,
    })
    .onConflictDoNothing()
    .returning();
  if (written) return { record: written, first: true };
  const standing = await findIdempotencyKey(db, key);
  // Only a purge between the two statements removes it: record this answer after all.
  return standing ? { record: standing, first: false } : recordAnswer(db, key, answer);
}

/** Forgets a key whose request failed after recording it, so a retry with it can try again. */
export async function releaseIdempotencyKey(db: Database | Tx, key: Pick<IdempotencyKey, "userId" | "key">) {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, key.userId), eq(idempotencyKeys.key, key.key)));
}

/** Whether a write failed because another request recorded the same key first. */
export function isIdempotencyKeyTaken(error: unknown): boolean {
  if (!isUniqueViolation(error)) return false;
  const cause = (error as { cause?: { constraint?: string } }).cause ?? error;
  return (cause as { constraint?: string }).constraint === "idempotency_keys_user_id_key_pk";
}

/**
 * Forgets the keys recorded before `before` (the background jobs pass now minus
 * {@link IDEMPOTENCY_KEY_LIFETIME_MS}), a batch at a time so no statement runs long. Answers how
 * many were forgotten.
 */
export async function forgetIdempotencyKeys(db: Database, before: Date, batch = 1000): Promise<number> {
  let forgotten = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from ${idempotencyKeys}
      where (user_id, key) in (
        select user_id, key from ${idempotencyKeys} where created_at < ${before.toISOString()} limit ${batch}
      )
      returning 1`);
    const count = rowsOf(result).length;
    forgotten += count;
    if (count < batch) return forgotten;
  }
}
