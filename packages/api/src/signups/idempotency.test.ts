import { forgetIdempotencyKeys, schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { runner, signupClient } from "./test-client.ts";

const DAY = 86_400_000;
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api.database.close());

const { visitor, send, start, participants } = signupClient(() => api);

async function openAppointment(capacity = 10) {
  const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null, participantsPerSignup: 4 });
  return insertAppointment(api.database.db, event, { capacity });
}

const keyed = (key: string) => ({ "idempotency-key": key });

async function signupsFor(appointmentId: string) {
  const [row] = await api.database.db
    .select({ n: count() })
    .from(schema.signups)
    .where(eq(schema.signups.appointmentId, appointmentId));
  return row?.n;
}

const placesTaken = async (appointmentId: string) =>
  (await api.database.db.select().from(schema.appointments).where(eq(schema.appointments.id, appointmentId)))[0]
    ?.placesTaken;

describe("POST /api/signups with an Idempotency-Key", () => {
  it("answers a retry with the first answer: the same signup, 201 with Location, marked replayed, and no second hold", async () => {
    const appointment = await openAppointment();
    const ada = await visitor();
    const key = crypto.randomUUID();
    const first = await start(ada.token, appointment.id, { places: 2 }, keyed(key));
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const again = await start(ada.token, appointment.id, { places: 2 }, keyed(key));
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("location")).toBe(`/api/signups/${first.body.data.id}`);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.attributes).toEqual(first.body.data.attributes);
    expect(again.body.included.map((r: { type: string }) => r.type).sort()).toEqual(["appointments", "events"]);
    expect(await signupsFor(appointment.id)).toBe(1);
    expect(await placesTaken(appointment.id)).toBe(2);
  });

  it("renders the signup as it now stands, not as it was", async () => {
    const appointment = await openAppointment();
    const ada = await visitor();
    const key = crypto.randomUUID();
    const first = await start(ada.token, appointment.id, {}, keyed(key));
    await participants(ada.token, first.body.data.id, [runner(), runner({ givenName: "Bea" })]);

    const again = await start(ada.token, appointment.id, {}, keyed(key));
    expect(again.status).toBe(201);
    expect(again.body.data.attributes.places).toBe(2);
    expect(again.body.data.relationships.participants.data).toHaveLength(2);
  });

  it("refuses the key sent with another body, or to another endpoint, with 422 idempotency-key-reused", async () => {
    const appointment = await openAppointment();
    const ada = await visitor();
    const key = crypto.randomUUID();
    expect((await start(ada.token, appointment.id, { places: 1 }, keyed(key))).status).toBe(201);

    const otherBody = await start(ada.token, appointment.id, { places: 2 }, keyed(key));
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.errors[0]).toMatchObject({
      status: "422",
      code: "idempotency-key-reused",
      source: { header: "Idempotency-Key" },
    });
    expect(otherBody.headers.get("location")).toBeNull();
    const otherPath = await send(ada.token, "POST", "/api/payments", { data: { type: "payments" } }, keyed(key));
    expect(otherPath.status).toBe(422);
    expect(otherPath.body.errors[0].code).toBe("idempotency-key-reused");
    expect(await signupsFor(appointment.id)).toBe(1);
    expect(await placesTaken(appointment.id)).toBe(1);
  });

  it("refuses a malformed key with 400 invalid-idempotency-key and holds nothing", async () => {
    const appointment = await openAppointment();
    const ada = await visitor();
    for (const key of ["", "two words", "x".repeat(256), "clé"]) {
      const answer = await start(ada.token, appointment.id, {}, keyed(key));
      expect(answer.status, JSON.stringify(key)).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({
        code: "invalid-idempotency-key",
        source: { header: "Idempotency-Key" },
      });
    }
    expect(await signupsFor(appointment.id)).toBe(0);
    const longest = await start(ada.token, appointment.id, {}, keyed(`~!${"k".repeat(253)}`));
    expect(longest.status).toBe(201);
  });

  it("keeps each account's keys apart: the same key from another visitor is a new request", async () => {
    const appointment = await openAppointment();
    const [ada, bruno] = [await visitor(), await visitor()];
    const key = "shared-key-1";
    const adas = await start(ada.token, appointment.id, {}, keyed(key));
    const brunos = await start(bruno.token, appointment.id, {}, keyed(key));
    expect(brunos.status).toBe(201);
    expect(brunos.headers.get("idempotent-replayed")).toBeNull();
    expect(brunos.body.data.id).not.toBe(adas.body.data.id);
    expect(await signupsFor(appointment.id)).toBe(2);
  });

  it("replays a refusal as it was, even once the places are free again", async () => {
    const appointment = await openAppointment(1);
    const [ada, bruno] = [await visitor(), await visitor()];
    const brunos = await start(bruno.token, appointment.id);
    const key = crypto.randomUUID();
    const refused = await start(ada.token, appointment.id, {}, keyed(key));
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe("sold-out");

    const cancelled = await send(bruno.token, "PATCH", `/api/signups/${brunos.body.data.id}`, {
      data: { type: "signups", id: brunos.body.data.id, attributes: { state: "cancelled" } },
    });
    expect(cancelled.status).toBe(200);
    const again = await start(ada.token, appointment.id, {}, keyed(key));
    expect(again.status).toBe(409);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toBe("application/vnd.api+json");
    expect(again.body).toEqual(refused.body);
    expect(await placesTaken(appointment.id)).toBe(0);

    const fresh = await start(ada.token, appointment.id, {}, keyed(crypto.randomUUID()));
    expect(fresh.status).toBe(201);
  });

  it("keeps no answer to a malformed document, an unknown appointment or a missing session: the corrected retry goes ahead", async () => {
    const appointment = await openAppointment();
    const ada = await visitor();
    const key = crypto.randomUUID();
    const malformed = await start(ada.token, appointment.id, { seats: 1 }, keyed(key));
    expect(malformed.status).toBe(400);
    const unknown = await start(ada.token, crypto.randomUUID(), {}, keyed(key));
    expect(unknown.status).toBe(404);
    const anonymous = await start(undefined, appointment.id, {}, keyed(key));
    expect(anonymous.status).toBe(401);

    const corrected = await start(ada.token, appointment.id, {}, keyed(key));
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get("idempotent-replayed")).toBeNull();
  });

  it("replays a 200 answered with the visitor's hold already there", async () => {
    const appointment = await openAppointment();
    const ada = await visitor();
    const held = await start(ada.token, appointment.id);
    const key = crypto.randomUUID();
    const first = await start(ada.token, appointment.id, {}, keyed(key));
    expect(first.status).toBe(200);
    const again = await start(ada.token, appointment.id, {}, keyed(key));
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("location")).toBe(`/api/signups/${held.body.data.id}`);
    expect(again.body.data.id).toBe(held.body.data.id);
  });

  it("forgets keys recorded before the cutoff, and only those", async () => {
    const appointment = await openAppointment();
    const ada = await visitor();
    const key = crypto.randomUUID();
    await start(ada.token, appointment.id, {}, keyed(key));
    const keyRows = async () =>
      (
        await api.database.db
          .select({ n: count() })
          .from(schema.idempotencyKeys)
          .where(eq(schema.idempotencyKeys.userId, ada.id))
      )[0]?.n;
    expect(await forgetIdempotencyKeys(api.database.db, NOW)).toBe(0);
    expect(await keyRows()).toBe(1);
    expect(await forgetIdempotencyKeys(api.database.db, new Date(NOW.getTime() + DAY), 1)).toBeGreaterThanOrEqual(1);
    expect(await keyRows()).toBe(0);

    // Forgotten, the key is a new request: it finds the hold already there.
    const again = await start(ada.token, appointment.id, {}, keyed(key));
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
  });
});
