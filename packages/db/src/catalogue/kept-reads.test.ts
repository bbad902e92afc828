import { describe, expect, it } from "vitest";
import { forgetKeptRead, forgetKeptReads, KEPT_READ_MS, keepRead, keptRead, MAX_KEPT_READS } from "./kept-reads.ts";

/** A read that counts its calls and answers what `answers` holds when it is called. */
function counted(answers: { value: string }) {
  const read = async () => {
    read.calls++;
    return answers.value;
  };
  read.calls = 0;
  return read;
}

describe("a kept read", () => {
  it("is read once, then answered from memory until forgotten", async () => {
    const db = {};
    const answers = { value: "first" };
    const read = counted(answers);
    expect(await keptRead(db, "k", read)).toBe("first");
    answers.value = "second";
    expect(await keptRead(db, "k", read)).toBe("first");
    expect(read.calls).toBe(1);
    forgetKeptReads(db);
    expect(await keptRead(db, "k", read)).toBe("second");
    expect(read.calls).toBe(2);
    // Another database keeps its own.
    expect(await keptRead({}, "k", read)).toBe("second");
    expect(read.calls).toBe(3);
  });

  it("lapses after KEPT_READ_MS", async () => {
    const db = {};
    let now = 1_000;
    const clock = () => now;
    const answers = { value: "first" };
    const read = counted(answers);
    await keptRead(db, "k", read, clock);
    answers.value = "second";
    now += KEPT_READ_MS - 1;
    expect(await keptRead(db, "k", read, clock)).toBe("first");
    now += 1;
    expect(await keptRead(db, "k", read, clock)).toBe("second");
  });

  it("is shared by callers asking while it is read, and not kept when it fails", async () => {
    const db = {};
    let finish: (value: string) => void = () => {};
    let calls = 0;
    const slow = () => {
      calls++;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const both = Promise.all([keptRead(db, "k", slow), keptRead(db, "k", slow)]);
    finish("once");
    expect(await both).toEqual(["once", "once"]);
    expect(calls).toBe(1);

    const failing = async () => {
      throw new Error("the database is gone");
    };
    await expect(keptRead(db, "broken", failing)).rejects.toThrow("the database is gone");
    expect(await keptRead(db, "broken", async () => "back")).toBe("back");
  });

  it("under way when the catalogue changes answers its callers but is not kept", async () => {
    const db = {};
    let finish: (value: string) => void = () => {};
    const old = keptRead(
      db,
      "k",
      () =>
        new Promise<string>((resolve) => {
          finish = resolve;
        }),
    );
    forgetKeptReads(db);
    finish("before the change");
    expect(await old).toBe("before the change");
    expect(await keptRead(db, "k", async () => "after the change")).toBe("after the change");
  });

  it("keeps at most MAX_KEPT_READS per database, the oldest going first", async () => {
    const db = {};
    for (let i = 0; i <= MAX_KEPT_READS; i++) await keptRead(db, `k${i}`, async () => `v${i}`);
    expect(await keptRead(db, "k0", async () => "read again")).toBe("read again");
    expect(await keptRead(db, `k${MAX_KEPT_READS}`, async () => "read again")).toBe(`v${MAX_KEPT_READS}`);
  });

  it("can be replaced by what was just read, or forgotten alone", async () => {
    const db = {};
    await keptRead(db, "a", async () => "old");
    await keptRead(db, "b", async () => "other");
    keepRead(db, "a", "read just now");
    expect(await keptRead(db, "a", async () => "not read")).toBe("read just now");
    forgetKeptRead(db, "a");
    expect(await keptRead(db, "a", async () => "read again")).toBe("read again");
    expect(await keptRead(db, "b", async () => "not read")).toBe("other");
  });
});
