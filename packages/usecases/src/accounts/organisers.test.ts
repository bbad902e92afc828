import { type DatabaseHandle, insertUser, schema } from "@sports/db";
import { openTestDatabase } from "@sports/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncOrganiserRoles } from "./organisers.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const account = (email: string, verified: boolean, role: "user" | "organiser" | "staff" = "user") =>
  insertUser(database.db, {
    email,
    passwordHash: "x",
    givenName: "Olga",
    familyName: "Rossi",
    preferredLocale: "en-US",
    termsAcceptedAt: new Date(),
    role,
    ...(verified ? { emailVerifiedAt: new Date() } : {}),
  });

const roles = async () =>
  Object.fromEntries(
    (await database.db.select({ email: schema.users.email, role: schema.users.role }).from(schema.users)).map((row) => [
      row.email,
      row.role,
    ]),
  );

describe("syncOrganiserRoles", () => {
  it("takes the team's roles from addresses never confirmed, and gives none, even to a confirmed address listed", async () => {
    await account("confirmed@example.org", true);
    await account("squatter@example.org", false, "organiser");
    await account("unconfirmed-staff@example.org", false, "staff");
    await account("still-organiser@example.org", true, "organiser");
    await account("invited-staff@example.org", true, "staff");

    const deps = { db: database.db };
    expect(await syncOrganiserRoles(deps)).toEqual({ revoked: 2 });
    expect(await roles()).toEqual({
      // Confirmed by its mailbox's owner, perhaps with a stranger's password: no role at start-up (reset-password.ts gives it).
      "confirmed@example.org": "user",
      "squatter@example.org": "user",
      "unconfirmed-staff@example.org": "user",
      "still-organiser@example.org": "organiser",
      "invited-staff@example.org": "staff",
    });
    // Run again at the next start-up, it changes nothing.
    expect(await syncOrganiserRoles(deps)).toEqual({ revoked: 0 });
  });
});
