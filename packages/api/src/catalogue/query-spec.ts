import { SPORTS, type Sport } from "@sports/domain";
import type { EventAttributes } from "@sports/jsonapi";
import { EVENT_SORT_FIELDS } from "@sports/usecases";
import { invalidParameter } from "../errors.ts";
import type { QuerySpec } from "../query.ts";

/** What the catalogue's endpoints take in their query strings: fieldsets, filters, sorts and includes. */

export const EVENT_FIELDS = [
  "slug",
  "sport",
  "status",
  "title",
  "summary",
  "description",
  "startsAt",
  "endsAt",
  "timeZone",
  "venue",
  "cover",
  "signupOpensAt",
  "signupClosesAt",
  "signupMode",
  "rules",
  "priceFrom",
  "availability",
  "updatedAt",
  "waitingRoom",
  "appointments",
  "stays",
] satisfies (keyof EventAttributes | "appointments" | "stays")[];
export const APPOINTMENT_FIELDS = [
  "slug",
  "title",
  "description",
  "startsAt",
  "endsAt",
  "capacity",
  "remaining",
  "state",
  "currency",
  "priceTiers",
  "currentPrice",
  "signupDeadline",
  "eligibility",
  "implicit",
  "status",
  "cancelledAt",
  "course",
  "event",
];
export const STAY_FIELDS = ["slug", "name", "description", "address", "firstNight", "lastNight", "roomTypes", "event"];
export const PAGE_FIELDS = ["slug", "title", "body", "updatedAt"];

const MAX_SEARCH_LENGTH = 100;

/** The instants the database reads back as they are written: years 0001 to 9999, in UTC. */
const EARLIEST = Date.parse("0001-01-01T00:00:00Z");
const LATEST = Date.parse("9999-12-31T23:59:59.999Z");

/** A calendar day (read as a UTC day) or an ISO 8601 instant with its offset. */
function parseInstant(value: string, parameter: string, endOfDay: boolean): Date {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  // Date parsing rolls 30 February over to March: the calendar day must read back unchanged.
  const midnight = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  const realDay = !Number.isNaN(midnight.getTime()) && midnight.toISOString().slice(0, 10) === value.slice(0, 10);
  if (!(day || instant) || !realDay || Number.isNaN(date.getTime())) {
    throw invalidParameter(parameter, "Give a date as YYYY-MM-DD or an instant as YYYY-MM-DDTHH:MM:SSZ.");
  }
  if (date.getTime() < EARLIEST || date.getTime() > LATEST) {
    throw invalidParameter(parameter, "Give a date from 0001-01-01 to 9999-12-31 (UTC).");
  }
  // The end of 9999-12-31 is its last millisecond: the year 10000 is past what the database reads back.
  if (day && endOfDay) return new Date(Math.min(date.getTime() + 86_400_000, LATEST));
  return date;
}

/** The filters of `GET /events`, by their names in the query string. */
export interface EventListFilters {
  sport: Sport[];
  from: Date;
  to: Date;
  q: string | undefined;
  when: "upcoming" | "past";
}

export const eventListSpec: QuerySpec<EventListFilters> = {
  filters: {
    sport: (value, parameter) => {
      const sports = value.split(",");
      for (const sport of sports) {
        if (!(SPORTS as readonly string[]).includes(sport)) {
          throw invalidParameter(parameter, `Unknown sport "${sport}"; use ${SPORTS.join(", ")}.`);
        }
      }
      return sports as Sport[];
    },
    from: (value, parameter) => parseInstant(value, parameter, false),
    to: (value, parameter) => parseInstant(value, parameter, true),
    q: (value, parameter) => {
      const text = value.trim();
      if (text.length > MAX_SEARCH_LENGTH) {
        throw invalidParameter(parameter, `Search for at most ${MAX_SEARCH_LENGTH} characters.`);
      }
      return text || undefined;
    },
    when: (value, parameter) => {
      if (value !== "upcoming" && value !== "past") throw invalidParameter(parameter, 'Use "upcoming" or "past".');
      return value;
    },
  },
  sortFields: EVENT_SORT_FIELDS,
  includes: ["appointments"],
  fieldsets: { events: EVENT_FIELDS, appointments: APPOINTMENT_FIELDS },
  paginated: true,
};
