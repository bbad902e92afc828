import { describe, expect, it } from "vitest";
import { catalogueChanged } from "./changes.ts";
import { CACHED_COUNT_FLOOR, COUNT_TTL_MS, countEvents } from "./event-counts.ts";

function counter(totals: number[]) {
  const calls = { n: 0 };
  const count = async () => totals[Math.min(calls.n++, totals.length - 1)] as number;
  return { calls, count };
}

describe("countEvents", () => {
  it("counts a small result every time", async () => {
    const db = {};
    const { calls, count } = counter([3, 4]);
    expect(await countEvents(db, "{}", count)).toBe(3);
    expect(await countEvents(db, "{}", count)).toBe(4);
    expect(calls.n).toBe(2);
  });

  it("keeps a large total until it lapses, per database and filters", async () => {
    let time = 0;
    const clock = () => time;
    const db = {};
    const large = CACHED_COUNT_FLOOR + 5;
    const { calls, count } = counter([large, large + 1, large + 2, large + 3]);
    expect(await countEvents(db, "{}", count, clock)).toBe(large);
    time = COUNT_TTL_MS - 1;
    expect(await countEvents(db, "{}", count, clock)).toBe(large);
    expect(calls.n).toBe(1);
    expect(await countEvents(db, '{"sports":["cycling"]}', count, clock)).toBe(large + 1);
    expect(await countEvents({}, "{}", count, clock)).toBe(large + 2);
    time = COUNT_TTL_MS;
    expect(await countEvents(db, "{}", count, clock)).toBe(large + 3);
  });

  it("forgets a database's totals when its catalogue changes", async () => {
    const db = {};
    const { calls, count } = counter([CACHED_COUNT_FLOOR, CACHED_COUNT_FLOOR + 1]);
    await countEvents(db, "{}", count);
    catalogueChanged(db);
    expect(await countEvents(db, "{}", count)).toBe(CACHED_COUNT_FLOOR + 1);
    expect(calls.n).toBe(2);
  });
});
