/**
 * The organiser's console: what its records are and the rules that are not any one screen's
 * (docs/decisions/020-organiser-console.md).
 */

/** The organiser's word on a participant's medical certificate. */
export const CERTIFICATE_REVIEWS = ["approved", "rejected"] as const;
export type CertificateReview = (typeof CERTIFICATE_REVIEWS)[number];

/**
 * Where a participant's certificate stands, for lists and filters: none uploaded (`missing`), not
 * looked at yet (`pending`), the organiser's word, or one that lapses before race day (`expired`).
 */
export const CERTIFICATE_STATUSES = ["missing", "pending", "approved", "rejected", "expired"] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export function certificateStatus(participant: {
  hasCertificate: boolean;
  certificateExpiresOn: string | null;
  review: CertificateReview | null;
  /** The race day (`YYYY-MM-DD`, in the event's time zone). */
  raceDay: string;
}): CertificateStatus {
  if (!participant.hasCertificate) return "missing";
  if (participant.certificateExpiresOn !== null && participant.certificateExpiresOn < participant.raceDay)
    return "expired";
  return participant.review ?? "pending";
}

/**
 * What a line of the audit log says was done (`audit_entries.action`): to the catalogue and the
 * pages, to a signup or a participant from the console, by the runner to their own signup (a
 * certificate, a discount code, a transfer), to a waiting list, to the team.
 */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "publish",
  "unpublish",
  "cancel",
  "cover-uploaded",
  "course-uploaded",
  "course-removed",
  "participants-messaged",
  "assign-bibs",
  "change-bib",
  "check-in",
  "undo-check-in",
  "mark-paid",
  "refund",
  "add-note",
  "resend-mail",
  "certificate-uploaded",
  "certificate-approved",
  "certificate-rejected",
  "apply-discount-code",
  "remove-discount-code",
  "transfer",
  "transfer-pending",
  "transfer-lapsed",
  "join",
  "offer",
  "accept",
  "lapse",
  "leave",
  "team-member-invited",
  "team-member-removed",
  "team-invitation-accepted",
  "results-imported",
  "result-corrected",
  "results-settings-changed",
  "documents-handed-out",
  "sdi-notification",
  "document-reissued",
  "card-list-applied",
  "athlete-withdrawn",
  "club-message-sent",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of record a line of the audit log is about (`audit_entries.subject_type`), named as the API's resource types. */
export const AUDIT_RECORDS = [
  "events",
  "appointments",
  "stays",
  "room-types",
  "pages",
  "discount-codes",
  "signups",
  "participants",
  "waiting-list-entries",
  "team-invitations",
  "results",
  "organisations",
  "billing-documents",
  "clubs",
] as const;
export type AuditRecord = (typeof AUDIT_RECORDS)[number];

/**
 * One line of the audit log as a use case writes it: what was done to which record, and the record
 * before and after (only the fields that matter; absent for a creation or a deletion).
 */
export interface AuditChange {
  action: AuditAction;
  subjectType: AuditRecord;
  subjectId: string;
  eventId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** The alphabet of ticket codes: no 0/O, 1/I/L, so a code read aloud or typed is not mistaken. */
export const TICKET_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const TICKET_CODE_LENGTH = 10;

/** A ticket code from random bytes (at least TICKET_CODE_LENGTH of them): about 49 bits. */
export function ticketCodeFrom(bytes: Uint8Array): string {
  let code = "";
  for (let index = 0; index < TICKET_CODE_LENGTH; index++)
    code += TICKET_CODE_ALPHABET[(bytes[index] ?? 0) % TICKET_CODE_ALPHABET.length];
  return code;
}

/** A typed or scanned code as stored: upper case, without spaces or dashes. */
export function normalizeTicketCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, "");
}

/**
 * The first free bib of a range, given the numbers taken in the event; null when the range is full.
 */
export function firstFreeBib(range: { first: number; last: number }, taken: ReadonlySet<number>): number | null {
  for (let number = range.first; number <= range.last; number++) if (!taken.has(number)) return number;
  return null;
}

/** The reminder days an event may set: whole days before the race, at most this many of them. */
export const CERTIFICATE_REMINDER_LIMITS = { min: 1, max: 120, count: 5 } as const;

/** Whether an event's reminder days are acceptable: whole days from 1 to 120, at most 5, none twice. */
export function validReminderDays(days: readonly number[]): boolean {
  const { min, max, count } = CERTIFICATE_REMINDER_LIMITS;
  return (
    days.length <= count &&
    new Set(days).size === days.length &&
    days.every((day) => Number.isInteger(day) && day >= min && day <= max)
  );
}

/** Whole days from one calendar day to another (`YYYY-MM-DD`), negative once it has passed. */
export function daysUntil(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/**
 * The reminder due for a participant whose certificate is still to come, as the threshold (days
 * before the race) it answers, or null. A threshold is due once the race is that many days away or
 * fewer; each is sent once, so only thresholds below the last one sent count; a run that finds
 * several due (the site was down) sends only the nearest. Nothing on or after race day.
 */
export function certificateReminderDue(input: {
  reminderDays: readonly number[];
  today: string;
  raceDay: string;
  lastRemindedDays: number | null;
}): number | null {
  const away = daysUntil(input.today, input.raceDay);
  if (away <= 0) return null;
  const due = input.reminderDays.filter(
    (days) => days >= away && (input.lastRemindedDays === null || days < input.lastRemindedDays),
  );
  return due.length === 0 ? null : Math.min(...due);
}
