import { useSyncExternalStore } from "react";
import type { DataStrategyResult, MiddlewareFunction } from "react-router";
import { createProgress, type ProgressSnapshot } from "../behaviour/progress.ts";

/** The page's one progress bar: navigations, form submissions and the API client's requests feed it. */
export const progress = createProgress();

const hidden: ProgressSnapshot = { visible: false, progress: 0, failed: false };

export function useProgress(): ProgressSnapshot {
  return useSyncExternalStore(progress.subscribe, progress.getSnapshot, () => hidden);
}

/**
 * Client middleware on the root route: every navigation and submission goes through it. A loader
 * or action that failed comes back as an error result (not a thrown error), so both are checked.
 */
export const progressMiddleware: MiddlewareFunction<Record<string, DataStrategyResult>> = async (_args, next) => {
  const token = progress.start();
  try {
    const results = await next();
    progress.finish(token, !Object.values(results ?? {}).some((result) => result?.type === "error"));
    return results;
  } catch (error) {
    progress.finish(token, false);
    throw error;
  }
};
