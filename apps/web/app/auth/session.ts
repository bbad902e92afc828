import { ApiError, type ApiResponse } from "@sports/jsonapi";
import { redirect } from "react-router";

/** A JSON:API request body with one resource's attributes. */
export function resourceBody(type: string, attributes: Record<string, unknown>) {
  return { data: { type, attributes } };
}

/**
 * A redirect that carries on the cookies the API set (or cleared) while answering the action, so
 * the browser's session follows what happened: a plain form post works without JavaScript. A
 * refusal carries its headers too (a logout with an ended session still clears the cookie).
 */
export function redirectWithCookies(to: string, answer: Pick<ApiResponse<unknown>, "headers"> | undefined) {
  const headers = new Headers();
  for (const cookie of answer?.headers.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

/** An API refusal with this HTTP status (a network failure or a bug is never one). */
export function isRefusal(error: unknown, status: number): error is ApiError {
  return ApiError.is(error) && error.status === status;
}
