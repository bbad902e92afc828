import { schema } from "@sports/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALLOWED_METHODS } from "../app.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";
import { consoleEvent } from "./testing/console-event.ts";

/**
 * Every endpoint of the organiser's console, walked by each kind of caller on real records: an
 * anonymous visitor gets 401, a runner 403, staff 403 where only an organiser may (and get past the
 * door where the team may), the organiser past the door everywhere. The first test holds this table
 * to the API's own list of endpoints, so a new one cannot be left out.
 */

type Who = "team" | "organiser";

const CONSOLE: [method: string, template: string, who: Who][] = [
  ["GET", "/audit-entries", "organiser"],
  ["POST", "/events", "organiser"],
  ["PATCH", "/events/:event", "organiser"],
  ["DELETE", "/events/:event", "organiser"],
  ["POST", "/events/:event/appointments", "organiser"],
  ["POST", "/events/:event/stays", "organiser"],
  ["PATCH", "/appointments/:appointment", "organiser"],
  ["DELETE", "/appointments/:appointment", "organiser"],
  ["POST", "/pages", "organiser"],
  ["PATCH", "/pages/:slug", "organiser"],
  ["PATCH", "/stays/:stay", "organiser"],
  ["DELETE", "/stays/:stay", "organiser"],
  ["POST", "/stays/:stay/room-types", "organiser"],
  ["PATCH", "/room-types/:roomType", "organiser"],
  ["DELETE", "/room-types/:roomType", "organiser"],
  ["GET", "/console/events", "team"],
  ["GET", "/console/events/:event", "team"],
  ["GET", "/console/events/:event/preview", "organiser"],
  ["GET", "/console/appointments/:appointment", "team"],
  ["GET", "/console/stays/:stay", "team"],
  ["GET", "/console/pages", "team"],
  ["GET", "/console/pages/:slug", "team"],
  ["GET", "/events/:event/start-lists", "team"],
  ["GET", "/appointments/:appointment/start-list.csv", "team"],
  ["GET", "/appointments/:appointment/start-list.xlsx", "team"],
  ["POST", "/appointments/:appointment/bib-assignments", "organiser"],
  ["GET", "/participants", "team"],
  ["PATCH", "/participants/:participant", "organiser"],
  ["POST", "/check-ins", "team"],
  ["DELETE", "/check-ins/:checkIn", "team"],
  ["GET", "/events/:event/check-in-tallies", "team"],
  ["GET", "/appointments/:appointment/signups", "team"],
  ["GET", "/events/:event/signups", "team"],
  ["GET", "/events/:event/participants", "team"],
  ["GET", "/console/signups/:signup", "team"],
  ["POST", "/console/signups/:signup/notes", "organiser"],
  ["POST", "/console/signups/:signup/refunds", "organiser"],
  ["POST", "/console/signups/:signup/cancellation", "organiser"],
  ["POST", "/console/signups/:signup/mails", "organiser"],
  ["PATCH", "/console/participants/:participant", "organiser"],
  ["GET", "/console/participants/:participant/certificate", "organiser"],
  ["GET", "/team-members", "organiser"],
  ["POST", "/appointments/:appointment/result-imports", "organiser"],
  ["PATCH", "/result-imports/:resultImport", "organiser"],
  ["PATCH", "/results/:result", "organiser"],
  ["POST", "/team-members", "organiser"],
  ["DELETE", "/team-members/:member", "organiser"],
  ["GET", "/dashboard", "team"],
  ["GET", "/events/:event/dashboard", "team"],
  ["GET", "/appointments/:appointment/message-audience", "organiser"],
  ["POST", "/appointments/:appointment/messages", "organiser"],
  ["GET", "/appointments/:appointment/waiting-list-entries", "team"],
  ["PUT", "/events/:event/cover", "organiser"],
  ["PUT", "/appointments/:appointment/course", "organiser"],
  ["DELETE", "/appointments/:appointment/course", "organiser"],
  ["POST", "/signups/:signup/payments", "organiser"],
  ["GET", "/console/transfers", "organiser"],
  ["POST", "/console/transfers", "organiser"],
  ["GET", "/discount-codes", "organiser"],
  ["POST", "/discount-codes", "organiser"],
  ["PATCH", "/discount-codes/:discountCode", "organiser"],
  ["DELETE", "/discount-codes/:discountCode", "organiser"],
  ["GET", "/organisation", "organiser"],
  ["PATCH", "/organisation", "organiser"],
  ["GET", "/billing-documents", "organiser"],
  ["GET", "/billing-documents/export.zip", "organiser"],
  ["POST", "/billing-documents/notifications", "organiser"],
  ["POST", "/billing-documents/:billingDocument/replacement", "organiser"],
  ["GET", "/events/:event/card-lists", "organiser"],
  ["POST", "/events/:event/card-lists", "organiser"],
  ["PATCH", "/card-lists/:cardList", "organiser"],
  ["GET", "/events/:event/club-entries", "team"],
  ["POST", "/clubs/:club/messages", "organiser"],
];

