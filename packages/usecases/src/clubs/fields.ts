import {
  type FieldProblem,
  GENDERS,
  type Gender,
  isPlausibleEmail,
  normalizeEmail,
  type ParticipantFieldRules,
} from "@sports/domain";
import {
  birthDateProblem,
  CLUB_ATHLETE_TEXT_LIMITS,
  CLUB_TEXT_LIMITS,
  EARLIEST_BIRTH_DATE,
  isOneLineText,
  isPlausiblePhone,
  PARTICIPANT_TEXT_LIMITS,
  PHONE_DIGITS,
} from "@sports/jsonapi";

/**
 * The participants' field rules the API holds to (packages/jsonapi/src/field-rules.ts), as the
 * domain's roster checks take them (packages/domain/src/roster.ts): a club's data, its roster and
 * its entries are checked by the same rules as a runner's signup.
 */
export const participantFieldRules: ParticipantFieldRules = {
  isOneLineText,
  isPlausiblePhone,
  birthDateProblem,
  textLimits: PARTICIPANT_TEXT_LIMITS,
};

/** What a text field must be: its longest length, whether it may be left out, and its shape. */
interface TextRule {
  max: number;
  required?: boolean;
  shape?: "email" | "phone" | "country";
}

/** A value as a request gives it: a text, null or "" to clear it, undefined to leave it as it is. */
export type Given = string | null | undefined;

const SHAPES = {
  email: {
    holds: isPlausibleEmail,
    code: "invalid-email",
    detail: "Enter an e-mail address such as name@example.org.",
  },
  phone: {
    holds: (value: string) => participantFieldRules.isPlausiblePhone(value),
    code: "invalid-phone",
    detail: `Enter a phone number of ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits, such as +39 051 123456.`,
  },
  country: {
    holds: (value: string) => /^[A-Z]{2}$/.test(value),
    code: "invalid-value",
    detail: "Give the country as its two-letter ISO code.",
  },
} as const;

/**
 * One text field tidied and checked: trimmed, "" as null (an address in lower case, a country in
 * upper case); undefined stays undefined. A problem is pushed onto `problems` at the attribute.
 */
function checkedText(
  attribute: string,
  given: Given,
  rule: TextRule,
  problems: FieldProblem[],
  creating: boolean,
): string | null | undefined {
  if (given === undefined && !creating) return undefined;
  let value = given?.trim() || null;
  if (value !== null && rule.shape === "email") value = normalizeEmail(value);
  if (value !== null && rule.shape === "country") value = value.toUpperCase();
  const problem = (code: string, detail: string, meta?: Record<string, unknown>) =>
    problems.push({ attribute, code, detail, ...(meta ? { meta } : {}) });
  if (value === null) {
    if (rule.required) problem("required", "Fill this in.");
  } else if (!participantFieldRules.isOneLineText(value))
    problem("invalid-characters", "Use one line of plain text: no line breaks, tabs, or other control characters.");
  else if (value.length > rule.max) problem("too-long", `At most ${rule.max} characters.`, { max: rule.max });
  else if (rule.shape && !SHAPES[rule.shape].holds(value)) problem(SHAPES[rule.shape].code, SHAPES[rule.shape].detail);
  return value;
}

/** Each given text of `rules` tidied, undefined left out; problems on `problems`. */
function checkedTexts<K extends string>(
  given: Partial<Record<K, Given>>,
  rules: Record<K, TextRule>,
  problems: FieldProblem[],
  creating: boolean,
): Partial<Record<K, string | null>> {
  const tidied: Partial<Record<K, string | null>> = {};
  for (const attribute of Object.keys(rules) as K[]) {
    const value = checkedText(attribute, given[attribute], rules[attribute], problems, creating);
    if (value !== undefined) tidied[attribute] = value;
  }
  return tidied;
}

/** A club's details as a manager gives them (undefined: not given). */
export interface ClubInput {
  name?: Given;
  federation?: Given;
  code?: Given;
  contactEmail?: Given;
  contactPhone?: Given;
}

