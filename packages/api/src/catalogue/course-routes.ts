import { COURSE_MAX_BYTES, refuse } from "@sports/domain";
import type { CourseAttributes, ResourceObject } from "@sports/jsonapi";
import { type CourseRecord, readCourse, readCourseGpx, removeCourse, uploadCourse } from "@sports/usecases";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { readFileBody } from "../body.ts";
import { organiserOnly } from "../console/actor.ts";
import type { ApiEnv } from "../context.ts";
import { httpError } from "../errors.ts";
import { attachment, document } from "../respond.ts";

/** The types a GPX may be sent as: its own, and the generic XML ones most tools use. */
export const GPX_MEDIA_TYPES = ["application/gpx+xml", "application/xml", "text/xml"] as const;

/** A course as its resource (`courses`, the id of its appointment). */
export function courseResource(course: CourseRecord): ResourceObject<"courses", CourseAttributes> {
  const self = `/api/appointments/${course.appointmentId}/course`;
  return {
    type: "courses",
    id: course.appointmentId,
    attributes: {
      distance: course.distance,
      elevationGain: course.elevationGain,
      elevationLoss: course.elevationLoss,
      highest: course.highest,
      lowest: course.lowest,
      track: course.track,
      profile: course.profile,
      waypoints: course.waypoints.map(({ name, distance, elevation, longitude, latitude }) => ({
        name,
        distance,
        elevation,
        longitude,
        latitude,
      })),
      bounds: course.bounds,
      gpxUrl: `${self}.gpx`,
      updatedAt: course.updatedAt.toISOString(),
    },
    relationships: {
      appointment: {
        data: { type: "appointments", id: course.appointmentId },
        links: { related: `/api/appointments/${course.appointmentId}` },
      },
    },
    links: { self },
  };
}

const tooLarge = () => refuse("gpx-too-large", "A GPX file may be at most 5 MB.");

/**
 * The GPX body: refused with 415 unless it is declared as GPX or XML, and with 413 from its declared
 * length before a byte is read, or as soon as the stream passes 5 MB (the rest is never buffered).
 */
async function readGpxBody(request: Request): Promise<Uint8Array> {
  const declared = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!(GPX_MEDIA_TYPES as readonly string[]).includes(declared)) {
    throw httpError({
      status: 415,
      code: "unsupported-media-type",
      title: "Unsupported media type",
      detail: `Send the course as ${GPX_MEDIA_TYPES.join(", ")}.`,
      source: { header: "Content-Type" },
    });
  }
  return readFileBody(request, COURSE_MAX_BYTES, tooLarge);
}

const appointmentId = (c: Context<ApiEnv>) => {
  const id = c.req.param("id") ?? "";
  if (!z.uuid().safeParse(id).success) refuse("not-found", "No such appointment.");
  return id.toLowerCase();
};

/**
 * An appointment's course (decision 030): the organiser uploads the GPX (`PUT`, the file as the
 * body) or removes it; anyone reads a published appointment's course and downloads its GPX.
 */
export function courseRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.put("/appointments/:id/course", async (c) => {
    const actor = organiserOnly(c);
    const id = appointmentId(c);
    const gpx = await readGpxBody(c.req.raw);
    const course = await uploadCourse(c.var.deps, actor, { appointmentId: id, gpx });
    return document(c, { data: courseResource(course), links: { self: `/api/appointments/${id}/course` } });
  });

  routes.delete("/appointments/:id/course", async (c) => {
    const actor = organiserOnly(c);
    await removeCourse(c.var.deps, actor, { appointmentId: appointmentId(c) });
    return c.body(null, 204);
  });

  // The public reads: the same for every visitor, like the rest of the catalogue.
  routes.get("/appointments/:id/course", async (c) => {
    const course = await readCourse(c.var.deps, c.req.param("id"));
    return document(c, { data: courseResource(course), links: { self: c.var.url.pathname } });
  });

  routes.get("/appointments/:id/course.gpx", async (c) => {
    const { gpx, fileName } = await readCourseGpx(c.var.deps, c.req.param("id"));
    return c.body(gpx, 200, {
      "content-type": "application/gpx+xml; charset=utf-8",
      "content-disposition": attachment(fileName),
      "x-content-type-options": "nosniff",
    });
  });

  return routes;
}
