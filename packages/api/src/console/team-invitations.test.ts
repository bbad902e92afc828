import { schema } from "@sports/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, resource } from "../accounts/test-client.ts";
import { openTestApi, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";

/**
 * An invitation to the team is taken only by whoever reads the invited mailbox and holds the
 * account's password (docs/decisions/041-team-roles-by-mailbox.md): the threat is an account
 * registered first at the invitee's address by someone else (docs/operations.md#security).
 */

let api: TestApi;
const team = teamClient(() => api);
let boss: Awaited<ReturnType<typeof team.organiser>>;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER, "boss@example.org"] });
  boss = await team.organiser();
});
afterAll(() => api.database.close());

const me = (headers: Record<string, string>) => team.send("GET", "/api/users/me", undefined, headers);
const dashboard = async (headers: Record<string, string>) =>
  (await team.send("GET", "/api/dashboard", undefined, headers)).status;
const accept = (token: string, headers: Record<string, string> = {}) =>
  team.send("POST", `/api/team-invitations/${token}`, undefined, headers);

async function invite(email: string, role: "staff" | "organiser" = "staff") {
  const answer = await team.send("POST", "/api/team-members", resource("team-members", { email, role }), boss.headers);
  expect(answer.status).toBe(201);
  const mail = await team.mailTo(email, /invited/);
  const token = /\/invito\?token=([\w-]{43})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation link in the mail to ${email}`);
  return { answer, token };
}

/** Follows the confirmation link mailed to `email` from no session: the mailbox's owner clicking it. */
async function confirmFromMailbox(email: string) {
  const mail = await team.mailTo(email, /Confirm/);
  const token = /verifica=([\w-]+)/.exec(mail.text)?.[1];
  return team.send("POST", `/api/email-verifications/${token}`);
}

describe("an invitation to the team", () => {
  it("is not taken over by whoever registered the invitee's address first", async () => {
    const victim = "victim@example.org";
    const attacker = await team.register(victim, "attacker's own pick");
    const { answer, token } = await invite(victim);
    expect(answer.body.meta).toEqual({ granted: false });

    // The victim follows the confirmation mail the attacker's registration sent them.
    expect((await confirmFromMailbox(victim)).status).toBe(200);
    expect((await me(bearer(attacker.token))).status).toBe(401);
    // Logged in again with the password they chose, the attacker has no role and no console.
    const again = await team.logIn(victim, "attacker's own pick");
    if (!again) throw new Error("the attacker could not log in again");
    expect((await me(again)).body.data.attributes.role).toBe("user");
    expect(await dashboard(again)).toBe(403);
    // Nor can they take the invitation without its link, or with it from no session.
    expect((await accept(token)).status).toBe(401);

    // The victim, who does not know that password, resets it: every session of the account ends.
    expect((await team.resetThroughMail(victim, "victim's own pick")).status).toBe(204);
    expect((await me(again)).status).toBe(401);
    expect(await team.logIn(victim, "attacker's own pick")).toBeUndefined();
    const victimSession = await team.logIn(victim, "victim's own pick");
    if (!victimSession) throw new Error("the victim could not log in");
    const accepted = await accept(token, victimSession);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.attributes).toMatchObject({ role: "staff", emailVerified: true });
    expect(await dashboard(victimSession)).toBe(200);
    // The link is spent.
    expect((await accept(token, victimSession)).body.errors[0].code).toBe("invalid-token");
  });

  it("is accepted from the invited account's session only, which ends the account's other sessions", async () => {
    const email = "new-helper@example.org";
    const { token } = await invite(email);
    // Registered after the invitation, by the invitee, who then reads the invitation's mail.
    const invitee = await team.register(email);
    const otherDevice = await team.logIn(email, invitee.password);
    if (!otherDevice) throw new Error("no second session");
    const stranger = await team.runner();

    const refused = await accept(token, stranger.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe("not-invitee");
    expect((await me(stranger.headers)).body.data.attributes.role).toBe("user");

    const headers = bearer(invitee.token);
    expect((await accept(token, headers)).status).toBe(200);
    expect((await me(headers)).body.data.attributes).toMatchObject({ role: "staff", emailVerified: true });
    expect((await me(otherDevice)).status).toBe(401);
    const lines = await api.database.db
      .select()
      .from(schema.auditEntries)
      .where(eq(schema.auditEntries.action, "team-invitation-accepted"));
    expect(lines.map((line) => line.subjectId)).toContain(email);
  });

  it("has a link that works for seven days, and only the newest one", async () => {
    const person = await team.runner();
    const email = person.email;
    const first = await invite(email);
    const second = await invite(email);
    expect((await accept(first.token, person.headers)).body.errors[0].code).toBe("invalid-token");
    await api.database.db
      .update(schema.teamInvitations)
      .set({ expiresAt: new Date("2020-01-01T00:00:00Z") })
      .where(eq(schema.teamInvitations.email, email));
    expect((await accept(second.token, person.headers)).status).toBe(404);
    expect((await me(person.headers)).body.data.attributes.role).toBe("user");
    const listed = await team.send("GET", "/api/team-members", undefined, boss.headers);
    const pending = listed.body.data.find((member: { id: string }) => member.id === email);
    expect(pending.attributes).toMatchObject({ pending: true, invitationExpiresAt: "2020-01-01T00:00:00.000Z" });
  });
});

describe("the organiser role of ORGANISER_EMAILS", () => {
  it("is not given to whoever registered the address first, however its owner confirms it", async () => {
    const attacker = await team.register("boss@example.org", "attacker's own pick");
    const confirmed = await confirmFromMailbox("boss@example.org");
    expect(confirmed.body.data.attributes).toMatchObject({ role: "user", emailVerified: true });
    expect((await me(bearer(attacker.token))).status).toBe(401);
    const again = await team.logIn("boss@example.org", "attacker's own pick");
    if (!again) throw new Error("the attacker could not log in again");
    expect((await me(again)).body.data.attributes.role).toBe("user");

    // The owner sets a password through the mailbox: the role is theirs, the attacker's session gone.
    expect((await team.resetThroughMail("boss@example.org", "the boss's own pick")).status).toBe(204);
    expect((await me(again)).status).toBe(401);
    const owner = await team.logIn("boss@example.org", "the boss's own pick");
    if (!owner) throw new Error("the owner could not log in");
    expect((await me(owner)).body.data.attributes.role).toBe("organiser");
  });
});
