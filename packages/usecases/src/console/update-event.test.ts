import { type DatabaseHandle, schema } from "@sports/db";
import { insertAppointment, insertEvent, insertPerson, openTestDatabase } from "@sports/db/testing";
import { isRefusal } from "@sports/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDeps } from "../testing.ts";
import { updateEvent } from "./update-event.ts";

const NOW = new Date("2027-05-01T10:00:00Z");
const DAY = 86_400_000;
const HOUR = 3_600_000;

let database: DatabaseHandle;
let organiser: { kind: "organiser"; userId: string };
beforeAll(async () => {
  database = await openTestDatabase();
  organiser = { kind: "organiser", userId: (await insertPerson(database.db)).id };
});
afterAll(() => database.close());

type AppointmentOverrides = Parameters<typeof insertAppointment>[2];

/** A draft starting `days` from now (12:00 in Rome), lasting four hours, with the appointments given. */
async function draft(days: number, ...appointments: AppointmentOverrides[]) {
  const startsAt = new Date(NOW.getTime() + days * DAY);
  const event = await insertEvent(database.db, NOW, { status: "draft", startsAt });
  const ids = [];
  for (const overrides of appointments) ids.push((await insertAppointment(database.db, event, overrides)).id);
  return { event, ids };
}

const publish = (eventId: string, confirmLargeCapacity = false) =>
  updateEvent(testDeps(database.db, NOW), organiser, {
    eventId,
    change: { status: "published" },
    confirmLargeCapacity,
  });

/** How publishing was refused: the code, each problem's code and what it is about, and the meta. */
async function refusalOf(publishing: Promise<unknown>) {
  try {
    await publishing;
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const problems = error.problems.map((problem) => [problem.code, problem.attribute ?? problem.meta?.appointment]);
    return { code: error.code, problems, meta: error.meta };
  }
  throw new Error("published");
}

async function statusOf(eventId: string) {
  const [row] = await database.db.select().from(schema.events).where(eq(schema.events.id, eventId));
  return row?.status;
}

describe("publishing an event", () => {
  // First: the only test that publishes events, so the others find no earlier races to compare with.
  it("asks to confirm a capacity over ten times the largest of the earlier races, then publishes", async () => {
    const first = await draft(30, { capacity: 5000 });
    expect((await publish(first.event.id)).status).toBe("published");
    // A draft's races are not earlier races: its capacity may be the very slip this catches.
    await draft(30, { capacity: 900_000 });
    const big = await draft(30, { capacity: 50_001 }, { capacity: 10 });
    expect(await refusalOf(publish(big.event.id))).toEqual({
      code: "capacity-large-unconfirmed",
      problems: [],
      meta: { largest: 5000, appointments: [big.ids[0]] },
    });
    expect(await statusOf(big.event.id)).toBe("draft");
    const tenTimes = await draft(30, { capacity: 50_000 });
    expect((await publish(tenTimes.event.id)).status).toBe("published");
    expect((await publish(big.event.id, true)).status).toBe("published");
  });

  it("refuses an event without an appointment (no-race)", async () => {
    const { event } = await draft(30);
    expect(await refusalOf(publish(event.id))).toEqual({
      code: "not-publishable",
      problems: [["no-race", undefined]],
      meta: undefined,
    });
    expect(await statusOf(event.id)).toBe("draft");
  });

  it("refuses an event or an appointment starting before now (date-past)", async () => {
    const startsAt = new Date(NOW.getTime() - DAY);
    const event = await insertEvent(database.db, NOW, {
      status: "draft",
      startsAt,
      endsAt: new Date(NOW.getTime() + 2 * DAY),
    });
    const started = await insertAppointment(database.db, event, { startsAt, endsAt: new Date(NOW.getTime() + DAY) });
    await insertAppointment(database.db, event, { startsAt: new Date(NOW.getTime() + DAY) });
    expect((await refusalOf(publish(event.id))).problems).toEqual([
      ["date-past", "startsAt"],
      ["date-past", started.id],
    ]);
  });

  it("refuses an appointment on a day outside the event's (race-outside-event)", async () => {
    const { event, ids } = await draft(
      30,
      { startsAt: new Date(NOW.getTime() + 31 * DAY), endsAt: new Date(NOW.getTime() + 31 * DAY + HOUR) },
      // Two hours before the event's start, on its day: within its dates.
      { startsAt: new Date(NOW.getTime() + 30 * DAY - 2 * HOUR) },
    );
    expect((await refusalOf(publish(event.id))).problems).toEqual([["race-outside-event", ids[0]]]);
  });

  it("refuses an appointment without places (capacity-zero)", async () => {
    const { event, ids } = await draft(30, { capacity: 0 }, { capacity: 40 });
    expect((await refusalOf(publish(event.id))).problems).toEqual([["capacity-zero", ids[0]]]);
  });

  it("says every problem at once; a cancelled appointment is no appointment", async () => {
    const past = await draft(-10, { capacity: 0, cancelledAt: NOW });
    expect((await refusalOf(publish(past.event.id))).problems).toEqual([
      ["date-past", "startsAt"],
      ["no-race", undefined],
    ]);
    const { event, ids } = await draft(
      30,
      { capacity: 0, startsAt: new Date(NOW.getTime() - DAY) },
      { startsAt: new Date(NOW.getTime() + 40 * DAY), endsAt: new Date(NOW.getTime() + 40 * DAY) },
    );
    expect((await refusalOf(publish(event.id))).problems).toEqual([
      ["date-past", ids[0]],
      ["race-outside-event", ids[0]],
      ["capacity-zero", ids[0]],
      ["race-outside-event", ids[1]],
    ]);
  });

  it("checks only the step to published: a published event over and done is still changed", async () => {
    const event = await insertEvent(database.db, NOW, { startsAt: new Date(NOW.getTime() - 10 * DAY) });
    const changed = await updateEvent(testDeps(database.db, NOW), organiser, {
      eventId: event.id,
      change: { status: "published", venueName: "Piazza Grande" },
    });
    expect(changed.venueName).toBe("Piazza Grande");
  });
});
