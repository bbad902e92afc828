import { type DatabaseHandle, findSignup, participantsOf, paymentsOfSignup, schema } from "@sports/db";
import { insertAppointment, insertEvent, insertPerson, openTestDatabase } from "@sports/db/testing";
import { livePayments } from "@sports/payments";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OrganiserActor, type UserActor, userActor } from "../actors.ts";
import { refundSignup } from "../console/refund-signup.ts";
import { cancelSignup } from "../signups/cancel.ts";
import { holdPlaces } from "../signups/hold-places.ts";
import { submitSignup } from "../signups/submit.ts";
import { updateParticipants } from "../signups/update-participants.ts";
import { testDeps, testParticipant } from "../testing.ts";
import { decideDemoPayment } from "./decide-demo-payment.ts";
import { receiveNotification } from "./receive-notification.ts";
import { startPayment } from "./start-payment.ts";

/**
 * The payment's verbs called as the API and the provider's webhook call them, with their deps and a
 * real database (decisions 012 and 043): starting a payment, the provider's signed word, and money
 * given back on a cancellation or by an organiser. The demonstration provider stands in for a
 * provider: its word is signed and verified like Stripe's.
 */

const NOW = new Date("2027-05-01T10:00:00Z");
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const PRICE = 2500;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

// One set of providers for the whole file: the demonstration's signing key lives in it.
const payments = livePayments({});
const deps = (now = NOW) => testDeps(database.db, now, { payments });
const demo = () => {
  if (!payments.demo) throw new Error("the demonstration provider is not live");
  return payments.demo;
};

/** A signup of one runner, submitted to be paid by the demonstration card and waiting for it. */
async function awaitingPayment(event: Parameters<typeof insertEvent>[2] = {}) {
  const inserted = await insertEvent(database.db, NOW, { paymentMethods: ["demo", "bank-transfer"], ...event });
  const appointment = await insertAppointment(database.db, inserted, {
    capacity: 5,
    priceTiers: [{ until: null, amount: PRICE }],
  });
  const actor: UserActor = userActor(await insertPerson(database.db));
  const { view } = await holdPlaces(deps(), actor, { target: { appointmentId: appointment.id }, locale: "en-US" });
  const signupId = view.signup.id;
  await updateParticipants(deps(), actor, { signupId, people: [testParticipant()] });
  await submitSignup(deps(), actor, { signupId, paymentMethod: "demo", termsAccepted: true });
  return { actor, signupId, appointment };
}

/** The provider's signed word on a payment, as its webhook would deliver it. */
function word(payment: { providerReference: string | null; amount: number; currency: string }, amount?: number) {
  return demo().notify({
    providerReference: payment.providerReference ?? "",
    decision: "pay",
    amount: amount ?? payment.amount,
    currency: payment.currency,
  });
}

const signupNow = async (id: string) => {
  const signup = await findSignup(database.db, id);
  if (!signup) throw new Error("the signup is gone");
  return signup;
};
const paymentNow = async (signupId: string) => (await paymentsOfSignup(database.db, signupId))[0];
const mailsOf = async (signupId: string) =>
  (await database.db.select().from(schema.outgoingMails).where(eq(schema.outgoingMails.signupId, signupId)))
    .map((mail) => mail.kind)
    .sort();
const placesTaken = async (appointmentId: string) =>
  (await database.db.select().from(schema.appointments).where(eq(schema.appointments.id, appointmentId)))[0]
    ?.placesTaken;
const organiser = async (): Promise<OrganiserActor> => ({
  kind: "organiser",
  userId: (await insertPerson(database.db)).id,
});

/** A signup paid through the provider's word. */
async function paid(event: Parameters<typeof insertEvent>[2] = {}) {
  const signup = await awaitingPayment(event);
  const { payment } = await startPayment(deps(), signup.actor, { signupId: signup.signupId, locale: "en-US" });
  await receiveNotification(deps(minutes(1)), { provider: demo(), ...word(payment) });
  return signup;
}

