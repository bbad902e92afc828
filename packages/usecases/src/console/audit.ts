import { type AuditEntryRecord, listAuditEntries, recordAudit, type Transaction } from "@sports/db";
import type { Actor, AuditChange } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";

/**
 * The console's audit log: every console use case writes its line with `audit`, inside the
 * transaction of the change, so a change is never made without its line nor a line written for a
 * change that did not happen.
 */
export function audit(tx: Transaction, deps: Pick<Deps, "now">, actor: Actor, change: AuditChange): Promise<void> {
  return recordAudit(tx, actor, change, deps.now);
}

export interface AuditQuery {
  subjectType?: string;
  subjectId?: string;
  eventId?: string;
  before?: number;
  limit?: number;
}

/** The audit log, newest first, for organisers only (it shows the team's every change). */
export async function auditLog(deps: Pick<Deps, "db">, actor: Actor, query: AuditQuery): Promise<AuditEntryRecord[]> {
  requireOrganiser(actor, "reads the audit log");
  return listAuditEntries(deps.db, { ...query, limit: Math.min(Math.max(query.limit ?? 50, 1), 200) });
}
