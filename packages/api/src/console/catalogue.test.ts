import { schema } from "@sports/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupClient } from "../signups/test-client.ts";
import { openTestApi, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";

let api: TestApi;
let organiser: Awaited<ReturnType<ReturnType<typeof teamClient>["organiser"]>>;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER] });
  organiser = await team.organiser();
});
afterAll(() => api.database.close());

const team = teamClient(() => api);
const signups = signupClient(() => api);
let slugs = 0;

const newEvent = (overrides: object = {}) => ({
  data: {
    type: "events",
    attributes: {
      slug: `lake-trail-${++slugs}`,
      sport: "trail-running",
      title: { "it-IT": "Trail del lago", "en-US": "Lake trail" },
      summary: { "it-IT": "Giro del lago", "en-US": "" },
      startsAt: "2027-06-10T07:00:00+02:00",
      endsAt: "2027-06-10T15:00:00+02:00",
      venue: { name: "Piazza", locality: "Bellagio", country: "IT", latitude: 45.98, longitude: 9.26 },
      ...overrides,
    },
  },
});

const newAppointment = (overrides: object = {}) => ({
  data: {
    type: "appointments",
    attributes: {
      slug: "long",
      title: { "it-IT": "Lungo", "en-US": "Long" },
      startsAt: "2027-06-10T07:00:00+02:00",
      endsAt: "2027-06-10T13:00:00+02:00",
      capacity: 2,
      priceTiers: [{ until: null, amount: 3000 }],
      ...overrides,
    },
  },
});

async function made(overrides: object = {}) {
  const answer = await team.send("POST", "/api/events", newEvent(overrides), organiser.headers);
  expect(answer.status).toBe(201);
  return answer.body.data.id as string;
}

async function appointmentOf(eventId: string, overrides: object = {}) {
  const answer = await team.send(
    "POST",
    `/api/events/${eventId}/appointments`,
    newAppointment(overrides),
    organiser.headers,
  );
  expect(answer.status).toBe(201);
  return answer.body.data.id as string;
}

const publish = (id: string) =>
  team.send(
    "PATCH",
    `/api/events/${id}`,
    { data: { type: "events", id, attributes: { status: "published" } } },
    organiser.headers,
  );

