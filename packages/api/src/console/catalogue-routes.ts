import { refuse } from "@sports/domain";
import {
  cancelAppointment,
  consoleAppointment,
  consoleEvent,
  consoleEvents,
  consolePage,
  consolePages,
  consoleStay,
  createAppointment,
  createEvent,
  createPage,
  createRoomType,
  createStay,
  deleteAppointment,
  deleteEvent,
  deleteRoomType,
  deleteStay,
  previewEvent,
  updateAppointment,
  updateEvent,
  updatePage,
  updateRoomType,
  updateStay,
} from "@sports/usecases";
import { Hono } from "hono";
import { readAttributes, readConfirmations } from "../body.ts";
import { appointmentResource, eventResource, stayResource } from "../catalogue/serializers.ts";
import { type ApiEnv, liveMethods } from "../context.ts";
import { document } from "../respond.ts";
import { organiserOnly, teamActor } from "./actor.ts";
import {
  appointmentChangeInput,
  appointmentFieldsOf,
  eventChangeInput,
  eventFieldsOf,
  newAppointmentInput,
  newEventInput,
  newPageInput,
  newRoomTypeInput,
  newStayInput,
  pageChangeInput,
  roomTypeChangeInput,
  roomTypeFieldsOf,
  stayChangeInput,
  stayFieldsOf,
} from "./catalogue-input.ts";
import {
  consoleAppointmentResource,
  consoleEventResource,
  consolePageResource,
  consoleRoomTypeResource,
  consoleStayRecordResource,
  consoleStayResource,
} from "./catalogue-serializers.ts";

/**
 * The organiser's catalogue over HTTP: events and their appointments made, changed, published,
 * cancelled and deleted (packages/usecases/src/console/*). The public reads of the same paths stay
 * the public's; the console reads every event, drafts too, under `/api/console/events`.
 */
