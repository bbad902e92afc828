import { insertUser } from "../accounts/accounts.ts";
import type { Database } from "../database.ts";

let sequence = 0;

/** A person with an account, for tests that need someone to hold places or pay: written straight, no argon2. */
export async function insertPerson(
  db: Database,
  overrides: { email?: string; preferredLocale?: "en-US" | "it-IT" } = {},
) {
  const user = await insertUser(db, {
    email: overrides.email ?? `runner${++sequence}-${crypto.randomUUID().slice(0, 8)}@example.org`,
    passwordHash: "x",
    givenName: "Ada",
    familyName: "Runner",
    preferredLocale: overrides.preferredLocale ?? "en-US",
    termsAcceptedAt: new Date(),
  });
  if (user === "email-taken") throw new Error("address taken");
  return user;
}
