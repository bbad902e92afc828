export { SESSION_COOKIE, SITE_ORIGIN_HEADER, VisitSessions } from "./accounts/session.ts";
export { ALLOWED_METHODS, type ApiLogger, type ApiOptions, createApi } from "./app.ts";
export { loggablePath } from "./logging.ts";
export { DocumentHandover } from "./respond.ts";
