export { type ApiLogger, type ApiOptions, createApi } from "./app.ts";
export { ApiError } from "./errors.ts";
