import { type DatabaseHandle, schema } from "@sports/db";
import { insertAppointment, insertEvent, insertPerson, openTestDatabase, statementsSent } from "@sports/db/testing";
import { isRefusal, PASS_MINUTES } from "@sports/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OrganiserActor, type UserActor, userActor } from "../actors.ts";
import { holdPlaces } from "../signups/hold-places.ts";
import { testDeps } from "../testing.ts";
import { joinQueue, myQueueEntry } from "./queue.ts";
import { setWaitingRoom } from "./set-waiting-room.ts";
import { waitingStandingOf } from "./standing.ts";

/**
 * The waiting room's verbs on a real database (docs/decisions/072-waiting-room.md): one entry per
 * account, the shuffled arrivals drawn at the opening and the later ones in arrival order at the
 * pace, passes taken once by a hold and refused otherwise, and sold out told to those still waiting.
 */

const OPENING = new Date("2027-05-01T10:00:00Z");
const at = (seconds: number) => new Date(OPENING.getTime() + seconds * 1000);
const RULES = { shuffleMinutes: 10, admitPerMinute: 60 };

let database: DatabaseHandle;
let organiser: OrganiserActor;
beforeAll(async () => {
  database = await openTestDatabase();
  organiser = { kind: "organiser", userId: (await insertPerson(database.db)).id };
});
afterAll(() => database.close());

const deps = (now: Date) => testDeps(database.db, now);
const runner = async (): Promise<UserActor> => userActor(await insertPerson(database.db));
const runners = (count: number) => Promise.all(Array.from({ length: count }, runner));

/** A published event opening at OPENING with one free race of `capacity`, and its room. */
async function roomWith(capacity = 100, rules = RULES) {
  const event = await insertEvent(database.db, at(-3600), { signupOpensAt: OPENING });
  const race = await insertAppointment(database.db, event, { capacity, priceTiers: [{ until: null, amount: 0 }] });
  await setWaitingRoom(deps(at(-3600)), organiser, { eventId: event.id, rules });
  return { event, race };
}

const join = async (actor: UserActor, eventId: string, now: Date) =>
  (await joinQueue(deps(now), actor, { eventId })).view;

async function refusalOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isRefusal(error)) return error.code;
    throw error;
  }
  return "none";
}

describe("setting the room", () => {
  it("needs the event's signup opening, and is written in the audit log", async () => {
    const event = await insertEvent(database.db, OPENING, { signupOpensAt: null });
    expect(await refusalOf(setWaitingRoom(deps(OPENING), organiser, { eventId: event.id, rules: RULES }))).toBe(
      "opening-required",
    );
    const { event: opening } = await roomWith();
    const lines = await database.db
      .select()
      .from(schema.auditEntries)
      .where(eq(schema.auditEntries.subjectId, opening.id));
    expect(lines.map((line) => line.after)).toContainEqual({ waitingRoom: RULES });
    expect(await refusalOf(setWaitingRoom(deps(OPENING), await runner(), { eventId: opening.id, rules: null }))).toBe(
      "not-organiser",
    );
  });
});