export function consoleCatalogueRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/console/events", async (c) => {
    const events = await consoleEvents(c.var.deps, teamActor(c));
    return document(c, {
      data: events.map((event) => consoleEventResource(event)),
      links: { self: c.var.url.pathname },
      meta: { total: events.length },
    });
  });

  routes.get("/console/events/:id", async (c) => {
    const { event, appointments, stays } = await consoleEvent(c.var.deps, teamActor(c), {
      eventId: idParam(c.req.param("id")),
    });
    return document(c, {
      data: consoleEventResource(event, appointments, stays),
      included: [...appointments.map(consoleAppointmentResource), ...stays.map(consoleStayResource)],
      links: { self: c.var.url.pathname },
    });
  });

  // The organiser's preview: the public document of an event, drafts too (decision 021).
  routes.get("/console/events/:id/preview", async (c) => {
    const { event, appointments, stays } = await previewEvent(c.var.deps, teamActor(c), {
      idOrSlug: c.req.param("id"),
    });
    const context = {
      locale: c.var.locale,
      now: c.var.deps.now,
      fields: new Map(),
      livePaymentMethods: liveMethods(c),
    };
    const resource = eventResource(event, appointments, { ...context, includeAppointments: true });
    if (resource.relationships?.stays)
      resource.relationships.stays.data = stays.map((s) => ({ type: "stays", id: s.id }));
    return document(c, {
      data: resource,
      included: [
        ...appointments.map((a) => appointmentResource(a, event, context)),
        ...stays.map((s) => stayResource(s, context)),
      ],
      links: { self: c.var.url.pathname },
    });
  });

  routes.get("/console/appointments/:id", async (c) => {
    const { appointment, event } = await consoleAppointment(c.var.deps, teamActor(c), {
      appointmentId: idParam(c.req.param("id")),
    });
    return document(c, {
      data: consoleAppointmentResource(appointment),
      included: [consoleEventResource(event)],
      links: { self: c.var.url.pathname },
    });
  });

  routes.get("/console/stays/:id", async (c) => {
    const { stay, roomTypes, event } = await consoleStay(c.var.deps, teamActor(c), {
      stayId: idParam(c.req.param("id")),
    });
    const resource = consoleStayRecordResource(stay);
    resource.relationships = {
      ...resource.relationships,
      roomTypes: { data: roomTypes.map((room) => ({ type: "room-types", id: room.id })) },
    };
    return document(c, {
      data: resource,
      included: [consoleEventResource(event), ...roomTypes.map(consoleRoomTypeResource)],
      links: { self: c.var.url.pathname },
    });
  });

  routes.post("/events", async (c) => {
    const actor = organiserOnly(c);
    const input = await readAttributes(c, "events", newEventInput);
    const event = await createEvent(c.var.deps, actor, eventFieldsOf(input));
    c.header("Location", `/api/console/events/${event.id}`);
    return document(c, { data: consoleEventResource(event, [], []) }, 201);
  });

  routes.patch("/events/:id", async (c) => {
    const actor = organiserOnly(c);
    const id = idParam(c.req.param("id"));
    const input = await readAttributes(c, "events", eventChangeInput, { ids: [id] });
    const confirmed = await readConfirmations(c, ["capacity-large"]);
    const event = await updateEvent(c.var.deps, actor, {
      eventId: id,
      change: eventFieldsOf(input),
      confirmLargeCapacity: confirmed.includes("capacity-large"),
    });
    return document(c, { data: consoleEventResource(event) });
  });

  routes.delete("/events/:id", async (c) => {
    await deleteEvent(c.var.deps, teamActor(c), { eventId: idParam(c.req.param("id")) });
    return c.body(null, 204);
  });

  routes.post("/events/:id/appointments", async (c) => {
    const actor = organiserOnly(c);
    const input = await readAttributes(c, "appointments", newAppointmentInput);
    const appointment = await createAppointment(c.var.deps, actor, {
      eventId: idParam(c.req.param("id")),
      fields: appointmentFieldsOf(input),
    });
    c.header("Location", `/api/appointments/${appointment.id}`);
    return document(c, { data: consoleAppointmentResource(appointment) }, 201);
  });

  routes.patch("/appointments/:id", async (c) => {
    const actor = organiserOnly(c);
    const id = idParam(c.req.param("id"));
    const input = await readAttributes(c, "appointments", appointmentChangeInput, { ids: [id] });
    const change = appointmentFieldsOf(input);
    let appointment =
      Object.keys(change).length > 0 || input.status !== "cancelled"
        ? await updateAppointment(c.var.deps, actor, { appointmentId: id, change })
        : undefined;
    if (input.status === "open" && appointment?.cancelledAt)
      refuse("wrong-state", "A cancelled appointment cannot open again.", { field: { attribute: "status" } });
    if (input.status === "cancelled") appointment = await cancelAppointment(c.var.deps, actor, { appointmentId: id });
    if (!appointment) refuse("not-found", `No appointment ${id}.`);
    return document(c, { data: consoleAppointmentResource(appointment) });
  });

  routes.delete("/appointments/:id", async (c) => {
    await deleteAppointment(c.var.deps, teamActor(c), { appointmentId: idParam(c.req.param("id")) });
    return c.body(null, 204);
  });

  routes.post("/events/:id/stays", async (c) => {
    const actor = organiserOnly(c);
    const input = await readAttributes(c, "stays", newStayInput);
    const stay = await createStay(c.var.deps, actor, {
      eventId: idParam(c.req.param("id")),
      fields: stayFieldsOf(input),
    });
    c.header("Location", `/api/stays/${stay.id}`);
    return document(c, { data: consoleStayRecordResource(stay) }, 201);
  });

  routes.patch("/stays/:id", async (c) => {
    const actor = organiserOnly(c);
    const id = idParam(c.req.param("id"));
    const input = await readAttributes(c, "stays", stayChangeInput, { ids: [id] });
    const stay = await updateStay(c.var.deps, actor, { stayId: id, change: stayFieldsOf(input) });
    return document(c, { data: consoleStayRecordResource(stay) });
  });

  routes.delete("/stays/:id", async (c) => {
    await deleteStay(c.var.deps, teamActor(c), { stayId: idParam(c.req.param("id")) });
    return c.body(null, 204);
  });

  routes.post("/stays/:id/room-types", async (c) => {
    const actor = organiserOnly(c);
    const input = await readAttributes(c, "room-types", newRoomTypeInput);
    const room = await createRoomType(c.var.deps, actor, {
      stayId: idParam(c.req.param("id")),
      fields: roomTypeFieldsOf(input),
    });
    c.header("Location", `/api/room-types/${room.id}`);
    return document(c, { data: consoleRoomTypeResource(room) }, 201);
  });

  routes.patch("/room-types/:id", async (c) => {
    const actor = organiserOnly(c);
    const id = idParam(c.req.param("id"));
    const input = await readAttributes(c, "room-types", roomTypeChangeInput, { ids: [id] });
    const room = await updateRoomType(c.var.deps, actor, { roomTypeId: id, change: roomTypeFieldsOf(input) });
    return document(c, { data: consoleRoomTypeResource(room) });
  });

  routes.delete("/room-types/:id", async (c) => {
    await deleteRoomType(c.var.deps, teamActor(c), { roomTypeId: idParam(c.req.param("id")) });
    return c.body(null, 204);
  });

  routes.get("/console/pages", async (c) => {
    const pages = await consolePages(c.var.deps, teamActor(c));
    return document(c, { data: pages.map(consolePageResource), links: { self: c.var.url.pathname } });
  });

  routes.get("/console/pages/:slug", async (c) => {
    const page = await consolePage(c.var.deps, teamActor(c), { slug: c.req.param("slug") });
    return document(c, { data: consolePageResource(page), links: { self: c.var.url.pathname } });
  });

  routes.post("/pages", async (c) => {
    const actor = organiserOnly(c);
    const input = await readAttributes(c, "pages", newPageInput);
    const page = await createPage(c.var.deps, actor, { slug: input.slug, title: input.title, body: input.body ?? {} });
    c.header("Location", `/api/pages/${page.slug}`);
    return document(c, { data: consolePageResource(page) }, 201);
  });

  routes.patch("/pages/:slug", async (c) => {
    const actor = organiserOnly(c);
    const slug = c.req.param("slug");
    const input = await readAttributes(c, "pages", pageChangeInput, { ids: [slug.toLowerCase()] });
    const page = await updatePage(c.var.deps, actor, { slug, change: input });
    return document(c, { data: consolePageResource(page) });
  });

  return routes;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record's id from the path: anything but a UUID names nothing (404, not a database error). */
function idParam(value: string): string {
  return UUID.test(value) ? value.toLowerCase() : "00000000-0000-0000-0000-000000000000";
}