/** What anyone may do, or a runner to their own records: everything that is not the console's. */
const NOT_CONSOLE = new Set([
  "GET /waiting-list-entries",
  "POST /waiting-list-entries",
  "GET /waiting-list-entries/:id",
  "DELETE /waiting-list-entries/:id",
  "GET /opening-alerts",
  "POST /opening-alerts",
  "GET /opening-alerts/:id",
  "DELETE /opening-alerts/:id",
  "GET /transfers",
  "POST /transfers",
  "GET /events",
  "GET /events/:id",
  "GET /events/:id/appointments",
  "GET /events/:id/stays",
  "GET /appointments/:id",
  "GET /appointments/:id/course",
  "GET /appointments/:id/course.gpx",
  "GET /pages/:slug",
  "POST /users",
  "GET /users/me",
  "PATCH /users/me",
  "DELETE /users/me",
  "POST /sessions",
  "DELETE /sessions/current",
  "POST /password-resets",
  "PATCH /password-resets/:token",
  "POST /email-verifications/:token",
  "POST /team-invitations/:token",
  "GET /athlete-links/:token",
  "PATCH /athlete-links/:token",
  "POST /athlete-links/:token/certificates",
  "GET /signups",
  "POST /signups",
  "GET /signups/:id",
  "PATCH /signups/:id",
  "PATCH /signups/:id/participants",
  "DELETE /signups/:id/participants/:participantId",
  "PATCH /signups/:id/stay-bookings",
  "POST /signups/:id/certificates",
  "GET /signups/:id/certificates/:certificateId",
  "GET /signups/:id/calendar",
  "GET /users/me/participants",
  "POST /payments",
  "GET /payments/:id",
  "POST /webhooks/:provider",
  "POST /demo-payments/:id",
  // Results: public once published, the team's before (packages/api/src/results/results.test.ts).
  "GET /appointments/:id/results",
  "GET /appointments/:id/results.csv",
  "GET /appointments/:id/results.xlsx",
  "GET /appointments/:id/results.xml",
  "GET /results/:id",
  "GET /results/:id/diploma.pdf",
  "GET /users/me/results",
  "GET /diplomas/:code",
  // Billing documents: their signup's owner's, and any for an organiser (packages/api/src/billing/billing.test.ts).
  "GET /signups/:id/billing-documents",
  "GET /billing-documents/:file",
  // Clubs: their managers' alone, anyone else 404 (packages/api/src/clubs/clubs.test.ts).
  "GET /clubs",
  "POST /clubs",
  "GET /clubs/:id",
  "PATCH /clubs/:id",
  "GET /clubs/:id/athletes",
  "POST /clubs/:id/athletes",
  "GET /clubs/:id/athletes/:athleteId",
  "PATCH /clubs/:id/athletes/:athleteId",
  "DELETE /clubs/:id/athletes/:athleteId",
  "POST /clubs/:id/manager-invitations",
  "POST /club-manager-invitations",
  // Club entries: the club's managers' (packages/api/src/club-entries/).
  "POST /appointments/:id/club-entries",
  "GET /club-entries/:id",
  "PATCH /club-entries/:id",
  "GET /club-entries/:id/missing",
  "POST /club-entries/:id/missing/:participantId/link",
  "GET /clubs/:id/club-entries",
]);