describe("the organiser's events", () => {
  it("creates a draft the public does not see and the console does, texts keyed by language", async () => {
    const id = await made();
    expect((await api.get(`/api/events/${id}`)).status).toBe(404);
    const read = await team.send("GET", `/api/console/events/${id}`, undefined, organiser.headers);
    expect(read.status).toBe(200);
    expect(read.body.data.attributes).toMatchObject({
      status: "draft",
      title: { "it-IT": "Trail del lago", "en-US": "Lake trail" },
      summary: { "it-IT": "Giro del lago" },
      venue: { name: "Piazza", locality: "Bellagio", country: "IT", latitude: 45.98, longitude: 9.26 },
      checkInOpensDaysBefore: 1,
    });
    const list = await team.send("GET", "/api/console/events", undefined, organiser.headers);
    expect(list.body.data.map((event: any) => event.id)).toContain(id);
    const [row] = await api.database.db.select().from(schema.events).where(eq(schema.events.id, id));
    expect(row?.searchText).toContain("lake trail");
  });

  it("lists upcoming events soonest first, then past ones latest first", async () => {
    const on = (day: string) => made({ startsAt: `${day}T07:00:00Z`, endsAt: `${day}T15:00:00Z` });
    const older = await on("2027-01-10");
    const later = await on("2027-09-10");
    const recent = await on("2027-04-10");
    const sooner = await on("2027-06-10");
    const list = await team.send("GET", "/api/console/events", undefined, organiser.headers);
    const ours = list.body.data
      .map((event: any) => event.id)
      .filter((id: string) => [older, later, recent, sooner].includes(id));
    expect(ours).toEqual([sooner, later, recent, older]);
  });

  it("previews a draft as the public page would show it, for organisers only", async () => {
    const id = await made();
    const [row] = await api.database.db.select().from(schema.events).where(eq(schema.events.id, id));
    const preview = await team.send(
      "GET",
      `/api/console/events/${row?.slug}/preview?locale=en-US`,
      undefined,
      organiser.headers,
    );
    expect(preview.status).toBe(200);
    expect(preview.body.data.attributes.title).toBe("Lake trail");
    const staff = await team.staff();
    expect((await team.send("GET", `/api/console/events/${id}/preview`, undefined, staff.headers)).status).toBe(403);
  });

  it("refuses runners (403 not-staff) and staff (403 not-organiser); staff read the list", async () => {
    const runner = await team.runner();
    const staff = await team.staff();
    const byRunner = await team.send("POST", "/api/events", newEvent(), runner.headers);
    expect([byRunner.status, byRunner.body.errors[0].code]).toEqual([403, "not-staff"]);
    const byStaff = await team.send("POST", "/api/events", newEvent(), staff.headers);
    expect([byStaff.status, byStaff.body.errors[0].code]).toEqual([403, "not-organiser"]);
    const id = await made();
    for (const [method, path, body] of [
      ["PATCH", `/api/events/${id}`, { data: { type: "events", attributes: { status: "published" } } }],
      ["DELETE", `/api/events/${id}`, undefined],
      ["POST", `/api/events/${id}/appointments`, newAppointment()],
    ] as const) {
      const answer = await team.send(method, path, body, staff.headers);
      expect([method, answer.status, answer.body.errors[0].code]).toEqual([method, 403, "not-organiser"]);
    }
    expect((await team.send("GET", "/api/console/events", undefined, staff.headers)).status).toBe(200);
    expect((await team.send("GET", "/api/console/events", undefined, runner.headers)).status).toBe(403);
  });

  it("says what is wrong field by field, with pointers", async () => {
    const answer = await team.send(
      "POST",
      "/api/events",
      newEvent({
        slug: "Not A Slug",
        endsAt: "soon",
        venue: { name: "", locality: "X", country: "Italy" },
        checkInOpensDaysBefore: -1,
        extra: 1,
      }),
      organiser.headers,
    );
    expect(answer.status).toBe(400);
    const pointers = answer.body.errors.map((error: any) => error.source.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        "/data/attributes/slug",
        "/data/attributes/endsAt",
        "/data/attributes/venue/name",
        "/data/attributes/venue/country",
        "/data/attributes/checkInOpensDaysBefore",
        "/data/attributes/extra",
      ]),
    );
    const backwards = await team.send(
      "POST",
      "/api/events",
      newEvent({ endsAt: "2027-06-09T07:00:00+02:00" }),
      organiser.headers,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0]).toMatchObject({
      code: "before-start",
      source: { pointer: "/data/attributes/endsAt" },
    });
    const id = await made();
    const [row] = await api.database.db.select().from(schema.events).where(eq(schema.events.id, id));
    const taken = await team.send("POST", "/api/events", newEvent({ slug: row?.slug }), organiser.headers);
    expect(taken.body.errors[0]).toMatchObject({ code: "slug-taken", source: { pointer: "/data/attributes/slug" } });
  });

  it("publishes and unpublishes, each change an audit line of what changed, and updates the search text", async () => {
    const id = await made();
    await appointmentOf(id);
    expect((await publish(id)).status).toBe(200);
    expect((await api.get(`/api/events/${id}`)).status).toBe(200);
    const renamed = await team.send(
      "PATCH",
      `/api/events/${id}`,
      {
        data: {
          type: "events",
          attributes: { title: { "it-IT": "Trail dei monti" }, venue: { locality: "Como" }, checkInOpensDaysBefore: 3 },
        },
      },
      organiser.headers,
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.attributes).toMatchObject({ venue: { locality: "Como" }, checkInOpensDaysBefore: 3 });
    const found = await api.get("/api/events?filter[q]=monti");
    expect(found.body.data.map((event: any) => event.id)).toContain(id);
    const unpublish = await team.send(
      "PATCH",
      `/api/events/${id}`,
      { data: { type: "events", attributes: { status: "draft" } } },
      organiser.headers,
    );
    expect(unpublish.status).toBe(200);
    expect((await api.get(`/api/events/${id}`)).status).toBe(404);
    const log = await team.send("GET", `/api/audit-entries?filter[event]=${id}`, undefined, organiser.headers);
    expect(log.body.data.map((entry: any) => entry.attributes.action)).toEqual([
      "unpublish",
      "update",
      "publish",
      "create",
      "create",
    ]);
    expect(log.body.data[1].attributes.before).toEqual({
      title: { "it-IT": "Trail del lago", "en-US": "Lake trail" },
      locality: "Bellagio",
      checkInOpensDaysBefore: 1,
    });
    expect(log.body.data[1].attributes.after).toEqual({
      title: { "it-IT": "Trail dei monti" },
      locality: "Como",
      checkInOpensDaysBefore: 3,
    });
  });

  it("refuses to publish what is not ready: 422, one error per problem, each naming its appointment", async () => {
    const created = await team.send("POST", "/api/events", newEvent({ status: "published" }), organiser.headers);
    expect(created.status).toBe(422);
    expect(created.body.errors).toMatchObject([
      { status: "422", code: "no-race", source: { pointer: "/data/relationships/appointments" } },
    ]);
    const id = await made({ startsAt: "2027-04-30T07:00:00+02:00" });
    const zero = await appointmentOf(id, { slug: "zero", capacity: 0 });
    const later = await appointmentOf(id, {
      slug: "later",
      startsAt: "2027-06-12T07:00:00+02:00",
      endsAt: "2027-06-12T09:00:00+02:00",
    });
    const refused = await publish(id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject([
      { status: "422", code: "date-past", source: { pointer: "/data/attributes/startsAt" } },
      { code: "capacity-zero", source: { pointer: "/data/relationships/appointments" }, meta: { appointment: zero } },
      { code: "race-outside-event", meta: { appointment: later } },
    ]);
    expect(refused.body.errors).toHaveLength(3);
    const read = await team.send("GET", `/api/console/events/${id}`, undefined, organiser.headers);
    expect(read.body.data.attributes.status).toBe("draft");
  });

  it("asks to confirm a capacity over ten times the largest of the earlier races (409), and publishes once confirmed", async () => {
    const confirmed = (id: string) => ({
      data: { type: "events", id, attributes: { status: "published" } },
      meta: { confirm: ["capacity-large"] },
    });
    const earlier = await made();
    await appointmentOf(earlier, { capacity: 99_999 });
    expect((await team.send("PATCH", `/api/events/${earlier}`, confirmed(earlier), organiser.headers)).status).toBe(
      200,
    );
    const id = await made();
    const big = await appointmentOf(id, { capacity: 1_000_000 });
    const refused = await publish(id);
    expect([refused.status, refused.body.errors]).toMatchObject([
      409,
      [{ code: "capacity-large-unconfirmed", meta: { largest: 99_999, appointments: [big] } }],
    ]);
    const unknown = { ...confirmed(id), meta: { confirm: ["everything"] } };
    expect((await team.send("PATCH", `/api/events/${id}`, unknown, organiser.headers)).status).toBe(400);
    const published = await team.send("PATCH", `/api/events/${id}`, confirmed(id), organiser.headers);
    expect([published.status, published.body.data.attributes.status]).toEqual([200, "published"]);
  });

  it("deletes a draft without signups; refuses an event with signups (409 has-signups)", async () => {
    const draft = await made();
    expect((await team.send("DELETE", `/api/events/${draft}`, undefined, organiser.headers)).status).toBe(204);
    expect((await team.send("GET", `/api/console/events/${draft}`, undefined, organiser.headers)).status).toBe(404);
    const id = await made();
    const appointment = await appointmentOf(id);
    await publish(id);
    const visitor = await signups.visitor();
    expect((await signups.start(visitor.token, appointment)).status).toBe(201);
    const refused = await team.send("DELETE", `/api/events/${id}`, undefined, organiser.headers);
    expect([refused.status, refused.body.errors[0].code]).toEqual([409, "has-signups"]);
    const unpublish = await team.send(
      "PATCH",
      `/api/events/${id}`,
      { data: { type: "events", attributes: { status: "draft" } } },
      organiser.headers,
    );
    expect([unpublish.status, unpublish.body.errors[0].code]).toEqual([409, "has-signups"]);
  });

  it("cancelling a published event cancels its signups as the organiser and mails each runner in their language", async () => {
    const id = await made();
    const appointment = await appointmentOf(id);
    await publish(id);
    const italian = await signups.visitor();
    const held = await signups.start(italian.token, appointment);
    expect(held.status).toBe(201);
    const cancelled = await team.send(
      "PATCH",
      `/api/events/${id}`,
      { data: { type: "events", attributes: { status: "cancelled" } } },
      organiser.headers,
    );
    expect(cancelled.status).toBe(200);
    const [signup] = await api.database.db
      .select()
      .from(schema.signups)
      .where(eq(schema.signups.id, held.body.data.id));
    expect(signup?.state).toBe("cancelled");
    const [row] = await api.database.db
      .select()
      .from(schema.appointments)
      .where(eq(schema.appointments.id, appointment));
    expect(row?.placesTaken).toBe(0);
    const audit = await api.database.db
      .select()
      .from(schema.signupAudit)
      .where(eq(schema.signupAudit.signupId, held.body.data.id));
    expect(audit.at(-1)).toMatchObject({ action: "cancel", actorKind: "organiser", actorUserId: organiser.id });
    const mail = await team.mailTo(italian.email, /Evento annullato/);
    expect(mail.text).toContain("Trail del lago");
    const again = await team.send(
      "PATCH",
      `/api/events/${id}`,
      { data: { type: "events", attributes: { status: "published" } } },
      organiser.headers,
    );
    expect([again.status, again.body.errors[0].code]).toEqual([409, "wrong-state"]);
  });
});

