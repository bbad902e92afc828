import { type APIRequestContext, expect } from "@playwright/test";
import { JSON_API } from "./fixtures.ts";

/**
 * A spec's own published event, copied from one of the demo's by the spec's organiser through the
 * console's API (docs/api.md, "POST /api/events"). A journey that changes an event (its capacity,
 * its rules, its codes, its results) changes its own copy, so the demo's events stay as every other
 * journey on the suite's shared server expects them (playwright.config.ts).
 */

/** What a copy is made of: the demo event's slug, and the copy's own slug and title. */
export interface EventCopy {
  from: string;
  slug: string;
  /**
   * The copy's title by language (the others fall back to en-US): a title no demo event's contains,
   * and which sorts among the others alike by bytes and by language (the list sorted by name,
   * navigation.spec.ts): "Mezza delle Mura" comes before "Mezza Maratona" only by language.
   */
  title: Record<string, string>;
  /** Attributes that differ from the demo event's (`certificateLater`, `transferDaysBefore`…). */
  attributes?: Record<string, unknown>;
}

/** The copy as the journeys use it: its id, and its appointments' ids by slug. */
export interface OwnEvent {
  id: string;
  slug: string;
  appointments: Record<string, string>;
}

interface Resource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
}

/** What a new event takes of the console's event (catalogue-input.ts); the rest is the server's. */
const EVENT_FIELDS = [
  "sport",
  "summary",
  "description",
  "startsAt",
  "endsAt",
  "timeZone",
  "venue",
  "coverAlt",
  "signupOpensAt",
  "signupClosesAt",
  "signupMode",
  "minAge",
  "maxAge",
  "ageRule",
  "medicalCertificate",
  "certificateLater",
  "certificateReminderDays",
  "federationCardRequired",
  "acceptedCards",
  "participantsPerSignup",
  "holdMinutes",
  "offerHours",
  "paymentTermDays",
  "cancellationDaysBefore",
  "transferDaysBefore",
  "transferFee",
  "refundDaysBefore",
  "checkInOpensDaysBefore",
  "paymentMethods",
  "tshirtSizes",
];

const APPOINTMENT_FIELDS = [
  "slug",
  "title",
  "description",
  "startsAt",
  "endsAt",
  "capacity",
  "currency",
  "priceTiers",
  "signupDeadline",
  "minAge",
  "maxAge",
  "gender",
  "bibFirst",
  "bibLast",
  "waitingList",
];

const pick = (attributes: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((field) => field in attributes).map((field) => [field, attributes[field]]));

async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** The copy's appointments' ids by slug, read from the console. */
async function ownEventOf(request: APIRequestContext, id: string, slug: string): Promise<OwnEvent> {
  const response = await request.get(`/api/console/events/${id}`);
  expect(response.ok()).toBe(true);
  const { included = [] } = (await response.json()) as { included?: Resource[] };
  const appointments = included.filter((resource) => resource.type === "appointments");
  return { id, slug, appointments: Object.fromEntries(appointments.map((a) => [String(a.attributes.slug), a.id])) };
}

/**
 * The spec's own copy of a demo event, published, with the demo event's appointments (each with
 * no place taken; stays are not copied). `request` is the spec's organiser's. Made once per server:
 * asked again, the copy made before is answered as it is now.
 */
export async function ownEvent(request: APIRequestContext, copy: EventCopy): Promise<OwnEvent> {
  const existing = await request.get(`/api/events/${copy.slug}`);
  if (existing.ok()) return ownEventOf(request, ((await existing.json()) as { data: Resource }).data.id, copy.slug);

  const demo = await dataOf<Resource>(await request.get(`/api/events/${copy.from}`));
  const source = await request.get(`/api/console/events/${demo.id}`);
  expect(source.ok()).toBe(true);
  const { data, included = [] } = (await source.json()) as { data: Resource; included?: Resource[] };
  const created = await dataOf<Resource>(
    await request.post("/api/events", {
      headers: JSON_API,
      data: {
        data: {
          type: "events",
          attributes: {
            ...pick(data.attributes, EVENT_FIELDS),
            slug: copy.slug,
            title: copy.title,
            ...copy.attributes,
          },
        },
      },
    }),
  );
  for (const appointment of included.filter((resource) => resource.type === "appointments")) {
    await dataOf(
      await request.post(`/api/events/${created.id}/appointments`, {
        headers: JSON_API,
        data: { data: { type: "appointments", attributes: pick(appointment.attributes, APPOINTMENT_FIELDS) } },
      }),
    );
  }
  await dataOf(
    await request.patch(`/api/events/${created.id}`, {
      headers: JSON_API,
      data: { data: { type: "events", id: created.id, attributes: { status: "published" } } },
    }),
  );
  return ownEventOf(request, created.id, copy.slug);
}
