import { expire, hold, SignupRuleError, updateParticipants } from "@sports/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "../accounts/accounts.ts";
import type { DatabaseHandle } from "../database.ts";
import { appointments, roomNights } from "../schema.ts";
import { insertAppointment, insertEvent, insertStay, openTestDatabase } from "../testing.ts";
import {
  applyTransition,
  auditOf,
  changePlaces,
  expireLapsedSignups,
  findSignup,
  fullAppointmentCheck,
  holdSignup,
  pastParticipants,
  replaceParticipants,
  replaceStayBookings,
  snapshotOf,
  withLockedSignup,
} from "./signups.ts";

const NOW = new Date("2027-05-01T10:00:00Z");
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

let people = 0;
async function newUser() {
  const user = await insertUser(database.db, {
    email: `runner${++people}@example.org`,
    passwordHash: "x",
    givenName: "Ada",
    familyName: "Runner",
    preferredLocale: "en-US",
    termsAcceptedAt: NOW,
  });
  if (user === "email-taken") throw new Error("taken");
  return user;
}

async function newAppointment(capacity: number) {
  const event = await insertEvent(database.db, NOW);
  return { event, appointment: await insertAppointment(database.db, event, { capacity }) };
}

const placesTaken = async (id: string) =>
  (await database.db.select().from(appointments).where(eq(appointments.id, id)))[0]?.placesTaken;

async function holdFor(userId: string, event: { id: string }, appointmentId: string, places = 1, now = NOW) {
  const transition = hold({
    id: crypto.randomUUID(),
    actor: { kind: "user", userId },
    availability: "open",
    holdMinutes: 15,
    now,
    places,
    maxPerSignup: 4,
  });
  return holdSignup(database.db, { transition, eventId: event.id, appointmentId, locale: "it-IT" });
}

describe("holding places", () => {
  it("takes the places with the signup and its audit entry, and refuses past capacity", async () => {
    const { event, appointment } = await newAppointment(3);
    const first = await holdFor((await newUser()).id, event, appointment.id, 2);
    expect(first).toMatchObject({ outcome: "created", signup: { state: "held", places: 2, locale: "it-IT" } });
    expect(await placesTaken(appointment.id)).toBe(2);
    expect(await holdFor((await newUser()).id, event, appointment.id, 2)).toEqual({
      outcome: "sold-out",
      hasLapsed: false,
      ownHoldId: undefined,
    });
    expect(await placesTaken(appointment.id)).toBe(2);
    if (first.outcome !== "created") throw new Error("expected a new signup");
    expect(await auditOf(database.db, first.signup.id)).toMatchObject([
      { action: "hold", actorKind: "user", fromState: null, toState: "held" },
    ]);
  });

  it("says, when it refuses, whether lapsed signups could free places and which hold is the visitor's own", async () => {
    const { event, appointment } = await newAppointment(2);
    const [early, late, stranger] = [await newUser(), await newUser(), await newUser()];
    await holdFor(early.id, event, appointment.id, 1, NOW);
    const lateHold = await holdFor(late.id, event, appointment.id, 1, later(10));
    if (lateHold.outcome !== "created") throw new Error("expected a signup");
    // At 20 minutes the early hold (15 minutes) has lapsed; the late one has not.
    expect(await holdFor(stranger.id, event, appointment.id, 1, later(20))).toEqual({
      outcome: "sold-out",
      hasLapsed: true,
      ownHoldId: undefined,
    });
    expect(await holdFor(late.id, event, appointment.id, 1, later(11))).toEqual({
      outcome: "sold-out",
      hasLapsed: false,
      ownHoldId: lateHold.signup.id,
    });
    expect(await fullAppointmentCheck(database.db, appointment.id, late.id, later(20))).toEqual({
      hasLapsed: true,
      ownHoldId: lateHold.signup.id,
    });
    expect(await placesTaken(appointment.id)).toBe(2);
    const at = later(30);
    await expireLapsedSignups(database.db, at, {
      appointmentId: appointment.id,
      expire: (signup) => expire(signup, at),
    });
    expect(await placesTaken(appointment.id)).toBe(0);
  });

  it("answers a visitor's second hold on the same appointment with the first, taking nothing more", async () => {
    const { event, appointment } = await newAppointment(10);
    const user = await newUser();
    const first = await holdFor(user.id, event, appointment.id);
    const second = await holdFor(user.id, event, appointment.id);
    expect(first.outcome).toBe("created");
    expect(second).toMatchObject({ outcome: "existing", signup: { id: "signup" in first && first.signup.id } });
    expect(await placesTaken(appointment.id)).toBe(1);
  });
});