describe("the organiser's appointments", () => {
  it("adds, changes and deletes one; staff are refused", async () => {
    const id = await made();
    const appointment = await appointmentOf(id, { bibFirst: 1, bibLast: 500, gender: "female", minAge: 18 });
    const read = await team.send("GET", `/api/console/events/${id}`, undefined, organiser.headers);
    expect(read.body.included[0].attributes).toMatchObject({ bibFirst: 1, bibLast: 500, gender: "female", minAge: 18 });
    const staff = await team.staff();
    const refused = await team.send("DELETE", `/api/appointments/${appointment}`, undefined, staff.headers);
    expect(refused.status).toBe(403);
    const changed = await team.send(
      "PATCH",
      `/api/appointments/${appointment}`,
      {
        data: {
          type: "appointments",
          attributes: {
            capacity: 10,
            priceTiers: [
              { until: "2027-05-31", amount: 2500 },
              { until: null, amount: 3000 },
            ],
          },
        },
      },
      organiser.headers,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.attributes.capacity).toBe(10);
    const bibs = await team.send(
      "PATCH",
      `/api/appointments/${appointment}`,
      { data: { type: "appointments", attributes: { bibFirst: 600 } } },
      organiser.headers,
    );
    expect(bibs.body.errors[0]).toMatchObject({
      code: "below-first-bib",
      source: { pointer: "/data/attributes/bibLast" },
    });
    expect((await team.send("DELETE", `/api/appointments/${appointment}`, undefined, organiser.headers)).status).toBe(
      204,
    );
    const log = await team.send(
      "GET",
      `/api/audit-entries?filter[subjectType]=appointments&filter[subjectId]=${appointment}`,
      undefined,
      organiser.headers,
    );
    expect(log.body.data.map((entry: any) => entry.attributes.action)).toEqual(["delete", "update", "create"]);
  });

  it("points at the price tier at fault, and says each number's bound", async () => {
    const id = await made();
    const answer = await team.send(
      "POST",
      `/api/events/${id}/appointments`,
      newAppointment({
        capacity: -1,
        priceTiers: [
          { until: null, amount: -5 },
          { until: "2027-05-31", amount: 2500 },
          { until: null, amount: 3000 },
        ],
      }),
      organiser.headers,
    );
    expect(answer.status).toBe(400);
    const errors = answer.body.errors.map((error: any) => [error.source.pointer, error.code, error.meta]);
    expect(errors).toEqual(
      expect.arrayContaining([
        ["/data/attributes/capacity", "number-too-small", { min: 0 }],
        ["/data/attributes/priceTiers/0/amount", "number-too-small", { min: 0 }],
        ["/data/attributes/priceTiers/2/until", "one-open-tier", undefined],
      ]),
    );
  });

  it("never lowers the capacity below the places taken (409 capacity-below-taken), even against a hold made at once", async () => {
    const id = await made();
    const appointment = await appointmentOf(id, { capacity: 3 });
    await publish(id);
    const first = await signups.visitor();
    expect((await signups.start(first.token, appointment)).status).toBe(201);
    const lower = (capacity: number) =>
      team.send(
        "PATCH",
        `/api/appointments/${appointment}`,
        { data: { type: "appointments", attributes: { capacity } } },
        organiser.headers,
      );
    const below = await lower(0);
    expect([below.status, below.body.errors[0].code]).toEqual([409, "capacity-below-taken"]);
    // A hold and a change to capacity 1 at the same moment: whichever comes second is refused.
    const second = await signups.visitor();
    const [hold, change] = await Promise.all([signups.start(second.token, appointment), lower(1)]);
    const [row] = await api.database.db
      .select()
      .from(schema.appointments)
      .where(eq(schema.appointments.id, appointment));
    expect(row?.placesTaken ?? 0).toBeLessThanOrEqual(row?.capacity ?? 0);
    expect([hold.status, change.status].sort()).toEqual(hold.status === 201 ? [201, 409] : [200, 409]);
    const refused = await team.send("DELETE", `/api/appointments/${appointment}`, undefined, organiser.headers);
    expect([refused.status, refused.body.errors[0].code]).toEqual([409, "has-signups"]);
  });
});

