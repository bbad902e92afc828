import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runner, signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

/**
 * The demonstration page's decisions for one payment sent at the same moment (a double click, two
 * tabs), on PostgreSQL with a pool of real connections: one decides, the others are 409.
 */
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ poolSize: 20 });
});
afterAll(() => api.database.close());

const { visitor, send, start, participants, submit } = signupClient(() => api);
const ROUNDS = 8;
const DECISIONS = ["pay", "decline", "pay", "decline", "cancel", "pay"] as const;
const OUTCOME = { pay: "paid", decline: "failed", cancel: "cancelled" } as const;

/** A new visitor's signup submitted for the demonstration provider, and its pending payment. */
async function pendingPayment() {
  const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
  const appointment = await insertAppointment(api.database.db, event, { capacity: 10 });
  const owner = await visitor();
  const signupId = (await start(owner.token, appointment.id)).body.data.id as string;
  await participants(owner.token, signupId, [runner()]);
  expect((await submit(owner.token, signupId)).status).toBe(200);
  const payment = await send(owner.token, "POST", "/api/payments", {
    data: { type: "payments", relationships: { signup: { data: { type: "signups", id: signupId } } } },
  });
  expect(payment.status).toBe(201);
  return { owner, signupId, paymentId: payment.body.data.id as string };
}

describe("decisions for one demonstration payment at the same moment", () => {
  it("let exactly one decide; the others are 409 wrong-state, and the payment is the winner's", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, signupId, paymentId } = await pendingPayment();
      const decisions = round % 2 ? [...DECISIONS].reverse() : DECISIONS;
      const answers = await Promise.all(
        decisions.map((decision) =>
          send(owner.token, "POST", `/api/demo-payments/${paymentId}`, {
            data: { type: "demo-payments", attributes: { decision } },
          }),
        ),
      );
      const won = decisions.filter((_, index) => answers[index]?.status === 200);
      const lost = answers.filter((answer) => answer.status !== 200);
      expect(won, `round ${round}`).toHaveLength(1);
      expect(lost.map((answer) => `${answer.status} ${answer.body.errors?.[0]?.code}`)).toEqual(
        lost.map(() => "409 wrong-state"),
      );
      const winner = won[0] as keyof typeof OUTCOME;
      const [payment] = await api.database.db.select().from(schema.payments).where(eq(schema.payments.id, paymentId));
      const [signup] = await api.database.db.select().from(schema.signups).where(eq(schema.signups.id, signupId));
      expect(payment?.state).toBe(OUTCOME[winner]);
      expect(payment?.refundDue).toBe(0);
      expect(signup?.state).toBe(winner === "pay" ? "confirmed" : "awaiting-payment");
    }
  });
});
