import { useEffect, useRef } from "react";
import { useProgress } from "../lib/progress.ts";
import * as m from "../paraglide/messages.js";

/**
 * The progress bar (docs/behaviour.md#progress-bar). Navigations and submissions arrive through the
 * root's client middleware (lib/progress.ts); a navigation with nothing to load is over before the
 * bar would show.
 */
export function ProgressBar() {
  const { visible, progress: value, failed } = useProgress();
  const fill = useRef<HTMLDivElement>(null);
  // Set through the CSSOM: the CSP forbids style attributes in the markup.
  useEffect(() => {
    if (fill.current) fill.current.style.transform = `scaleX(${visible ? value : 0})`;
  }, [visible, value]);
  return (
    <div
      className="progress"
      data-state={failed ? "failed" : visible ? "running" : "idle"}
      role="progressbar"
      aria-label={m.progress_label()}
      aria-hidden={!visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value * 100)}
    >
      <div className="progress-fill" ref={fill} />
    </div>
  );
}
