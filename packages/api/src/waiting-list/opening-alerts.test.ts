import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { sendOpeningAlerts } from "@sports/usecases";
import { testDeps } from "@sports/usecases/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

/** "Notify me when signups open" over HTTP (decision 027): asking, reading, dropping, and the mail once open. */
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api.database.close());

const { visitor, send } = signupClient(() => api);
const ask = (token: string | undefined, appointmentId: string) =>
  send(token, "POST", "/api/opening-alerts", {
    data: {
      type: "opening-alerts",
      relationships: { appointment: { data: { type: "appointments", id: appointmentId } } },
    },
  });
const HOUR = 3_600_000;

async function opensTomorrow() {
  const event = await insertEvent(api.database.db, NOW, {
    signupOpensAt: new Date(NOW.getTime() + 24 * HOUR),
    title: { "it-IT": "Corsa dei Colli", "en-US": "Hills Run" },
  });
  const appointment = await insertAppointment(api.database.db, event, { capacity: 10 });
  return { event, appointment };
}

const sentTo = async (email: string) => (await api.mails()).filter((mail) => mail.to.includes(email));

describe("opening alerts", () => {
  it("are asked once per runner before signups open, read by their runner alone, and dropped", async () => {
    const { appointment } = await opensTomorrow();
    const [bea, cleo] = [await visitor(), await visitor()];
    const first = await ask(bea.token, appointment.id);
    expect(first.status).toBe(201);
    expect(first.headers.get("location")).toBe(`/api/opening-alerts/${first.body.data.id}`);
    expect(first.body.data.attributes).toMatchObject({
      eventTitle: "Hills Run",
      signupOpensAt: new Date(NOW.getTime() + 24 * HOUR).toISOString(),
      notifiedAt: null,
    });
    const again = await ask(bea.token, appointment.id);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await send(bea.token, "GET", "/api/opening-alerts")).body.data.map((a: { id: string }) => a.id)).toEqual([
      first.body.data.id,
    ]);
    expect((await ask(undefined, appointment.id)).status).toBe(401);
    expect((await send(cleo.token, "GET", `/api/opening-alerts/${first.body.data.id}`)).status).toBe(404);
    expect((await send(cleo.token, "DELETE", `/api/opening-alerts/${first.body.data.id}`)).status).toBe(404);
    expect((await send(bea.token, "DELETE", `/api/opening-alerts/${first.body.data.id}`)).status).toBe(204);
    expect((await send(bea.token, "GET", "/api/opening-alerts")).body.data).toEqual([]);

    // Open already: sign up instead.
    const open = await insertAppointment(
      api.database.db,
      await insertEvent(api.database.db, NOW, { signupOpensAt: null }),
      { capacity: 5 },
    );
    expect((await ask(bea.token, open.id)).body.errors[0]).toMatchObject({ status: "409", code: "already-open" });
    expect((await ask(bea.token, crypto.randomUUID())).status).toBe(404);
  });

  it("mail each runner once when signups open, in their account's language, with the link to sign up", async () => {
    const { event, appointment } = await opensTomorrow();
    const called = await opensTomorrow();
    const ita = await visitor();
    const eng = await visitor();
    await api.database.db.update(schema.users).set({ preferredLocale: "en-US" }).where(eq(schema.users.id, eng.id));
    const dropper = await visitor();
    for (const person of [ita, eng, dropper]) expect((await ask(person.token, appointment.id)).status).toBe(201);
    const dropped = (await send(dropper.token, "GET", "/api/opening-alerts")).body.data[0].id;
    await send(dropper.token, "DELETE", `/api/opening-alerts/${dropped}`);
    expect((await ask(ita.token, called.appointment.id)).status).toBe(201);
    await api.database.db
      .update(schema.appointments)
      .set({ cancelledAt: NOW })
      .where(eq(schema.appointments.id, called.appointment.id));

    // Not open yet: nothing goes out.
    expect(await sendOpeningAlerts(testDeps(api.database.db, NOW))).toBe(0);
    const opened = new Date(NOW.getTime() + 24 * HOUR + 60_000);
    expect(await sendOpeningAlerts(testDeps(api.database.db, opened))).toBe(2);
    expect(await sendOpeningAlerts(testDeps(api.database.db, opened))).toBe(0);

    const [italian] = await sentTo(ita.email);
    expect((await sentTo(ita.email)).length).toBe(1);
    expect(italian?.subject).toBe(`Iscrizioni aperte: Corsa dei Colli – ${appointment.title["it-IT"]}`);
    expect(italian?.text).toContain(`/it-IT/evento/${event.slug}/appuntamento/${appointment.slug}`);
    const [english] = await sentTo(eng.email);
    expect(english?.subject).toMatch(/^Signups are open: Hills Run/);
    expect(await sentTo(dropper.email)).toEqual([]);
    expect(
      (await send(ita.token, "GET", "/api/opening-alerts")).body.data.find(
        (alert: { relationships: { appointment: { data: { id: string } } } }) =>
          alert.relationships.appointment.data.id === appointment.id,
      ).attributes.notifiedAt,
    ).toBe(opened.toISOString());
  });
});