const generic = (template: string) => template.replace(/:\w+/g, ":x");

let api: TestApi;
let ids: Record<string, string>;
const team = teamClient(() => api);
let people: { runner: Record<string, string>; staff: Record<string, string>; organiser: Record<string, string> };

beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER] });
  const { db } = api.database;
  const world = await consoleEvent(db, NOW);
  const [participant] = await db
    .select({ id: schema.participants.id })
    .from(schema.participants)
    .where(eq(schema.participants.signupId, world.confirmedToday.signup.id));
  await db.insert(schema.contentPages).values({ slug: "about", title: { "en-US": "About" }, body: {} });
  const runner = await team.runner();
  ids = {
    event: world.event.id,
    appointment: world.tenK.id,
    stay: world.stay.id,
    roomType: world.stay.roomTypes[0]?.id ?? "",
    signup: world.confirmedToday.signup.id,
    participant: participant?.id ?? "",
    slug: "about",
    member: runner.id,
    // The door is shut before any code is looked up: an id naming none will do.
    discountCode: "00000000-0000-4000-8000-000000000000",
    checkIn: "00000000-0000-4000-8000-000000000000",
    resultImport: "00000000-0000-4000-8000-000000000000",
    result: "00000000-0000-4000-8000-000000000000",
    billingDocument: "00000000-0000-4000-8000-000000000000",
    cardList: "00000000-0000-4000-8000-000000000000",
    club: "00000000-0000-4000-8000-000000000000",
  };
  people = {
    runner: runner.headers,
    staff: (await team.staff()).headers,
    organiser: (await team.organiser()).headers,
  };
}, 60_000);
afterAll(() => api?.database.close());

function request(method: string, template: string, headers: Record<string, string>) {
  const path = `/api${template.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? "")}`;
  const withBody = method !== "GET" && method !== "DELETE";
  // A cover is sent as the image itself; every other change as a JSON:API document.
  const cover = method === "PUT";
  return api.request(path, {
    method,
    headers: {
      "content-type": cover ? "image/png" : "application/vnd.api+json",
      accept: "application/vnd.api+json",
      ...headers,
    },
    ...(withBody
      ? {
          body: cover
            ? new Uint8Array([0x89, 0x50, 0x4e, 0x47])
            : JSON.stringify({ data: { type: "console-access", attributes: {} } }),
        }
      : {}),
  });
}

describe("the console's door, on every endpoint", () => {
  it("lists every endpoint the API serves as the console's or not", () => {
    const served = Object.entries(ALLOWED_METHODS).flatMap(([template, methods]) =>
      methods
        .split(", ")
        .filter((method) => method !== "HEAD")
        .map((method) => `${method} ${generic(template)}`),
    );
    const listed = [
      ...CONSOLE.map(([method, template]) => `${method} ${generic(template)}`),
      ...[...NOT_CONSOLE].map((entry) => generic(entry)),
    ];
    expect(new Set(listed).size).toBe(listed.length);
    expect([...served].sort()).toEqual([...listed].sort());
  });

  it.each(CONSOLE)("%s %s: 401 anonymous, 403 for a runner", async (method, template) => {
    const anonymous = await request(method, template, {});
    expect(anonymous.status).toBe(401);
    const runner = await request(method, template, people.runner);
    expect(runner.status).toBe(403);
    expect(["not-staff", "not-organiser"]).toContain((await runner.json()).errors[0].code);
  });

  it.each(CONSOLE)("%s %s: staff %s", async (method, template, who) => {
    const staff = await request(method, template, people.staff);
    if (who === "organiser") {
      expect(staff.status).toBe(403);
      expect((await staff.json()).errors[0].code).toBe("not-organiser");
    } else expect([401, 403]).not.toContain(staff.status);
  });
});
