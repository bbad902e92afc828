import { schema } from "@sports/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resource } from "../accounts/test-client.ts";
import { openTestApi, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";

let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER] });
});
afterAll(() => api.database.close());

const team = teamClient(() => api);
let boss: Awaited<ReturnType<typeof team.organiser>>;
beforeAll(async () => {
  boss = await team.organiser();
});
const roleOf = async (email: string) =>
  (await api.database.db.select({ role: schema.users.role }).from(schema.users).where(eq(schema.users.email, email)))[0]
    ?.role;
const auditLines = (action: string) =>
  api.database.db.select().from(schema.auditEntries).where(eq(schema.auditEntries.action, action));

/** Follows the confirmation link of the newest "confirm your address" mail to `email`. */
async function confirmAddress(email: string) {
  const mail = await team.mailTo(email, /Conferma|Confirm/);
  const token = /verifica=([\w-]+)/.exec(mail.text)?.[1];
  return team.send("POST", `/api/email-verifications/${token}`);
}

describe("/api/team-members", () => {
  it("is the organiser's alone: 401 without a session, 403 for a runner and for staff", async () => {
    expect((await team.send("GET", "/api/team-members")).status).toBe(401);
    const runner = await team.runner();
    expect((await team.send("GET", "/api/team-members", undefined, runner.headers)).status).toBe(403);
    const staff = await team.staff();
    const invite = resource("team-members", { email: "x@example.org", role: "staff" });
    const refused = await team.send("POST", "/api/team-members", invite, staff.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe("not-organiser");
    expect((await team.send("DELETE", `/api/team-members/${runner.id}`, undefined, staff.headers)).status).toBe(403);
  });

  it("invites an address not registered yet: the role comes when its owner accepts the mailed link, not with a confirmation", async () => {
    const organiser = boss;
    const email = "New.Staff@Example.org";
    const answer = await team.send(
      "POST",
      "/api/team-members?locale=en-US",
      resource("team-members", { email, role: "staff" }),
      organiser.headers,
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      id: "new.staff@example.org",
      attributes: { pending: true, role: "staff" },
    });
    expect(answer.body.meta).toEqual({ granted: false });
    const invitation = await team.mailTo("new.staff@example.org", /invited/);
    const link = /\/en-US\/invito\?token=([\w-]{43})/.exec(invitation.text)?.[1];
    expect(link).toBeDefined();

    const invitee = await team.register("new.staff@example.org");
    expect((await confirmAddress("new.staff@example.org")).status).toBe(200);
    expect(await roleOf("new.staff@example.org")).toBe("user");
    const session = await team.logIn("new.staff@example.org", invitee.password);
    if (!session) throw new Error("no session");
    expect((await team.send("POST", `/api/team-invitations/${link}`, undefined, session)).status).toBe(200);
    expect(await roleOf("new.staff@example.org")).toBe("staff");

    const list = await team.send("GET", "/api/team-members", undefined, organiser.headers);
    const listed = list.body.data.find((member: any) => member.attributes.email === "new.staff@example.org");
    expect(listed.attributes).toMatchObject({ role: "staff", pending: false, emailVerified: true });
    expect(
      list.body.data.find((member: any) => member.attributes.email === CONSOLE_ORGANISER).attributes,
    ).toMatchObject({ role: "organiser", listedOrganiser: true });
    expect(await auditLines("team-member-invited")).toHaveLength(1);
  });

  it("gives a confirmed runner no role before they accept, and a member a new role at once", async () => {
    const organiser = boss;
    const runner = await team.runner();
    const invite = (role: string, locale: string) =>
      team.send(
        "POST",
        `/api/team-members?locale=${locale}`,
        resource("team-members", { email: runner.email, role }),
        organiser.headers,
      );
    const first = await invite("staff", "it-IT");
    expect(first.status).toBe(201);
    expect(first.body.meta).toEqual({ granted: false });
    expect(await roleOf(runner.email)).toBe("user");
    const link = /\/it-IT\/invito\?token=([\w-]{43})/.exec((await team.mailTo(runner.email, /invitato/)).text)?.[1];
    expect((await team.send("POST", `/api/team-invitations/${link}`, undefined, runner.headers)).status).toBe(200);

    const promoted = await invite("organiser", "it-IT");
    expect(promoted.body.meta).toEqual({ granted: true });
    expect(promoted.body.data).toMatchObject({ id: runner.id, attributes: { role: "organiser", pending: false } });
    expect((await team.mailTo(runner.email, /invitato/)).text).toContain("/it-IT/gestione");
    expect(await roleOf(runner.email)).toBe("organiser");
  });

  it("removes a member: the invitation goes, the account is a runner's again; not oneself, and an audit line each", async () => {
    const organiser = boss;
    const staff = await team.staff();
    // Invited again as what they are: an invitation row beside the role.
    await team.send(
      "POST",
      "/api/team-members",
      resource("team-members", { email: staff.email, role: "staff" }),
      organiser.headers,
    );
    expect(await roleOf(staff.email)).toBe("staff");
    const before = (await auditLines("team-member-removed")).length;
    expect((await team.send("DELETE", `/api/team-members/${staff.id}`, undefined, organiser.headers)).status).toBe(204);
    expect(await roleOf(staff.email)).toBe("user");
    const invitations = await api.database.db
      .select()
      .from(schema.teamInvitations)
      .where(eq(schema.teamInvitations.email, staff.email));
    expect(invitations).toHaveLength(0);
    expect(await auditLines("team-member-removed")).toHaveLength(before + 1);

    // A pending invitation is removed by its address.
    await team.send(
      "POST",
      "/api/team-members",
      resource("team-members", { email: "later@example.org", role: "staff" }),
      organiser.headers,
    );
    expect(
      (await team.send("DELETE", "/api/team-members/later@example.org", undefined, organiser.headers)).status,
    ).toBe(204);
    expect(
      (await team.send("DELETE", "/api/team-members/later@example.org", undefined, organiser.headers)).status,
    ).toBe(404);

    const self = await team.send("DELETE", `/api/team-members/${organiser.id}`, undefined, organiser.headers);
    expect(self.status).toBe(409);
    expect(self.body.errors[0].code).toBe("own-role");
    const selfInvite = await team.send(
      "POST",
      "/api/team-members",
      resource("team-members", { email: CONSOLE_ORGANISER, role: "staff" }),
      organiser.headers,
    );
    expect(selfInvite.body.errors[0].code).toBe("own-role");
    expect(await roleOf(CONSOLE_ORGANISER)).toBe("organiser");
  });

  it("answers 404 for an address a member no longer has, and writes no audit line", async () => {
    const member = await team.runner();
    const invite = resource("team-members", { email: member.email, role: "staff" });
    await team.send("POST", "/api/team-members", invite, boss.headers);
    // The role, as accepting the invitation gives it.
    await api.database.db.update(schema.users).set({ role: "staff" }).where(eq(schema.users.id, member.id));
    const moved = `moved-${member.email}`;
    const change = resource("users", { email: moved, currentPassword: member.password });
    expect((await team.send("PATCH", "/api/users/me", change, member.headers)).status).toBe(200);
    expect((await team.confirm(moved)).status).toBe(200);
    const before = (await auditLines("team-member-removed")).length;
    const answer = await team.send("DELETE", `/api/team-members/${member.email}`, undefined, boss.headers);
    expect(answer.status).toBe(404);
    expect(await auditLines("team-member-removed")).toHaveLength(before);
    expect(await roleOf(moved)).toBe("staff");
  });

  it("refuses a bad address or role with a pointer to the field", async () => {
    const organiser = boss;
    const bad = await team.send(
      "POST",
      "/api/team-members",
      resource("team-members", { email: "not an address", role: "boss" }),
      organiser.headers,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: any) => error.source.pointer)).toContain("/data/attributes/role");
  });
});
