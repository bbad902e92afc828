// The request progress bar (docs/behaviour.md#progress-bar): a store for useSyncExternalStore that
// tracks any number of concurrent pieces of work (navigations, form submissions, API requests).

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_MS = 500;
/** How often the displayed progress is advanced while the bar is shown (CSS smooths the steps). */
export const PROGRESS_TICK_MS = 200;
/** The bar creeps toward this but only reaches 1 when the work ends. */
export const PROGRESS_CEILING = 0.95;

export interface ProgressSnapshot {
  readonly visible: boolean;
  readonly progress: number;
  readonly failed: boolean;
}

export type ProgressToken = number;

export interface ProgressTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export interface Progress {
  start(): ProgressToken;
  /** Unknown or already-finished tokens are ignored, so callers may finish defensively. */
  finish(token: ProgressToken, ok: boolean): void;
  /** Runs the bar while `work` is pending; resolves or rejects like `work`. */
  track<T>(work: PromiseLike<T>): Promise<T>;
  subscribe(listener: () => void): () => void;
  getSnapshot(): ProgressSnapshot;
  getServerSnapshot(): ProgressSnapshot;
  /** Drops pending work and timers (tests, teardown). */
  dispose(): void;
}

const HIDDEN: ProgressSnapshot = Object.freeze({ visible: false, progress: 0, failed: false });

/** Eases out to ~90% at the nominal duration, then crawls toward the ceiling. */
export function progressAt(elapsedMs: number): number {
  return PROGRESS_CEILING * (1 - Math.exp((-3 * Math.max(0, elapsedMs)) / PROGRESS_DURATION_MS));
}

// Looked up at call time, not creation time, so vi.useFakeTimers() applies to existing stores.
const globalTimers: ProgressTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

// idle → waiting (throttle) → running (shown) → hiding (at 100%) → idle. Work that ends while
// waiting goes straight back to idle, so fast work — failed or not — never shows the bar.
type Phase = "idle" | "waiting" | "running" | "hiding";

export function createProgress(timers: ProgressTimers = globalTimers): Progress {
  const pending = new Set<ProgressToken>();
  const listeners = new Set<() => void>();
  let nextToken = 1;
  let phase: Phase = "idle";
  let failed = false;
  let startedAt = 0;
  let timer: unknown;
  let snapshot = HIDDEN;

  // One timer suffices: each phase owns at most one (throttle, tick or hide).
  function schedule(callback: () => void, ms: number) {
    clearTimer();
    timer = timers.setTimeout(callback, ms);
  }
  function clearTimer() {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  }

  function publish(next: ProgressSnapshot) {
    const same = next.visible === snapshot.visible && next.progress === snapshot.progress;
    if (same && next.failed === snapshot.failed) return; // keep identity: no re-render
    snapshot = next;
    for (const listener of [...listeners]) listener();
  }

  function tick() {
    phase = "running";
    publish({ visible: true, progress: progressAt(timers.now() - startedAt), failed });
    schedule(tick, PROGRESS_TICK_MS);
  }

  function hide() {
    timer = undefined;
    phase = "idle";
    failed = false;
    publish(HIDDEN);
  }

  function settle() {
    if (phase === "waiting") {
      clearTimer();
      phase = "idle";
      failed = false;
    } else if (phase === "running") {
      phase = "hiding";
      publish({ visible: true, progress: 1, failed });
      schedule(hide, PROGRESS_HIDE_MS);
    }
  }

  function start(): ProgressToken {
    const token = nextToken++;
    pending.add(token);
    if (phase === "idle") {
      phase = "waiting";
      startedAt = timers.now();
      schedule(tick, PROGRESS_THROTTLE_MS);
    } else if (phase === "hiding") {
      // A new run while the last one fades out: keep the bar on screen (no flicker) and restart it.
      failed = false;
      startedAt = timers.now();
      tick();
    }
    return token;
  }

  function finish(token: ProgressToken, ok: boolean) {
    if (!pending.delete(token)) return;
    if (!ok) {
      failed = true;
      if (phase === "running") publish({ ...snapshot, failed: true });
    }
    if (pending.size === 0) settle();
  }

  return {
    start,
    finish,
    track(work) {
      const token = start();
      return Promise.resolve(work).then(
        (value) => {
          finish(token, true);
          return value;
        },
        (error: unknown) => {
          finish(token, false);
          throw error;
        },
      );
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    getServerSnapshot: () => HIDDEN,
    dispose() {
      clearTimer();
      pending.clear();
      phase = "idle";
      failed = false;
      publish(HIDDEN);
    },
  };
}
