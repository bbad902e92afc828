import {
  appointmentsOfEvents,
  EVENT_SORT_FIELDS,
  type EventFilters,
  type EventSortField,
  findAppointment,
  findContentPage,
  findPublicEvent,
  isUuid,
  listEvents,
  publicEventsById,
  staysOfEvent,
} from "@sports/db";
import { type Appointment, SPORTS, type Sport } from "@sports/domain";
import type { EventAttributes } from "@sports/jsonapi";
import { Hono } from "hono";
import { type ApiEnv, liveMethods } from "../context.ts";
import { invalidParameter, notFound } from "../errors.ts";
import { paginationLinks, parseQuery, type QuerySpec } from "../query.ts";
import { document } from "../respond.ts";
import {
  appointmentResource,
  eventResource,
  pageResource,
  type SerializeContext,
  stayResource,
} from "./serializers.ts";

const EVENT_FIELDS = [
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
  "appointments",
  "stays",
] satisfies (keyof EventAttributes | "appointments" | "stays")[];
const APPOINTMENT_FIELDS = [
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
  "event",
];
const STAY_FIELDS = ["slug", "name", "description", "address", "firstNight", "lastNight", "roomTypes", "event"];
const PAGE_FIELDS = ["slug", "title", "body", "updatedAt"];

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
interface EventListFilters {
  sport: Sport[];
  from: Date;
  to: Date;
  q: string | undefined;
  when: "upcoming" | "past";
}

const eventListSpec: QuerySpec<EventListFilters> = {
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

function groupByEvent(appointments: Appointment[]): Map<string, Appointment[]> {
  const groups = new Map<string, Appointment[]>();
  for (const appointment of appointments) {
    const group = groups.get(appointment.eventId);
    if (group) group.push(appointment);
    else groups.set(appointment.eventId, [appointment]);
  }
  return groups;
}

export function catalogueRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/events", async (c) => {
    const { db, url, locale, now } = c.var;
    const query = parseQuery(url, eventListSpec);
    const { sport, from, to, q, when } = query.filters;
    const filters: EventFilters = { sports: sport, from, to, text: q, when };
    const defaultSort = [{ field: "startsAt" as const, descending: filters.when === "past" }];
    const sort = query.sort.length ? (query.sort as { field: EventSortField; descending: boolean }[]) : defaultSort;
    const page = await listEvents(db, {
      filters,
      sort,
      pageNumber: query.page.number,
      pageSize: query.page.size,
      locale,
      now,
    });
    const appointments = await appointmentsOfEvents(
      db,
      page.events.map((event) => event.id),
    );
    const byEvent = groupByEvent(appointments);
    const context: SerializeContext = { locale, now, fields: query.fields, livePaymentMethods: liveMethods(c) };
    const includeAppointments = query.include.has("appointments");
    return document(c, {
      data: page.events.map((event) =>
        eventResource(event, byEvent.get(event.id) ?? [], { ...context, includeAppointments }),
      ),
      ...(includeAppointments
        ? {
            included: page.events.flatMap((event) =>
              (byEvent.get(event.id) ?? []).map((appointment) => appointmentResource(appointment, event, context)),
            ),
          }
        : {}),
      links: paginationLinks(url, query.page, page.total),
      meta: { total: page.total, page: query.page },
    });
  });

  routes.get("/events/:id", async (c) => {
    const { db, url, locale, now } = c.var;
    const query = parseQuery(url, {
      includes: ["appointments", "stays"],
      fieldsets: { events: EVENT_FIELDS, appointments: APPOINTMENT_FIELDS, stays: STAY_FIELDS },
    });
    const event = await findPublicEvent(db, c.req.param("id"));
    if (!event) throw notFound(`No event "${c.req.param("id")}".`);
    const [appointments, stays] = await Promise.all([
      appointmentsOfEvents(db, [event.id]),
      query.include.has("stays") ? staysOfEvent(db, event.id) : [],
    ]);
    const context: SerializeContext = { locale, now, fields: query.fields, livePaymentMethods: liveMethods(c) };
    const included = [
      ...(query.include.has("appointments") ? appointments.map((a) => appointmentResource(a, event, context)) : []),
      ...stays.map((stay) => stayResource(stay, context)),
    ];
    const resource = eventResource(event, appointments, {
      ...context,
      includeAppointments: query.include.has("appointments"),
    });
    if (query.include.has("stays") && resource.relationships?.stays) {
      resource.relationships.stays.data = stays.map((stay) => ({ type: "stays", id: stay.id }));
    }
    return document(c, { data: resource, ...(query.include.size ? { included } : {}), links: { self: url.pathname } });
  });

  routes.get("/events/:id/appointments", async (c) => {
    const { db, url, locale, now } = c.var;
    const query = parseQuery(url, { fieldsets: { appointments: APPOINTMENT_FIELDS } });
    const event = await findPublicEvent(db, c.req.param("id"));
    if (!event) throw notFound(`No event "${c.req.param("id")}".`);
    const appointments = await appointmentsOfEvents(db, [event.id]);
    const context: SerializeContext = { locale, now, fields: query.fields, livePaymentMethods: liveMethods(c) };
    return document(c, {
      data: appointments.map((appointment) => appointmentResource(appointment, event, context)),
      links: { self: url.pathname },
      meta: { total: appointments.length },
    });
  });

  routes.get("/events/:id/stays", async (c) => {
    const { db, url, locale, now } = c.var;
    const query = parseQuery(url, { fieldsets: { stays: STAY_FIELDS } });
    const event = await findPublicEvent(db, c.req.param("id"));
    if (!event) throw notFound(`No event "${c.req.param("id")}".`);
    const stays = await staysOfEvent(db, event.id);
    const context: SerializeContext = { locale, now, fields: query.fields, livePaymentMethods: liveMethods(c) };
    return document(c, {
      data: stays.map((stay) => stayResource(stay, context)),
      links: { self: url.pathname },
      meta: { total: stays.length },
    });
  });

  routes.get("/appointments/:id", async (c) => {
    const { db, url, locale, now } = c.var;
    const query = parseQuery(url, {
      includes: ["event"],
      fieldsets: { appointments: APPOINTMENT_FIELDS, events: EVENT_FIELDS },
    });
    const id = c.req.param("id");
    const appointment = isUuid(id) ? await findAppointment(db, id.toLowerCase()) : undefined;
    const event = appointment && (await publicEventsById(db, [appointment.eventId])).get(appointment.eventId);
    if (!appointment || !event) throw notFound(`No appointment "${id}".`);
    const context: SerializeContext = { locale, now, fields: query.fields, livePaymentMethods: liveMethods(c) };
    const included = query.include.has("event")
      ? [eventResource(event, await appointmentsOfEvents(db, [event.id]), { ...context, includeAppointments: false })]
      : undefined;
    return document(c, {
      data: appointmentResource(appointment, event, context),
      ...(included ? { included } : {}),
      links: { self: url.pathname },
    });
  });

  routes.get("/pages/:slug", async (c) => {
    const { db, url, locale, now } = c.var;
    const query = parseQuery(url, { fieldsets: { pages: PAGE_FIELDS } });
    const page = await findContentPage(db, c.req.param("slug"));
    if (!page) throw notFound(`No page "${c.req.param("slug")}".`);
    return document(c, {
      data: pageResource(page, { locale, now, fields: query.fields, livePaymentMethods: liveMethods(c) }),
      links: { self: url.pathname },
    });
  });

  return routes;
}
