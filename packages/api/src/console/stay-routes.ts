import {
  consoleStay,
  createRoomType,
  createStay,
  deleteRoomType,
  deleteStay,
  updateRoomType,
  updateStay,
} from "@sports/usecases";
import { Hono } from "hono";
import { readAttributes } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { document } from "../respond.ts";
import { organiserOnly, teamActor } from "./actor.ts";
import {
  idParam,
  newRoomTypeInput,
  newStayInput,
  roomTypeChangeInput,
  roomTypeFieldsOf,
  stayChangeInput,
  stayFieldsOf,
} from "./catalogue-input.ts";
import { consoleEventResource, consoleRoomTypeResource, consoleStayRecordResource } from "./catalogue-serializers.ts";

/**
 * An event's stays and their room types over HTTP, for the organiser (mounted by catalogue-routes.ts):
 * the console reads a stay with its rooms, organisers make, change and delete them.
 */
export function consoleStayRoutes() {
  const routes = new Hono<ApiEnv>();

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

  return routes;
}
