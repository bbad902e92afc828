/**
 * The use cases: what the product does, one file per verb, each `(deps, actor, input)`, owning its
 * transaction and answering a result or a refusal (docs/decisions/015-use-cases.md). The HTTP layer
 * (packages/api) and the background jobs are their callers.
 */

// The records the use cases answer with, as the HTTP layer serialises them.
export type {
  CertificateFile,
  Database,
  NewStayBooking,
  ParticipantRecord,
  PaymentRecord,
  RoomTypeWithStay,
  SignupRecord,
  StayBookingRecord,
} from "@sports/db";
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
export {
  browseEvents,
  contentPage,
  EVENT_SORT_FIELDS,
  type EventFilters,
  type EventSort,
  publishedAppointment,
  publishedEvent,
} from "./catalogue/browse.ts";
export type { AccountDeps, Deps, PlacesFreed, UseCaseLogger } from "./deps.ts";
export * from "./idempotency.ts";
export { backgroundJobs, EXPIRY_INTERVAL_MS } from "./jobs.ts";
export { createMailDelivery, type MailDelivery } from "./mail/delivery.ts";
export {
  createMailer,
  listOutbox,
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
export { addCertificate, reuseCertificate } from "./signups/add-certificate.ts";
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
export { chooseStays } from "./signups/stays.ts";
export { submitSignup } from "./signups/submit.ts";
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
