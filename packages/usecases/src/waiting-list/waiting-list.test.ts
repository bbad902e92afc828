import { type DatabaseHandle, findSignup, findWaitingListEntry, schema } from "@sports/db";
import { insertAppointment, insertEvent, insertPerson, openTestDatabase } from "@sports/db/testing";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OrganiserActor, type UserActor, userActor } from "../actors.ts";
import { cancelSignup } from "../signups/cancel.ts";
import { expireSignups } from "../signups/expire.ts";
import { holdPlaces } from "../signups/hold-places.ts";
import { submitSignup } from "../signups/submit.ts";
import { updateParticipants } from "../signups/update-participants.ts";
import { testDeps, testParticipant } from "../testing.ts";
import { joinTheLine, leaveTheLine } from "./entries.ts";

/**
 * The waiting list's verbs called with their deps and a real database (decision 027): joining and
 * leaving the line, a freed place offered to the first in it in the transaction that freed it, the
 * offer accepted when its signup is confirmed, and passed on when it lapses or is left.
 */

const NOW = new Date("2027-05-01T10:00:00Z");
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const OFFER_HOURS = 24;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const deps = (now = NOW) => testDeps(database.db, now);
const runner = async (): Promise<UserActor> => userActor(await insertPerson(database.db));

/** An appointment of one place, free of charge, held by a first runner: sold out. */
async function soldOut(appointment: Parameters<typeof insertAppointment>[2] = {}) {
  const event = await insertEvent(database.db, NOW, { offerHours: OFFER_HOURS });
  const race = await insertAppointment(database.db, event, {
    capacity: 1,
    priceTiers: [{ until: null, amount: 0 }],
    ...appointment,
  });
  const holder = await runner();
  const { view } = await holdPlaces(deps(), holder, { target: { appointmentId: race.id }, locale: "en-US" });
  return { event, appointment: race, holder, holdId: view.signup.id };
}

const join = (actor: UserActor, appointmentId: string, now = NOW) =>
  joinTheLine(deps(now), actor, { appointmentId, locale: "en-US" });

const entryNow = async (id: string) => {
  const entry = await findWaitingListEntry(database.db, id);
  if (!entry) throw new Error("the entry is gone");
  return entry;
};
const lineOf = async (appointmentId: string) =>
  (
    await database.db
      .select()
      .from(schema.waitingListEntries)
      .where(eq(schema.waitingListEntries.appointmentId, appointmentId))
      .orderBy(asc(schema.waitingListEntries.line))
  ).map((entry) => [entry.userId, entry.state]);
const placesTaken = async (appointmentId: string) =>
  (await database.db.select().from(schema.appointments).where(eq(schema.appointments.id, appointmentId)))[0]
    ?.placesTaken;
const auditActions = async (entryId: string) =>
  (
    await database.db
      .select()
      .from(schema.auditEntries)
      .where(
        and(eq(schema.auditEntries.subjectType, "waiting-list-entries"), eq(schema.auditEntries.subjectId, entryId)),
      )
      .orderBy(asc(schema.auditEntries.id))
  ).map((line) => line.action);

describe("joining the line", () => {
  it("takes runners of a sold-out appointment in order, once each", async () => {
    const { appointment } = await soldOut();
    const [bea, cleo] = [await runner(), await runner()];
    const first = await join(bea, appointment.id);
    expect(first).toMatchObject({ state: "waiting", position: 1, userId: bea.userId, signupId: null });
    expect((await join(cleo, appointment.id)).position).toBe(2);
    await expect(join(bea, appointment.id)).rejects.toMatchObject({ code: "already-waiting" });
    expect(await lineOf(appointment.id)).toEqual([
      [bea.userId, "waiting"],
      [cleo.userId, "waiting"],
    ]);
    expect(await auditActions(first.id)).toEqual(["join"]);
  });

  it("is refused while places are free, without a list, and for a draft, writing nothing", async () => {
    const bea = await runner();
    const open = await insertAppointment(database.db, await insertEvent(database.db, NOW), { capacity: 5 });
    await expect(join(bea, open.id)).rejects.toMatchObject({ code: "not-sold-out" });
    const { appointment: noList } = await soldOut({ waitingList: false });
    await expect(join(bea, noList.id)).rejects.toMatchObject({ code: "waiting-list-closed" });
    const draft = await insertEvent(database.db, NOW, { status: "draft" });
    const hidden = await insertAppointment(database.db, draft, { capacity: 0 });
    await expect(join(bea, hidden.id)).rejects.toMatchObject({ code: "not-found" });
    const mine = await database.db
      .select()
      .from(schema.waitingListEntries)
      .where(eq(schema.waitingListEntries.userId, bea.userId));
    expect(mine).toEqual([]);
  });
});

