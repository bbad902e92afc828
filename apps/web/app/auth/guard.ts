import { ApiError, type DataDocument } from "@sports/jsonapi";
import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { ACCOUNT_PATHS, NEEDS_LOGIN } from "../access.ts";
import { languageContext, siteContext, type Visitor, visitorContext } from "../context.ts";
import { LOCALE_COOKIE, withoutPrefix } from "../i18n/locale.ts";
import { CONSOLE_ROOT } from "./console-roles.ts";

/**
 * The authentication guard (docs/behaviour.md#guards-and-noauth): finds out who the visitor is,
 * and sends an anonymous one who asks for a screen that needs login (access.ts) to the login page,
 * which brings them back after.
 */
export const authGuard: MiddlewareFunction<Response> = async ({ request, context, pattern, url }, next) => {
  const visitor = carriesCredentials(request) ? await identify(context) : null;
  context.set(visitorContext, visitor);
  if (!visitor && needsLogin(pattern)) throw redirect(loginUrl(context, url.pathname + url.search));
  return next();
};

/**
 * Whether the route matched by `pattern` needs login. React Router writes a pattern without its
 * leading slash ("it-IT/modificaDati"): the language prefix is found with one.
 */
export function needsLogin(pattern: string): boolean {
  const path = withoutPrefix(`/${pattern.replace(/^\/+/, "")}`).replace(/^\/+/, "");
  return NEEDS_LOGIN.includes(path) || path === CONSOLE_ROOT || path.startsWith(`${CONSOLE_ROOT}/`);
}

/** The login page in the page's language, bringing the visitor back to `back` afterwards. */
export function loginUrl(context: Readonly<RouterContextProvider>, back: string): string {
  const { prefix } = context.get(languageContext);
  return `${prefix}/${ACCOUNT_PATHS.login}?${new URLSearchParams({ redirectTo: back })}`;
}

/** The visitor, or a trip to the login page when there is none (for loaders and actions). */
export function requireVisitor(context: Readonly<RouterContextProvider>, request: Request): Visitor {
  const visitor = context.get(visitorContext);
  if (visitor) return visitor;
  const url = new URL(request.url);
  throw redirect(loginUrl(context, url.pathname.replace(/\.data$/, "") + url.search));
}

/**
 * After an action changed the visitor (a confirmed address, a new name), the API's answer says who
 * they are now: the page the action answers is rendered in the same request, after the guard ran.
 * An answer about someone else (a confirmation link of another account) changes nothing.
 */
export function updateVisitor(context: Readonly<RouterContextProvider>, document: DataDocument | undefined): void {
  const current = context.get(visitorContext);
  const updated = document ? visitorFrom(document) : undefined;
  if (current && updated?.id === current.id) context.set(visitorContext, updated);
}

/** Only a request with a session cookie or an `Authorization` header can belong to someone. */
function carriesCredentials(request: Request): boolean {
  if (request.headers.has("authorization")) return true;
  const cookies = (request.headers.get("cookie") ?? "").split(";").map((part) => part.split("=")[0]?.trim());
  return cookies.some((name) => name && name !== LOCALE_COOKIE);
}

async function identify(context: Readonly<RouterContextProvider>): Promise<Visitor | null> {
  const { api } = context.get(siteContext);
  try {
    const { document } = await api.get<DataDocument>("/api/users/me");
    return visitorFrom(document);
  } catch (error) {
    // An ended or unknown session is an anonymous visit; anything else is a real failure.
    if (ApiError.is(error) && error.status === 401) return null;
    throw error;
  }
}

/** The `users` resource of an API answer as the visitor (the contract's UserAttributes). */
function visitorFrom(document: DataDocument): Visitor {
  const data = document.data as unknown as { id: string; attributes: Omit<Visitor, "id"> };
  return { id: data.id, ...data.attributes };
}
