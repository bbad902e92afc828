import type { BillingDocumentKind } from "@sports/domain";
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { rowsOf } from "../driver-results.ts";
import {
  billingDocuments,
  billingSequences,
  billingTransmissions,
  organisation,
  type SignupBilling,
  signups,
  type TransmissionState,
  users,
} from "../schema.ts";

/**
 * The billing documents' storage (decision 066). Numbers come from `billing_sequences`, one row per
 * series and year, taken with the row's lock in the transaction that issues the document: a
 * rollback gives the number back, and a second issuer waits for the first to commit, so numbers
 * have neither gaps nor duplicates whatever the processes.
 */

export type OrganisationRecord = typeof organisation.$inferSelect;
export type BillingDocumentRecord = typeof billingDocuments.$inferSelect;
export type BillingTransmissionRecord = typeof billingTransmissions.$inferSelect;
type Db = Database | Transaction;

export async function findOrganisation(db: Db): Promise<OrganisationRecord | undefined> {
  const rows = await db.select().from(organisation).where(eq(organisation.id, 1)).limit(1);
  return rows[0];
}

/** Writes the organiser's fiscal identity and document settings (the one row). */
export async function saveOrganisation(
  db: Db,
  values: Omit<OrganisationRecord, "id" | "updatedAt">,
  at: Date,
): Promise<OrganisationRecord> {
  const [row] = await db
    .insert(organisation)
    .values({ ...values, id: 1, updatedAt: at })
    .onConflictDoUpdate({ target: organisation.id, set: { ...values, updatedAt: at } })
    .returning();
  if (!row) throw new Error("The organisation was not written.");
  return row;
}

/** The next number of a series in a year, taken under the sequence row's lock until the transaction ends. */
export async function takeDocumentNumber(tx: Transaction, series: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(billingSequences)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({
      target: [billingSequences.series, billingSequences.year],
      set: { last: sql`${billingSequences.last} + 1` },
    })
    .returning({ last: billingSequences.last });
  if (!row) throw new Error("No number was taken.");
  return row.last;
}

export type NewBillingDocument = Omit<BillingDocumentRecord, "id" | "createdAt"> & { createdAt: Date };

/** Writes an issued document, and for one the SdI receives (an invoice, a credit note) its transmission, pending. */
export async function insertBillingDocument(
  tx: Transaction,
  document: NewBillingDocument,
  fileName: ((fileSequence: number) => string) | null,
): Promise<{ document: BillingDocumentRecord; transmission: BillingTransmissionRecord | null }> {
  const [row] = await tx.insert(billingDocuments).values(document).returning();
  if (!row) throw new Error("The document was not written.");
  if (!fileName) return { document: row, transmission: null };
  const sequence = await nextFileSequence(tx);
  const [transmission] = await tx
    .insert(billingTransmissions)
    .values({ documentId: row.id, fileSequence: sequence, fileName: fileName(sequence), updatedAt: document.createdAt })
    .returning();
  return { document: row, transmission: transmission ?? null };
}

async function nextFileSequence(tx: Transaction): Promise<number> {
  const result = await tx.execute(
    sql`select nextval(pg_get_serial_sequence('billing_transmissions', 'file_sequence'))::text as next`,
  );
  const [row] = rowsOf(result) as { next: string }[];
  return Number(row?.next);
}

/** The document a payment issued (its latest issue, after a rejection), if any; corrections aside. */
export async function documentOfPayment(db: Db, paymentId: string): Promise<BillingDocumentRecord | undefined> {
  const rows = await db
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.paymentId, paymentId), isNull(billingDocuments.refundedUpTo)))
    .orderBy(desc(billingDocuments.revision))
    .limit(1);
  return rows[0];
}

/** A document with its transmission, when it has one. */
export interface BillingDocumentRow {
  document: BillingDocumentRecord;
  transmission: BillingTransmissionRecord | null;
}

const withTransmission = {
  document: billingDocuments,
  transmission: billingTransmissions,
} as const;

export async function findBillingDocument(db: Db, id: string): Promise<BillingDocumentRow | undefined> {
  const rows = await db
    .select(withTransmission)
    .from(billingDocuments)
    .leftJoin(billingTransmissions, eq(billingTransmissions.documentId, billingDocuments.id))
    .where(eq(billingDocuments.id, id))
    .limit(1);
  return rows[0];
}

/** A signup's documents, oldest first. */
export async function documentsOfSignup(db: Db, signupId: string): Promise<BillingDocumentRow[]> {
  return db
    .select(withTransmission)
    .from(billingDocuments)
    .leftJoin(billingTransmissions, eq(billingTransmissions.documentId, billingDocuments.id))
    .where(eq(billingDocuments.signupId, signupId))
    .orderBy(
      asc(billingDocuments.createdAt),
      asc(billingDocuments.year),
      asc(billingDocuments.sequence),
      asc(billingDocuments.revision),
    );
}

export interface BillingDocumentFilter {
  /** Issued on or after / on or before (YYYY-MM-DD). */
  from?: string;
  to?: string;
  kinds?: readonly BillingDocumentKind[];
  states?: readonly TransmissionState[];
  /** Only documents the SdI receives (invoices and credit notes). */
  transmitted?: boolean;
}

