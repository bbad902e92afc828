import type { DiscountCode } from "@sports/domain";
import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database, Transaction as Tx } from "../database.ts";
import { discountCodes, signups } from "../schema.ts";

/**
 * Discount codes and their uses (docs/decisions/029-discount-codes.md). A use is taken by one
 * conditional statement (`uses_taken < max_uses`) in the transaction that puts the code on the
 * signup, and given back in the one that takes it off: never a count read first and a row written
 * after, so no concurrency gives a code more uses than its limit.
 */

export type DiscountCodeRecord = typeof discountCodes.$inferSelect;
export type NewDiscountCode = Omit<typeof discountCodes.$inferInsert, "id" | "usesTaken" | "createdAt">;

export function discountCodeOf(record: DiscountCodeRecord): DiscountCode {
  return {
    id: record.id,
    eventId: record.eventId,
    appointmentId: record.appointmentId,
    code: record.code,
    kind: record.kind,
    value: record.value,
    currency: record.currency,
    validFrom: record.validFrom,
    validUntil: record.validUntil,
    maxUses: record.maxUses,
    perPersonLimit: record.perPersonLimit,
    members: record.members,
    active: record.active,
    usesTaken: record.usesTaken,
  };
}

export async function insertDiscountCode(tx: Tx, values: NewDiscountCode): Promise<DiscountCodeRecord | undefined> {
  const [row] = await tx.insert(discountCodes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateDiscountCodeRow(
  tx: Tx,
  id: string,
  changes: Partial<NewDiscountCode>,
): Promise<DiscountCodeRecord | undefined> {
  const [row] = await tx.update(discountCodes).set(changes).where(eq(discountCodes.id, id)).returning();
  return row;
}

export async function deleteDiscountCodeRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(discountCodes).where(eq(discountCodes.id, id));
}

/** A code locked for a change by the organiser. */
export async function lockDiscountCode(tx: Tx, id: string): Promise<DiscountCodeRecord | undefined> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
  return row;
}

export async function findDiscountCode(db: Database | Tx, id: string): Promise<DiscountCodeRecord | undefined> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row;
}

/** The event's code by its normalised text. */
export async function findDiscountCodeByText(
  db: Database | Tx,
  eventId: string,
  code: string,
): Promise<DiscountCodeRecord | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.eventId, eventId), eq(discountCodes.code, code)));
  return row;
}

export async function discountCodesById(
  db: Database | Tx,
  ids: readonly string[],
): Promise<Map<string, DiscountCodeRecord>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(discountCodes).where(inArray(discountCodes.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/** An event's codes, by their text. */
export async function discountCodesOfEvent(db: Database | Tx, eventId: string): Promise<DiscountCodeRecord[]> {
  return db.select().from(discountCodes).where(eq(discountCodes.eventId, eventId)).orderBy(asc(discountCodes.code));
}

/** Takes one use of a code, atomically: false when none is left. */
export async function takeCodeUse(tx: Tx, codeId: string): Promise<boolean> {
  const rows = await tx
    .update(discountCodes)
    .set({ usesTaken: sql`${discountCodes.usesTaken} + 1` })
    .where(and(eq(discountCodes.id, codeId), sql`${discountCodes.usesTaken} < ${discountCodes.maxUses}`))
    .returning({ id: discountCodes.id });
  return rows.length === 1;
}

/** Gives one use of a code back. */
export async function giveCodeUseBack(tx: Tx, codeId: string): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ usesTaken: sql`${discountCodes.usesTaken} - 1` })
    .where(eq(discountCodes.id, codeId));
}

/** Puts a code on a signup (or takes it off, `null`); the caller has taken or given back its use. */
export async function setSignupDiscountCode(tx: Tx, signupId: string, codeId: string | null): Promise<void> {
  await tx.update(signups).set({ discountCodeId: codeId }).where(eq(signups.id, signupId));
}

/**
 * Serialises one person's applications of one code until the transaction ends, so that the count
 * read next ({@link ownCodeUses}) sees the other's use: two signups of the same person applying the
 * same code at the same moment cannot both pass its per-person limit.
 */
export async function lockPersonCodeUses(tx: Tx, input: { userId: string; codeId: string }): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`discount-code:${input.codeId}:${input.userId}`}, 0))`,
  );
}

/** How many of a person's signups other than `signupId` hold a use of the code. */
export async function ownCodeUses(tx: Database | Tx, input: { userId: string; codeId: string; signupId: string }) {
  const [row] = await tx
    .select({ uses: count() })
    .from(signups)
    .where(
      and(eq(signups.discountCodeId, input.codeId), eq(signups.userId, input.userId), ne(signups.id, input.signupId)),
    );
  return row?.uses ?? 0;
}

/** The confirmed signups of an event that hold a discount code: what the dashboard sums the discounts of. */
export async function confirmedSignupsWithCodes(db: Database | Tx, eventId: string) {
  return db
    .select()
    .from(signups)
    .where(
      and(eq(signups.eventId, eventId), eq(signups.state, "confirmed"), sql`${signups.discountCodeId} is not null`),
    )
    .orderBy(asc(signups.createdAt), asc(signups.id));
}
