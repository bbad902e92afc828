import type { Actor, AuditChange } from "@sports/domain";
import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { Database } from "../database.ts";
import { auditEntries, users } from "../schema.ts";

/** A line of the log with the address of whoever made the change (null for the system, or an account since deleted). */
export type AuditEntryRecord = typeof auditEntries.$inferSelect & { actorEmail: string | null };

/** Writes one line of the console's audit log, in the transaction of the change it records. */
export async function recordAudit(db: Database, actor: Actor, change: AuditChange, at: Date): Promise<void> {
  await db.insert(auditEntries).values({
    at,
    actorKind: actor.kind,
    actorUserId: "userId" in actor ? actor.userId : null,
    action: change.action,
    subjectType: change.subjectType,
    subjectId: change.subjectId,
    eventId: change.eventId ?? null,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

export interface AuditFilter {
  subjectType?: string;
  subjectId?: string;
  eventId?: string;
  /** Entries older than this id (the next page, newest first). */
  before?: number;
  limit: number;
}

/** The audit log, newest first, filtered by record or by event. */
export async function listAuditEntries(db: Database, filter: AuditFilter): Promise<AuditEntryRecord[]> {
  const where: SQL[] = [];
  if (filter.subjectType !== undefined) where.push(eq(auditEntries.subjectType, filter.subjectType));
  if (filter.subjectId !== undefined) where.push(eq(auditEntries.subjectId, filter.subjectId));
  if (filter.eventId !== undefined) where.push(eq(auditEntries.eventId, filter.eventId));
  if (filter.before !== undefined) where.push(lt(auditEntries.id, filter.before));
  const rows = await db
    .select({ entry: auditEntries, actorEmail: users.email })
    .from(auditEntries)
    .leftJoin(users, eq(users.id, auditEntries.actorUserId))
    .where(and(...where))
    .orderBy(desc(auditEntries.id))
    .limit(filter.limit);
  return rows.map(({ entry, actorEmail }) => ({ ...entry, actorEmail }));
}