describe("joining", () => {
  it("gives one entry per account, whatever the tabs joining at once", async () => {
    const { event } = await roomWith();
    const [ada, bea] = await runners(2);
    const views = await Promise.all(
      [ada, ada, ada, ada, bea, bea].map((actor, n) => join(actor as UserActor, event.id, at(-300 + n))),
    );
    expect(new Set(views.slice(0, 4).map((view) => view.id)).size).toBe(1);
    expect(new Set(views.slice(4).map((view) => view.id)).size).toBe(1);
    expect(views[0]?.id).not.toBe(views[4]?.id);
    const after = await Promise.all([ada, ada, ada].map((actor) => join(actor as UserActor, event.id, at(5))));
    expect(new Set(after.map((view) => view.id))).toEqual(new Set([views[0]?.id]));
  });

  it("is refused before the room opens", async () => {
    const { event } = await roomWith();
    expect(await refusalOf(join(await runner(), event.id, at(-RULES.shuffleMinutes * 60 - 1)))).toBe("queue-not-open");
  });

  it("draws the early ones at the opening and queues the later ones in arrival order, at the pace", async () => {
    const { event } = await roomWith();
    const early = await runners(30);
    const joined = [];
    for (const [n, actor] of early.entries()) joined.push(await join(actor, event.id, at(-590 + n * 10)));
    // Before the opening nobody has a place yet.
    expect(joined.every((view) => view.place === null && view.state === "waiting")).toBe(true);
    expect(joined[0]?.estimatedWait).toBe(590);

    const late = await runners(5);
    const later = [];
    for (const [n, actor] of late.entries()) later.push(await join(actor, event.id, at(n * 2)));
    const rows = await database.db.select().from(schema.queueEntries).where(eq(schema.queueEntries.eventId, event.id));
    const byJoin = joined.map((view) => rows.find((row) => row.id === view.id));
    const places = byJoin.map((row) => row?.place);
    // The early ones' places follow their random keys, not their arrival.
    expect([...places].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 30 }, (_, n) => n + 1));
    const byKey = [...byJoin].sort((a, b) => (a?.shuffleKey ?? 0) - (b?.shuffleKey ?? 0)).map((row) => row?.place);
    expect(byKey).toEqual(Array.from({ length: 30 }, (_, n) => n + 1));
    expect(places).not.toEqual(Array.from({ length: 30 }, (_, n) => n + 1));
    // One a second (60 a minute) from the opening, then the later ones one after another.
    for (const row of byJoin) expect(row?.admitAt?.getTime()).toBe(at((row?.place ?? 0) - 1).getTime());
    expect(later.map((view) => view.place)).toEqual([31, 32, 33, 34, 35]);
    expect(later.map((view) => view.estimatedWait)).toEqual([30, 29, 28, 27, 26]);

    // At 10 s the first eleven are in: the 31st has nineteen people before it.
    const fortyFirst = await myQueueEntry(deps(at(10)), late[0] as UserActor, later[0]?.id ?? "");
    expect(fortyFirst).toMatchObject({ state: "waiting", ahead: 19, position: 20, estimatedWait: 20 });
  });

  it("gives a later arrival after a quiet spell its admission at once, not a burst's", async () => {
    const { event } = await roomWith();
    const [ada, bea, cid] = await runners(3);
    expect((await join(ada as UserActor, event.id, at(100))).state).toBe("admitted");
    const second = await join(bea as UserActor, event.id, at(100));
    expect(second).toMatchObject({ state: "waiting", position: 1, estimatedWait: 1 });
    expect((await join(cid as UserActor, event.id, at(300))).state).toBe("admitted");
  });
});

describe("the line's tail", () => {
  it("gives a later arrival its place, and an ended turn its next one, by one statement each", async () => {
    // The room's row is locked only while that statement runs: never while a process, between two
    // statements of a transaction, serves its other requests (a crowd's joins queued on it so).
    const { event, race } = await roomWith();
    const [ada, bea] = await runners(2);
    const tailMoves = (sent: string[]) => sent.filter((statement) => /update\s+waiting_rooms\b/i.test(statement));
    const first = await statementsSent(database.db, () => join(ada as UserActor, event.id, at(1)));
    expect(first.result.place).toBe(1);
    expect(tailMoves(first.sent)).toHaveLength(1);
    expect(tailMoves(first.sent)[0]).toMatch(/insert into queue_entries/i);
    expect((await join(bea as UserActor, event.id, at(1))).place).toBe(2);

    await holdPlaces(deps(at(2)), ada as UserActor, {
      target: { appointmentId: race.id },
      locale: "en-US",
      queuePass: first.result.pass ?? "",
    });
    const again = await statementsSent(database.db, () => join(ada as UserActor, event.id, at(3)));
    expect(again.result).toMatchObject({ id: first.result.id, place: 3 });
    expect(tailMoves(again.sent)).toHaveLength(1);
    expect(tailMoves(again.sent)[0]).toMatch(/update queue_entries/i);
  });
});

