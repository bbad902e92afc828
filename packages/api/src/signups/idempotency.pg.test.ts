import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { runner, signupClient } from "./test-client.ts";

/**
 * One request sent many times at once with the same `Idempotency-Key` (a client retrying while the
 * first is still on its way, several server processes answering), on PostgreSQL with a pool of real
 * connections: exactly one resource, and every answer is the first one.
 */
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ poolSize: 20 });
});
afterAll(() => api.database.close());

const { visitor, send, start, participants, submit } = signupClient(() => api);
const TIMES = 30;

const tally = (answers: { status: number; body: any }[]) => {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.status >= 400 ? `${answer.status} ${answer.body.errors?.[0]?.code}` : String(answer.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

async function keysOf(userId: string) {
  const [row] = await api.database.db
    .select({ n: count() })
    .from(schema.idempotencyKeys)
    .where(eq(schema.idempotencyKeys.userId, userId));
  return row?.n;
}

describe(`${TIMES} identical requests at once with one Idempotency-Key`, () => {
  it("hold one signup, and every answer is 201 with its id", async () => {
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
    const appointment = await insertAppointment(api.database.db, event, { capacity: 50 });
    const ada = await visitor();
    const key = crypto.randomUUID();

    const answers = await Promise.all(
      Array.from({ length: TIMES }, () => start(ada.token, appointment.id, {}, { "idempotency-key": key })),
    );
    expect(tally(answers)).toEqual({ "201": TIMES });
    const ids = new Set(answers.map((answer) => answer.body.data.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get("idempotent-replayed") === "true")).toHaveLength(TIMES - 1);

    const rows = await api.database.db
      .select()
      .from(schema.signups)
      .where(eq(schema.signups.appointmentId, appointment.id));
    expect(rows.map((row) => row.id)).toEqual([...ids]);
    const [taken] = await api.database.db
      .select()
      .from(schema.appointments)
      .where(eq(schema.appointments.id, appointment.id));
    expect(taken?.placesTaken).toBe(1);
    expect(await keysOf(ada.id)).toBe(1);
  });

  it("start one payment, and every answer is 201 with its id", async () => {
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
    const appointment = await insertAppointment(api.database.db, event, { capacity: 50 });
    const ada = await visitor();
    const id = (await start(ada.token, appointment.id)).body.data.id as string;
    await participants(ada.token, id, [runner()]);
    expect((await submit(ada.token, id)).status).toBe(200);
    const key = crypto.randomUUID();

    const answers = await Promise.all(
      Array.from({ length: TIMES }, () =>
        send(
          ada.token,
          "POST",
          "/api/payments",
          { data: { type: "payments", relationships: { signup: { data: { type: "signups", id } } } } },
          { "idempotency-key": key },
        ),
      ),
    );
    expect(tally(answers)).toEqual({ "201": TIMES });
    const ids = new Set(answers.map((answer) => answer.body.data.id));
    expect(ids.size).toBe(1);
    const payments = await api.database.db.select().from(schema.payments).where(eq(schema.payments.signupId, id));
    expect(payments.map((payment) => payment.id)).toEqual([...ids]);
    expect(await keysOf(ada.id)).toBe(1);
  });
});