describe("starting a payment", () => {
  it("records a pending payment of what the signup costs, and where the provider's page is", async () => {
    const { actor, signupId } = await awaitingPayment();
    const started = await startPayment(deps(), actor, { signupId, locale: "en-US" });
    expect(started.created).toBe(true);
    expect(await paymentsOfSignup(database.db, signupId)).toEqual([
      expect.objectContaining({
        id: started.payment.id,
        provider: "demo",
        state: "pending",
        amount: PRICE,
        currency: "EUR",
        redirectUrl: `/en-US/demoPayment/${started.payment.id}`,
      }),
    ]);
  });

  it("is refused for a signup not submitted, another runner's, and one paid already", async () => {
    const event = await insertEvent(database.db, NOW, { paymentMethods: ["demo"] });
    const appointment = await insertAppointment(database.db, event);
    const ada = userActor(await insertPerson(database.db));
    const { view } = await holdPlaces(deps(), ada, { target: { appointmentId: appointment.id }, locale: "en-US" });
    await expect(startPayment(deps(), ada, { signupId: view.signup.id, locale: "en-US" })).rejects.toMatchObject({
      code: "wrong-state",
    });
    expect(await paymentsOfSignup(database.db, view.signup.id)).toEqual([]);

    const { actor, signupId } = await paid();
    await expect(
      startPayment(deps(), userActor(await insertPerson(database.db)), { signupId, locale: "en-US" }),
    ).rejects.toMatchObject({ code: "not-owner" });
    await expect(startPayment(deps(minutes(2)), actor, { signupId, locale: "en-US" })).rejects.toMatchObject({
      code: "already-paid",
    });
    expect(await paymentsOfSignup(database.db, signupId)).toHaveLength(1);
  });
});

describe("the provider's signed word", () => {
  it("confirms the signup once, with its tickets and receipt; the same word again changes nothing", async () => {
    const { actor, signupId } = await awaitingPayment();
    const { payment } = await startPayment(deps(), actor, { signupId, locale: "en-US" });
    const delivery = word(payment);
    await receiveNotification(deps(minutes(1)), { provider: demo(), ...delivery });
    expect(await paymentNow(signupId)).toMatchObject({ state: "paid", paidAt: minutes(1), refundDue: 0 });
    expect((await signupNow(signupId)).state).toBe("confirmed");
    const [participant] = await participantsOf(database.db, [signupId]);
    expect(participant?.ticketCode).toMatch(/^\w{10}$/);
    expect(await mailsOf(signupId)).toEqual(["awaiting-payment", "payment-confirmed"]);

    await receiveNotification(deps(minutes(2)), { provider: demo(), ...delivery });
    expect(await mailsOf(signupId)).toEqual(["awaiting-payment", "payment-confirmed"]);
    expect(await paymentNow(signupId)).toMatchObject({ state: "paid", paidAt: minutes(1) });
  });

  it("is refused invalid-signature when its body was changed on the way, and moves nothing", async () => {
    const { actor, signupId } = await awaitingPayment();
    const { payment } = await startPayment(deps(), actor, { signupId, locale: "en-US" });
    const { rawBody, headers } = word(payment);
    const forged = rawBody.replace(`"amount":${PRICE}`, `"amount":${PRICE + 1}`);
    await expect(
      receiveNotification(deps(minutes(1)), { provider: demo(), rawBody: forged, headers }),
    ).rejects.toMatchObject({ code: "invalid-signature" });
    expect((await paymentNow(signupId))?.state).toBe("pending");
    expect((await signupNow(signupId)).state).toBe("awaiting-payment");
  });

  it("flags money of another amount for an organiser: neither confirmed nor refunded", async () => {
    const { actor, signupId } = await awaitingPayment();
    const { payment } = await startPayment(deps(), actor, { signupId, locale: "en-US" });
    await receiveNotification(deps(minutes(1)), { provider: demo(), ...word(payment, 100) });
    expect(await paymentNow(signupId)).toMatchObject({ state: "paid", refundDue: 0, refundedAmount: 0 });
    expect((await paymentNow(signupId))?.attention).toContain("100");
    expect((await signupNow(signupId)).state).toBe("awaiting-payment");
  });

  it("from the demonstration page decides once: a decline fails the attempt, a later pay is refused", async () => {
    const { actor, signupId } = await awaitingPayment();
    const { payment } = await startPayment(deps(), actor, { signupId, locale: "en-US" });
    const declined = await decideDemoPayment(deps(minutes(1)), actor, { paymentId: payment.id, decision: "decline" });
    expect(declined.redirectUrl).toBe(`/en-US/paymentResult?payment=${payment.id}`);
    expect((await paymentNow(signupId))?.state).toBe("failed");
    await expect(
      decideDemoPayment(deps(minutes(2)), actor, { paymentId: payment.id, decision: "pay" }),
    ).rejects.toMatchObject({ code: "wrong-state" });
    expect((await paymentNow(signupId))?.state).toBe("failed");
    expect((await signupNow(signupId)).state).toBe("awaiting-payment");
  });
});

