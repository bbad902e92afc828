import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createProgress,
  PROGRESS_DURATION_MS,
  PROGRESS_HIDE_MS,
  PROGRESS_THROTTLE_MS,
  PROGRESS_TICK_MS,
} from "./progress.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("progress bar", () => {
  it("uses the constants of docs/behaviour.md#progress-bar", () => {
    expect([PROGRESS_THROTTLE_MS, PROGRESS_DURATION_MS, PROGRESS_HIDE_MS]).toEqual([200, 5000, 500]);
  });

  it("never shows work that ends within 200 ms, even failed work", () => {
    const bar = createProgress();
    const listener = vi.fn();
    bar.subscribe(listener);
    bar.finish(bar.start(), true);
    const t = bar.start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS - 1);
    bar.finish(t, false);
    vi.advanceTimersByTime(10_000);
    expect(bar.getSnapshot()).toEqual({ visible: false, progress: 0, failed: false });
    expect(listener).not.toHaveBeenCalled();
  });

  it("shows at 200 ms for slower work", () => {
    const bar = createProgress();
    bar.start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS - 1);
    expect(bar.getSnapshot().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(bar.getSnapshot()).toMatchObject({ visible: true, failed: false });
  });

  it("grows over the nominal 5 s and stays below 1 while running", () => {
    const bar = createProgress();
    bar.start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    const seen = [bar.getSnapshot().progress];
    for (let t = PROGRESS_THROTTLE_MS; t < 60_000; t += PROGRESS_TICK_MS) {
      vi.advanceTimersByTime(PROGRESS_TICK_MS);
      seen.push(bar.getSnapshot().progress);
    }
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1] ?? 0);
    const atDuration = seen[(PROGRESS_DURATION_MS - PROGRESS_THROTTLE_MS) / PROGRESS_TICK_MS] ?? 0;
    expect(atDuration).toBeGreaterThan(0.85);
    expect(atDuration).toBeLessThan(0.95);
    expect(Math.max(...seen)).toBeLessThan(1);
    expect(bar.getSnapshot().visible).toBe(true);
  });

  it("completes, then hides exactly 500 ms after the end", () => {
    const bar = createProgress();
    const t = bar.start();
    vi.advanceTimersByTime(1000);
    bar.finish(t, true);
    expect(bar.getSnapshot()).toEqual({ visible: true, progress: 1, failed: false });
    vi.advanceTimersByTime(PROGRESS_HIDE_MS - 1);
    expect(bar.getSnapshot().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.getSnapshot()).toEqual({ visible: false, progress: 0, failed: false });
  });

  it("keeps running until the last concurrent piece of work ends", () => {
    const bar = createProgress();
    const a = bar.start();
    const b = bar.start();
    vi.advanceTimersByTime(300);
    bar.finish(a, true);
    bar.finish(a, true); // a duplicate finish must not end b's run
    vi.advanceTimersByTime(2000);
    expect(bar.getSnapshot().visible).toBe(true);
    expect(bar.getSnapshot().progress).toBeLessThan(1);
    bar.finish(b, true);
    expect(bar.getSnapshot().progress).toBe(1);
    vi.advanceTimersByTime(PROGRESS_HIDE_MS);
    expect(bar.getSnapshot().visible).toBe(false);
  });

  it("turns failed when any work fails, then hides 500 ms after the end", () => {
    const bar = createProgress();
    const a = bar.start();
    const b = bar.start();
    vi.advanceTimersByTime(300);
    bar.finish(a, false);
    expect(bar.getSnapshot()).toMatchObject({ visible: true, failed: true });
    bar.finish(b, true);
    expect(bar.getSnapshot()).toEqual({ visible: true, progress: 1, failed: true });
    vi.advanceTimersByTime(PROGRESS_HIDE_MS - 1);
    expect(bar.getSnapshot().failed).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.getSnapshot()).toEqual({ visible: false, progress: 0, failed: false });
  });

  it("restarts cleanly when new work starts during the hide delay", () => {
    const bar = createProgress();
    const first = bar.start();
    vi.advanceTimersByTime(300);
    bar.finish(first, false);
    vi.advanceTimersByTime(PROGRESS_HIDE_MS - 100);
    const second = bar.start();
    expect(bar.getSnapshot().visible).toBe(true);
    expect(bar.getSnapshot().failed).toBe(false);
    expect(bar.getSnapshot().progress).toBeLessThan(0.1);
    vi.advanceTimersByTime(PROGRESS_HIDE_MS); // the old hide timer must not fire
    expect(bar.getSnapshot().visible).toBe(true);
    expect(bar.getSnapshot().progress).toBeLessThan(1);
    bar.finish(second, true);
    vi.advanceTimersByTime(PROGRESS_HIDE_MS);
    expect(bar.getSnapshot().visible).toBe(false);
    // and the next run goes through the throttle again
    bar.start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS - 1);
    expect(bar.getSnapshot().visible).toBe(false);
  });

  it("keeps snapshot identity between changes and notifies only on change", () => {
    const bar = createProgress();
    const listener = vi.fn();
    const unsubscribe = bar.subscribe(listener);
    const hidden = bar.getSnapshot();
    bar.start();
    expect(bar.getSnapshot()).toBe(hidden);
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    expect(listener).toHaveBeenCalledTimes(1);
    const shown = bar.getSnapshot();
    expect(bar.getSnapshot()).toBe(shown);
    unsubscribe();
    vi.advanceTimersByTime(1000);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(bar.getServerSnapshot()).toEqual({ visible: false, progress: 0, failed: false });
  });

  it("track() follows a promise and passes its outcome through", async () => {
    const bar = createProgress();
    const ok = bar.track(new Promise((resolve) => setTimeout(() => resolve("done"), 400)));
    const bad = bar.track(new Promise((_, reject) => setTimeout(() => reject(new Error("boom")), 600)));
    const badResult = expect(bad).rejects.toThrow("boom");
    await vi.advanceTimersByTimeAsync(500);
    await expect(ok).resolves.toBe("done");
    expect(bar.getSnapshot()).toMatchObject({ visible: true, failed: false });
    await vi.advanceTimersByTimeAsync(100);
    await badResult;
    expect(bar.getSnapshot()).toEqual({ visible: true, progress: 1, failed: true });
    await vi.advanceTimersByTimeAsync(PROGRESS_HIDE_MS);
    expect(bar.getSnapshot().visible).toBe(false);
  });

  it("dispose() drops pending work and timers", () => {
    const bar = createProgress();
    bar.start();
    vi.advanceTimersByTime(300);
    bar.dispose();
    expect(bar.getSnapshot().visible).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
