import { useEffect, useRef, useState } from "react";
import { formatTime } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { formatCountdown, isoDuration, secondsLeft } from "../signup/countdown.ts";

/** When the countdown speaks up (seconds left): five minutes, then one; every second would be noise. */
const ANNOUNCE_AT = [300, 60];

/**
 * How long the signup holds its places. Without JavaScript it names the deadline; with it, it counts
 * down each second, says so at five minutes and at one, and calls `onLapse` at zero.
 */
export function HoldCountdown({
  expiresAt,
  timeZone,
  onLapse,
}: {
  expiresAt: string;
  timeZone: string;
  onLapse: () => void;
}) {
  const { locale } = useRootData();
  const [left, setLeft] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const lapse = useRef(onLapse);
  lapse.current = onLapse;

  useEffect(() => {
    let previous = Number.POSITIVE_INFINITY;
    const tick = () => {
      const seconds = secondsLeft(expiresAt, Date.now());
      setLeft(seconds);
      const crossed = ANNOUNCE_AT.find((mark) => previous > mark && seconds <= mark && seconds > 0);
      if (crossed && previous !== Number.POSITIVE_INFINITY)
        setAnnouncement(m.hold_minutes_left({ minutes: Math.ceil(seconds / 60) }));
      previous = seconds;
      if (seconds === 0) lapse.current();
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);

  return (
    <div className="hold-timer" data-urgent={left !== null && left <= 120 ? "true" : undefined}>
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="12" cy="13" r="8" />
        <path d="M12 9v4l2 2M9 2h6" />
      </svg>
      {left === null ? (
        <p>
          {m.hold_until()} <time dateTime={expiresAt}>{formatTime(expiresAt, locale, timeZone)}</time>
        </p>
      ) : (
        <p role="timer" aria-live="off">
          {m.hold_time_left()} <time dateTime={isoDuration(left)}>{formatCountdown(left)}</time>
        </p>
      )}
      <span className="sr-only" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
