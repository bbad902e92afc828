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
  it("takes the role from organisers never confirmed, then gives it to the confirmed addresses listed", async () => {
    await account("confirmed@example.org", true);
    await account("unconfirmed@example.org", false);
    await account("squatter@example.org", false, "organiser");
    await account("still-organiser@example.org", true, "organiser");
    await account("bystander@example.org", true);

    const deps = { db: database.db };
    const listed = [" Confirmed@Example.org", "unconfirmed@example.org", "nobody@example.org"];
    expect(await syncOrganiserRoles(deps, listed)).toEqual({ revoked: 1, granted: 1 });
    expect(await roles()).toEqual({
      "confirmed@example.org": "organiser",
      "unconfirmed@example.org": "user",
      "squatter@example.org": "user",
      // A confirmed organiser no longer listed keeps the role: the start-up only grants.
      "still-organiser@example.org": "organiser",
      "bystander@example.org": "user",
    });
    // Run again at the next start-up, it changes nothing.
    expect(await syncOrganiserRoles(deps, listed)).toEqual({ revoked: 0, granted: 0 });
    expect(await syncOrganiserRoles(deps, [])).toEqual({ revoked: 0, granted: 0 });
  });

  it("keeps the roles the team invited confirmed addresses to", async () => {
    await account("invited-staff@example.org", true, "staff");
    await account("invited-organiser@example.org", true, "organiser");
    expect(await syncOrganiserRoles({ db: database.db }, [])).toEqual({ revoked: 0, granted: 0 });
    const now = await roles();
    expect(now["invited-staff@example.org"]).toBe("staff");
    expect(now["invited-organiser@example.org"]).toBe("organiser");
  });
});
