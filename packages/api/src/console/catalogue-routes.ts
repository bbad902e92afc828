import { refuse } from "@sports/domain";
import {
  cancelAppointment,
  changeRaceResults,
  consoleAppointment,
  consoleEvent,
  consoleEvents,
  createAppointment,
  createEvent,
  deleteAppointment,
  deleteEvent,
  previewEvent,
  setWaitingRoom,
  updateAppointment,
  updateEvent,
  waitingRoomRules,
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
  eventFieldsOf,
  eventPatchInput,
  idParam,
  newAppointmentInput,
  newEventInput,
  raceResultsChangeOf,
} from "./catalogue-input.ts";
import { consoleAppointmentResource, consoleEventResource, consoleStayResource } from "./catalogue-serializers.ts";
import { consolePageRoutes } from "./page-routes.ts";
import { consoleStayRoutes } from "./stay-routes.ts";

/**
 * The organiser's catalogue over HTTP: events and their appointments made, changed, published,
 * cancelled and deleted (packages/usecases/src/console/*), with the events' stays (stay-routes.ts)
 * and the site's pages (page-routes.ts). The public reads of the same paths stay the public's; the
 * console reads every event, drafts too, under `/api/console/events`.
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
      data: consoleEventResource(event, appointments, stays, await waitingRoomRules(c.var.deps, event.id)),
      included: [...appointments.map((a) => consoleAppointmentResource(a)), ...stays.map(consoleStayResource)],
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
    const { waitingRoom, ...fields } = await readAttributes(c, "events", eventPatchInput, { ids: [id] });
    const confirmed = await readConfirmations(c, ["capacity-large"]);
    const change = () =>
      updateEvent(c.var.deps, actor, {
        eventId: id,
        change: eventFieldsOf(fields),
        confirmLargeCapacity: confirmed.includes("capacity-large"),
      });
    const room = () =>
      waitingRoom === undefined
        ? waitingRoomRules(c.var.deps, id)
        : setWaitingRoom(c.var.deps, actor, { eventId: id, rules: waitingRoom });
    // A room needs the opening: set after an opening given with it, else first, so a refused room
    // leaves the rest of the change unwritten.
    let event: Awaited<ReturnType<typeof change>>;
    let rules: Awaited<ReturnType<typeof room>>;
    if (fields.signupOpensAt !== undefined) {
      event = await change();
      rules = await room();
    } else {
      rules = await room();
      event = await change();
    }
    return document(c, { data: consoleEventResource(event, undefined, undefined, rules) });
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
    const resultsChange = raceResultsChangeOf(input);
    const results = resultsChange
      ? (await changeRaceResults(c.var.deps, actor, { appointmentId: id, change: resultsChange })).race
      : undefined;
    let appointment =
      Object.keys(change).length > 0 || input.status !== "cancelled"
        ? await updateAppointment(c.var.deps, actor, { appointmentId: id, change })
        : undefined;
    if (input.status === "open" && appointment?.cancelledAt)
      refuse("wrong-state", "A cancelled appointment cannot open again.", { field: { attribute: "status" } });
    if (input.status === "cancelled") appointment = await cancelAppointment(c.var.deps, actor, { appointmentId: id });
    if (!appointment) refuse("not-found", `No appointment ${id}.`);
    return document(c, { data: consoleAppointmentResource(appointment, results) });
  });

  routes.delete("/appointments/:id", async (c) => {
    await deleteAppointment(c.var.deps, teamActor(c), { appointmentId: idParam(c.req.param("id")) });
    return c.body(null, 204);
  });

  // An event's stays and their room types; the site's own pages.
  routes.route("/", consoleStayRoutes());
  routes.route("/", consolePageRoutes());

  return routes;
}
