import { describe, expect, it, vi } from "vitest";
import type { BrowserEnv } from "./env.ts";
import { isPrefetchAllowed, shouldPrefetch, watchPrefetchAllowed } from "./prefetch.ts";

// A browser-shaped env out of Node's own EventTarget: no jsdom needed.
function fakeEnv(online: boolean, connection?: { effectiveType?: string; saveData?: boolean }) {
  const window = new EventTarget();
  const conn = connection && Object.assign(new EventTarget(), connection);
  const navigator = { onLine: online, connection: conn };
  return { window, navigator, conn };
}

// Compile-time check: the real browser globals fit the injected env.
export const browserFits = (window: Window, navigator: Navigator): BrowserEnv => ({ window, navigator });

describe("shouldPrefetch", () => {
  const types = [undefined, "slow-2g", "2g", "3g", "4g"];
  const cases = [true, false].flatMap((online) =>
    types.flatMap((effectiveType) => [undefined, false, true].map((saveData) => ({ online, effectiveType, saveData }))),
  );

  it.each(cases)("%o", (conn) => {
    const expected =
      conn.online && conn.saveData !== true && conn.effectiveType !== "2g" && conn.effectiveType !== "slow-2g";
    expect(shouldPrefetch(conn)).toBe(expected);
  });

  it("covers the whole table", () => {
    expect(cases).toHaveLength(2 * 5 * 3);
  });
});

describe("watchPrefetchAllowed", () => {
  it("works without navigator.connection", () => {
    const env = fakeEnv(true);
    expect(isPrefetchAllowed(env)).toBe(true);
    const listener = vi.fn();
    const stop = watchPrefetchAllowed(env, listener);
    env.navigator.onLine = false;
    env.window.dispatchEvent(new Event("offline"));
    expect(listener.mock.calls).toEqual([[true], [false]]);
    stop();
  });

  it("re-evaluates on online/offline and connection changes, reporting only changes", () => {
    const env = fakeEnv(true, { effectiveType: "4g", saveData: false });
    const listener = vi.fn();
    const stop = watchPrefetchAllowed(env, listener);
    expect(listener.mock.calls).toEqual([[true]]);

    env.navigator.onLine = false;
    env.window.dispatchEvent(new Event("offline"));
    env.navigator.onLine = true;
    env.window.dispatchEvent(new Event("online"));
    env.window.dispatchEvent(new Event("online")); // no change: no call
    expect(listener.mock.calls).toEqual([[true], [false], [true]]);

    Object.assign(env.conn ?? {}, { effectiveType: "2g" });
    env.conn?.dispatchEvent(new Event("change"));
    Object.assign(env.conn ?? {}, { effectiveType: "4g", saveData: true });
    env.conn?.dispatchEvent(new Event("change"));
    Object.assign(env.conn ?? {}, { saveData: false });
    env.conn?.dispatchEvent(new Event("change"));
    expect(listener.mock.calls).toEqual([[true], [false], [true], [false], [true]]);

    stop();
    env.navigator.onLine = false;
    env.window.dispatchEvent(new Event("offline"));
    Object.assign(env.conn ?? {}, { effectiveType: "slow-2g" });
    env.conn?.dispatchEvent(new Event("change"));
    expect(listener).toHaveBeenCalledTimes(5);
  });

  it("starts disallowed on a slow connection", () => {
    const listener = vi.fn();
    watchPrefetchAllowed(fakeEnv(true, { effectiveType: "slow-2g" }), listener)();
    expect(listener.mock.calls).toEqual([[false]]);
  });
});
