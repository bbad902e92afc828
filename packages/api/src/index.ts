// The server's start-up reads the payment settings; the providers themselves stay behind the API.
export {
  type LivePayments,
  livePayments,
  type PaymentSettings,
  PaymentSettingsError,
} from "@sports/payments";
export { hashToken, loggablePath, newToken } from "./accounts/secrets.ts";
export { SESSION_COOKIE } from "./accounts/session.ts";
export { connectRedis, type ThrottleStore } from "./accounts/throttle.ts";
export { ALLOWED_METHODS, type ApiLogger, type ApiOptions, createApi } from "./app.ts";
export { ApiError } from "./errors.ts";
export { backgroundJobs, EXPIRY_INTERVAL_MS, expireLapsed } from "./jobs.ts";
export { createMailDelivery, type MailDelivery } from "./mail/delivery.ts";
export { createMailer, listOutbox, type Mailer, readOutboxMail } from "./mail/mailer.ts";
