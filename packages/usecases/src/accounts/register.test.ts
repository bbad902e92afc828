import { type DatabaseHandle, schema } from "@sports/db";
import { openTestDatabase } from "@sports/db/testing";
import { isRefusal, type Refusal } from "@sports/domain";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VISITOR } from "../actors.ts";
import type { AccountDeps } from "../deps.ts";
import { TEST_SITE_URL, testAccountDeps } from "../testing.ts";
import { logIn } from "./log-in.ts";
import { register } from "./register.ts";
import { hashToken } from "./secrets.ts";
import { sessionOf } from "./sessions.ts";
import { verifyEmail } from "./verify-email.ts";

/** Registering, confirming the address and logging in, without HTTP: what they answer, refuse, mail and log. */

const NOW = new Date("2027-05-01T10:00:00Z");
const ORGANISER = "organiser@example.org";

let database: DatabaseHandle;
let deps: AccountDeps;
const logged: { event?: string; ip?: string }[] = [];
let nudges = 0;
beforeAll(async () => {
  database = await openTestDatabase();
  deps = testAccountDeps(database.db, NOW, {
    organiserEmails: new Set([ORGANISER]),
    mailQueued: () => void nudges++,
    logger: {
      info: (details, message) => void (message === "authentication" && logged.push(details)),
      error: () => {},
    },
  });
});
afterAll(() => database.close());

let clients = 0;
const newClient = () => `198.51.100.${++clients}`;
const registration = (email: string, password = "trail at dawn 2027") => ({
  email,
  password,
  givenName: "Ada",
  familyName: "Lovelace",
  preferredLocale: "it-IT" as const,
  termsAccepted: true as const,
  clientAddress: newClient(),
});

async function refusalOf(attempt: Promise<unknown>): Promise<Refusal> {
  const error = await attempt.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isRefusal(error)) throw new Error(`not refused: ${String(error)}`);
  return error;
}

/** The confirmation link's token in the newest mail to `to`. */
async function verificationToken(to: string): Promise<string> {
  const [mail] = await database.db
    .select()
    .from(schema.outgoingMails)
    .where(eq(schema.outgoingMails.to, to))
    .orderBy(desc(schema.outgoingMails.createdAt));
  const link = new RegExp(`${TEST_SITE_URL}/it-IT/registrazione\\?verifica=([\\w-]{43})`).exec(mail?.text ?? "");
  if (!link?.[1]) throw new Error(`no confirmation link mailed to ${to}`);
  return link[1];
}

describe("register", () => {
  it("opens a plain user's account, logged in, with its confirmation link mailed in the same change", async () => {
    const before = nudges;
    const { user, session } = await register(deps, VISITOR, registration(ORGANISER));
    expect(user).toMatchObject({ email: ORGANISER, role: "user", emailVerifiedAt: null, preferredLocale: "it-IT" });
    expect((await sessionOf(deps, session.token))?.user.id).toBe(user.id);
    expect(nudges).toBe(before + 1);
    expect(logged.at(-1)).toMatchObject({ event: "registered", userId: user.id });

    // Confirmed from the session that registered it, the organiser's address makes the account an
    // organiser's and the session goes on; the link is spent.
    const token = await verificationToken(ORGANISER);
    const own = { userId: user.id, tokenHash: hashToken(session.token) };
    const confirmed = await verifyEmail(deps, VISITOR, { token, clientAddress: newClient(), session: own });
    expect(confirmed).toMatchObject({ id: user.id, role: "organiser", emailVerifiedAt: NOW });
    expect((await sessionOf(deps, session.token))?.user.role).toBe("organiser");
    expect(logged.at(-1)).toMatchObject({ event: "email-verified", userId: user.id });
    expect((await refusalOf(verifyEmail(deps, VISITOR, { token, clientAddress: newClient() }))).code).toBe(
      "invalid-token",
    );
    expect((await refusalOf(verifyEmail(deps, VISITOR, { token: "made-up", clientAddress: newClient() }))).code).toBe(
      "invalid-token",
    );
  });

  it("ends the sessions opened before a confirmation followed from elsewhere, and gives no role with it", async () => {
    const email = "organiser-2@example.org";
    const { session } = await register(deps, VISITOR, registration(email));
    const listed = { ...deps, organiserEmails: new Set([email]) };
    const confirmed = await verifyEmail(listed, VISITOR, {
      token: await verificationToken(email),
      clientAddress: newClient(),
    });
    expect(confirmed).toMatchObject({ role: "user", emailVerifiedAt: NOW });
    expect(await sessionOf(deps, session.token)).toBeUndefined();
  });

  it("refuses a weak password as a problem of `password`, and a taken address on `email`", async () => {
    const weak = await refusalOf(register(deps, VISITOR, registration("weak@example.org", "password")));
    expect(weak.code).toBe("invalid-input");
    expect(weak.problems).toEqual([expect.objectContaining({ attribute: "password", code: "password-common" })]);

    await register(deps, VISITOR, registration("taken@example.org"));
    const taken = await refusalOf(register(deps, VISITOR, registration("taken@example.org")));
    expect(taken).toMatchObject({ code: "email-taken", field: { attribute: "email" } });
  });
});

describe("logIn", () => {
  it("starts a session for the right password, and answers the same refusal for a wrong one or an unknown address", async () => {
    const { user } = await register(deps, VISITOR, registration("login@example.org"));
    const clientAddress = newClient();
    const wrong = await refusalOf(
      logIn(deps, VISITOR, { email: "login@example.org", password: "not the one", clientAddress }),
    );
    expect(logged.at(-1)).toMatchObject({ event: "login-failed", ip: clientAddress, userId: user.id });
    const unknown = await refusalOf(
      logIn(deps, VISITOR, { email: "nobody@example.org", password: "not the one", clientAddress }),
    );
    expect(logged.at(-1)).toMatchObject({ event: "login-failed", knownEmail: false });
    expect([wrong.code, wrong.message]).toEqual([unknown.code, unknown.message]);
    expect(wrong.code).toBe("invalid-credentials");

    const { session } = await logIn(deps, VISITOR, {
      email: "login@example.org",
      password: "trail at dawn 2027",
      clientAddress,
    });
    expect((await sessionOf(deps, session.token))?.user.id).toBe(user.id);
    expect(logged.at(-1)).toMatchObject({ event: "login", userId: user.id });
  });
});
