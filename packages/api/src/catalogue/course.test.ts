import { onCatalogueChange, schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { type TrackPoint, writeGpx } from "@sports/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSOLE_ORGANISER, teamClient } from "../console/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

let api: TestApi;
const team = teamClient(() => api);
let organiser: Awaited<ReturnType<typeof team.organiser>>;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER] });
  organiser = await team.organiser();
});
afterAll(() => api.database.close());

const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

/** An out-and-back due north from Bologna: `length` metres out, climbing `climb` metres, the last 500 m flat. */
function outAndBack(length: number, climb: number): TrackPoint[] {
  const out: TrackPoint[] = [];
  for (let d = 0; d <= length; d += 10) {
    const elevation = 50 + (climb * Math.min(d, length - 500)) / (length - 500);
    out.push({ longitude: 11.3428, latitude: 44.4939 + d / METRES_PER_DEGREE, elevation });
  }
  return [...out, ...out.slice(0, -1).reverse()];
}

const GOOD_GPX = writeGpx("Hill & back", outAndBack(5000, 200), [
  { name: "Aid station", longitude: 11.3428, latitude: 44.4939 + 2500 / METRES_PER_DEGREE, elevation: 150 },
]);

async function newAppointment(status: "published" | "draft" = "published") {
  const event = await insertEvent(api.database.db, NOW, { status });
  return insertAppointment(api.database.db, event, { slug: `hill-${crypto.randomUUID().slice(0, 8)}` });
}