describe("the organiser's stays and room types", () => {
  it("adds a stay and a room type, and never lowers the rooms below those booked (409 rooms-below-booked)", async () => {
    const id = await made();
    const appointment = await appointmentOf(id, { capacity: 10 });
    const stay = await team.send(
      "POST",
      `/api/events/${id}/stays`,
      {
        data: {
          type: "stays",
          attributes: {
            slug: "hotel",
            name: { "it-IT": "Albergo" },
            firstNight: "2027-06-09",
            lastNight: "2027-06-10",
          },
        },
      },
      organiser.headers,
    );
    expect(stay.status).toBe(201);
    const stayId = stay.body.data.id;
    const room = await team.send(
      "POST",
      `/api/stays/${stayId}/room-types`,
      {
        data: {
          type: "room-types",
          attributes: {
            name: { "it-IT": "Doppia", "en-US": "Double" },
            guests: 2,
            pricePerNight: 8000,
            roomsPerNight: 3,
          },
        },
      },
      organiser.headers,
    );
    expect(room.status).toBe(201);
    const roomId = room.body.data.id;
    await publish(id);
    const visitor = await signups.visitor();
    const held = await signups.start(visitor.token, appointment);
    const booked = await signups.stays(visitor.token, held.body.data.id, [
      { roomTypeId: roomId, checkIn: "2027-06-09", checkOut: "2027-06-11", rooms: 2, guests: 2 },
    ]);
    expect(booked.status).toBe(200);
    const rooms = (roomsPerNight: number) =>
      team.send(
        "PATCH",
        `/api/room-types/${roomId}`,
        { data: { type: "room-types", attributes: { roomsPerNight } } },
        organiser.headers,
      );
    const below = await rooms(1);
    expect([below.status, below.body.errors[0].code]).toEqual([409, "rooms-below-booked"]);
    const wrong = await team.send(
      "PATCH",
      `/api/room-types/${roomId}`,
      { data: { type: "room-types", attributes: { guests: 0, roomsPerNight: 20_000 } } },
      organiser.headers,
    );
    expect(wrong.body.errors.map((error: any) => [error.source.pointer, error.code, error.meta])).toEqual([
      ["/data/attributes/guests", "number-too-small", { min: 1 }],
      ["/data/attributes/roomsPerNight", "number-too-big", { max: 10_000 }],
    ]);
    expect((await rooms(2)).status).toBe(200);
    const nights = await api.database.db
      .select()
      .from(schema.roomNights)
      .where(eq(schema.roomNights.roomTypeId, roomId));
    expect(nights.map((night) => night.rooms)).toEqual([2, 2]);
    const shorter = await team.send(
      "PATCH",
      `/api/stays/${stayId}`,
      { data: { type: "stays", attributes: { lastNight: "2027-06-09" } } },
      organiser.headers,
    );
    expect([shorter.status, shorter.body.errors[0].code]).toEqual([409, "has-signups"]);
    const gone = await team.send("DELETE", `/api/room-types/${roomId}`, undefined, organiser.headers);
    expect([gone.status, gone.body.errors[0].code]).toEqual([409, "has-signups"]);
    const read = await team.send("GET", `/api/console/events/${id}`, undefined, organiser.headers);
    const included = read.body.included.find((resource: any) => resource.type === "stays");
    expect(included.attributes.roomTypes[0]).toMatchObject({
      name: { "it-IT": "Doppia", "en-US": "Double" },
      roomsPerNight: 2,
    });
  });
});

