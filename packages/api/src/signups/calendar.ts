import type { Locale } from "@sports/domain";
import { type SignupView, signupTitle } from "@sports/usecases";

/** An iCalendar (RFC 5545) file with the signup's appointment as one event. */
export function signupCalendar(view: SignupView, locale: Locale, now: Date): string {
  const { event, appointment, signup } = view;
  const title = signupTitle(view, locale);
  const place = [event.venueName, event.street, event.locality, event.country].filter(Boolean).join(", ");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Sport Events//Signups//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${signup.id}@sport-events`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(appointment.startsAt)}`,
    `DTEND:${stamp(appointment.endsAt)}`,
    `SUMMARY:${escapeText(title)}`,
    `LOCATION:${escapeText(place)}`,
    ...(event.latitude !== null && event.longitude !== null ? [`GEO:${event.latitude};${event.longitude}`] : []),
    "STATUS:CONFIRMED",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** UTC in the basic format: 20270612T050000Z. */
function stamp(instant: Date): string {
  return `${instant.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
}

/** TEXT values escape backslashes, semicolons, commas and line breaks. */
function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after a space. */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const character of line) {
    if (Buffer.byteLength(current + character, "utf8") > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
    }
    current += character;
  }
  parts.push(current);
  return parts.join("\r\n ");
}
