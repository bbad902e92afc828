import { schema } from "@sports/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resource } from "../accounts/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";
import { consoleEvent } from "./testing/console-event.ts";

let api: TestApi;
let fixture: Awaited<ReturnType<typeof consoleEvent>>;
const team = teamClient(() => api);
let organiser: Awaited<ReturnType<typeof team.organiser>>;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER] });
  fixture = await consoleEvent(api.database.db, NOW);
  organiser = await team.organiser();
});
afterAll(() => api.database.close());

const messages = () =>
  api.database.db.select().from(schema.outgoingMails).where(eq(schema.outgoingMails.kind, "participant-message"));

const body = (texts: object) => resource("messages", { texts });

describe("POST /api/appointments/{id}/messages", () => {
  it("is the organiser's: staff and runners are refused, and nothing is sent", async () => {
    const staff = await team.staff();
    const path = `/api/appointments/${fixture.tenK.id}/messages`;
    const refused = await team.send("POST", path, body({ "en-US": { subject: "Hi", body: "Hello" } }), staff.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe("not-organiser");
    expect(
      (await team.send("GET", `/api/appointments/${fixture.tenK.id}/message-audience`, undefined, staff.headers))
        .status,
    ).toBe(403);
    expect(await messages()).toHaveLength(0);
  });

  it("counts the recipients first, then mails each confirmed signup exactly once, in its owner's language when written", async () => {
    const audience = await team.send(
      "GET",
      `/api/appointments/${fixture.tenK.id}/message-audience?locale=en-US`,
      undefined,
      organiser.headers,
    );
    expect(audience.status).toBe(200);
    expect(audience.body.data.attributes).toMatchObject({ recipients: 2, eventId: fixture.event.id });

    const sent = await team.send(
      "POST",
      `/api/appointments/${fixture.tenK.id}/messages`,
      body({
        "it-IT": { subject: "Cambio di orario", body: "La partenza è alle 9:30.\n\nA presto!" },
        "en-US": { subject: "New start time", body: "The start is at 9:30.\n\nSee you soon!" },
        "fr-FR": { subject: "", body: "" },
      }),
      organiser.headers,
    );
    expect(sent.status).toBe(202);
    expect(sent.body.meta).toEqual({ recipients: 2 });

    const mails = await messages();
    const bySignup = new Map(mails.map((mail) => [mail.signupId, mail]));
    expect(mails).toHaveLength(2);
    expect(bySignup.size).toBe(2);
    // The Italian owner reads Italian; the German owner, not written for, reads the first written (en-US).
    expect(bySignup.get(fixture.confirmedToday.signup.id)).toMatchObject({
      to: fixture.confirmedToday.owner.email,
      subject: "Cambio di orario",
    });
    expect(bySignup.get(fixture.confirmedToday.signup.id)?.text).toContain("La partenza è alle 9:30.");
    expect(bySignup.get(fixture.confirmedYesterday.signup.id)).toMatchObject({
      to: fixture.confirmedYesterday.owner.email,
      subject: "New start time",
    });
    // Awaiting payment, held and cancelled signups get nothing.
    for (const other of [fixture.awaiting, fixture.held, fixture.cancelled])
      expect(bySignup.has(other.signup.id)).toBe(false);

    const lines = await api.database.db
      .select()
      .from(schema.auditEntries)
      .where(eq(schema.auditEntries.action, "participants-messaged"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ subjectId: fixture.tenK.id, eventId: fixture.event.id, after: { recipients: 2 } });
  });

  it("refuses a message written in no language, and an unknown appointment", async () => {
    const empty = await team.send(
      "POST",
      `/api/appointments/${fixture.tenK.id}/messages`,
      body({ "en-US": { subject: " ", body: "" } }),
      organiser.headers,
    );
    expect(empty.status).toBe(400);
    const half = await team.send(
      "POST",
      `/api/appointments/${fixture.tenK.id}/messages`,
      body({ "en-US": { subject: "a", body: "b" }, "de-DE": { subject: "Nur Betreff", body: "" } }),
      organiser.headers,
    );
    expect(half.status).toBe(400);
    expect(half.body.errors[0]).toMatchObject({ code: "half-written", source: { pointer: "/data/attributes/texts" } });
    expect(
      (
        await team.send(
          "POST",
          `/api/appointments/${crypto.randomUUID()}/messages`,
          body({ "en-US": { subject: "a", body: "b" } }),
          organiser.headers,
        )
      ).status,
    ).toBe(404);
  });
});
