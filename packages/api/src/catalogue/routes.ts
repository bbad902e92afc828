import {
  browseEvents,
  contentPage,
  type EventFilters,
  type EventSort,
  openingWaitingRoom,
  publishedAppointment,
  publishedEvent,
  publishedStays,
} from "@sports/usecases";
import { type Context, Hono } from "hono";
import { type ApiEnv, liveMethods } from "../context.ts";
import { paginationLinks, parseQuery } from "../query.ts";
import { document } from "../respond.ts";
import { APPOINTMENT_FIELDS, EVENT_FIELDS, eventListSpec, PAGE_FIELDS, STAY_FIELDS } from "./query-spec.ts";
import {
  appointmentResource,
  eventResource,
  pageResource,
  type SerializeContext,
  stayResource,
} from "./serializers.ts";

/** What a request's answers are written with: its language and clock, its fieldsets, the live payment methods. */
const contextOf = (c: Context<ApiEnv>, fields: Map<string, Set<string>>): SerializeContext => ({
  locale: c.var.locale,
  now: c.var.deps.now,
  fields,
  livePaymentMethods: liveMethods(c),
});

/** The catalogue over HTTP: read-only, the same for every visitor (packages/usecases/src/catalogue/browse.ts). */
export function catalogueRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/events", async (c) => {
    const { url } = c.var;
    const query = parseQuery(url, eventListSpec);
    const { sport, from, to, q, when } = query.filters;
    const filters: EventFilters = { sports: sport, from, to, text: q, when };
    const defaultSort = [{ field: "startsAt" as const, descending: filters.when === "past" }];
    const sort = query.sort.length ? (query.sort as EventSort[]) : defaultSort;
    const page = await browseEvents(c.var.deps, {
      filters,
      sort,
      pageNumber: query.page.number,
      pageSize: query.page.size,
      locale: c.var.locale,
    });
    const context = contextOf(c, query.fields);
    const includeAppointments = query.include.has("appointments");
    return document(c, {
      data: page.events.map(({ event, appointments }) =>
        eventResource(event, appointments, { ...context, includeAppointments }),
      ),
      ...(includeAppointments
        ? {
            included: page.events.flatMap(({ event, appointments }) =>
              appointments.map((appointment) => appointmentResource(appointment, event, context)),
            ),
          }
        : {}),
      links: paginationLinks(url, query.page, page.total),
      meta: { total: page.total, page: query.page },
    });
  });

  routes.get("/events/:id", async (c) => {
    const { url } = c.var;
    const query = parseQuery(url, {
      includes: ["appointments", "stays"],
      fieldsets: { events: EVENT_FIELDS, appointments: APPOINTMENT_FIELDS, stays: STAY_FIELDS },
    });
    const withStays = query.include.has("stays");
    const { event, appointments, stays } = await publishedEvent(c.var.deps, { idOrSlug: c.req.param("id"), withStays });
    const context = contextOf(c, query.fields);
    const included = [
      ...(query.include.has("appointments") ? appointments.map((a) => appointmentResource(a, event, context)) : []),
      ...stays.map((stay) => stayResource(stay, context)),
    ];
    const resource = eventResource(event, appointments, {
      ...context,
      includeAppointments: query.include.has("appointments"),
    });
    if (withStays && resource.relationships?.stays) {
      resource.relationships.stays.data = stays.map((stay) => ({ type: "stays", id: stay.id }));
    }
    const fields = query.fields.get("events");
    if (resource.attributes && (!fields || fields.has("waitingRoom")))
      resource.attributes.waitingRoom = await openingWaitingRoom(c.var.deps, event);
    return document(c, { data: resource, ...(query.include.size ? { included } : {}), links: { self: url.pathname } });
  });

  routes.get("/events/:id/appointments", async (c) => {
    const query = parseQuery(c.var.url, { fieldsets: { appointments: APPOINTMENT_FIELDS } });
    const { event, appointments } = await publishedEvent(c.var.deps, { idOrSlug: c.req.param("id") });
    const context = contextOf(c, query.fields);
    return document(c, {
      data: appointments.map((appointment) => appointmentResource(appointment, event, context)),
      links: { self: c.var.url.pathname },
      meta: { total: appointments.length },
    });
  });

  routes.get("/events/:id/stays", async (c) => {
    const query = parseQuery(c.var.url, { fieldsets: { stays: STAY_FIELDS } });
    const stays = await publishedStays(c.var.deps, c.req.param("id"));
    const context = contextOf(c, query.fields);
    return document(c, {
      data: stays.map((stay) => stayResource(stay, context)),
      links: { self: c.var.url.pathname },
      meta: { total: stays.length },
    });
  });

  routes.get("/appointments/:id", async (c) => {
    const query = parseQuery(c.var.url, {
      includes: ["event"],
      fieldsets: { appointments: APPOINTMENT_FIELDS, events: EVENT_FIELDS },
    });
    const { appointment, event, siblings } = await publishedAppointment(c.var.deps, c.req.param("id"));
    const context = contextOf(c, query.fields);
    const included = query.include.has("event")
      ? [eventResource(event, siblings, { ...context, includeAppointments: false })]
      : undefined;
    return document(c, {
      data: appointmentResource(appointment, event, context),
      ...(included ? { included } : {}),
      links: { self: c.var.url.pathname },
    });
  });

  routes.get("/pages/:slug", async (c) => {
    const query = parseQuery(c.var.url, { fieldsets: { pages: PAGE_FIELDS } });
    const page = await contentPage(c.var.deps, c.req.param("slug"));
    return document(c, { data: pageResource(page, contextOf(c, query.fields)), links: { self: c.var.url.pathname } });
  });

  return routes;
}
