import { schema } from "@sports/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApi, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";

let api: TestApi;
let organiser: Awaited<ReturnType<ReturnType<typeof teamClient>["organiser"]>>;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER] });
  organiser = await team.organiser();
});
afterAll(() => api.database.close());

const team = teamClient(() => api);

const event = (attributes: object) => ({
  data: {
    type: "events",
    attributes: {
      slug: `certificate-later-${crypto.randomUUID().slice(0, 8)}`,
      sport: "trail-running",
      title: { "it-IT": "Trail del lago" },
      startsAt: "2027-06-10T07:00:00+02:00",
      endsAt: "2027-06-10T15:00:00+02:00",
      venue: { name: "Piazza", locality: "Bellagio", country: "IT" },
      medicalCertificate: "competitive",
      ...attributes,
    },
  },
});

describe("an event's certificate later and reminder days", () => {
  it("are set by the organiser and read back", async () => {
    const made = await team.send("POST", "/api/events", event({}), organiser.headers);
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    expect(made.body.data.attributes).toMatchObject({ certificateLater: false, certificateReminderDays: [14, 7, 2] });
    const changed = await team.send(
      "PATCH",
      `/api/events/${id}`,
      { data: { type: "events", id, attributes: { certificateLater: true, certificateReminderDays: [30, 10] } } },
      organiser.headers,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({ certificateLater: true, certificateReminderDays: [30, 10] });
    const [row] = await api.database.db.select().from(schema.events).where(eq(schema.events.id, id));
    expect(row).toMatchObject({ certificateLater: true, certificateReminderDays: [30, 10] });
  });

  it("refuses reminder days outside 1–120, more than five, twice the same, or not whole", async () => {
    for (const days of [[0], [121], [1, 2, 3, 4, 5, 6], [7, 7], [1.5]]) {
      const answer = await team.send(
        "POST",
        "/api/events",
        event({ certificateReminderDays: days }),
        organiser.headers,
      );
      expect(answer.status, JSON.stringify(days)).toBe(400);
      expect(answer.body.errors[0].source.pointer).toMatch(/^\/data\/attributes\/certificateReminderDays/);
    }
  });
});