describe("the organiser's pages", () => {
  it("adds a page and changes its texts by language; the public reads it in one", async () => {
    const made = await team.send(
      "POST",
      "/api/pages",
      { data: { type: "pages", attributes: { slug: "come-arrivare", title: { "it-IT": "Come arrivare" } } } },
      organiser.headers,
    );
    expect(made.status).toBe(201);
    const taken = await team.send(
      "POST",
      "/api/pages",
      { data: { type: "pages", attributes: { slug: "come-arrivare", title: { "it-IT": "Altro" } } } },
      organiser.headers,
    );
    expect(taken.body.errors[0]).toMatchObject({ code: "slug-taken", source: { pointer: "/data/attributes/slug" } });
    const changed = await team.send(
      "PATCH",
      "/api/pages/come-arrivare",
      { data: { type: "pages", attributes: { body: { "it-IT": "In treno.\n\nIn auto.", "en-US": "By train." } } } },
      organiser.headers,
    );
    expect(changed.status).toBe(200);
    const staff = await team.staff();
    const refused = await team.send(
      "PATCH",
      "/api/pages/come-arrivare",
      { data: { type: "pages", attributes: {} } },
      staff.headers,
    );
    expect(refused.status).toBe(403);
    const read = await api.get("/api/pages/come-arrivare?locale=en-US");
    expect(read.body.data.attributes.body).toBe("By train.");
    const list = await team.send("GET", "/api/console/pages", undefined, organiser.headers);
    expect(list.body.data.find((page: any) => page.id === "come-arrivare").attributes.title).toEqual({
      "it-IT": "Come arrivare",
    });
  });
});
