import { type DatabaseHandle, findSessionUser, insertSession, schema } from "@sports/db";
import { insertPerson, openTestDatabase, testClub } from "@sports/db/testing";
import { isRefusal } from "@sports/domain";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userActor } from "../actors.ts";
import { testDeps } from "../testing.ts";
import { clubOf } from "./clubs.ts";
import { acceptClubManagerInvitation, inviteClubManager } from "./invitations.ts";

const NOW = new Date("2027-03-10T09:00:00Z");
const LATER = new Date("2027-03-17T08:59:00Z");
const TOO_LATE = new Date("2027-03-17T09:00:00Z");

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const deps = (now = NOW) => testDeps(database.db, now);

async function refusalCode(action: Promise<unknown>): Promise<string | undefined> {
  const error = await action.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isRefusal(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.code;
}

/** The newest mail to `email`, and the token of the invitation link in it. */
async function invitationMail(email: string) {
  const [mail] = await database.db
    .select()
    .from(schema.outgoingMails)
    .where(eq(schema.outgoingMails.to, email))
    .orderBy(desc(schema.outgoingMails.createdAt), desc(schema.outgoingMails.id))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const token = /\/invito-club\?token=([\w-]{43})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation link in the mail to ${email}`);
  return { mail, token };
}

/** A live session of the account, by the hash the use cases are given. */
async function session(userId: string, name: string) {
  const tokenHash = `${name}-${crypto.randomUUID()}`;
  await insertSession(database.db, { tokenHash, userId, expiresAt: new Date("2030-01-01T00:00:00Z") });
  return tokenHash;
}

describe("an invitation to manage a club", () => {
  it("is taken once, only from a session of the account at the invited address", async () => {
    const manager = await insertPerson(database.db);
    const club = await testClub(database.db, manager.id, { name: "G.S. Lago" });
    const invitee = await insertPerson(database.db, { preferredLocale: "it-IT" });
    const stranger = await insertPerson(database.db);

    const invited = await inviteClubManager(deps(), userActor(manager), {
      clubId: club.id,
      email: invitee.email.toUpperCase(),
      locale: "en-US",
    });
    expect(invited).toMatchObject({ email: invitee.email, expiresAt: new Date("2027-03-17T09:00:00Z") });
    const { mail, token } = await invitationMail(invitee.email);
    // In the invitee's language, whatever the inviter's page's.
    expect(mail.subject).toBe("Invito a gestire G.S. Lago su Sport Events");
    expect(mail.text).toContain("https://events.example.org/it-IT/invito-club?token=");
    expect(mail.text).toContain("Ada Runner");
    expect((await clubOf(deps(), userActor(manager), club.id)).pendingInvitations).toEqual([
      { email: invitee.email, createdAt: NOW, expiresAt: invited.expiresAt },
    ]);

    // Someone holding only the link, from their own session, takes nothing; the link stays good.
    const strangerSession = await session(stranger.id, "stranger");
    expect(
      await refusalCode(acceptClubManagerInvitation(deps(), userActor(stranger), { token, session: strangerSession })),
    ).toBe("not-invitee");
    expect(await refusalCode(clubOf(deps(), userActor(stranger), club.id))).toBe("not-found");

    const here = await session(invitee.id, "here");
    const elsewhere = await session(invitee.id, "elsewhere");
    const accepted = await acceptClubManagerInvitation(deps(LATER), userActor(invitee), { token, session: here });
    expect(accepted.managers.map((one) => one.userId)).toEqual([manager.id, invitee.id]);
    expect(accepted.pendingInvitations).toEqual([]);
    const [account] = await database.db.select().from(schema.users).where(eq(schema.users.id, invitee.id));
    expect(account?.emailVerifiedAt).toEqual(LATER);
    // The account's other sessions end; the one it was taken from goes on.
    expect(await findSessionUser(database.db, here, LATER)).toBeDefined();
    expect(await findSessionUser(database.db, elsewhere, LATER)).toBeUndefined();

    // Spent: once is all.
    expect(
      await refusalCode(acceptClubManagerInvitation(deps(LATER), userActor(invitee), { token, session: here })),
    ).toBe("invalid-token");
    // A manager already is not invited again.
    const again = await refusalCode(
      inviteClubManager(deps(), userActor(manager), { clubId: club.id, email: invitee.email, locale: "en-US" }),
    );
    expect(again).toBe("invalid-input");
  });

  it("has a link that works for seven days, only the newest one, and is sent by managers only", async () => {
    const manager = await insertPerson(database.db);
    const club = await testClub(database.db, manager.id);
    const invitee = await insertPerson(database.db);
    const email = "not-registered-yet@example.org";
    const invite = (to: string) =>
      inviteClubManager(deps(), userActor(manager), { clubId: club.id, email: to, locale: "de-DE" });

    // No account at the address: the inviter's page's language.
    await invite(email);
    expect((await invitationMail(email)).mail.text).toContain("/de-DE/invito-club?token=");
    expect(await refusalCode(invite("not an address"))).toBe("invalid-input");
    expect(
      await refusalCode(
        inviteClubManager(deps(), userActor(invitee), { clubId: club.id, email: "x@example.org", locale: "en-US" }),
      ),
    ).toBe("not-found");

    await invite(invitee.email);
    const first = await invitationMail(invitee.email);
    await invite(invitee.email);
    const second = await invitationMail(invitee.email);
    const here = await session(invitee.id, "here");
    const accept = (token: string, now: Date) =>
      acceptClubManagerInvitation(deps(now), userActor(invitee), { token, session: here });
    expect(await refusalCode(accept(first.token, NOW))).toBe("invalid-token");
    expect(await refusalCode(accept(second.token, TOO_LATE))).toBe("invalid-token");
    expect(await refusalCode(accept("not-a-token", NOW))).toBe("invalid-token");
    expect((await accept(second.token, LATER)).club.id).toBe(club.id);
  });
});
