import { NetworkError } from "@sports/jsonapi";
import { type DataStrategyResult, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { connectionLoss, connectionMiddleware, isConnectionFailure } from "./connection-loss.ts";

const PAGE = "https://events.example.org/it-IT/evento/trail?sport=cycling";
type Next = () => Promise<Record<string, DataStrategyResult>>;
const run = (request: Request, next: Next) =>
  (connectionMiddleware as unknown as (args: { request: Request }, next: Next) => Promise<unknown>)({ request }, next);
/** Whether the promise settled within a few ticks. */
const settles = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 20))]);

afterEach(() => connectionLoss.clear());

describe("a lost connection", () => {
  it("is told from an answer and from a bug", () => {
    expect(isConnectionFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isConnectionFailure(new TypeError("NetworkError when attempting to fetch resource."))).toBe(true);
    expect(isConnectionFailure(new TypeError("Load failed"))).toBe(true);
    expect(isConnectionFailure(new NetworkError("GET /api/events failed: Failed to fetch"))).toBe(true);
    // A failed action's error, as React Router hands it on.
    expect(isConnectionFailure(data(new TypeError("Failed to fetch"), 500))).toBe(true);
    expect(isConnectionFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isConnectionFailure(new Error("Failed to fetch"))).toBe(false);
    expect(isConnectionFailure(data(new Error("boom"), 500))).toBe(false);
    expect(isConnectionFailure(new Response(null, { status: 500 }))).toBe(false);
  });

  it("keeps the page: the navigation never lands, and the notice offers the same address again", async () => {
    const failed = run(new Request(PAGE), async () => ({
      "it-IT/event": { type: "error", result: new TypeError("Failed to fetch") },
    }));
    expect(await settles(failed)).toBe(false);
    expect(connectionLoss.getSnapshot()).toEqual({
      retry: { kind: "visit", to: "/it-IT/evento/trail?sport=cycling" },
      reason: "dropped",
      attempt: 1,
    });
  });

  it("counts a retry that fails again, so that it is announced again", async () => {
    const fails = async () => {
      throw new TypeError("Failed to fetch");
    };
    void run(new Request(PAGE), fails);
    void run(new Request(PAGE), fails);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(connectionLoss.getSnapshot()?.attempt).toBe(2);
  });

  it("leaves answers and real errors to the page and its error boundary", async () => {
    const answered = { "it-IT/event": { type: "data", result: { title: "Trail" } } } as const;
    expect(await run(new Request(PAGE), async () => answered)).toBe(answered);
    const missing = { "it-IT/event": { type: "error", result: new Response(null, { status: 404 }) } } as const;
    expect(await run(new Request(PAGE), async () => missing)).toBe(missing);
    const bug = new TypeError("x is not a function");
    await expect(
      run(new Request(PAGE), async () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
    expect(connectionLoss.getSnapshot()).toBeNull();
  });
});