const CLUB_RULES: Record<keyof ClubInput, TextRule> = {
  name: { max: CLUB_TEXT_LIMITS.name, required: true },
  federation: { max: CLUB_TEXT_LIMITS.federation },
  code: { max: CLUB_TEXT_LIMITS.code },
  contactEmail: { max: CLUB_TEXT_LIMITS.contactEmail, required: true, shape: "email" },
  contactPhone: { max: CLUB_TEXT_LIMITS.contactPhone, shape: "phone" },
};

/** A club's details tidied, with every problem at its attribute; `creating`: every field is asked. */
export function checkClub(input: ClubInput, creating: boolean) {
  const problems: FieldProblem[] = [];
  const values = checkedTexts(input, CLUB_RULES, problems, creating);
  return { values, problems };
}

/** An athlete of the roster as a manager gives them (undefined: not given). */
export interface ClubAthleteInput {
  givenName?: Given;
  familyName?: Given;
  birthDate?: Given;
  gender?: Given;
  email?: Given;
  phone?: Given;
  nationality?: Given;
  federationCard?: Given;
  tshirtSize?: Given;
  emergencyContactName?: Given;
  emergencyContactPhone?: Given;
}

type AthleteText = Exclude<keyof ClubAthleteInput, "birthDate" | "gender">;

const ATHLETE_RULES: Record<AthleteText, TextRule> = {
  givenName: { max: CLUB_ATHLETE_TEXT_LIMITS.givenName, required: true },
  familyName: { max: CLUB_ATHLETE_TEXT_LIMITS.familyName, required: true },
  email: { max: CLUB_ATHLETE_TEXT_LIMITS.email, shape: "email" },
  phone: { max: CLUB_ATHLETE_TEXT_LIMITS.phone, shape: "phone" },
  nationality: { max: CLUB_ATHLETE_TEXT_LIMITS.nationality, shape: "country" },
  federationCard: { max: CLUB_ATHLETE_TEXT_LIMITS.federationCard },
  // Free text: the roster keeps what the athlete wears; an event checks it against its own sizes.
  tshirtSize: { max: CLUB_ATHLETE_TEXT_LIMITS.tshirtSize },
  emergencyContactName: { max: CLUB_ATHLETE_TEXT_LIMITS.emergencyContactName },
  emergencyContactPhone: { max: CLUB_ATHLETE_TEXT_LIMITS.emergencyContactPhone, shape: "phone" },
};

/**
 * An athlete tidied and checked at `now` (the birth date is not after today nor before
 * EARLIEST_BIRTH_DATE), every problem at its attribute; `creating`: every field is asked.
 */
export function checkClubAthlete(input: ClubAthleteInput, now: Date, creating: boolean) {
  const problems: FieldProblem[] = [];
  const values: Partial<Record<keyof ClubAthleteInput, string | null>> & { gender?: Gender | null } = checkedTexts(
    input,
    ATHLETE_RULES,
    problems,
    creating,
  );
  if (input.birthDate !== undefined || creating) {
    const day = input.birthDate?.trim() || null;
    values.birthDate = day;
    if (day !== null) {
      const found = isCalendarDay(day) ? participantFieldRules.birthDateProblem(day, now) : "invalid-format";
      if (found) problems.push({ attribute: "birthDate", code: found, detail: BIRTH_DATE_DETAILS[found] });
    }
  }
  if (input.gender !== undefined || creating) {
    const gender = input.gender?.trim() || null;
    if (gender !== null && !(GENDERS as readonly string[]).includes(gender))
      problems.push({ attribute: "gender", code: "invalid-value", detail: `Use one of ${GENDERS.join(", ")}.` });
    values.gender = gender as Gender | null;
  }
  return { values, problems };
}

const BIRTH_DATE_DETAILS = {
  "invalid-format": "Give the day as YYYY-MM-DD.",
  "birth-date-in-future": "A birth date cannot be in the future.",
  "birth-date-too-early": `Give a birth date from ${EARLIEST_BIRTH_DATE} on.`,
} as const;

/** Whether `day` is a real calendar day written `YYYY-MM-DD`. */
function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}
