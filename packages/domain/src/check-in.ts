import { type CertificateStatus, certificateStatus, daysUntil } from "./console.ts";
import { localDate } from "./price.ts";
import { refuse } from "./refusal.ts";

/** Days before an appointment's day its check-in opens, unless the event says otherwise. */
export const DEFAULT_CHECK_IN_OPENS_DAYS_BEFORE = 1;

const DAY_MS = 86_400_000;

/**
 * Whether a participant may be checked in at `now`: from the start of the day `opensDaysBefore`
 * days before the appointment's day, both days in the event's time zone, until the appointment
 * ends. Refused `check-in-not-open` outside it, with `meta.opensOn` (that day), `meta.closesAt` (the
 * appointment's end) and whatever `meta` the caller adds.
 */
export function checkCheckInOpen(
  input: { startsAt: Date; endsAt: Date; timeZone: string; opensDaysBefore: number; now: Date },
  meta: Record<string, unknown> = {},
): void {
  const raceDay = localDate(input.startsAt, input.timeZone);
  const opened = daysUntil(localDate(input.now, input.timeZone), raceDay) <= input.opensDaysBefore;
  if (opened && input.now.getTime() < input.endsAt.getTime()) return;
  const opensOn = new Date(Date.parse(`${raceDay}T00:00:00Z`) - input.opensDaysBefore * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const closesAt = input.endsAt.toISOString();
  refuse("check-in-not-open", `Check-in opens on ${opensOn} and closes at ${closesAt}.`, {
    meta: { opensOn, closesAt, ...meta },
  });
}

/** What keeps a participant's certificate from standing on race day: anything but approved. */
export type CertificateShortfall = Exclude<CertificateStatus, "approved">;

/** A participant's certificate as the desk sees it, with their race's day and the event's requirement. */
export interface CertificateAtDesk {
  required: boolean;
  hasCertificate: boolean;
  certificateExpiresOn: string | null;
  review: "approved" | "rejected" | null;
  /** When the race starts, and the event's time zone: which day race day is. */
  startsAt: Date;
  timeZone: string;
}

/** Where a participant's certificate stands on race day (`certificateStatus`), or null when the event requires none. */
export function certificateOnRaceDay(input: CertificateAtDesk): CertificateStatus | null {
  if (!input.required) return null;
  return certificateStatus({ ...input, raceDay: localDate(input.startsAt, input.timeZone) });
}

/**
 * Whether a participant's certificate lets them be checked in: it must be approved and valid on
 * race day when the event requires one. Refused `certificate-not-approved` with `meta.reason`
 * (`missing`, `pending`, `rejected`, `expired`) and whatever `meta` the caller adds, unless the desk
 * confirms the check-in without it; then answers the reason it was waived for, for the audit line
 * (undefined when there was none).
 */
export function checkCertificateAtCheckIn(
  input: CertificateAtDesk & { confirmedWithout: boolean },
  meta: Record<string, unknown> = {},
): CertificateShortfall | undefined {
  const status = certificateOnRaceDay(input);
  if (status === null || status === "approved") return undefined;
  if (input.confirmedWithout) return status;
  refuse("certificate-not-approved", `The participant's medical certificate is ${status}.`, {
    meta: { reason: status, ...meta },
  });
}