describe("a freed place", () => {
  it("is offered at once to the first in line as a signup held for the offer hours, never to the public", async () => {
    const { appointment, holder, holdId } = await soldOut();
    const [bea, cleo] = [await runner(), await runner()];
    const entry = await join(bea, appointment.id);
    await join(cleo, appointment.id);
    await cancelSignup(deps(minutes(5)), holder, { signupId: holdId });

    const offered = await entryNow(entry.id);
    expect(offered).toMatchObject({ state: "offered", offerExpiresAt: minutes(5 + OFFER_HOURS * 60) });
    expect(await findSignup(database.db, offered.signupId ?? "")).toMatchObject({
      userId: bea.userId,
      state: "held",
      places: 1,
      holdExpiresAt: minutes(5 + OFFER_HOURS * 60),
    });
    expect(await placesTaken(appointment.id)).toBe(1);
    const mails = await database.db
      .select()
      .from(schema.outgoingMails)
      .where(eq(schema.outgoingMails.signupId, offered.signupId ?? ""));
    expect(mails.map((mail) => mail.kind)).toEqual(["waiting-list-offer"]);
    await expect(
      holdPlaces(deps(minutes(6)), await runner(), { target: { appointmentId: appointment.id }, locale: "en-US" }),
    ).rejects.toMatchObject({ code: "sold-out" });
    expect(await lineOf(appointment.id)).toEqual([
      [bea.userId, "offered"],
      [cleo.userId, "waiting"],
    ]);
  });

  it("is accepted when its signup is confirmed", async () => {
    const { appointment, holder, holdId } = await soldOut();
    const bea = await runner();
    const entry = await join(bea, appointment.id);
    await cancelSignup(deps(minutes(5)), holder, { signupId: holdId });
    const signupId = (await entryNow(entry.id)).signupId ?? "";
    await updateParticipants(deps(minutes(6)), bea, { signupId, people: [testParticipant()] });
    // Free of charge: submitting confirms it (decision 029), and so accepts the offer.
    await submitSignup(deps(minutes(7)), bea, { signupId, termsAccepted: true });
    expect((await findSignup(database.db, signupId))?.state).toBe("confirmed");
    expect((await entryNow(entry.id)).state).toBe("accepted");
    expect(await auditActions(entry.id)).toEqual(["join", "offer", "accept"]);
  });

  it("passes to the next in line when the offer lapses", async () => {
    const { appointment, holder, holdId } = await soldOut();
    const [bea, cleo] = [await runner(), await runner()];
    const first = await join(bea, appointment.id);
    const second = await join(cleo, appointment.id);
    await cancelSignup(deps(minutes(5)), holder, { signupId: holdId });
    const lapsedSignup = (await entryNow(first.id)).signupId ?? "";

    await expireSignups(deps(minutes(6 + OFFER_HOURS * 60)));
    expect((await findSignup(database.db, lapsedSignup))?.state).toBe("expired");
    expect((await entryNow(first.id)).state).toBe("lapsed");
    expect(await entryNow(second.id)).toMatchObject({ state: "offered", signupId: expect.any(String) });
    expect(await placesTaken(appointment.id)).toBe(1);
    expect(await auditActions(first.id)).toEqual(["join", "offer", "lapse"]);
  });
});

describe("leaving the line", () => {
  it("ends a runner's wait, and an offered place left goes to the next in line", async () => {
    const { appointment, holder, holdId } = await soldOut();
    const [bea, cleo, dora] = [await runner(), await runner(), await runner()];
    const first = await join(bea, appointment.id);
    const second = await join(cleo, appointment.id);
    const third = await join(dora, appointment.id);

    await leaveTheLine(deps(minutes(1)), cleo, second.id);
    expect(await entryNow(second.id)).toMatchObject({ state: "left", endedAt: minutes(1) });

    await cancelSignup(deps(minutes(5)), holder, { signupId: holdId });
    const offeredSignup = (await entryNow(first.id)).signupId ?? "";
    await leaveTheLine(deps(minutes(6)), bea, first.id);
    expect((await entryNow(first.id)).state).toBe("left");
    expect((await findSignup(database.db, offeredSignup))?.state).toBe("cancelled");
    expect((await entryNow(third.id)).state).toBe("offered");
    expect(await placesTaken(appointment.id)).toBe(1);
  });

  it("is its runner's alone, and once", async () => {
    const { appointment } = await soldOut();
    const bea = await runner();
    const entry = await join(bea, appointment.id);
    await expect(leaveTheLine(deps(), await runner(), entry.id)).rejects.toMatchObject({ code: "not-found" });
    const organiser: OrganiserActor = { kind: "organiser", userId: (await insertPerson(database.db)).id };
    await expect(leaveTheLine(deps(), organiser, entry.id)).rejects.toMatchObject({ code: "not-owner" });
    expect((await entryNow(entry.id)).state).toBe("waiting");
    await leaveTheLine(deps(minutes(1)), bea, entry.id);
    await expect(leaveTheLine(deps(minutes(2)), bea, entry.id)).rejects.toMatchObject({ code: "wrong-state" });
    expect(await auditActions(entry.id)).toEqual(["join", "leave"]);
  });
});
