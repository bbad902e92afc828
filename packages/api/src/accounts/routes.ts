import {
  deleteSession,
  deleteUser,
  findUserByEmail,
  insertAccountToken,
  insertSession,
  insertUser,
  passwordHashOf,
  queueMail,
  replacePassword,
  updatePersonalData,
  useAccountToken,
  verifyEmail,
} from "@sports/db";
import {
  EMAIL_MAX_LENGTH,
  GENDERS,
  isPlausibleEmail,
  LOCALES,
  NAME_MAX_LENGTH,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  passwordProblem,
  type User,
} from "@sports/domain";
import { JSONAPI_MEDIA_TYPE, PROFILE_TEXT_LIMITS, type ResourceObject } from "@sports/jsonapi";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { ApiErrors, calendarDay, hasControlCharacter, invalidAttribute, plainText, readAttributes } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { ApiError } from "../errors.ts";
import { passwordChangedMail, passwordResetMail, verificationMail } from "../mail/templates.ts";
import { document } from "../respond.ts";
import { hashPassword, isCommonPassword, prepareDecoy, verifyAgainstDecoy, verifyPassword } from "./passwords.ts";
import { hashToken, isTokenShaped, loggablePath, newToken } from "./secrets.ts";
import {
  clearSessionCookie,
  publicOrigin,
  refuseCrossSite,
  requireSession,
  SESSION_DAYS,
  setSessionCookie,
} from "./session.ts";
import type { Throttle } from "./throttle.ts";

const DAY_MS = 86_400_000;
export const RESET_TOKEN_MINUTES = 60;
export const VERIFICATION_TOKEN_DAYS = 7;

export interface AccountLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface AccountOptions {
  throttle: Throttle;
  /** The visitor's network address, for throttling. */
  clientAddress: (c: Context) => string;
  logger?: AccountLogger;
  /** Addresses whose accounts are organisers' (`ORGANISER_EMAILS`), normalised. */
  organiserEmails?: ReadonlySet<string>;
}

const email = z
  .string()
  .max(EMAIL_MAX_LENGTH)
  .transform(normalizeEmail)
  // A control character (NUL included) is never part of an address, and the database refuses NUL.
  .refine((value) => isPlausibleEmail(value) && !hasControlCharacter(value), {
    message: "Enter an e-mail address such as name@example.org.",
    params: { code: "invalid-email" },
  });
const password = z.string().min(1).max(PASSWORD_MAX_LENGTH);
const name = plainText(NAME_MAX_LENGTH).pipe(z.string().min(1));
const optionalText = (max: number) =>
  plainText(max)
    .nullable()
    .transform((value) => (value ? value : null));
const locale = z.enum(LOCALES);

const registration = z.strictObject({
  email,
  password,
  givenName: name,
  familyName: name,
  preferredLocale: locale.optional(),
  acceptTerms: z.literal(true, { error: "Accept the terms and the privacy notice." }),
  setCookie: z.boolean().optional(),
});

const login = z.strictObject({ email, password, setCookie: z.boolean().optional() });

const personalData = z.strictObject({
  givenName: name.optional(),
  familyName: name.optional(),
  birthDate: calendarDay().nullable().optional(),
  gender: z.enum(GENDERS).nullable().optional(),
  phone: optionalText(PROFILE_TEXT_LIMITS.phone).optional(),
  street: optionalText(PROFILE_TEXT_LIMITS.street).optional(),
  postalCode: optionalText(PROFILE_TEXT_LIMITS.postalCode).optional(),
  locality: optionalText(PROFILE_TEXT_LIMITS.locality).optional(),
  country: optionalText(PROFILE_TEXT_LIMITS.country).optional(),
  club: optionalText(PROFILE_TEXT_LIMITS.club).optional(),
  federationCard: optionalText(PROFILE_TEXT_LIMITS.federationCard).optional(),
  preferredLocale: locale.optional(),
  /** A new address: it becomes the account's once the link mailed to it is followed. */
  email: email.optional(),
  newPassword: password.optional(),
  /** Required for a change of e-mail or password. */
  currentPassword: password.optional(),
});

const resetRequest = z.strictObject({ email });
const resetCompletion = z.strictObject({ password });

/** The user as their own JSON:API resource (never anyone else's: there is no endpoint for that). */
export function userResource(user: User): ResourceObject {
  const { id, emailVerifiedAt, createdAt, ...attributes } = user;
  return {
    type: "users",
    id,
    attributes: { ...attributes, emailVerified: emailVerifiedAt !== null, createdAt: createdAt.toISOString() },
    links: { self: "/api/users/me" },
  };
}

