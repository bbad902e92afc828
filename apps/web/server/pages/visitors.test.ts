import { describe, expect, it } from "vitest";
import { rememberedVisitors } from "./visitors.ts";

const asking = (token: string) => new Request("http://site.test/evento", { headers: { cookie: `session=${token}` } });

/** A lookup counting its calls, answering from `accounts` (token → person) as it stands when asked. */
function lookup(accounts: Map<string, { id: string; givenName: string }>) {
  const calls: string[] = [];
  const find = async (request: Request) => {
    const token = /session=(\w+)/.exec(request.headers.get("cookie") ?? "")?.[1] ?? "";
    calls.push(token);
    return accounts.get(token) ?? null;
  };
  return { calls, find };
}

describe("the visitors remembered for kept pages", () => {
  it("asks once per session, and again once the account changed, that user's sessions only", async () => {
    const accounts = new Map([
      ["a1", { id: "ada", givenName: "Ada" }],
      ["a2", { id: "ada", givenName: "Ada" }],
      ["b1", { id: "bea", givenName: "Bea" }],
    ]);
    const { calls, find } = lookup(accounts);
    const visitors = rememberedVisitors(find);
    for (const token of ["a1", "a2", "b1", "a1", "a2", "b1"]) await visitors.visitorOf(asking(token));
    expect(calls).toEqual(["a1", "a2", "b1"]);

    accounts.set("a1", { id: "ada", givenName: "Adelina" });
    accounts.delete("a2");
    visitors.forget("ada");
    expect(await visitors.visitorOf(asking("a1"))).toEqual({ id: "ada", givenName: "Adelina" });
    expect(await visitors.visitorOf(asking("a2"))).toBeNull();
    expect(await visitors.visitorOf(asking("b1"))).toEqual({ id: "bea", givenName: "Bea" });
    expect(calls).toEqual(["a1", "a2", "b1", "a1", "a2"]);

    visitors.forget(null);
    expect(visitors.size).toBe(0);
  });

  it("never remembers credentials that name nobody, nor a lookup that began before a change", async () => {
    const accounts = new Map([["a1", { id: "ada", givenName: "Ada" }]]);
    const { calls, find } = lookup(accounts);
    let release = () => {};
    const slow = async (request: Request) => {
      const found = await find(request);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return found;
    };
    const visitors = rememberedVisitors(slow);
    const during = visitors.visitorOf(asking("a1"));
    await Promise.resolve();
    visitors.forget("ada");
    release();
    expect(await during).toEqual({ id: "ada", givenName: "Ada" });
    expect(visitors.size).toBe(0);

    const direct = rememberedVisitors(find);
    await direct.visitorOf(asking("nobody"));
    await direct.visitorOf(asking("nobody"));
    expect(direct.size).toBe(0);
    expect(calls.filter((token) => token === "nobody")).toHaveLength(2);
  });

  it("asks again after its time, whatever was heard", async () => {
    let now = 0;
    const { calls, find } = lookup(new Map([["a1", { id: "ada", givenName: "Ada" }]]));
    const visitors = rememberedVisitors(find, { ttlMs: 1_000, clock: () => now });
    await visitors.visitorOf(asking("a1"));
    now = 999;
    await visitors.visitorOf(asking("a1"));
    now = 1_000;
    await visitors.visitorOf(asking("a1"));
    expect(calls).toEqual(["a1", "a1"]);
  });
});
