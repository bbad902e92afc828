export { hashToken, loggablePath, newToken } from "./accounts/secrets.ts";
export { SESSION_COOKIE } from "./accounts/session.ts";
export { type ApiLogger, type ApiOptions, createApi } from "./app.ts";
export { ApiError } from "./errors.ts";
export { createMailer, listOutbox, type Mailer, readOutboxMail } from "./mail/mailer.ts";
export { SWEEP_INTERVAL_MS, startSignupSweeper } from "./signups/sweeper.ts";
