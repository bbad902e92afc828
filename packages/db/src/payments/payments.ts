import type { PaymentProviderId, PaymentState } from "@sports/domain";
import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../database.ts";
import { type IdempotencyKey, recordCreated } from "../idempotency.ts";
import { prepared } from "../prepared.ts";
import { type PaymentSource, paymentAudit, payments, signups } from "../schema.ts";
import type { SignupRecord } from "../signups/signups.ts";

/**
 * The payments' storage. A payment's state changes only under its row lock, together with its
 * audit entry, which keeps the provider's event id once (a unique index): the same webhook
 * delivered twice finds it and changes nothing.
 */

export type PaymentRecord = typeof payments.$inferSelect;
export type PaymentAuditRecord = typeof paymentAudit.$inferSelect;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Writes a new payment and its first audit entry in one transaction; with an idempotency key, the
 * same transaction records the answer with the payment it creates (201), before anything else, so
 * a concurrent request with that key waits there and then creates nothing.
 */
export async function insertPayment(
  db: Database | Tx,
  payment: Pick<PaymentRecord, "signupId" | "provider" | "amount" | "currency" | "locale"> & {
    id?: string;
    /** What it pays for, as its billing document will state it (decision 066). */
    billed?: PaymentRecord["billed"];
    /** A transfer's fee (decision 028), not the signup's own payment. */
    transferId?: string;
    at: Date;
    key?: IdempotencyKey;
  },
): Promise<PaymentRecord> {
  const id = payment.id ?? crypto.randomUUID();
  return db.transaction(async (tx) => {
    if (payment.key) {
      await recordCreated(tx, payment.key, { status: 201, resourceType: "payments", resourceId: id, at: payment.at });
    }
    const [row] = await tx
      .insert(payments)
      .values({
        id,
        signupId: payment.signupId,
        transferId: payment.transferId ?? null,
        billed: payment.billed ?? null,
        provider: payment.provider,
        state: "created",
        amount: payment.amount,
        currency: payment.currency,
        locale: payment.locale,
        createdAt: payment.at,
        updatedAt: payment.at,
      })
      .returning();
    if (!row) throw new Error("The payment was not written.");
    await tx
      .insert(paymentAudit)
      .values({ paymentId: row.id, fromState: null, toState: "created", source: "visitor", at: payment.at });
    return row;
  });
}

export async function findPayment(db: Database | Tx, id: string): Promise<PaymentRecord | undefined> {
  const rows = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return rows[0];
}

/**
 * A signup's own payments, newest first: what it costs, paid. A transfer's fee (decision 028) is
 * not one of them: it never confirms the signup nor counts in what cancelling it gives back.
 */
export async function paymentsOfSignup(db: Database | Tx, signupId: string): Promise<PaymentRecord[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.signupId, signupId), isNull(payments.transferId)))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** The own payments of several signups in one query, each signup's newest first (no transfer fees). */
export async function paymentsOfSignups(db: Database | Tx, signupIds: readonly string[]): Promise<PaymentRecord[]> {
  if (signupIds.length === 0) return [];
  const query = prepared(db, "payments_of_signups", (db) =>
    db
      .select()
      .from(payments)
      .where(and(sql`${payments.signupId} = any(${sql.placeholder("ids")}::uuid[])`, isNull(payments.transferId)))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .prepare("payments_of_signups"),
  );
  return query.execute({ ids: [...signupIds] });
}

