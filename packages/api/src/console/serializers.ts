import type { ResourceObject } from "@sports/jsonapi";
import type { AuditEntryRecord } from "@sports/usecases";

/** One line of the audit log as the console reads it. */
export function auditEntryResource(entry: AuditEntryRecord): ResourceObject<"audit-entries", Record<string, unknown>> {
  return {
    type: "audit-entries",
    id: String(entry.id),
    attributes: {
      at: entry.at.toISOString(),
      actorKind: entry.actorKind,
      actorUserId: entry.actorUserId,
      actorEmail: entry.actorEmail,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      eventId: entry.eventId,
      before: entry.before,
      after: entry.after,
    },
  };
}
