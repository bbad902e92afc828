import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import type { PaymentProvider } from "@sports/domain";
import { type LivePayments, livePayments } from "@sports/payments";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runner, signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

let api: TestApi;
/** While true, the demonstration provider does not answer. */
let providerDown = false;

/** The demonstration providers, with a switch that makes the demo one fail to prepare. */
function switchablePayments(): LivePayments {
  const live = livePayments({});
  const demo = live.providers.get("demo");
  if (!demo) throw new Error("no demo provider");
  const switchable: PaymentProvider = {
    id: demo.id,
    prepare: (request) => (providerDown ? Promise.reject(new Error("provider down")) : demo.prepare(request)),
    report: (reference) => demo.report(reference),
    verify: (body, headers) => demo.verify(body, headers),
    refund: (request) => demo.refund(request),
  };
  return { ...live, providers: new Map([...live.providers, ["demo", switchable]]) };
}

beforeAll(async () => {
  api = await openTestApi({ payments: switchablePayments() });
});
afterAll(() => api.database.close());

const { visitor, send, start, participants, submit: submitFor } = signupClient(() => api);
const keyed = (key: string) => ({ "idempotency-key": key });

/** A signup held by a new visitor and, unless `submit` is false, submitted for payment by `method`. */
async function signup(method: "demo" | "bank-transfer", submit = true) {
  const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
  const appointment = await insertAppointment(api.database.db, event, { capacity: 10 });
  const owner = await visitor();
  const id = (await start(owner.token, appointment.id)).body.data.id as string;
  await participants(owner.token, id, [runner()]);
  if (submit) expect((await submitFor(owner.token, id, method)).status).toBe(200);
  return { id, owner };
}

const pay = (token: string, signupId: string, key?: string) =>
  send(
    token,
    "POST",
    "/api/payments",
    { data: { type: "payments", relationships: { signup: { data: { type: "signups", id: signupId } } } } },
    key === undefined ? {} : keyed(key),
  );

const paymentsOf = (signupId: string) =>
  api.database.db.select().from(schema.payments).where(eq(schema.payments.signupId, signupId));

describe("POST /api/payments with an Idempotency-Key", () => {
  it("answers a retry with the first answer: the same payment, 201 with Location, marked replayed, and no second payment", async () => {
    const { id, owner } = await signup("demo");
    const key = crypto.randomUUID();
    const first = await pay(owner.token, id, key);
    expect(first.status).toBe(201);
    expect(first.body.data.attributes.state).toBe("pending");

    const again = await pay(owner.token, id, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("location")).toBe(`/api/payments/${first.body.data.id}`);
    expect(again.body).toEqual(first.body);
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it("renders the payment as it now stands: paid once the provider said so", async () => {
    const { id, owner } = await signup("demo");
    const key = crypto.randomUUID();
    const first = await pay(owner.token, id, key);
    const decided = await send(owner.token, "POST", `/api/demo-payments/${first.body.data.id}`, {
      data: { type: "demo-payments", attributes: { decision: "pay" } },
    });
    expect(decided.status).toBe(200);

    const again = await pay(owner.token, id, key);
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.attributes.state).toBe("paid");
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it("replays a refusal as it was, even once the signup could be paid", async () => {
    const { id, owner } = await signup("demo", false);
    const key = crypto.randomUUID();
    const refused = await pay(owner.token, id, key);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe("wrong-state");

    expect((await submitFor(owner.token, id, "demo")).status).toBe(200);
    const again = await pay(owner.token, id, key);
    expect(again.status).toBe(409);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(refused.body);
    expect(await paymentsOf(id)).toHaveLength(0);
    expect((await pay(owner.token, id, crypto.randomUUID())).status).toBe(201);
  });

  it("refuses the key sent for another signup with 422 idempotency-key-reused, and starts nothing", async () => {
    const first = await signup("demo");
    const key = crypto.randomUUID();
    expect((await pay(first.owner.token, first.id, key)).status).toBe(201);
    const { id: second } = await signup("demo");
    const reused = await pay(first.owner.token, second, key);
    expect(reused.status).toBe(422);
    expect(reused.body.errors[0]).toMatchObject({
      code: "idempotency-key-reused",
      source: { header: "Idempotency-Key" },
    });
    expect(await paymentsOf(second)).toHaveLength(0);
  });

  it("keeps no answer to a 403: the same key then starts the visitor's own payment", async () => {
    const adas = await signup("demo");
    const brunos = await signup("demo");
    const key = crypto.randomUUID();
    for (let attempt = 0; attempt < 2; attempt++) {
      const forbidden = await pay(brunos.owner.token, adas.id, key);
      expect(forbidden.status).toBe(403);
      expect(forbidden.headers.get("idempotent-replayed")).toBeNull();
    }
    expect(await paymentsOf(adas.id)).toHaveLength(0);
    // Had the 403 been kept, this other body under the same key would be a 422.
    expect((await pay(brunos.owner.token, brunos.id, key)).status).toBe(201);
  });

  it("forgets the key when the provider did not answer, so the retry with it starts a payment", async () => {
    const { id, owner } = await signup("demo");
    const key = crypto.randomUUID();
    providerDown = true;
    try {
      const failed = await pay(owner.token, id, key);
      expect(failed.status).toBe(502);
      expect(failed.body.errors[0].code).toBe("provider-unavailable");
    } finally {
      providerDown = false;
    }
    const retried = await pay(owner.token, id, key);
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(retried.body.data.attributes.state).toBe("pending");
    expect((await paymentsOf(id)).map((payment) => payment.state).sort()).toEqual(["failed", "pending"]);
  });

  it("replays a bank transfer's instructions answered again (200, without Location)", async () => {
    const { id, owner } = await signup("bank-transfer");
    const started = await pay(owner.token, id);
    expect(started.status).toBe(201);
    const key = crypto.randomUUID();
    const first = await pay(owner.token, id, key);
    expect(first.status).toBe(200);
    const again = await pay(owner.token, id, key);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("location")).toBeNull();
    expect(again.body.data.id).toBe(started.body.data.id);
    expect(await paymentsOf(id)).toHaveLength(1);
  });
});