describe("money given back", () => {
  it("on a cancellation before the refund deadline: all of it, through the provider, with its mail", async () => {
    const { actor, signupId, appointment } = await paid({ cancellationDaysBefore: 7, refundDaysBefore: 7 });
    await cancelSignup(deps(minutes(5)), actor, { signupId });
    expect((await signupNow(signupId)).state).toBe("cancelled");
    expect(await paymentNow(signupId)).toMatchObject({ state: "refunded", refundDue: PRICE, refundedAmount: PRICE });
    expect(await mailsOf(signupId)).toContain("payment-cancel-refund");
    expect(await placesTaken(appointment.id)).toBe(0);
  });

  it("on a cancellation past the refund deadline: nothing, the payment stays paid", async () => {
    // The race is 30 days away: cancellations close 7 days before it, refunds 40 days before.
    const { actor, signupId } = await paid({ cancellationDaysBefore: 7, refundDaysBefore: 40 });
    await cancelSignup(deps(minutes(5)), actor, { signupId });
    expect((await signupNow(signupId)).state).toBe("cancelled");
    expect(await paymentNow(signupId)).toMatchObject({ state: "paid", refundDue: 0, refundedAmount: 0 });
  });

  it("by an organiser: a part at a time, never more than is left, the signup untouched", async () => {
    const { actor, signupId } = await paid();
    const by = await organiser();
    await refundSignup(deps(minutes(5)), by, { signupId, amount: 1000 });
    expect(await paymentNow(signupId)).toMatchObject({ state: "paid", refundDue: 1000, refundedAmount: 1000 });
    await expect(refundSignup(deps(minutes(6)), by, { signupId, amount: 2000 })).rejects.toMatchObject({
      code: "invalid-input",
      problems: [{ attribute: "amount", code: "refund-above-paid" }],
    });
    await expect(refundSignup(deps(minutes(6)), actor, { signupId })).rejects.toMatchObject({
      code: "not-organiser",
    });
    await refundSignup(deps(minutes(7)), by, { signupId });
    expect(await paymentNow(signupId)).toMatchObject({ state: "refunded", refundDue: PRICE, refundedAmount: PRICE });
    expect((await signupNow(signupId)).state).toBe("confirmed");
    const refunds = await database.db
      .select()
      .from(schema.auditEntries)
      .where(eq(schema.auditEntries.subjectId, signupId));
    expect(refunds.map((line) => [line.action, line.actorUserId])).toEqual([
      ["refund", by.userId],
      ["refund", by.userId],
    ]);
  });

  it("by an organiser is refused on a signup nothing was paid on", async () => {
    const { signupId } = await awaitingPayment();
    await expect(refundSignup(deps(), await organiser(), { signupId })).rejects.toMatchObject({
      code: "wrong-state",
    });
    expect(await paymentsOfSignup(database.db, signupId)).toEqual([]);
  });
});