describe("reading an entry", () => {
  it("reads its row; the room and the places left are kept", async () => {
    const { event } = await roomWith();
    const [ada, bea, cid] = await runners(3);
    await join(ada as UserActor, event.id, at(1));
    await join(bea as UserActor, event.id, at(1));
    const entry = await join(cid as UserActor, event.id, at(1));
    const read = (seconds: number) =>
      statementsSent(database.db, () => myQueueEntry(deps(at(seconds)), cid as UserActor, entry.id));
    await read(1);
    const { result, sent } = await read(1.5);
    expect(result).toMatchObject({ state: "waiting", place: 3, ahead: 1 });
    expect(sent).toHaveLength(1);
    // A second on, the places are read again.
    expect((await read(2.5)).sent).toHaveLength(2);
  });

  it("answers a waiting entry from its signed standing, with no statement, until its turn comes", async () => {
    const { event } = await roomWith();
    const [ada, bea, cid] = await runners(3);
    const first = await join(ada as UserActor, event.id, at(1));
    await join(bea as UserActor, event.id, at(1));
    const entry = await join(cid as UserActor, event.id, at(1));
    const standing = entry.standing ?? "";
    expect(first.standing).toBeNull();
    const read = (seconds: number, id = entry.id, token = standing) =>
      statementsSent(database.db, () => waitingStandingOf(deps(at(seconds)), id, token));
    await read(1.2);
    const { result, sent } = await read(1.5);
    expect(result).toMatchObject({ state: "waiting", place: 3, position: 2, ahead: 1, estimatedWait: 2, standing });
    expect(sent).toHaveLength(0);
    // Another place under the same signature, or another entry's address: read whole instead.
    expect((await read(1.5, entry.id, standing.replace(/\.3\./, ".1."))).result).toBeUndefined();
    expect((await read(1.5, first.id)).result).toBeUndefined();
    // Its admission time come, the read is a full one (the pass is given there).
    expect((await read(3)).result).toBeUndefined();
  });

  it("tells sold out at most a second after the last place went", async () => {
    const { event, race } = await roomWith(1);
    const [ada, bea] = await runners(2);
    const first = await join(ada as UserActor, event.id, at(1));
    const second = await join(bea as UserActor, event.id, at(1));
    expect((await myQueueEntry(deps(at(1)), bea as UserActor, second.id)).state).toBe("waiting");
    await holdPlaces(deps(at(1)), ada as UserActor, {
      target: { appointmentId: race.id },
      locale: "en-US",
      queuePass: first.pass ?? "",
    });
    expect((await myQueueEntry(deps(at(1.9)), bea as UserActor, second.id)).state).toBe("waiting");
    expect((await myQueueEntry(deps(at(2)), bea as UserActor, second.id)).state).toBe("sold-out");
  });

  it("follows a change of the room's pace at once", async () => {
    const { event } = await roomWith();
    const [ada, bea] = await runners(2);
    await join(ada as UserActor, event.id, at(1));
    await setWaitingRoom(deps(at(1)), organiser, {
      eventId: event.id,
      rules: { shuffleMinutes: 10, admitPerMinute: 6 },
    });
    expect((await join(bea as UserActor, event.id, at(1))).estimatedWait).toBe(10);
  });
});

