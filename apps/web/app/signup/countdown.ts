/** The hold's countdown: whole seconds left, and how they read ("14:59", "1:02:03"). */
export function secondsLeft(expiresAt: string, now: number): number {
  const left = Math.ceil((Date.parse(expiresAt) - now) / 1000);
  return Number.isFinite(left) && left > 0 ? left : 0;
}

export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** An ISO 8601 duration for `<time datetime>`, which screen readers and machines read. */
export function isoDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `PT${Math.floor(whole / 60)}M${whole % 60}S`;
}