describe("changing a held signup", () => {
  it("takes the extra places for more participants in the same transaction, or changes nothing", async () => {
    const { event, appointment } = await newAppointment(3);
    const user = await newUser();
    const held = await holdFor(user.id, event, appointment.id);
    if (held.outcome !== "created") throw new Error("expected a signup");
    const person = { givenName: "Ada", familyName: "Runner", consentsAcceptedAt: NOW };
    const setParticipants = (count: number) =>
      withLockedSignup(database.db, held.signup.id, async (tx, signup) => {
        const transition = updateParticipants(snapshotOf(signup, 0), { kind: "user", userId: user.id }, later(1), {
          count,
          maxPerSignup: 4,
        });
        await changePlaces(tx, signup.appointmentId, transition.signup.places - signup.places);
        await applyTransition(tx, transition);
        await replaceParticipants(
          tx,
          signup.id,
          Array.from({ length: count }, () => person),
        );
      });
    await setParticipants(3);
    expect(await placesTaken(appointment.id)).toBe(3);
    await expect(setParticipants(4)).rejects.toBeInstanceOf(SignupRuleError);
    expect(await placesTaken(appointment.id)).toBe(3);
    await setParticipants(1);
    expect(await placesTaken(appointment.id)).toBe(1);
    expect(await pastParticipants(database.db, user.id)).toMatchObject([{ givenName: "Ada", position: 1 }]);
  });

  it("books every night of a stay or none, and never past the rooms of a night", async () => {
    const { event, appointment } = await newAppointment(10);
    const stay = await insertStay(database.db, event, { firstNight: "2027-06-10", lastNight: "2027-06-12" });
    const single = stay.roomTypes.find((room) => room.roomsPerNight === 4);
    if (!single) throw new Error("no single room");
    const book = async (checkIn: string, checkOut: string, rooms: number) => {
      const held = await holdFor((await newUser()).id, event, appointment.id);
      if (held.outcome !== "created") throw new Error("expected a signup");
      return withLockedSignup(database.db, held.signup.id, (tx) =>
        replaceStayBookings(tx, held.signup.id, [{ roomTypeId: single.id, checkIn, checkOut, rooms, guests: rooms }]),
      );
    };
    await book("2027-06-11", "2027-06-13", 3);
    // The 12th has one room left: a booking of two over the 10th to the 12th is refused whole.
    await expect(book("2027-06-10", "2027-06-13", 2)).rejects.toMatchObject({ code: "sold-out" });
    await expect(book("2027-06-10", "2027-06-11", 5)).rejects.toMatchObject({ code: "sold-out" });
    await book("2027-06-10", "2027-06-13", 1);
    const nights = await database.db.select().from(roomNights).where(eq(roomNights.roomTypeId, single.id));
    expect(Object.fromEntries(nights.map((n) => [n.night, n.roomsTaken]))).toEqual({
      "2027-06-10": 1,
      "2027-06-11": 4,
      "2027-06-12": 4,
    });
  });
});

describe("the sweeper", () => {
  it("expires lapsed holds only, giving their places and room nights back, with an audit entry", async () => {
    const { event, appointment } = await newAppointment(5);
    const stay = await insertStay(database.db, event);
    const room = stay.roomTypes[0];
    if (!room) throw new Error("no room");
    const lapsing = await holdFor((await newUser()).id, event, appointment.id, 2);
    if (lapsing.outcome !== "created") throw new Error("expected a signup");
    await withLockedSignup(database.db, lapsing.signup.id, (tx) =>
      replaceStayBookings(tx, lapsing.signup.id, [
        { roomTypeId: room.id, checkIn: stay.firstNight, checkOut: stay.lastNight, rooms: 2, guests: 3 },
      ]),
    );
    const sweep = (at: Date) => expireLapsedSignups(database.db, at, { expire: (signup) => expire(signup, at) });

    expect(await sweep(later(14))).toEqual([]);
    const expired = await sweep(later(16));
    expect(expired.map((s) => s.id)).toContain(lapsing.signup.id);
    expect((await findSignup(database.db, lapsing.signup.id))?.state).toBe("expired");
    expect(await placesTaken(appointment.id)).toBe(0);
    const nights = await database.db.select().from(roomNights).where(eq(roomNights.roomTypeId, room.id));
    expect(nights.every((n) => n.roomsTaken === 0)).toBe(true);
    expect((await auditOf(database.db, lapsing.signup.id)).map((a) => [a.action, a.actorKind])).toEqual([
      ["hold", "user"],
      ["expire", "system"],
    ]);
    expect(await sweep(later(60))).toEqual([]);
  });
});