describe("passes", () => {
  it("lets the admitted account sign up once; refuses none, another's, a forged, an expired or a used one", async () => {
    const { event, race } = await roomWith();
    const [ada, bea] = await runners(2);
    await join(ada as UserActor, event.id, at(-60));
    await join(bea as UserActor, event.id, at(-50));
    const adaNow = await myQueueEntry(
      deps(at(2)),
      ada as UserActor,
      (await join(ada as UserActor, event.id, at(2))).id,
    );
    expect(adaNow.state).toBe("admitted");
    const pass = adaNow.pass as string;
    expect((await join(ada as UserActor, event.id, at(3))).pass).toBe(pass);
    const hold = (actor: UserActor, queuePass: string | undefined, now = at(5)) =>
      holdPlaces(deps(now), actor, {
        target: { appointmentId: race.id },
        locale: "en-US",
        ...(queuePass ? { queuePass } : {}),
      });

    expect(await refusalOf(hold(ada as UserActor, undefined))).toBe("queue-pass-required");
    expect(await refusalOf(hold(bea as UserActor, pass))).toBe("queue-pass-invalid");
    expect(await refusalOf(hold(ada as UserActor, `${pass.slice(0, -2)}AA`))).toBe("queue-pass-invalid");
    expect(await refusalOf(hold(ada as UserActor, "not a pass"))).toBe("queue-pass-invalid");
    expect(await refusalOf(hold(ada as UserActor, pass, at(2 + PASS_MINUTES * 60)))).toBe("queue-pass-expired");
    // Refused for another reason, the hold gives the pass back.
    expect(
      await refusalOf(
        holdPlaces(deps(at(5)), ada as UserActor, {
          target: { appointmentId: race.id },
          locale: "en-US",
          places: 99,
          queuePass: pass,
        }),
      ),
    ).toBe("too-many-participants");
    const held = await hold(ada as UserActor, pass);
    expect(held.created).toBe(true);
    expect(await refusalOf(hold(ada as UserActor, pass))).toBe("queue-pass-used");
    expect((await myQueueEntry(deps(at(6)), ada as UserActor, adaNow.id)).state).toBe("used");

    // Its turn over, the account joins again at the end of the line.
    const again = await join(ada as UserActor, event.id, at(7));
    expect(again.id).toBe(adaNow.id);
    expect(again.place).toBeGreaterThan(2);
    expect(await refusalOf(hold(ada as UserActor, pass, at(8)))).toBe("queue-pass-used");
  });

  it("are taken at a pace whose interval is not a whole number of milliseconds", async () => {
    // 900 a minute: one every 66⅔ ms, for the early ones drawn and the later ones alike.
    const { event, race } = await roomWith(100, { shuffleMinutes: 10, admitPerMinute: 900 });
    const people = await runners(6);
    const ids: string[] = [];
    for (const [n, actor] of people.entries()) ids.push((await join(actor, event.id, at(n < 3 ? -60 : 0))).id);
    for (const [n, actor] of people.entries()) {
      const view = await myQueueEntry(deps(at(1)), actor, ids[n] ?? "");
      expect(view.state).toBe("admitted");
      const held = await holdPlaces(deps(at(1)), actor, {
        target: { appointmentId: race.id },
        locale: "en-US",
        queuePass: view.pass ?? "",
      });
      expect(held.created).toBe(true);
    }
  });

  it("are not asked for by an event without a room", async () => {
    const event = await insertEvent(database.db, OPENING, { signupOpensAt: OPENING });
    const race = await insertAppointment(database.db, event, { capacity: 5 });
    const held = await holdPlaces(deps(at(1)), await runner(), { target: { appointmentId: race.id }, locale: "en-US" });
    expect(held.created).toBe(true);
  });
});

describe("sold out", () => {
  it("is told to everyone still waiting once the places are gone", async () => {
    const { event, race } = await roomWith(2);
    const people = await runners(5);
    const ids: string[] = [];
    for (const [n, actor] of people.entries()) ids.push((await join(actor, event.id, at(-100 + n))).id);
    for (const [n, actor] of people.entries()) {
      const view = await myQueueEntry(deps(at(1)), actor, ids[n] ?? "");
      if (view.state === "admitted")
        await holdPlaces(deps(at(1)), actor, {
          target: { appointmentId: race.id },
          locale: "en-US",
          queuePass: view.pass ?? "",
        });
    }
    const views = await Promise.all(people.map((actor, n) => myQueueEntry(deps(at(2)), actor, ids[n] ?? "")));
    expect(views.filter((view) => view.state === "used")).toHaveLength(2);
    expect(views.filter((view) => view.state === "sold-out")).toHaveLength(3);
  });
});