async function put(
  appointmentId: string,
  body: string | Uint8Array,
  contentType = "application/gpx+xml",
  headers: Record<string, string> = organiser.headers,
) {
  const response = await api.request(`/api/appointments/${appointmentId}/course`, {
    method: "PUT",
    headers: { "content-type": contentType, accept: "application/vnd.api+json", ...headers },
    body: body as BodyInit,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** What a refused upload must leave as it was: no course, the appointment's row, no audit line. */
async function state(appointmentId: string) {
  const { db } = api.database;
  return {
    courses: await db
      .select({ id: schema.appointmentCourses.appointmentId })
      .from(schema.appointmentCourses)
      .where(eq(schema.appointmentCourses.appointmentId, appointmentId)),
    appointment: (await db.select().from(schema.appointments).where(eq(schema.appointments.id, appointmentId)))[0],
    audit: await db
      .select({ action: schema.auditEntries.action })
      .from(schema.auditEntries)
      .where(eq(schema.auditEntries.subjectId, appointmentId)),
  };
}

describe("PUT /api/appointments/{id}/course", () => {
  it("computes the course from the organiser's GPX, shows it on the appointment and serves it to anyone", async () => {
    const appointment = await newAppointment();
    let changes = 0;
    const stop = onCatalogueChange(api.database.db, () => changes++);
    const answer = await put(appointment.id, GOOD_GPX);
    stop();
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      type: "courses",
      id: appointment.id,
      attributes: {
        distance: 10_000,
        elevationGain: 200,
        elevationLoss: 200,
        highest: 250,
        lowest: 50,
        waypoints: [{ name: "Aid station", distance: 2500, elevation: 150 }],
        gpxUrl: `/api/appointments/${appointment.id}/course.gpx`,
      },
    });
    expect(answer.body.data.attributes.track.length).toBeLessThan(10);
    expect(answer.body.data.attributes.profile.length).toBeLessThanOrEqual(300);
    // The kept catalogue pages were told to go.
    expect(changes).toBeGreaterThan(0);

    const read = await team.send("GET", `/api/appointments/${appointment.id}/course`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(answer.body.data);
    const shown = await team.send("GET", `/api/appointments/${appointment.id}`);
    expect(shown.body.data.attributes.course).toEqual({ distance: 10_000, elevationGain: 200, elevationLoss: 200 });

    const download = await api.request(`/api/appointments/${appointment.id}/course.gpx`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/gpx+xml; charset=utf-8");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${appointment.slug}.gpx"`);
    expect(await download.text()).toBe(GOOD_GPX);
    const head = await api.request(`/api/appointments/${appointment.id}/course.gpx`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("application/gpx+xml; charset=utf-8");

    const { audit } = await state(appointment.id);
    expect(audit).toEqual([{ action: "course-uploaded" }]);
  });

  it("replaces a previous course, and takes a route when the file has no track", async () => {
    const appointment = await newAppointment();
    expect((await put(appointment.id, GOOD_GPX)).status).toBe(200);
    const route = [
      '<?xml version="1.0"?>',
      '<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><rte>',
      '<rtept lat="44.0" lon="11.0"><ele>100</ele></rtept>',
      '<rtept lat="44.01" lon="11.0"><ele>100</ele></rtept>',
      "</rte></gpx>",
    ].join("");
    const answer = await put(appointment.id, route, "text/xml; charset=utf-8");
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes).toMatchObject({ distance: 1112, elevationGain: 0, waypoints: [] });
    const { courses, audit } = await state(appointment.id);
    expect(courses).toHaveLength(1);
    expect(audit.map((entry) => entry.action)).toEqual(["course-uploaded", "course-uploaded"]);
  });

  it("is the organiser's: 401 anonymous, 403 for staff and runners, nothing stored", async () => {
    const appointment = await newAppointment();
    const before = await state(appointment.id);
    expect((await put(appointment.id, GOOD_GPX, "application/gpx+xml", {})).status).toBe(401);
    const staff = await team.staff();
    const refused = await put(appointment.id, GOOD_GPX, "application/gpx+xml", staff.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe("not-organiser");
    const runner = await team.runner();
    expect((await put(appointment.id, GOOD_GPX, "application/gpx+xml", runner.headers)).status).toBe(403);
    expect(await state(appointment.id)).toEqual(before);
    expect((await put(crypto.randomUUID(), GOOD_GPX)).status).toBe(404);
    expect((await put("not-a-uuid", GOOD_GPX)).status).toBe(404);
  });

  const trackOf = (points: string) =>
    `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${points}</trkseg></trk></gpx>`;
  const BAD_FILES: [name: string, body: () => string | Uint8Array, status: number, code: string, type?: string][] = [
    ["plain text", () => "this is not a course", 422, "gpx-not-xml"],
    ["malformed XML", () => '<gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="1"></trk></gpx>', 422, "gpx-not-xml"],
    ["XML that is not GPX", () => '<?xml version="1.0"?><kml><Placemark/></kml>', 422, "gpx-not-xml"],
    ["a file that is not UTF-8", () => new Uint8Array([0x3c, 0x67, 0xff, 0xfe, 0x3e]), 422, "gpx-not-xml"],
    ["an empty body", () => "", 422, "gpx-not-xml"],
    ["a GPX without a track", () => '<gpx version="1.1"><wpt lat="1" lon="1"/></gpx>', 422, "gpx-no-track"],
    ["a track of one point", () => trackOf('<trkpt lat="1" lon="1"/>'), 422, "gpx-no-track"],
    [
      "a track of points out of range",
      () => trackOf('<trkpt lat="91" lon="1"/><trkpt lat="95" lon="1"/>'),
      422,
      "gpx-no-track",
    ],
    [
      "a DOCTYPE",
      () =>
        trackOf('<trkpt lat="1" lon="1"/><trkpt lat="2" lon="1"/>').replace(
          "?>",
          '?><!DOCTYPE gpx SYSTEM "file:///etc/passwd">',
        ),
      422,
      "gpx-doctype",
    ],
    [
      "an entity expansion bomb",
      () =>
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><gpx>&lol2;</gpx>',
      422,
      "gpx-doctype",
    ],
    ["an ENTITY without a DOCTYPE", () => '<!ENTITY x SYSTEM "http://example.org/x"><gpx/>', 422, "gpx-doctype"],
    ["over 5 MB", () => `<gpx>${" ".repeat(5 * 1024 * 1024)}</gpx>`, 413, "gpx-too-large"],
    ["more than 200,000 points", () => trackOf('<trkpt lat="1" lon="1"/>'.repeat(200_001)), 422, "gpx-too-many-points"],
    [
      "100,000 nested elements",
      () =>
        trackOf(`<trkpt lat="1" lon="1"/><trkpt lat="2" lon="1"/>${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}`),
      422,
      "gpx-too-deep",
    ],
    ["JSON", () => GOOD_GPX, 415, "unsupported-media-type", "application/json"],
    ["an image type", () => GOOD_GPX, 415, "unsupported-media-type", "image/png"],
  ];

  it.each(BAD_FILES)("refuses %s, leaving the database as it was", async (_name, body, status, code, type) => {
    const appointment = await newAppointment();
    const before = await state(appointment.id);
    const answer = await put(appointment.id, body(), type ?? "application/gpx+xml");
    expect(answer.status).toBe(status);
    expect(answer.body.errors[0].code).toBe(code);
    expect(answer.body.errors[0].title).toEqual(expect.any(String));
    expect(answer.body.errors[0].detail).toEqual(expect.any(String));
    const after = await state(appointment.id);
    expect(after).toEqual(before);
    expect(after.courses).toEqual([]);
    expect(after.audit).toEqual([]);
  });

  it("stores a waypoint's name as plain text, without the markup the file held", async () => {
    const appointment = await newAppointment();
    const named = GOOD_GPX.replace(
      "<name>Aid station</name>",
      "<name>&lt;img src=x onerror=alert(1)&gt;Aid &lt;b&gt;station&lt;/b&gt;</name>",
    );
    const answer = await put(appointment.id, named);
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes.waypoints).toMatchObject([{ name: "Aid station" }]);
    const stored = await api.database.db
      .select({ waypoints: schema.appointmentCourses.waypoints })
      .from(schema.appointmentCourses)
      .where(eq(schema.appointmentCourses.appointmentId, appointment.id));
    expect(stored[0]?.waypoints).toMatchObject([{ name: "Aid station" }]);
  });

  it("keeps the course a bad file would have replaced", async () => {
    const appointment = await newAppointment();
    await put(appointment.id, GOOD_GPX);
    const before = await state(appointment.id);
    expect((await put(appointment.id, "<gpx><trk/></gpx>")).status).toBe(422);
    expect(await state(appointment.id)).toEqual(before);
    expect((await team.send("GET", `/api/appointments/${appointment.id}/course`)).status).toBe(200);
  });
});

describe("the course's reads and removal", () => {
  it("serves no course for an appointment without one, nor for one whose event is a draft", async () => {
    const without = await newAppointment();
    expect((await team.send("GET", `/api/appointments/${without.id}/course`)).status).toBe(404);
    expect((await api.request(`/api/appointments/${without.id}/course.gpx`)).status).toBe(404);
    expect((await team.send("GET", `/api/appointments/${without.id}`)).body.data.attributes.course).toBeNull();
    const draft = await newAppointment("draft");
    expect((await put(draft.id, GOOD_GPX)).status).toBe(200);
    expect((await team.send("GET", `/api/appointments/${draft.id}/course`)).status).toBe(404);
    expect((await api.request(`/api/appointments/${draft.id}/course.gpx`)).status).toBe(404);
    // The console sees the figures of a draft's course.
    const console = await team.send("GET", `/api/console/appointments/${draft.id}`, undefined, organiser.headers);
    expect(console.body.data.attributes.course).toEqual({ distance: 10_000, elevationGain: 200, elevationLoss: 200 });
  });

  it("DELETE removes the course (organisers only), with its audit line", async () => {
    const appointment = await newAppointment();
    await put(appointment.id, GOOD_GPX);
    const staff = await team.staff();
    const refused = await api.request(`/api/appointments/${appointment.id}/course`, {
      method: "DELETE",
      headers: staff.headers,
    });
    expect(refused.status).toBe(403);
    let changes = 0;
    const stop = onCatalogueChange(api.database.db, () => changes++);
    const removed = await api.request(`/api/appointments/${appointment.id}/course`, {
      method: "DELETE",
      headers: organiser.headers,
    });
    stop();
    expect(removed.status).toBe(204);
    expect(changes).toBeGreaterThan(0);
    const { courses, appointment: row, audit } = await state(appointment.id);
    expect(courses).toEqual([]);
    expect(row).toMatchObject({ courseDistance: null, courseElevationGain: null, courseElevationLoss: null });
    expect(audit.map((entry) => entry.action)).toEqual(["course-uploaded", "course-removed"]);
    expect((await team.send("GET", `/api/appointments/${appointment.id}/course`)).status).toBe(404);
    const again = await api.request(`/api/appointments/${appointment.id}/course`, {
      method: "DELETE",
      headers: organiser.headers,
    });
    expect(again.status).toBe(404);
  });
});
