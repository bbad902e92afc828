import { createHash, randomBytes } from "node:crypto";

/** A new secret for a session or a mailed link: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What is stored for a token: its SHA-256, so the table alone opens nothing. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Tokens as `newToken` makes them; anything else is refused before touching the database. */
export function isTokenShaped(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