/** Registration, login and logout, the profile, password resets and e-mail verification. */
export function accountRoutes(options: AccountOptions) {
  const { throttle, clientAddress, logger } = options;
  prepareDecoy();
  const routes = new Hono<ApiEnv>();

  const audit = (c: Context<ApiEnv>, event: string, details: object) =>
    logger?.info({ event, ip: clientAddress(c), ...details }, "authentication");

  const link = (c: Context<ApiEnv>, user: Pick<User, "preferredLocale">, path: string) =>
    `${publicOrigin(c)}/${user.preferredLocale}${path}`;

  async function mailVerification(c: Context<ApiEnv>, user: User, address: string) {
    const token = newToken();
    // The link and its mail are written together: the mail is sent after the commit, never without its link.
    await c.var.db.transaction(async (tx) => {
      await insertAccountToken(tx, {
        tokenHash: hashToken(token),
        userId: user.id,
        purpose: "verify-email",
        email: address,
        expiresAt: new Date(c.var.now.getTime() + VERIFICATION_TOKEN_DAYS * DAY_MS),
      });
      const mail = verificationMail({
        locale: user.preferredLocale,
        name: user.givenName,
        link: link(c, user, `/registrazione?verifica=${token}`),
      });
      await queueMail(tx, { to: address, kind: "verify-email", ...mail });
    });
    c.var.mailQueued();
  }

  async function startSession(c: Context<ApiEnv>, user: User, cookie: boolean) {
    const token = newToken();
    const expiresAt = new Date(c.var.now.getTime() + SESSION_DAYS * DAY_MS);
    await insertSession(c.var.db, { tokenHash: hashToken(token), userId: user.id, expiresAt });
    if (cookie) setSessionCookie(c, token, expiresAt);
    return {
      type: "sessions",
      id: "current",
      attributes: { token, expiresAt: expiresAt.toISOString() },
      relationships: { user: { data: { type: "users", id: user.id } } },
    } satisfies ResourceObject;
  }

  function checkNewPassword(value: string, address: string, attribute: string) {
    const problem = passwordProblem(value, { email: address, isCommon: isCommonPassword });
    if (!problem) return;
    const detail = {
      "too-short": "Use at least 8 characters.",
      "too-long": "Use at most 256 characters.",
      common: "This password is among the most common ones; choose another.",
      "contains-email": "Do not use your e-mail address in the password.",
    }[problem];
    throw new ApiErrors([invalidAttribute(attribute, `password-${problem}`, detail)]);
  }

  routes.post("/users", async (c) => {
    const input = await readAttributes(c, "users", registration);
    if (input.setCookie) refuseCrossSite(c);
    // A refused password is a form to correct, not a registration: it does not count against the address.
    checkNewPassword(input.password, input.email, "password");
    const ip = clientAddress(c);
    await throttle.consume("registrationPerIp", ip);
    const preferredLocale = input.preferredLocale ?? c.var.locale;
    const created = await insertUser(c.var.db, {
      email: input.email,
      passwordHash: await hashPassword(input.password),
      givenName: input.givenName,
      familyName: input.familyName,
      preferredLocale,
      termsAcceptedAt: c.var.now,
      role: options.organiserEmails?.has(input.email) ? "organiser" : "user",
    });
    if (created === "email-taken") {
      await throttle.consume("takenEmailPerIp", ip);
      throw new ApiError({
        status: 409,
        code: "email-taken",
        title: "E-mail already registered",
        detail: "This e-mail address already has an account: log in, or reset the password.",
        source: { pointer: "/data/attributes/email" },
      });
    }
    await mailVerification(c, created, created.email);
    audit(c, "registered", { userId: created.id });
    const session = await startSession(c, created, input.setCookie === true);
    return document(c, { data: userResource(created), included: [session] }, 201);
  });

  routes.get("/users/me", (c) => {
    const answer = document(c, { data: userResource(requireSession(c).user) });
    // `?download`: the same document, saved by the browser as a file (the profile page's data download).
    if (c.req.query("download") !== undefined)
      answer.headers.set("Content-Disposition", 'attachment; filename="personal-data.json"');
    return answer;
  });

  routes.patch("/users/me", async (c) => {
    const { user, tokenHash } = requireSession(c);
    const input = await readAttributes(c, "users", personalData);
    const { email: newEmail, newPassword, currentPassword, ...profile } = input;
    const changesEmail = newEmail !== undefined && newEmail !== user.email;
    if (changesEmail || newPassword !== undefined) {
      const hash = await passwordHashOf(c.var.db, user.id);
      if (!currentPassword || !hash || !(await verifyPassword(hash, currentPassword))) {
        throw new ApiErrors([
          invalidAttribute("currentPassword", "wrong-password", "Enter your current password to change this."),
        ]);
      }
    }
    if (newPassword !== undefined) checkNewPassword(newPassword, newEmail ?? user.email, "newPassword");
    const updated = (await updatePersonalData(c.var.db, user.id, profile)) ?? user;
    if (newPassword !== undefined) {
      const passwordHash = await hashPassword(newPassword);
      await c.var.db.transaction(async (tx) => {
        await replacePassword(tx, user.id, passwordHash, tokenHash);
        const mail = passwordChangedMail({ locale: updated.preferredLocale, name: updated.givenName });
        await queueMail(tx, { to: updated.email, kind: "password-changed", ...mail });
      });
      c.var.mailQueued();
      audit(c, "password-changed", { userId: user.id });
    }
    if (changesEmail) await mailVerification(c, updated, newEmail);
    return document(c, {
      data: userResource(updated),
      ...(changesEmail ? { meta: { pendingEmail: newEmail } } : {}),
    });
  });

  routes.delete("/users/me", async (c) => {
    const { user } = requireSession(c);
    await deleteUser(c.var.db, user.id);
    clearSessionCookie(c);
    audit(c, "account-deleted", { userId: user.id });
    return c.body(null, 204);
  });

  routes.post("/sessions", async (c) => {
    const input = await readAttributes(c, "sessions", login);
    if (input.setCookie) refuseCrossSite(c);
    const ip = clientAddress(c);
    await throttle.consume("loginPerIp", ip);
    await throttle.check("loginFailuresPerAccount", input.email);
    const found = await findUserByEmail(c.var.db, input.email);
    const valid = found
      ? await verifyPassword(found.passwordHash, input.password)
      : await verifyAgainstDecoy(input.password);
    if (!found || !valid) {
      await throttle.consume("loginFailuresPerAccount", input.email);
      audit(c, "login-failed", found ? { userId: found.user.id } : { knownEmail: false });
      throw new ApiError({
        status: 401,
        code: "invalid-credentials",
        title: "Wrong e-mail or password",
        detail: "The e-mail address or the password is not right.",
      });
    }
    await throttle.reset("loginFailuresPerAccount", input.email);
    audit(c, "login", { userId: found.user.id });
    const session = await startSession(c, found.user, input.setCookie === true);
    return document(c, { data: session, included: [userResource(found.user)] }, 201);
  });

  routes.delete("/sessions/current", async (c) => {
    // A cookie the API no longer knows (ended, expired) is cleared too; the answer stays 401.
    if (!c.var.session) clearSessionCookie(c);
    const { user, tokenHash } = requireSession(c);
    await deleteSession(c.var.db, tokenHash);
    clearSessionCookie(c);
    audit(c, "logout", { userId: user.id });
    return c.body(null, 204);
  });

  routes.post("/password-resets", async (c) => {
    const input = await readAttributes(c, "password-resets", resetRequest);
    await throttle.consume("resetPerIp", clientAddress(c));
    await throttle.consume("resetPerAccount", input.email);
    const found = await findUserByEmail(c.var.db, input.email);
    if (found) {
      // After the answer: storing the link and writing the mail must not make a known address slower.
      const { user } = found;
      const expiresAt = new Date(c.var.now.getTime() + RESET_TOKEN_MINUTES * 60_000);
      setImmediate(async () => {
        try {
          const token = newToken();
          await c.var.db.transaction(async (tx) => {
            await insertAccountToken(tx, {
              tokenHash: hashToken(token),
              userId: user.id,
              purpose: "reset-password",
              expiresAt,
            });
            const mail = passwordResetMail({
              locale: user.preferredLocale,
              name: user.givenName,
              link: link(c, user, `/resetPassword?token=${token}`),
              validMinutes: RESET_TOKEN_MINUTES,
            });
            await queueMail(tx, { to: user.email, kind: "reset-password", ...mail });
          });
          c.var.mailQueued();
        } catch (error) {
          logger?.error({ err: error, path: loggablePath(c.req.path) }, "reset link not stored");
        }
      });
    }
    audit(c, "reset-requested", found ? { userId: found.user.id } : { knownEmail: false });
    // The same answer whether or not the address has an account.
    return c.body(JSON.stringify({ jsonapi: { version: "1.1" }, meta: { sent: "if-registered" } }), 202, {
      "content-type": JSONAPI_MEDIA_TYPE,
    });
  });

  routes.patch("/password-resets/:token", async (c) => {
    const input = await readAttributes(c, "password-resets", resetCompletion);
    checkNewPassword(input.password, "", "password");
    const token = c.req.param("token");
    const spent = isTokenShaped(token)
      ? await useAccountToken(c.var.db, hashToken(token), "reset-password", c.var.now)
      : undefined;
    if (!spent) throw invalidToken("This reset link is not valid any more: ask for a new one.");
    await replacePassword(c.var.db, spent.userId, await hashPassword(input.password));
    audit(c, "password-reset", { userId: spent.userId });
    return c.body(null, 204);
  });

  routes.post("/email-verifications/:token", async (c) => {
    const token = c.req.param("token");
    const spent = isTokenShaped(token)
      ? await useAccountToken(c.var.db, hashToken(token), "verify-email", c.var.now)
      : undefined;
    if (!spent?.email) throw invalidToken("This confirmation link is not valid any more.");
    const verified = await verifyEmail(c.var.db, spent.userId, spent.email, c.var.now);
    if (verified === "email-taken") {
      throw new ApiError({
        status: 409,
        code: "email-taken",
        title: "E-mail already registered",
        detail: "Another account uses this address now.",
      });
    }
    if (!verified) throw invalidToken("This confirmation link is not valid any more.");
    audit(c, "email-verified", { userId: verified.id });
    return document(c, { data: userResource(verified) });
  });

  return routes;
}

function invalidToken(detail: string): ApiError {
  return new ApiError({ status: 404, code: "invalid-token", title: "Link not valid", detail });
}
