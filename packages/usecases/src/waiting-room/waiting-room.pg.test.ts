import { type DatabaseHandle, openDatabase, schema } from "@sports/db";
import {
  createPostgresDatabase,
  insertAppointment,
  insertEvent,
  insertPerson,
  testDatabaseUrl,
} from "@sports/db/testing";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type UserActor, userActor } from "../actors.ts";
import { holdPlaces } from "../signups/hold-places.ts";
import { testDeps } from "../testing.ts";
import { joinQueue, myQueueEntry } from "./queue.ts";
import { setWaitingRoom } from "./set-waiting-room.ts";

/**
 * One waiting room served by two processes' pools on one PostgreSQL database (decision 072): joins
 * racing from both give one entry per account, the opening's draw made once however many ask at
 * that moment, places without gaps or twins and admission times growing with them, and a pass
 * given by one process taken by the other's hold.
 */
let drop: () => Promise<void>;
let first: DatabaseHandle;
let second: DatabaseHandle;
const OPENING = new Date("2027-03-01T09:00:00Z");
const at = (seconds: number) => new Date(OPENING.getTime() + seconds * 1000);

beforeAll(async () => {
  const created = await createPostgresDatabase(testDatabaseUrl as string, {
    migrated: true,
    template: inject("postgresTemplate"),
  });
  drop = created.drop;
  first = await openDatabase({ url: created.url, poolSize: 8, applicationName: "first" });
  second = await openDatabase({ url: created.url, poolSize: 8, applicationName: "second" });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await drop?.();
});

const pool = (n: number) => (n % 2 ? second : first).db;

describe("one line, two processes", () => {
  it("keeps one entry per account, draws once, and gives every place once, in order", async () => {
    const db = first.db;
    const event = await insertEvent(db, at(-3600), { signupOpensAt: OPENING });
    const race = await insertAppointment(db, event, { capacity: 1000, priceTiers: [{ until: null, amount: 0 }] });
    const organiser = { kind: "organiser" as const, userId: (await insertPerson(db)).id };
    await setWaitingRoom(testDeps(db, at(-3600)), organiser, {
      eventId: event.id,
      rules: { shuffleMinutes: 10, admitPerMinute: 600 },
    });
    const people: UserActor[] = await Promise.all(
      Array.from({ length: 160 }, async () => userActor(await insertPerson(db))),
    );
    const early = people.slice(0, 80);
    const late = people.slice(80);

    // Every early account joins three times at once, from either process.
    const joins = await Promise.all(
      early.flatMap((actor, n) =>
        [0, 1, 2].map((tab) => joinQueue(testDeps(pool(n + tab), at(-300 + n)), actor, { eventId: event.id })),
      ),
    );
    for (const [n] of early.entries())
      expect(new Set(joins.slice(n * 3, n * 3 + 3).map((join) => join.view.id)).size).toBe(1);

    // At the opening both processes read at once: the draw is made once.
    await Promise.all(
      joins.map((join, n) =>
        myQueueEntry(testDeps(pool(n), at(0)), early[Math.floor(n / 3)] as UserActor, join.view.id),
      ),
    );
    // The later ones in two waves, each racing within itself.
    const wave = (actors: UserActor[], seconds: number) =>
      Promise.all(actors.map((actor, n) => joinQueue(testDeps(pool(n), at(seconds)), actor, { eventId: event.id })));
    const firstWave = await wave(late.slice(0, 40), 1);
    const secondWave = await wave(late.slice(40), 2);

    const rows = await db
      .select()
      .from(schema.queueEntries)
      .where(eq(schema.queueEntries.eventId, event.id))
      .orderBy(asc(schema.queueEntries.place));
    expect(rows.map((row) => row.place)).toEqual(Array.from({ length: 160 }, (_, n) => n + 1));
    for (const [n, row] of rows.entries())
      if (n > 0) expect(row.admitAt?.getTime()).toBeGreaterThan(rows[n - 1]?.admitAt?.getTime() ?? 0);
    const earliest = Math.min(...secondWave.map((join) => join.view.place ?? 0));
    expect(Math.max(...firstWave.map((join) => join.view.place ?? 0))).toBeLessThan(earliest);
    expect(Math.min(...firstWave.map((join) => join.view.place ?? 0))).toBe(81);

    // A pass read by one process is taken by the other's hold.
    const admitted = rows[0] as (typeof rows)[number];
    const owner = userActor({ id: admitted.userId });
    const view = await myQueueEntry(testDeps(first.db, at(1)), owner, admitted.id);
    expect(view.state).toBe("admitted");
    const held = await holdPlaces(testDeps(second.db, at(1)), owner, {
      target: { appointmentId: race.id },
      locale: "it-IT",
      queuePass: view.pass ?? "",
    });
    expect(held.created).toBe(true);
    expect((await myQueueEntry(testDeps(first.db, at(2)), owner, admitted.id)).state).toBe("used");
  });
});
