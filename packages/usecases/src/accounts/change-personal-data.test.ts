import { type DatabaseHandle, schema } from "@sports/db";
import { openTestDatabase } from "@sports/db/testing";
import { isRefusal, type Refusal } from "@sports/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userActor, VISITOR } from "../actors.ts";
import type { AccountDeps } from "../deps.ts";
import { testAccountDeps } from "../testing.ts";
import { changePersonalData } from "./change-personal-data.ts";
import { logIn } from "./log-in.ts";
import { register } from "./register.ts";
import { requestPasswordReset } from "./request-password-reset.ts";
import { resetPassword } from "./reset-password.ts";
import { hashToken } from "./secrets.ts";
import { sessionOf } from "./sessions.ts";

const NOW = new Date("2027-05-01T10:00:00Z");
const PASSWORD = "trail at dawn 2027";

let database: DatabaseHandle;
let deps: AccountDeps;
beforeAll(async () => {
  database = await openTestDatabase();
  deps = testAccountDeps(database.db, NOW);
});
afterAll(() => database.close());

let people = 0;
async function registered() {
  const email = `profile${++people}@example.org`;
  const input = {
    email,
    password: PASSWORD,
    givenName: "Ada",
    familyName: "Lovelace",
    preferredLocale: "en-US" as const,
    termsAccepted: true as const,
    clientAddress: `198.51.100.${people}`,
  };
  const { user, session } = await register(deps, VISITOR, input);
  return { user, session, email, actor: userActor(user), currentSession: hashToken(session.token) };
}

async function refusalOf(attempt: Promise<unknown>): Promise<Refusal> {
  const error = await attempt.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isRefusal(error)) throw new Error(`not refused: ${String(error)}`);
  return error;
}

const mailsTo = async (to: string) =>
  (await database.db.select().from(schema.outgoingMails).where(eq(schema.outgoingMails.to, to))).map((m) => m.kind);

describe("changePersonalData", () => {
  it("refuses a phone that is no phone and a birth date in the future, each on its field, and saves neither", async () => {
    const { user, actor, currentSession } = await registered();
    const refused = await refusalOf(
      changePersonalData(deps, actor, {
        changes: { phone: "12ab", birthDate: "2030-01-01", givenName: "Augusta" },
        currentSession,
        clientAddress: "192.0.2.10",
      }),
    );
    expect(refused.code).toBe("invalid-input");
    expect(refused.problems.map(({ attribute, code }) => ({ attribute, code }))).toEqual([
      { attribute: "phone", code: "invalid-phone" },
      { attribute: "birthDate", code: "birth-date-in-future" },
    ]);
    const [row] = await database.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row).toMatchObject({ givenName: "Ada", phone: null, birthDate: null });
    const fine = await changePersonalData(deps, actor, {
      changes: { phone: "+39 051 123456", birthDate: "1815-12-10" },
      currentSession,
      clientAddress: "192.0.2.10",
    }).then(
      () => "saved",
      (error: unknown) => (error as Refusal).problems.map((problem) => problem.code).join(),
    );
    expect(fine).toBe("birth-date-too-early");
  });

  it("needs the current password for a new address or password, and changes the rest without", async () => {
    const { actor, currentSession } = await registered();
    const clientAddress = "192.0.2.9";
    const plain = await changePersonalData(deps, actor, {
      changes: { club: "CUS Bologna" },
      currentSession,
      clientAddress,
    });
    expect(plain).toEqual({ user: expect.objectContaining({ club: "CUS Bologna" }) });
    for (const change of [{ newPassword: "a brand new passphrase" }, { email: "elsewhere@example.org" }]) {
      for (const currentPassword of [undefined, "not the one"]) {
        const refused = await refusalOf(
          changePersonalData(deps, actor, { changes: {}, ...change, currentPassword, currentSession, clientAddress }),
        );
        expect(refused.problems).toEqual([
          expect.objectContaining({ attribute: "currentPassword", code: "wrong-password" }),
        ]);
      }
    }
    const weak = await refusalOf(
      changePersonalData(deps, actor, {
        changes: {},
        newPassword: "qwertyuiop",
        currentPassword: PASSWORD,
        currentSession,
        clientAddress,
      }),
    );
    expect(weak.problems).toEqual([expect.objectContaining({ attribute: "newPassword", code: "password-common" })]);
  });

  it("ends every other session on a new password and tells the address; a new address stays pending", async () => {
    const { email, actor, session, currentSession } = await registered();
    const clientAddress = "192.0.2.10";
    const other = (await logIn(deps, VISITOR, { email, password: PASSWORD, clientAddress })).session;
    const changed = await changePersonalData(deps, actor, {
      changes: {},
      newPassword: "a brand new passphrase",
      email: "moved@example.org",
      currentPassword: PASSWORD,
      currentSession,
      clientAddress,
    });
    expect(changed).toMatchObject({ user: { email }, pendingEmail: "moved@example.org" });
    expect(await sessionOf(deps, session.token)).toBeDefined();
    expect(await sessionOf(deps, other.token)).toBeUndefined();
    expect((await mailsTo(email)).sort()).toEqual(["password-changed", "verify-email"]);
    expect(await mailsTo("moved@example.org")).toEqual(["verify-email"]);
  });
});

describe("resetPassword", () => {
  it("refuses a weak password before the link, and a made-up link as invalid-token", async () => {
    const clientAddress = "192.0.2.11";
    const weak = await refusalOf(resetPassword(deps, VISITOR, { token: "whatever", password: "short", clientAddress }));
    expect(weak.problems).toEqual([expect.objectContaining({ attribute: "password", code: "password-too-short" })]);
    const madeUp = await refusalOf(
      resetPassword(deps, VISITOR, { token: "A".repeat(43), password: "a fine new passphrase", clientAddress }),
    );
    expect(madeUp.code).toBe("invalid-token");
  });

  it("mails a link to a known address only, once the request is answered", async () => {
    const { email } = await registered();
    await requestPasswordReset(deps, VISITOR, { email, clientAddress: "192.0.2.12" });
    await requestPasswordReset(deps, VISITOR, { email: "ghost@example.org", clientAddress: "192.0.2.12" });
    for (let attempt = 0; attempt < 100 && !(await mailsTo(email)).includes("reset-password"); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await mailsTo(email)).toContain("reset-password");
    expect(await mailsTo("ghost@example.org")).toEqual([]);
  });
});
