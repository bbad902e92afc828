/**
 * The use cases: what the product does, one file per verb, each `(deps, actor, input)`, owning its
 * transaction and answering a result or a refusal (docs/decisions/015-use-cases.md). The HTTP layer
 * (packages/api) and the background jobs are their callers.
 */

// The records the use cases answer with, as the HTTP layer serialises them.
export type {
  AppointmentRecord,
  AuditEntryRecord,
  BillingDocumentRecord,
  BillingDocumentRow,
  BillingTransmissionRecord,
  CardListImportRecord,
  CertificateFile,
  ClubAthleteRecord,
  ClubEntryListing,
  ClubEntryRecord,
  ClubRecord,
  ConsoleEvent,
  ConsoleParticipant,
  CourseRecord,
  CourseSummaryRecord,
  Database,
  DiscountCodeRecord,
  LineEntry,
  NewStayBooking,
  OrganisationRecord,
  ParticipantRecord,
  PaymentRecord,
  PaymentStanding,
  RaceResultsRecord,
  ResultImportRecord,
  ResultsQuery,
  RoomTypeRecord,
  RoomTypeWithStay,
  SignupBilling,
  SignupListRow,
  SignupListSort,
  SignupRecord,
  StayBookingRecord,
  StayRecord,
  TeamInvitationRecord,
  TransferRecord,
} from "@sports/db";
export { PAYMENT_STANDINGS, SIGNUP_LIST_SORTS, TRANSMISSION_STATES } from "@sports/db";
export {
  type BankAccount,
  DEMO_DECISIONS,
  type DemoDecision,
  formatIban,
  type LivePayments,
  livePayments,
  type PaymentSettings,
  PaymentSettingsError,
} from "@sports/payments";
export type { AuthenticationEvent } from "./accounts/audit.ts";
export { changePersonalData, type PersonalDataChange } from "./accounts/change-personal-data.ts";
export { deleteAccount } from "./accounts/delete-account.ts";
export { logIn } from "./accounts/log-in.ts";
export { logOut } from "./accounts/log-out.ts";
export { syncOrganiserRoles } from "./accounts/organisers.ts";
export { prepareDecoy } from "./accounts/passwords.ts";
export { type Registration, register } from "./accounts/register.ts";
export { requestPasswordReset } from "./accounts/request-password-reset.ts";
export { resetPassword } from "./accounts/reset-password.ts";
export { hashToken, newToken } from "./accounts/secrets.ts";
export { type LiveSession, type NewSession, sessionOf } from "./accounts/sessions.ts";
export {
  connectRedis,
  createThrottle,
  FREE_LOGIN_FAILURES,
  loginDelaySeconds,
  THROTTLE_RULES,
  type Throttle,
  type ThrottleStore,
} from "./accounts/throttle.ts";
export { verifyEmail } from "./accounts/verify-email.ts";
export * from "./actors.ts";
export { queueAthleteLinks, remindAthletes } from "./athletes/links.ts";
export {
  type AthletePartInput,
  type AthletePartView,
  athletePartFor,
  completeAthletePart,
  uploadAthleteCertificate,
} from "./athletes/part.ts";
export { ATHLETE_LINK_RESEND_AFTER_MS, resendAthleteLink } from "./athletes/resend.ts";
export { billingDocumentPdf } from "./billing/document-pdf.ts";
export {
  documentPdf,
  documentXml,
  HAND_OVER_WARNING_DAYS,
  listDocuments,
  readableDocument,
  signupDocuments,
} from "./billing/documents.ts";
export { buyerOf, issueCorrection, issueForPayment } from "./billing/issue.ts";
export { changeOrganisation, type OrganisationInput, readOrganisation } from "./billing/organisation.ts";
export { reissueRejected } from "./billing/reissue.ts";
export { applySdiNotification, exportInvoices, type NotificationOutcome } from "./billing/sdi-files.ts";
export { lastBillingOf, setBilling } from "./billing/signup-billing.ts";
export { applyCardList } from "./cards/apply-card-list.ts";
export type { CardListSummary } from "./cards/card-list-plan.ts";
export { type EventCardLists, eventCardLists } from "./cards/card-lists-in-force.ts";
export { cardProblem, cardProblems } from "./cards/card-problem.ts";
export { previewCardList, previewCardListAgain } from "./cards/preview-card-list.ts";
export {
  browseEvents,
  contentPage,
  EVENT_SORT_FIELDS,
  type EventFilters,
  type EventSort,
  publishedAppointment,
  publishedEvent,
  publishedStays,
} from "./catalogue/browse.ts";
export { readCourse, readCourseGpx } from "./catalogue/course.ts";
export {
  clubEntriesOfClub,
  clubEntryFor,
  type MissingAthlete,
  missingOf,
} from "./club-entries/find.ts";
export { fixClubEntryRows, type RowFix } from "./club-entries/fix.ts";
export { holdClubEntry } from "./club-entries/hold.ts";
export { type ClubEntryAthletes, type PreviewClubEntryInput, previewClubEntry } from "./club-entries/preview.ts";
export { withdrawAthlete } from "./club-entries/withdraw-athlete.ts";
export {
  addClubAthlete,
  changeClubAthlete,
  clubAthleteOf,
  clubRoster,
  removeClubAthlete,
} from "./clubs/athletes.ts";
export { type ClubView, clubOf, createClub, myClubs, updateClub } from "./clubs/clubs.ts";
export { type ClubAthleteInput, type ClubInput, participantFieldRules } from "./clubs/fields.ts";
export { acceptClubManagerInvitation, CLUB_INVITATION_DAYS, inviteClubManager } from "./clubs/invitations.ts";
export { requireClubManager } from "./clubs/managers.ts";
export { acceptTeamInvitation } from "./console/accept-team-invitation.ts";
export { addSignupNote, NOTE_MAX_LENGTH } from "./console/add-signup-note.ts";
export { type AppointmentLine, appointmentLine, LINE_PAGE } from "./console/appointment-line.ts";
export { assignBibs, type BibOrder } from "./console/assign-bibs.ts";
export { type AuditQuery, audit, auditLog } from "./console/audit.ts";
export { type CalledOff, cancelSignupsOf, finishCancellations } from "./console/called-off-signups.ts";
export { cancelAppointment } from "./console/cancel-appointment.ts";
export type { AppointmentFields, EventFields } from "./console/catalogue-fields.ts";
export { participantCertificateFile } from "./console/certificate-file.ts";
export { changeBib } from "./console/change-bib.ts";
export {
  type CheckIn,
  type CheckInInput,
  type CheckInTally,
  certificateAtDesk,
  checkIn,
  checkInOverview,
  missingAtDesk,
  undoCheckIn,
} from "./console/check-in.ts";
export { type ClubEntryRow, listEventClubEntries } from "./console/club-entries.ts";
export {
  type ConsoleEventView,
  consoleAppointment,
  consoleEvent,
  consoleEvents,
  consoleStay,
  previewEvent,
} from "./console/console-events.ts";
export { consolePage, consolePages } from "./console/console-pages.ts";
export { createAppointment } from "./console/create-appointment.ts";
export { createEvent } from "./console/create-event.ts";
export { createPage } from "./console/create-page.ts";
export { createRoomType } from "./console/create-room-type.ts";
export { createStay } from "./console/create-stay.ts";
export { deleteAppointment } from "./console/delete-appointment.ts";
export { deleteEvent } from "./console/delete-event.ts";
export { deleteRoomType } from "./console/delete-room-type.ts";
export { deleteStay } from "./console/delete-stay.ts";
export { type EventDashboard, eventDashboard } from "./console/event-dashboard.ts";
export { exportStartList, type StartListExport, type StartListFormat } from "./console/export-start-list.ts";
export { findRaceDayParticipants, type RaceDayParticipant } from "./console/find-participants.ts";
export { closeGpxWorker, courseOfGpx, readGpx } from "./console/gpx.ts";
export { inviteTeamMember, TEAM_INVITATION_DAYS, type TeamInvitation } from "./console/invite-team-member.ts";
export { listCertificates } from "./console/list-certificates.ts";
export { type ConsoleSignupRow, listSignups, type SignupList } from "./console/list-signups.ts";
export { messageClubManagers } from "./console/message-club.ts";
export {
  type MessageTexts,
  messageAudience,
  messageParticipants,
} from "./console/message-participants.ts";
export { refundSignup } from "./console/refund-signup.ts";
export { removeCourse } from "./console/remove-course.ts";
export { removeTeamMember } from "./console/remove-team-member.ts";
export { resendSignupMail } from "./console/resend-mail.ts";
export { REVIEW_REASON_MAX_LENGTH, reviewCertificate } from "./console/review-certificate.ts";
export { cancelSignupAsOrganiser, markSignupPaid } from "./console/signup-actions.ts";
export { type ConsoleSignupRecord, consoleSignup } from "./console/signup-record.ts";
export { type StartListAppointment, startLists } from "./console/start-lists.ts";
export type { RoomTypeFields, StayFields } from "./console/stay-fields.ts";
export { type TeamMember, teamMembers } from "./console/team-members.ts";
export { upcomingEvents } from "./console/upcoming-events.ts";
export { updateAppointment } from "./console/update-appointment.ts";
export { updateEvent } from "./console/update-event.ts";
export { updatePage } from "./console/update-page.ts";
export { updateRoomType } from "./console/update-room-type.ts";
export { updateStay } from "./console/update-stay.ts";
export { uploadCourse } from "./console/upload-course.ts";
export { uploadCover } from "./console/upload-cover.ts";
export type { AccountDeps, Deps, PlacesFreed, UseCaseLogger } from "./deps.ts";
export { applyDiscountCode } from "./discount-codes/apply.ts";
export {
  createDiscountCode,
  type DiscountCodeFields,
  deleteDiscountCode,
  listDiscountCodes,
  updateDiscountCode,
} from "./discount-codes/manage.ts";
export * from "./idempotency.ts";
export { backgroundJobs, EXPIRY_INTERVAL_MS } from "./jobs.ts";
export { createMailDelivery, type MailDelivery } from "./mail/delivery.ts";
export {
  createMailer,
  listOutbox,
  type MailAttachment,
  type Mailer,
  type MailMessage,
  type OutboxMail,
  readOutboxMail,
} from "./mail/mailer.ts";
export { checkWithProvider, reconcilePayments } from "./payments/check-with-provider.ts";
export { decideDemoPayment } from "./payments/decide-demo-payment.ts";
export { currentPayment, type PaymentView, paymentFor, paymentView } from "./payments/find.ts";
export { markPaid } from "./payments/mark-paid.ts";
export { receiveNotification } from "./payments/receive-notification.ts";
export { type RefundStanding, refundStandingOf, retryRefunds } from "./payments/refunds.ts";
export { afterSettlement, type Settlement, settle } from "./payments/settle.ts";
export { mayChooseMethodAgain, startPayment } from "./payments/start-payment.ts";
export { correctResult, type ResultCorrection } from "./results/correct-result.ts";
export { prepareDiplomaImage } from "./results/diploma-pdf.ts";
export { diplomaFileUrl, diplomaOf, diplomaVerifyUrl, downloadDiploma, raceImage } from "./results/diplomas.ts";
export {
  applyResultImport,
  type ImportSummary,
  previewResultImport,
  remapResultImport,
} from "./results/import-results.ts";
export {
  IOF_MAX_DEPTH,
  IOF_NAMESPACE,
  type IofRace,
  type IofResultListInput,
  type IofResultRow,
  readIofResultList,
  writeIofResultList,
} from "./results/iof-xml.ts";
export { changeRaceResults, type RaceResultsChange } from "./results/race-results-settings.ts";
export { myResults, oneResult, raceResults, verifyDiploma, visibleRace } from "./results/read-results.ts";
export { resultsCsv, resultsXlsx } from "./results/results-export.ts";
export { RESULTS_FILE_FORMATS, type ResultsFileFormat, resultsFile } from "./results/results-files.ts";
export { readTimingXlsx, type TimingWorkbook } from "./results/timing-xlsx.ts";
export { addCertificate, addParticipantCertificate, reuseCertificate } from "./signups/add-certificate.ts";
export { cancelSignup } from "./signups/cancel.ts";
export { expireSignups } from "./signups/expire.ts";
export {
  certificateFileFor,
  confirmedSignupViewFor,
  mySignups,
  pastParticipantsOf,
  signupFor,
  signupViewFor,
} from "./signups/find.ts";
export { type HoldPlaces, type HoldPlacesInput, holdPlaces } from "./signups/hold-places.ts";
export type { ParticipantInput } from "./signups/participants.ts";
export { remindCertificates } from "./signups/remind-certificates.ts";
export { chooseStays } from "./signups/stays.ts";
export { submitSignup } from "./signups/submit.ts";
export { ticketQrDataUrl, ticketQrSvg } from "./signups/ticket-qr.ts";
export { applyTransition } from "./signups/transitions.ts";
export { updateParticipants } from "./signups/update-participants.ts";
export {
  confirmedCancellable,
  priceOf,
  type SignupView,
  signupReference,
  signupTitle,
  viewOf,
} from "./signups/views.ts";
export { transfersFor } from "./transfers/list-transfers.ts";
export { startTransferPayment } from "./transfers/pay-transfer.ts";
export {
  lapseTransfers,
  type TransferPersonInput,
  type TransferView,
  transferParticipantPlace,
} from "./transfers/transfer-place.ts";
export {
  joinTheLine,
  leaveTheLine,
  myWaitingListEntries,
  myWaitingListEntry,
  type WaitingListEntryView,
} from "./waiting-list/entries.ts";
export { placesFreed } from "./waiting-list/offers.ts";
export {
  askToBeNotified,
  dropOpeningAlert,
  myOpeningAlert,
  myOpeningAlerts,
  type OpeningAlertView,
  sendOpeningAlerts,
} from "./waiting-list/opening-alerts.ts";
export type { QueueEntryView } from "./waiting-room/entry-view.ts";
export { signPass, takeQueuePass } from "./waiting-room/passes.ts";
export { joinQueue, myQueueEntry, myQueueEntryFor } from "./waiting-room/queue.ts";
export { openingWaitingRoom, setWaitingRoom, waitingRoomRules } from "./waiting-room/set-waiting-room.ts";
export { waitingStandingOf } from "./waiting-room/standing.ts";