function filterOf(filter: BillingDocumentFilter): SQL | undefined {
  return and(
    filter.from ? gte(billingDocuments.issuedOn, filter.from) : undefined,
    filter.to ? lte(billingDocuments.issuedOn, filter.to) : undefined,
    filter.kinds?.length ? inArray(billingDocuments.kind, [...filter.kinds]) : undefined,
    filter.states?.length ? inArray(billingTransmissions.state, [...filter.states]) : undefined,
    filter.transmitted ? sql`${billingTransmissions.documentId} is not null` : undefined,
  );
}

/** Documents issued, newest first, a page at a time, with how many match. */
export async function listBillingDocuments(
  db: Db,
  filter: BillingDocumentFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: BillingDocumentRow[]; total: number }> {
  const where = filterOf(filter);
  const rows = await db
    .select(withTransmission)
    .from(billingDocuments)
    .leftJoin(billingTransmissions, eq(billingTransmissions.documentId, billingDocuments.id))
    .where(where)
    .orderBy(desc(billingDocuments.issuedOn), desc(billingDocuments.series), desc(billingDocuments.sequence))
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(billingDocuments)
    .leftJoin(billingTransmissions, eq(billingTransmissions.documentId, billingDocuments.id))
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

/** Every document the SdI receives issued in a period, in number order: an export's files. */
export async function transmittedDocuments(db: Db, from: string, to: string): Promise<BillingDocumentRow[]> {
  return db
    .select(withTransmission)
    .from(billingDocuments)
    .innerJoin(billingTransmissions, eq(billingTransmissions.documentId, billingDocuments.id))
    .where(and(gte(billingDocuments.issuedOn, from), lte(billingDocuments.issuedOn, to)))
    .orderBy(
      asc(billingDocuments.series),
      asc(billingDocuments.year),
      asc(billingDocuments.sequence),
      asc(billingDocuments.revision),
    );
}

/** Invoices issued before `before` (YYYY-MM-DD) not handed out yet: the console's warning. */
export async function documentsNotHandedOut(db: Db, before: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(billingTransmissions)
    .innerJoin(billingDocuments, eq(billingDocuments.id, billingTransmissions.documentId))
    .where(and(eq(billingTransmissions.state, "pending"), lt(billingDocuments.issuedOn, before)));
  return row?.n ?? 0;
}

/** Marks files as handed out to the intermediary (those still pending). */
export async function markHandedOut(db: Db, documentIds: readonly string[], at: Date): Promise<void> {
  if (documentIds.length === 0) return;
  await db
    .update(billingTransmissions)
    .set({ state: "handed-out", handedOutAt: at, updatedAt: at })
    .where(and(inArray(billingTransmissions.documentId, [...documentIds]), eq(billingTransmissions.state, "pending")));
}

/** The transmission a file name belongs to, locked for the change a notification brings. */
export async function lockedTransmissionByFile(
  tx: Transaction,
  fileName: string,
): Promise<BillingTransmissionRecord | undefined> {
  const rows = await tx
    .select()
    .from(billingTransmissions)
    .where(
      or(
        eq(billingTransmissions.fileName, fileName),
        eq(sql`lower(${billingTransmissions.fileName})`, fileName.toLowerCase()),
      ),
    )
    .for("update")
    .limit(1);
  return rows[0];
}

export async function changeTransmission(
  tx: Transaction,
  documentId: string,
  change: Partial<Pick<BillingTransmissionRecord, "state" | "sdiId" | "reason" | "handedOutAt">>,
  at: Date,
): Promise<void> {
  await tx
    .update(billingTransmissions)
    .set({ ...change, updatedAt: at })
    .where(eq(billingTransmissions.documentId, documentId));
}

/** The issue that replaced a rejected one, if it was sent again. */
export async function replacementOf(db: Db, documentId: string): Promise<BillingDocumentRecord | undefined> {
  const rows = await db.select().from(billingDocuments).where(eq(billingDocuments.replacesId, documentId)).limit(1);
  return rows[0];
}

/** Sets who a signup's documents name. */
export async function setSignupBilling(
  db: Db,
  signupId: string,
  billing: SignupBilling | null,
  at: Date,
): Promise<void> {
  await db.update(signups).set({ billing, updatedAt: at }).where(eq(signups.id, signupId));
}

/** Keeps the billing details on the account for the next recap, and a person's tax code on the profile. */
export async function keepUserBilling(db: Db, userId: string, billing: SignupBilling, at: Date): Promise<void> {
  const taxCode = billing.buyer.kind === "person" ? billing.buyer.taxCode : null;
  await db
    .update(users)
    .set({ billing, ...(taxCode ? { taxCode } : {}), updatedAt: at })
    .where(eq(users.id, userId));
}

/** The billing details an account gave last, and its tax code. */
export async function userBilling(
  db: Db,
  userId: string,
): Promise<{ billing: SignupBilling | null; taxCode: string | null } | undefined> {
  const rows = await db
    .select({ billing: users.billing, taxCode: users.taxCode })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}
