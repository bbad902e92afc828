import {
  changePayment,
  type DatabaseHandle,
  findSignup,
  holdSignup,
  paymentsOfSignup,
  replaceParticipants,
  withLockedPayment,
  withLockedSignup,
} from "@sports/db";
import { insertAppointment, insertEvent, insertPerson, openTestDatabase } from "@sports/db/testing";
import { hold } from "@sports/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type UserActor, userActor } from "../actors.ts";
import { submitSignup } from "../signups/submit.ts";
import { testDeps } from "../testing.ts";
import { decideDemoPayment } from "./decide-demo-payment.ts";
import { startPayment } from "./start-payment.ts";

const NOW = new Date("2027-05-01T10:00:00Z");
const DAY = 86_400_000;
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const deps = (now: Date) => testDeps(database.db, now);

/** A signup submitted to be paid by the demonstration card, whose first attempt was started at NOW and cancelled. */
async function cancelledCardAttempt(paymentTermDays = 5) {
  const event = await insertEvent(database.db, NOW, { paymentTermDays, paymentMethods: ["demo", "bank-transfer"] });
  const appointment = await insertAppointment(database.db, event);
  const actor: UserActor = userActor(await insertPerson(database.db));
  const transition = hold({
    id: crypto.randomUUID(),
    actor,
    availability: "open",
    holdMinutes: 15,
    now: NOW,
    places: 1,
    maxPerSignup: 4,
  });
  const held = await holdSignup(database.db, {
    transition,
    eventId: event.id,
    appointmentId: appointment.id,
    locale: "en-US",
  });
  if (held.outcome !== "created") throw new Error("expected a new signup");
  const signupId = held.signup.id;
  await withLockedSignup(database.db, signupId, (tx) =>
    replaceParticipants(tx, signupId, [{ givenName: "Ada", familyName: "Runner", consentsAcceptedAt: NOW }]),
  );
  await submitSignup(deps(NOW), actor, { signupId, paymentMethod: "demo", termsAccepted: true });
  const card = await startPayment(deps(NOW), actor, { signupId, locale: "en-US" });
  await decideDemoPayment(deps(minutes(1)), actor, { paymentId: card.payment.id, decision: "cancel" });
  return { actor, signupId };
}

const signupNow = async (id: string) => {
  const signup = await findSignup(database.db, id);
  if (!signup) throw new Error("the signup is gone");
  return signup;
};

describe("another way to pay, after an attempt that took no money", () => {
  it("is taken, and a bank transfer holds the places for the term counted from the first attempt, not from now", async () => {
    const { actor, signupId } = await cancelledCardAttempt(5);
    const transfer = await startPayment(deps(minutes(5)), actor, {
      signupId,
      locale: "en-US",
      method: "bank-transfer",
    });
    expect(transfer.payment).toMatchObject({ provider: "bank-transfer", state: "pending" });
    expect(await signupNow(signupId)).toMatchObject({
      state: "awaiting-payment",
      paymentMethod: "bank-transfer",
      paymentDueAt: new Date(NOW.getTime() + 5 * DAY),
    });
  });

  it("never holds the places longer by switching back and forth", async () => {
    const { actor, signupId } = await cancelledCardAttempt(5);
    const firstTerm = new Date(NOW.getTime() + 5 * DAY);
    // Bank transfer, then (its attempt expired) the card again, then a bank transfer again, days later.
    await startPayment(deps(minutes(5)), actor, { signupId, locale: "en-US", method: "bank-transfer" });
    const [transfer] = await paymentsOfSignup(database.db, signupId);
    if (!transfer) throw new Error("no transfer");
    await withLockedPayment(database.db, { id: transfer.id }, (tx, locked) =>
      changePayment(tx, locked, { state: "expired" }, { source: "site", at: minutes(10), note: "test" }),
    );
    const card = await startPayment(deps(minutes(20)), actor, { signupId, locale: "en-US", method: "demo" });
    expect((await signupNow(signupId)).paymentDueAt).toEqual(firstTerm);
    await decideDemoPayment(deps(minutes(21)), actor, { paymentId: card.payment.id, decision: "decline" });
    const threeDaysOn = new Date(NOW.getTime() + 3 * DAY);
    await startPayment(deps(threeDaysOn), actor, { signupId, locale: "en-US", method: "bank-transfer" });
    expect(await signupNow(signupId)).toMatchObject({ paymentMethod: "bank-transfer", paymentDueAt: firstTerm });
  });

  it("is refused while an attempt is open, and for a way the event does not offer", async () => {
    const { actor, signupId } = await cancelledCardAttempt();
    await expect(
      startPayment(deps(minutes(5)), actor, { signupId, locale: "en-US", method: "stripe" }),
    ).rejects.toMatchObject({ code: "method-not-offered" });
    await startPayment(deps(minutes(5)), actor, { signupId, locale: "en-US" });
    await expect(
      startPayment(deps(minutes(6)), actor, { signupId, locale: "en-US", method: "bank-transfer" }),
    ).rejects.toMatchObject({ code: "wrong-state" });
    expect(await signupNow(signupId)).toMatchObject({ paymentMethod: "demo", paymentDueAt: minutes(15) });
  });
});