/** The payments of a signup's transfer fees (decision 028), newest first. */
export async function transferFeesOfSignup(db: Database | Tx, signupId: string): Promise<PaymentRecord[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.signupId, signupId), isNotNull(payments.transferId)))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** The payments of a transfer's fee, newest first. */
export async function paymentsOfTransfer(db: Database | Tx, transferId: string): Promise<PaymentRecord[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.transferId, transferId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** How a locked payment is found: by the site's id, or by what a provider calls it. */
export type PaymentKey =
  | { id: string }
  | { provider: PaymentProviderId; providerReference: string }
  | { provider: PaymentProviderId; paymentReference: string };

function whereKey(key: PaymentKey) {
  if ("id" in key) return eq(payments.id, key.id);
  if ("providerReference" in key) {
    return and(eq(payments.provider, key.provider), eq(payments.providerReference, key.providerReference));
  }
  return and(eq(payments.provider, key.provider), eq(payments.paymentReference, key.paymentReference));
}

/**
 * Runs `change` in a transaction holding the row locks of the payment's signup and of the payment,
 * in that order (the order every change of a signup takes them in, so two never wait on each other
 * in a circle); undefined when there is no such payment.
 */
export async function withLockedPayment<T>(
  db: Database,
  key: PaymentKey,
  change: (tx: Tx, payment: PaymentRecord, signup: SignupRecord) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: payments.id, signupId: payments.signupId })
      .from(payments)
      .where(whereKey(key))
      .orderBy(asc(payments.createdAt))
      .limit(1);
    if (!found) return undefined;
    const [signup] = await tx.select().from(signups).where(eq(signups.id, found.signupId)).for("update");
    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).for("update");
    if (!signup || !payment) return undefined;
    return change(tx, payment, signup);
  });
}

/** Whether a provider's event has been applied already (the audit keeps the id of each event that changed something). */
export async function hasProviderEvent(tx: Tx, eventId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: paymentAudit.id })
    .from(paymentAudit)
    .where(eq(paymentAudit.providerEventId, eventId))
    .limit(1);
  return rows.length > 0;
}

export interface PaymentChange {
  state?: PaymentState;
  providerReference?: string;
  paymentReference?: string;
  redirectUrl?: string | null;
  paidAt?: Date;
  refundDue?: number;
  refundedAmount?: number;
  refundReference?: string;
  /** Why an organiser must look at the payment (see `payments.attention` in the schema). */
  attention?: string | null;
}

/** Writes a change of a locked payment and, when its state changes, the audit entry that says why. */
export async function changePayment(
  tx: Tx,
  payment: PaymentRecord,
  change: PaymentChange,
  audit: { source: PaymentSource; at: Date; actorUserId?: string; providerEventId?: string; note?: string },
): Promise<PaymentRecord> {
  const [row] = await tx
    .update(payments)
    .set({ ...change, updatedAt: audit.at })
    .where(eq(payments.id, payment.id))
    .returning();
  if (!row) throw new Error(`Payment ${payment.id} vanished while locked.`);
  // Every change of state is recorded, and any other change that says why (a refund owed or made).
  if ((change.state && change.state !== payment.state) || audit.note) {
    await tx.insert(paymentAudit).values({
      paymentId: payment.id,
      fromState: payment.state,
      toState: change.state ?? payment.state,
      source: audit.source,
      providerEventId: audit.providerEventId ?? null,
      actorUserId: audit.actorUserId ?? null,
      note: audit.note ?? null,
      at: audit.at,
    });
  }
  return row;
}

/** Payments with money still to give back: the sweeper's list. */
export async function paymentsWithRefundDue(db: Database, limit = 20): Promise<PaymentRecord[]> {
  return db
    .select()
    .from(payments)
    .where(sql`${payments.refundDue} > ${payments.refundedAmount}`)
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
}

export async function paymentAuditOf(db: Database, paymentId: string): Promise<PaymentAuditRecord[]> {
  return db.select().from(paymentAudit).where(eq(paymentAudit.paymentId, paymentId)).orderBy(asc(paymentAudit.id));
}

/**
 * The payment that paid a signup, locked (the signup's lock is held already). A payment flagged for
 * an organiser did not pay it, and what it is owed back is for the organiser to say.
 */
export async function lockedPaidPayment(tx: Tx, signupId: string): Promise<PaymentRecord | undefined> {
  const rows = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.signupId, signupId),
        isNull(payments.transferId),
        eq(payments.state, "paid"),
        isNull(payments.attention),
      ),
    )
    .orderBy(asc(payments.paidAt))
    .for("update")
    .limit(1);
  return rows[0];
}

/**
 * Online payments still waiting for their provider's word since before `before`: the ones whose
 * webhook may have been lost, for the reconciliation job to ask about.
 */
export async function paymentsAwaitingProvider(db: Database, before: Date, limit = 20): Promise<PaymentRecord[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        sql`${payments.state} in ('pending', 'processing')`,
        sql`${payments.provider} <> 'bank-transfer'`,
        sql`${payments.providerReference} is not null`,
        sql`${payments.updatedAt} < ${before.toISOString()}`,
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
}
