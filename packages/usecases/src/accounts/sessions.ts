import { findSessionUser, insertSession, type Transaction } from "@sports/db";
import type { User } from "@sports/domain";
import type { Deps } from "../deps.ts";
import { hashToken, isTokenShaped, newToken } from "./secrets.ts";

/** How long a session lasts from its login. */
export const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;

/** A new session's secret, to hand to the person once (a cookie or an API client's token), and its end. */
export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** A live session: its user, and the hash it is stored under (what ends it, or keeps it on a password change). */
export interface LiveSession {
  user: User;
  tokenHash: string;
  expiresAt: Date;
}

/** Starts a session for the user, in the caller's transaction; only its hash is stored. */
export async function startSession(deps: Pick<Deps, "now">, tx: Transaction, userId: string): Promise<NewSession> {
  const token = newToken();
  const expiresAt = new Date(deps.now.getTime() + SESSION_DAYS * DAY_MS);
  await insertSession(tx, { tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/**
 * The session a presented token opens, with its user as stored now, or undefined: a token of the
 * wrong shape, unknown, ended or expired is just no session (never a refusal: the caller decides
 * whether a session was needed). A malformed token never reaches the database.
 */
export async function sessionOf(deps: Pick<Deps, "db" | "now">, token: string): Promise<LiveSession | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const tokenHash = hashToken(token);
  const found = await findSessionUser(deps.db, tokenHash, deps.now);
  return found ? { user: found.user, tokenHash, expiresAt: found.expiresAt } : undefined;
}
