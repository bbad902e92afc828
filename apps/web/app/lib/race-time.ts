/**
 * Race times as the results pages write them: the contract's shape (`formatRaceTime` in
 * packages/jsonapi/src/race-times.ts: `h:mm:ss`, `mm:ss` under an hour, tenths only when the time
 * has them) with the page's language's decimal sign (`1:02:03,4` in Italian).
 */
import { formatRaceTime as writeRaceTime } from "@sports/jsonapi";

const decimalSigns = new Map<string, string>();

/** The language's decimal sign, as Intl writes it. */
function decimalSign(locale: string): string {
  let sign = decimalSigns.get(locale);
  if (sign === undefined) {
    sign = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
    decimalSigns.set(locale, sign);
  }
  return sign;
}

/** Seconds as a race time; tenths rounded, and shown only when there are any. */
export function formatRaceTime(seconds: number, locale: string): string {
  return writeRaceTime(seconds, decimalSign(locale) === "," ? "," : ".");
}

/** The gap to the winner: `+2:02,5`; the winner's own is a dash. */
export function formatGap(seconds: number, locale: string): string {
  return seconds > 0 ? `+${formatRaceTime(seconds, locale)}` : "–";
}

/** Minutes and seconds per kilometre (`4:35`) over `metres`, from a time in seconds; whole seconds. */
export function formatPace(seconds: number, metres: number, locale: string): string {
  return formatRaceTime(Math.round(seconds / (metres / 1000)), locale);
}
