import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { runner, signupClient } from "./test-client.ts";

/**
 * A discount code's uses under a crowd, on PostgreSQL with a pool of real connections (decision
 * 029): every runner applies the same code at the same moment, and its limit holds exactly.
 */
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ poolSize: 20 });
});
afterAll(() => api.database.close());

const { visitor, send, start, participants } = signupClient(() => api);

describe("a code limited to 20 uses, 100 recaps at once", () => {
  it("discounts exactly 20 signups, refuses 80 as used up, and counts its uses as the rows hold them", async () => {
    const { db } = api.database;
    const event = await insertEvent(db, NOW, { signupOpensAt: null });
    const appointment = await insertAppointment(db, event, { capacity: 100 });
    const [code] = await db
      .insert(schema.discountCodes)
      .values({ eventId: event.id, code: "CROWD", kind: "percent", value: 10, maxUses: 20 })
      .returning();
    if (!code) throw new Error("no code");
    const crowd = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const person = await visitor();
        const id = (await start(person.token, appointment.id)).body.data.id as string;
        await participants(person.token, id, [runner()]);
        return { person, id };
      }),
    );

    const answers = await Promise.all(
      crowd.map(({ person, id }) =>
        send(person.token, "PATCH", `/api/signups/${id}`, {
          data: { type: "signups", id, attributes: { discountCode: "crowd" } },
        }),
      ),
    );
    const tally: Record<string, number> = {};
    for (const answer of answers) {
      const key = answer.status >= 400 ? `${answer.status} ${answer.body.errors[0].code}` : String(answer.status);
      tally[key] = (tally[key] ?? 0) + 1;
    }
    expect(tally).toEqual({ "200": 20, "409 code-used-up": 80 });
    const discounted = answers.filter((answer) => answer.body.data?.attributes.price.discount?.code === "CROWD");
    expect(discounted).toHaveLength(20);

    const [row] = await db.select().from(schema.discountCodes).where(eq(schema.discountCodes.id, code.id));
    const [holding] = await db
      .select({ n: count() })
      .from(schema.signups)
      .where(eq(schema.signups.discountCodeId, code.id));
    expect(row?.usesTaken).toBe(20);
    expect(holding?.n).toBe(20);
  });
});

describe("a code of one use per person, applied by one runner to five signups at once", () => {
  it("is taken by exactly one of them", async () => {
    const { db } = api.database;
    const event = await insertEvent(db, NOW, { signupOpensAt: null });
    const appointments = await Promise.all(Array.from({ length: 5 }, () => insertAppointment(db, event)));
    await db
      .insert(schema.discountCodes)
      .values({ eventId: event.id, code: "ONCEEACH", kind: "percent", value: 10, maxUses: 100, perPersonLimit: 1 });
    const person = await visitor();
    const signups = await Promise.all(
      appointments.map(async (appointment) => {
        const id = (await start(person.token, appointment.id)).body.data.id as string;
        await participants(person.token, id, [runner()]);
        return id;
      }),
    );
    const answers = await Promise.all(
      signups.map((id) =>
        send(person.token, "PATCH", `/api/signups/${id}`, {
          data: { type: "signups", id, attributes: { discountCode: "ONCEEACH" } },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.errors[0].code)).toEqual(
      Array(4).fill("code-per-person-limit"),
    );
  });
});
