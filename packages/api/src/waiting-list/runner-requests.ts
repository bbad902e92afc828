import { type Locale, type LocalizedText, pickText } from "@sports/domain";
import type { Relationship, ResourceObject } from "@sports/jsonapi";
import { userActor } from "@sports/usecases";
import type { Context } from "hono";
import { z } from "zod";
import { requireSession } from "../accounts/session.ts";
import { readResource } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { httpError } from "../errors.ts";

/**
 * What a waiting-list entry and an opening alert have in common (decision 027): each is a runner's
 * own request about one appointment, posted with that appointment alone, answered privately, and
 * written with the same names for the event and appointment it is about.
 */

/** The answers about one's own requests are never kept by a shared cache. */
export const PRIVATE = { "Cache-Control": "private, no-store" };

export const person = (c: Context<ApiEnv>) => userActor(requireSession(c).user);

/** A runner's request as read back, with the appointment and event it is about. */
export interface RunnerRequest {
  id: string;
  appointmentId: string;
  eventId: string;
  event: { slug: string; title: LocalizedText; timeZone: string };
  appointment: { slug: string; title: LocalizedText; implicit: boolean };
}

/** The appointment a posted request names, or 400 `invalid-relationship` saying `missing`. */
export async function appointmentAskedFor(c: Context<ApiEnv>, type: string, missing: string): Promise<string> {
  const { relationships } = await readResource(c, type, z.strictObject({}), { appointment: "appointments" });
  if (relationships.appointment) return relationships.appointment;
  throw httpError({
    status: 400,
    code: "invalid-relationship",
    title: "Invalid document",
    detail: missing,
    source: { pointer: "/data/relationships" },
  });
}

/**
 * The request as a resource at `/api/{type}/{id}`: the names of its event and appointment first,
 * then its own `attributes`; its own `relationships` after the appointment and the event.
 */
export function runnerRequestResource<TType extends string>(
  type: TType,
  request: RunnerRequest,
  locale: Locale,
  own: { attributes: Record<string, unknown>; relationships?: Record<string, Relationship> },
): ResourceObject<TType, Record<string, unknown>> {
  return {
    type,
    id: request.id,
    attributes: {
      eventTitle: pickText(request.event.title, locale) ?? request.event.slug,
      eventSlug: request.event.slug,
      timeZone: request.event.timeZone,
      appointmentTitle: pickText(request.appointment.title, locale) ?? request.appointment.slug,
      appointmentSlug: request.appointment.implicit ? null : request.appointment.slug,
      ...own.attributes,
    },
    relationships: {
      appointment: { data: { type: "appointments", id: request.appointmentId } },
      event: { data: { type: "events", id: request.eventId } },
      ...own.relationships,
    },
    links: { self: `/api/${type}/${request.id}` },
  };
}
