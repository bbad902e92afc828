/**
 * The codes the console's logs carry (`GET /api/audit-entries`, a signup's `log` in
 * `GET /api/console/signups/{id}`): who acted, what was done, and to which kind of record. The
 * console puts each in words in the page's language; the lists repeat the domain's
 * (packages/domain/src/console.ts, signup.ts), and packages/api/src/contract.test.ts holds them equal.
 */

/** Who acted: a runner for themselves, an organiser, staff, the site itself, an anonymous visitor. */
export const ACTOR_KINDS = ["user", "organiser", "staff", "system", "visitor"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** The steps of a signup's life its own log records. */
export const SIGNUP_ACTIONS = [
  "hold",
  "offer",
  "update-participants",
  "choose-stays",
  "submit",
  "change-payment-method",
  "confirm",
  "expire",
  "cancel",
] as const;
export type SignupAction = (typeof SIGNUP_ACTIONS)[number];

/** What a line of the audit log says was done. */
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

/** The kinds of record a line of the audit log is about, named as the API's resource types. */
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
