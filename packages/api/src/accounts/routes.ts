import type { User } from "@sports/domain";
import {
  changePersonalData,
  deleteAccount,
  logIn,
  logOut,
  type NewSession,
  prepareDecoy,
  register,
  requestPasswordReset,
  resetPassword,
  userActor,
  VISITOR,
  verifyEmail,
} from "@sports/usecases";
import { type Context, Hono } from "hono";
import { readAttributes } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { attachment, document, metaDocument } from "../respond.ts";
import { login, personalData, registration, resetCompletion, resetRequest } from "./input.ts";
import { sessionResource, userResource } from "./serializers.ts";
import { clearSessionCookie, refuseCrossSite, requireSession, setSessionCookie } from "./session.ts";

/**
 * Accounts over HTTP: registration, login and logout, the profile, password resets and address
 * confirmation, each a use case of packages/usecases/src/accounts (docs/decisions/009). What a use
 * case refuses is answered by the API's error handler (refusals.ts); cookies stay here.
 */

export interface AccountOptions {
  /** The visitor's network address: what the use cases throttle and log by. */
  clientAddress: (c: Context) => string;
}

export function accountRoutes(options: AccountOptions) {
  // The decoy's hash is made now, not at the first unknown address, which it would make slower (passwords.ts).
  prepareDecoy();
  const routes = new Hono<ApiEnv>();
  const { clientAddress } = options;

  /**
   * A new session's resource, its token in the cookie (the site) or in the body (an API client),
   * never both. The answer that carries it is never stored by anything on its way.
   */
  function answerSession(c: Context<ApiEnv>, user: User, session: NewSession, inCookie: boolean) {
    if (inCookie) setSessionCookie(c, session.token, session.expiresAt);
    c.header("Cache-Control", "no-store");
    return sessionResource(user, session, inCookie);
  }

  routes.post("/users", async (c) => {
    const { setCookie, acceptTerms, preferredLocale, ...input } = await readAttributes(c, "users", registration);
    if (setCookie) refuseCrossSite(c);
    const { user, session } = await register(c.var.deps, VISITOR, {
      ...input,
      preferredLocale: preferredLocale ?? c.var.locale,
      termsAccepted: acceptTerms,
      clientAddress: clientAddress(c),
    });
    const included = answerSession(c, user, session, setCookie === true);
    c.header("Location", "/api/users/me");
    // The new user's session is reached from the user (JSON:API's full linkage of what is included).
    const data = userResource(user);
    data.relationships = { session: { data: { type: "sessions", id: included.id } } };
    return document(c, { data, included: [included] }, 201);
  });

  // The user the session was resolved with, read for this request (sessionOf).
  routes.get("/users/me", (c) => {
    const answer = document(c, { data: userResource(requireSession(c).user) });
    // `?download`: the same document, saved by the browser as a file (the profile page's data download).
    if (c.req.query("download") !== undefined)
      answer.headers.set("Content-Disposition", attachment("personal-data.json"));
    return answer;
  });

  routes.patch("/users/me", async (c) => {
    const { user, tokenHash } = requireSession(c);
    const input = await readAttributes(c, "users", personalData(c.var.deps.now), { ids: ["me", user.id] });
    const { email, newPassword, currentPassword, ...changes } = input;
    const changed = await changePersonalData(c.var.deps, userActor(user), {
      changes,
      email,
      newPassword,
      currentPassword,
      currentSession: tokenHash,
      clientAddress: clientAddress(c),
    });
    const { pendingEmail } = changed;
    return document(c, { data: userResource(changed.user), ...(pendingEmail ? { meta: { pendingEmail } } : {}) });
  });

  routes.delete("/users/me", async (c) => {
    const { user } = requireSession(c);
    await deleteAccount(c.var.deps, userActor(user), { clientAddress: clientAddress(c) });
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  routes.post("/sessions", async (c) => {
    const { setCookie, ...input } = await readAttributes(c, "sessions", login);
    if (setCookie) refuseCrossSite(c);
    const { user, session } = await logIn(c.var.deps, VISITOR, { ...input, clientAddress: clientAddress(c) });
    const data = answerSession(c, user, session, setCookie === true);
    c.header("Location", "/api/sessions/current");
    return document(c, { data, included: [userResource(user)] }, 201);
  });

  routes.delete("/sessions/current", async (c) => {
    // A cookie the API no longer knows (ended, expired) is cleared too; the answer stays 401.
    if (!c.var.session) clearSessionCookie(c);
    const { user, tokenHash } = requireSession(c);
    await logOut(c.var.deps, userActor(user), { tokenHash, clientAddress: clientAddress(c) });
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  routes.post("/password-resets", async (c) => {
    const { email } = await readAttributes(c, "password-resets", resetRequest);
    await requestPasswordReset(c.var.deps, VISITOR, { email, clientAddress: clientAddress(c) });
    // The same answer whether or not the address has an account.
    return metaDocument(c, { sent: "if-registered" }, 202);
  });

  routes.patch("/password-resets/:token", async (c) => {
    const token = c.req.param("token");
    const { password } = await readAttributes(c, "password-resets", resetCompletion, { ids: [token.toLowerCase()] });
    await resetPassword(c.var.deps, VISITOR, { token, password, clientAddress: clientAddress(c) });
    return c.body(null, 204);
  });

  routes.post("/email-verifications/:token", async (c) => {
    const token = c.req.param("token");
    // The session the link is followed from, if any: the account's own keeps going (verify-email.ts).
    const session = c.var.session && { userId: c.var.session.user.id, tokenHash: c.var.session.tokenHash };
    const user = await verifyEmail(c.var.deps, VISITOR, { token, clientAddress: clientAddress(c), session });
    return document(c, { data: userResource(user) });
  });

  return routes;
}
