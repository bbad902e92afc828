import type { ActorKind, AuditAction, AuditRecord, SignupAction } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";

/**
 * The console's logs in the page's language: who acted, what was done and to which kind of record,
 * from the codes the API sends (packages/jsonapi/src/audit.ts). A code the lists do not know (an
 * old line) is shown as it is.
 */

const ACTORS: Record<ActorKind, () => string> = {
  user: m.console_actor_user,
  organiser: m.console_role_organiser,
  staff: m.console_role_staff,
  system: m.console_actor_system,
  visitor: m.console_actor_visitor,
};

/** A signup's steps and the audit log's actions share some words (`cancel`, `offer`). */
const ACTIONS: Record<SignupAction | AuditAction, () => string> = {
  hold: m.console_log_hold,
  offer: m.console_log_offer,
  "update-participants": m.console_log_update_participants,
  "choose-stays": m.console_log_choose_stays,
  submit: m.console_log_submit,
  "change-payment-method": m.console_log_change_payment_method,
  confirm: m.console_log_confirm,
  expire: m.console_log_expire,
  cancel: m.console_log_cancel,
  create: m.console_log_create,
  update: m.console_log_update,
  delete: m.console_log_delete,
  publish: m.console_log_publish,
  unpublish: m.console_log_unpublish,
  "cover-uploaded": m.console_log_cover_uploaded,
  "course-uploaded": m.console_log_course_uploaded,
  "course-removed": m.console_log_course_removed,
  "participants-messaged": m.console_log_participants_messaged,
  "assign-bibs": m.console_log_assign_bibs,
  "change-bib": m.console_log_change_bib,
  "check-in": m.console_log_check_in,
  "undo-check-in": m.console_log_undo_check_in,
  "mark-paid": m.console_log_mark_paid,
  refund: m.console_log_refund,
  "add-note": m.console_log_add_note,
  "resend-mail": m.console_log_resend_mail,
  "certificate-uploaded": m.console_log_certificate_uploaded,
  "certificate-approved": m.console_log_certificate_approved,
  "certificate-rejected": m.console_log_certificate_rejected,
  "apply-discount-code": m.console_log_apply_discount_code,
  "remove-discount-code": m.console_log_remove_discount_code,
  transfer: m.console_log_transfer,
  "transfer-pending": m.console_log_transfer_pending,
  "transfer-lapsed": m.console_log_transfer_lapsed,
  join: m.console_log_join,
  accept: m.console_log_accept,
  lapse: m.console_log_lapse,
  leave: m.console_log_leave,
  "team-member-invited": m.console_log_team_member_invited,
  "team-member-removed": m.console_log_team_member_removed,
  "team-invitation-accepted": m.console_log_team_invitation_accepted,
  "results-imported": m.console_log_results_imported,
  "result-corrected": m.console_log_result_corrected,
  "results-settings-changed": m.console_log_results_settings_changed,
  "documents-handed-out": m.console_log_documents_handed_out,
  "sdi-notification": m.console_log_sdi_notification,
  "document-reissued": m.console_log_document_reissued,
  "card-list-applied": m.console_log_card_list_applied,
  "athlete-withdrawn": m.console_log_athlete_withdrawn,
  "club-message-sent": m.console_log_club_message_sent,
};

const RECORDS: Record<AuditRecord, () => string> = {
  events: m.console_audit_record_events,
  appointments: m.console_audit_record_appointments,
  stays: m.console_audit_record_stays,
  "room-types": m.console_audit_record_room_types,
  pages: m.console_audit_record_pages,
  "discount-codes": m.console_audit_record_discount_codes,
  signups: m.console_audit_record_signups,
  participants: m.console_audit_record_participants,
  "waiting-list-entries": m.console_audit_record_waiting_list_entries,
  "team-invitations": m.console_audit_record_team_invitations,
  results: m.console_audit_record_results,
  organisations: m.console_audit_record_organisations,
  "billing-documents": m.console_audit_record_billing_documents,
  clubs: m.console_audit_record_clubs,
};

const wordsFor = (table: Record<string, () => string>, code: string) =>
  Object.hasOwn(table, code) ? (table[code]?.() ?? code) : code;

/** Who acted (`actorKind`): the account holder, an organiser, staff, the site, a visitor. */
export const actorLabel = (kind: string): string => wordsFor(ACTORS, kind);

/** What a line of a log says was done (`action`), a signup's own step or an audit line's. */
export const logActionLabel = (action: string): string => wordsFor(ACTIONS, action);

/** The kind of record an audit line is about (`subjectType`). */
export const auditRecordLabel = (type: string): string => wordsFor(RECORDS, type);
