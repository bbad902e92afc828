import { type DatabaseHandle, insertUser, updatePersonalData } from "@sports/db";
import { openTestDatabase } from "@sports/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userActor } from "../actors.ts";
import { testAccountDeps } from "../testing.ts";
import { logOut } from "./log-out.ts";
import { hashToken, newToken } from "./secrets.ts";
import { SESSION_DAYS, sessionOf, startSession } from "./sessions.ts";

const NOW = new Date("2027-05-01T10:00:00Z");
const DAY_MS = 86_400_000;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

let people = 0;
async function loggedIn() {
  const user = await insertUser(database.db, {
    email: `session${++people}@example.org`,
    passwordHash: "x",
    givenName: "Ada",
    familyName: "Lovelace",
    preferredLocale: "en-US",
    termsAcceptedAt: NOW,
  });
  if (user === "email-taken") throw new Error("taken");
  const deps = testAccountDeps(database.db, NOW);
  const session = await database.db.transaction((tx) => startSession(deps, tx, user.id));
  return { user, session, deps };
}

describe("sessionOf", () => {
  it("answers the user of a live session, as stored now, and the hash it is kept under", async () => {
    const { user, session, deps } = await loggedIn();
    expect(session.expiresAt).toEqual(new Date(NOW.getTime() + SESSION_DAYS * DAY_MS));
    await updatePersonalData(database.db, user.id, { club: "Atletica Bologna" });
    const found = await sessionOf(deps, session.token);
    expect(found).toMatchObject({
      user: { id: user.id, club: "Atletica Bologna" },
      tokenHash: hashToken(session.token),
      expiresAt: session.expiresAt,
    });
  });

  it("answers no session for a token unknown, malformed, expired or logged out", async () => {
    const { user, session, deps } = await loggedIn();
    expect(await sessionOf(deps, newToken())).toBeUndefined();
    for (const malformed of ["", "short", `${session.token}x`, session.token.replace(/^./, "!")]) {
      expect(await sessionOf(deps, malformed)).toBeUndefined();
    }
    const atExpiry = testAccountDeps(database.db, session.expiresAt);
    expect(await sessionOf(atExpiry, session.token)).toBeUndefined();

    const other = await database.db.transaction((tx) => startSession(deps, tx, user.id));
    await logOut(deps, userActor(user), { tokenHash: hashToken(session.token), clientAddress: "192.0.2.1" });
    expect(await sessionOf(deps, session.token)).toBeUndefined();
    // Only the session logged out of ends.
    expect((await sessionOf(deps, other.token))?.user.id).toBe(user.id);
  });
});
