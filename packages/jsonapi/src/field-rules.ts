/**
 * What the values people type must be, checked alike by the API (packages/api/src/body.ts) and the
 * site's forms (apps/web/app/forms): part of the contract, so a form refuses what the API refuses,
 * with the same error codes. Here because the site may import this package only (scripts/check-imports.ts).
 */

/**
 * Whether a text is one line of plain text. Every text the API takes is one line (names, phones,
 * addresses, clubs, cards, T-shirt sizes, emergency contacts), and these characters never belong:
 * - the C0 controls (U+0000–U+001F: NUL, TAB, LF, CR…), DEL and the C1 controls (U+0080–U+009F,
 *   NEL among them): invisible, and a line break in a name starts a new line, or a new header, in
 *   the mails that quote it;
 * - U+2028 and U+2029, line and paragraph breaks under other names;
 * - the direction embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder
 *   the text that follows them, so a name quoted in a mail or a participants' list could make the
 *   words or amounts after it read otherwise. Names in right-to-left scripts need none of them (the
 *   bidirectional algorithm orders their letters by itself); the marks U+200E, U+200F and U+061C,
 *   which only settle the side of the punctuation next to them, stay allowed.
 */
export function isOneLineText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return false;
    if (code === 0x2028 || code === 0x2029) return false;
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return false;
  }
  return true;
}

/** How many digits a phone number has: E.164 numbers have at most 15; fewer than 6 reach no one. */
export const PHONE_DIGITS = { min: 6, max: 15 } as const;

/**
 * Whether a text is a phone number as people write one: digits, an optional leading +, and spaces,
 * dots, hyphens, slashes and parentheses between them ("+39 051 123456", "(051) 12-34-56",
 * "0049/30/1234567"), PHONE_DIGITS.min to .max digits not counting a leading 00 written for the +.
 */
export function isPlausiblePhone(phone: string): boolean {
  if (!/^\+?[0-9(][0-9 ./()-]*[0-9]$/.test(phone)) return false;
  const digits = phone.replace(/[^0-9]/g, "");
  const counted = phone.startsWith("00") ? digits.length - 2 : digits.length;
  return counted >= PHONE_DIGITS.min && counted <= PHONE_DIGITS.max;
}

/** The earliest birth date taken: no one alive was born before it, and 0199 or 1090 is a slip of the keyboard. */
export const EARLIEST_BIRTH_DATE = "1900-01-01";

export type BirthDateProblem = "birth-date-in-future" | "birth-date-too-early";

/**
 * Why a birth date (`YYYY-MM-DD`) is refused at `now`, or undefined when it is fine. Today is the
 * latest calendar day anywhere on Earth (UTC+14), so a child born today is never refused for the
 * time zone the check happens to run in.
 */
export function birthDateProblem(day: string, now: Date): BirthDateProblem | undefined {
  if (day < EARLIEST_BIRTH_DATE) return "birth-date-too-early";
  const latestToday = new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
  if (day > latestToday) return "birth-date-in-future";
  return undefined;
}
