import { readFileSync } from "node:fs";
import { type DatabaseHandle, schema } from "@sports/db";
import { CONSOLE_PATTERNS, consolePath, ROUTE_PATTERNS } from "@sports/jsonapi";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredRunner } from "./testing/runner.ts";
import { formPost, openAppointment } from "./testing/signup.ts";
import { builtRoutes, openDemoSite, type SiteApp, teamMember } from "./testing/site-app.ts";

/**
 * Generated requests to the site's pages, thousands of them, aimed at the pages that take a form
 * (every route with an action, the console's included): bodies that are not forms, methods a page
 * does not take, forms that do not parse, forms of any fields. None may be answered with a 5xx;
 * a body that is not a form is refused with 415, a method the page does not take with 405 and
 * the methods it does take (docs/behaviour.md, "Error pages").
 */

const MIN_REQUESTS = 2_000;
const RUN_TIMEOUT = 300_000;
const LANGUAGES = ["", "/it-IT", "/en-US", "/de-DE", "/fr-FR", "/es-ES"];
const FORM_METHODS = "GET, HEAD, POST";
const PAGE_METHODS = "GET, HEAD";

let database: DatabaseHandle;
let app: SiteApp;
/** Each page that takes a form, by its route's id (apps/web/app/routes.ts), at an address of the demo's. */
let formPages: Record<string, string>;
/** Pages that take no form. */
let otherPages: string[];
/** No cookie, and the cookies of a runner with a held signup, an organiser, a staff member, a session of no one's. */
let cookies: string[];
let sent = 0;

/** The path of a route pattern with its parameters filled in (an optional one left out). */
const fill = (pattern: string, values: Record<string, string>) =>
  `/${pattern.replace(/:(\w+)(\?)?/g, (_, name: string, optional) => values[name] ?? (optional ? "" : "x"))}`.replace(
    /\/\/+/g,
    "/",
  );

beforeAll(async () => {
  ({ database, app } = await openDemoSite());
  const runner = `session=${(await registeredRunner(app, "Ada")).token}`;
  const [organiser, staff] = await Promise.all([
    teamMember({ app, database }, "Olga", "organiser"),
    teamMember({ app, database }, "Sara", "staff"),
  ]);
  cookies = ["", runner, organiser.cookie, staff.cookie, "session=nobodys-session-token-0000000000000000000000"];

  const { appointmentId, page } = await openAppointment(app);
  const [, slug, slug1] = page.match(/^\/evento\/([^/]+)\/appuntamento\/([^/]+)$/) ?? [];
  const held = await app.request(page, formPost(runner, { appointment: appointmentId }));
  const signupId = held.headers.get("location")?.match(/iscrizione\/([^/?]+)/)?.[1];
  if (!slug || !slug1 || !signupId) throw new Error(`no signup held on ${page}: ${held.status}`);
  const [event] = await database.db.select().from(schema.events).where(eq(schema.events.slug, slug));
  const [stay] = await database.db.select().from(schema.stays).limit(1);
  const [content] = await database.db.select().from(schema.contentPages).limit(1);
  const site = { slug, slug1, id: signupId };
  // A club the runner manages, for its page's forms.
  const club = await app.request("/api/clubs", {
    method: "POST",
    headers: { "content-type": "application/vnd.api+json", accept: "application/vnd.api+json", cookie: runner },
    body: JSON.stringify({
      data: { type: "clubs", attributes: { name: "Atletica Valle", contactEmail: "v@example.org" } },
    }),
  });
  const clubId = ((await club.json()) as { data?: { id?: string } }).data?.id;
  if (!clubId) throw new Error(`no club made: ${club.status}`);
  const id = (value: string | undefined) => ({ id: value ?? crypto.randomUUID() });
  formPages = {
    appointment: fill(ROUTE_PATTERNS.appointment, site),
    event: fill(ROUTE_PATTERNS.event, site),
    "waiting-room": fill(ROUTE_PATTERNS.waitingRoom, site),
    login: fill(ROUTE_PATTERNS.login, site),
    registration: fill(ROUTE_PATTERNS.registration, site),
    "reset-password": fill(ROUTE_PATTERNS.resetPassword, site),
    "team-invitation": fill(ROUTE_PATTERNS.teamInvitation, site),
    athlete: fill(ROUTE_PATTERNS.athlete, site),
    clubs: fill(ROUTE_PATTERNS.clubs, {}),
    club: fill(ROUTE_PATTERNS.club, { clubId }),
    "club-invitation": fill(ROUTE_PATTERNS.clubInvitation, {}),
    profile: fill(ROUTE_PATTERNS.profile, site),
    transfer: fill(ROUTE_PATTERNS.transfer, id(undefined)),
    "payment-result": fill(ROUTE_PATTERNS.paymentResult, site),
    "demo-payment": fill(ROUTE_PATTERNS.demoPayment, id(undefined)),
    signup: fill(ROUTE_PATTERNS.signup, site),
    "signup-recap": fill(ROUTE_PATTERNS.signupRecap, site),
    "signup-stays": fill(ROUTE_PATTERNS.signupStays, site),
    "club-entry": fill(ROUTE_PATTERNS.clubEntry, { clubId, entryId: crypto.randomUUID() }),
    "console-check-in": fill(CONSOLE_PATTERNS.checkIn, {}),
    "console-certificates": fill(CONSOLE_PATTERNS.certificates, id(event?.id)),
    "console-event-cover": fill(CONSOLE_PATTERNS.eventCover, id(event?.id)),
    "console-discount-codes": fill(CONSOLE_PATTERNS.discountCodes, id(event?.id)),
    "console-event-club-entries": fill(CONSOLE_PATTERNS.eventClubEntries, id(event?.id)),
    "console-event-card-lists": fill(CONSOLE_PATTERNS.eventCardLists, id(event?.id)),
    "console-new-event": fill(CONSOLE_PATTERNS.newEvent, {}),
    "console-event": fill(CONSOLE_PATTERNS.event, id(event?.id)),
    "console-message": fill(CONSOLE_PATTERNS.message, id(appointmentId)),
    "console-page": fill(CONSOLE_PATTERNS.page, { slug: content?.slug ?? "x" }),
    "console-pages": fill(CONSOLE_PATTERNS.pages, {}),
    "console-signup": fill(CONSOLE_PATTERNS.signup, id(signupId)),
    "console-start-lists": fill(CONSOLE_PATTERNS.startLists, id(event?.id)),
    "console-stay": fill(CONSOLE_PATTERNS.stay, id(stay?.id)),
    "console-team": fill(CONSOLE_PATTERNS.team, {}),
    "console-appointment": fill(CONSOLE_PATTERNS.appointment, id(appointmentId)),
    "console-appointment-results": fill(CONSOLE_PATTERNS.appointmentResults, id(appointmentId)),
    "console-organisation": fill(CONSOLE_PATTERNS.organisation, {}),
    "console-billing-documents": fill(CONSOLE_PATTERNS.billingDocuments, {}),
  };
  otherPages = [
    "/",
    fill(ROUTE_PATTERNS.events, {}),
    fill(ROUTE_PATTERNS.page, { slug: content?.slug ?? "x" }),
    fill(ROUTE_PATTERNS.ticket, id(undefined)),
    "/no/such/page",
    fill(CONSOLE_PATTERNS.home, {}),
    fill(CONSOLE_PATTERNS.eventSignups, id(event?.id)),
    "/manifest.webmanifest",
    "/sitemap.xml",
    "/robots.txt",
  ];
}, 60_000);
afterAll(() => database?.close());

// ---------------------------------------------------------------------------------------------
// Requests

type Payload = string | Uint8Array | FormData;

const short = (text: string) => (text.length > 300 ? `${text.slice(0, 200)}… (${text.length} characters)` : text);

/** One request, printed short when fast-check reports it. */
class Probe {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly payload: Payload | undefined;

  constructor(method: string, path: string, headers: Record<string, string>, payload?: Payload) {
    this.method = method;
    this.path = path;
    this.headers = headers;
    this.payload = payload;
  }

  init(): RequestInit {
    const body = this.method === "GET" || this.method === "HEAD" ? {} : { body: this.payload as BodyInit | undefined };
    return { method: this.method, headers: this.headers, ...body };
  }

  toString(): string {
    const headers = Object.entries(this.headers).map(([name, value]) => `${name}: ${short(value)}`);
    const { payload } = this;
    const body =
      payload === undefined
        ? ""
        : typeof payload === "string"
          ? JSON.stringify(short(payload))
          : payload instanceof Uint8Array
            ? `${payload.length} bytes`
            : "a multipart form";
    return `${this.method} ${short(this.path)} [${headers.join(" | ")}] ${body}`;
  }

  [fc.toStringMethod](): string {
    return this.toString();
  }
}

/** What a request must be answered with besides "not a 5xx": a status, and the methods its page takes. */
interface Expected {
  status?: number;
  allow?: string;
}

async function expectAnswered(request: Probe, expected: Expected): Promise<void> {
  const response = await app.request(request.path, request.init());
  sent++;
  const text = await response.text();
  const answer = `${request} answered ${response.status} ${short(text)}`;
  expect(response.status, answer).toBeLessThan(500);
  if (expected.status) expect(response.status, answer).toBe(expected.status);
  if (expected.allow) expect(response.headers.get("allow"), answer).toBe(expected.allow);
}

/** Where a request goes: a page in one of the languages, as a document or as React Router's data request. */
const addressOf = (page: string) =>
  fc.record({ language: fc.constantFrom(...LANGUAGES), data: fc.boolean() }).map(({ language, data }) => {
    const path = `${language}${page}`.replace(/(.)\/$/, "$1") || "/";
    return data ? `${path === "/" ? "/_" : path}.data` : path;
  });

/** Who sends it, and from where: the site's own page, or no origin at all. */
const sender = fc
  .record({
    cookie: fc.nat({ max: 4 }),
    origin: fc.constantFrom("http://localhost", undefined),
    fetchSite: fc.constantFrom("same-origin", undefined),
  })
  .map(({ cookie, origin, fetchSite }) => ({
    ...(cookies[cookie] ? { cookie: cookies[cookie] as string } : {}),
    ...(origin ? { origin } : {}),
    ...(fetchSite ? { "sec-fetch-site": fetchSite } : {}),
  }));

const formPage = () => fc.constantFrom(...Object.keys(formPages)).map((id) => formPages[id] as string);

/** A body with the type it is sent as (none: no Content-Type). */
interface Body {
  type?: string;
  payload?: Payload;
}

const bytes = fc.uint8Array({ maxLength: 2_000 });
const text = fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: "grapheme", maxLength: 100 }));

/** Bodies of a type that is not a form. */
const notAForm: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({}),
  fc.record({ payload: text }),
  fc.record({ type: fc.constantFrom("text/plain", "text/plain; charset=utf-8"), payload: text }),
  fc.record({
    type: fc.constantFrom("application/json", "application/vnd.api+json"),
    payload: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  }),
  fc.record({
    type: fc.constantFrom(
      "application/octet-stream",
      "application/x-www-form-urlencoded-x",
      "multipart/mixed; boundary=x",
      "multipart/form-datax; boundary=x",
      "text/html",
      "application/xml",
      "form-data",
      "*/*",
      "",
    ),
    payload: fc.oneof(text, bytes),
  }),
);

/** Names the site's forms use, and others. */
const fieldName = fc.oneof(
  fc.constantFrom(
    "intent",
    "email",
    "password",
    "confirm",
    "redirectTo",
    "appointment",
    "signupId",
    "participantId",
    "entryId",
    "code",
    "codeId",
    "discountCode",
    "paymentMethod",
    "decision",
    "token",
    "status",
    "review",
    "reason",
    "amount",
    "text",
    "slug",
    "title",
    "body",
    "capacity",
    "startsAt",
    "endsAt",
    "priceTiers",
    "room.guests",
    "roomTypeId",
    "title.it-IT",
    "body.en-US",
    "subject-it-IT",
    "body-it-IT",
    "venue.name",
    "givenName",
    "member",
    "participant",
    "participants[0].givenName",
    "participants[0].birthDate",
    "consents",
    "file",
    "gpx",
    "cover",
    "medicalCertificate",
    "__proto__",
  ),
  fc.string({ maxLength: 20 }),
);
/** Every intent the site's actions tell apart, but logging out (a run keeps its sessions). */
const intent = fc.constantFrom(
  "personal-data",
  "email",
  "password",
  "delete",
  "cancel-signup",
  "certificate",
  "leave-waiting-list",
  "create",
  "update",
  "add-room",
  "appointment",
  "course-remove",
  "course-upload",
  "delete-room",
  "delete-stay",
  "discount",
  "drop-opening-alert",
  "invite",
  "opening-alert",
  "pay",
  "pay-fee",
  "remove",
  "remove-discount",
  "room",
  "stay",
  "switch-off",
  "switch-on",
  "transfer",
  "waiting-list",
  "cancel",
  "skip",
  "verify",
  "fix",
  "hold",
  "resend",
  "remove-athlete",
);
/** 100 kB to 1 MB. */
const hugeText = fc.integer({ min: 100_000, max: 1_000_000 }).map((length) => "é".repeat(length));
const fieldValue = fc.oneof(
  { arbitrary: text, weight: 6 },
  { arbitrary: intent, weight: 3 },
  { arbitrary: fc.uuid(), weight: 2 },
  { arbitrary: fc.constantFrom("", "0", "-1", "1e309", "2027-02-30", "true", "on", "null"), weight: 2 },
  { arbitrary: hugeText, weight: 1 },
);
const fields = fc.array(
  fc.oneof(
    { arbitrary: fc.tuple(fc.constant("intent"), intent), weight: 1 },
    { arbitrary: fc.tuple(fieldName, fieldValue), weight: 3 },
  ),
  { maxLength: 8 },
);
const file = fc
  .record({
    bytes,
    type: fc.constantFrom("application/pdf", "image/jpeg", "application/gpx+xml", "text/plain", ""),
    name: fc.oneof(fc.constantFrom("a.pdf", "../../etc/passwd", "cover.jpg", ""), fc.string({ maxLength: 20 })),
  })
  .map(({ bytes, type, name }) => new File([bytes], name, { type }));

const urlencoded = fc.constantFrom(
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=utf-8",
  "Application/X-WWW-Form-Urlencoded",
  "application/x-www-form-urlencoded; charset=latin1",
);

/** Forms that parse: any fields, any values, files among them. */
const aForm: fc.Arbitrary<Body> = fc.oneof(
  fc.record({
    type: urlencoded,
    payload: fc.oneof(
      fields.map((pairs) => new URLSearchParams(pairs).toString()),
      fc.oneof(text, fc.constantFrom("%ZZ=%%&a", "=&=&&", "a=%FF%FE", "intent=%00", "%E2%82")),
    ),
  }),
  fc.record({
    payload: fc.tuple(fields, fc.array(fc.tuple(fieldName, file), { maxLength: 2 })).map(([pairs, files]) => {
      const form = new FormData();
      for (const [name, value] of pairs) form.append(name, value);
      for (const [name, value] of files) form.append(name, value);
      return form;
    }),
  }),
);

/** A multipart body of `fields` between `boundary`s. */
const multipart = (boundary: string, pairs: [string, string][]) =>
  `${pairs.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("")}--${boundary}--\r\n`;

/** Multipart bodies that do not parse: no boundary, another one, cut short, parts without their headers. */
const brokenMultipart: fc.Arbitrary<Body> = fc.oneof(
  fc.record({ type: fc.constant("multipart/form-data"), payload: fc.oneof(text, bytes) }),
  fc.record({
    type: fc.constant("multipart/form-data; boundary=expected"),
    payload: fields.map((pairs) => multipart("another", pairs)),
  }),
  fc.tuple(fields, fc.nat()).map(([pairs, cut]) => {
    const body = multipart("cut", [["intent", "x"], ...pairs]);
    return { type: "multipart/form-data; boundary=cut", payload: body.slice(0, cut % (body.length - 12)) };
  }),
  fc.record({
    type: fc.constantFrom(
      "multipart/form-data; boundary=",
      'multipart/form-data; boundary="unclosed',
      `multipart/form-data; boundary=${"b".repeat(80)}`,
      "multipart/form-data; boundary=x; boundary=y",
      "MULTIPART/FORM-DATA; BOUNDARY=x",
    ),
    payload: fc.oneof(
      text,
      fields.map((pairs) => multipart("x", pairs)),
    ),
  }),
  fc.record({
    type: fc.constant("multipart/form-data; boundary=x"),
    payload: fc.oneof(
      fc.constantFrom(
        "",
        "--x--",
        "--x\r\n\r\nvalue\r\n--x--\r\n",
        "--x\r\nContent-Disposition: form-data\r\n\r\nv\r\n--x--",
      ),
      text.map((value) => `--x\r\n${value}\r\n--x--\r\n`),
    ),
  }),
);

function probe(method: string, path: string, headers: Record<string, string>, body: Body): Probe {
  const type: Record<string, string> = body.type === undefined ? {} : { "content-type": body.type };
  return new Probe(method, path, { ...headers, ...type }, body.payload);
}

/** A body that is not a form, posted to a page that takes forms: 415. */
function notForms(): fc.Arbitrary<[Probe, Expected]> {
  return fc
    .record({ path: formPage().chain(addressOf), headers: sender, body: notAForm })
    .map(({ path, headers, body }) => [probe("POST", path, headers, body), { status: 415 }]);
}

/** A method the page does not take: 405, with the ones it does. */
function wrongMethods(): fc.Arbitrary<[Probe, Expected]> {
  const others = ["PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "FOO"];
  return fc
    .oneof(
      fc.record({ page: formPage(), method: fc.constantFrom(...others), allow: fc.constant(FORM_METHODS) }),
      fc.record({
        page: fc.constantFrom(...otherPages),
        method: fc.constantFrom("POST", ...others),
        allow: fc.constant(PAGE_METHODS),
      }),
    )
    .chain(({ page, method, allow }) =>
      fc
        .record({ path: addressOf(page), headers: sender, body: fc.oneof(notAForm, aForm) })
        .map(({ path, headers, body }): [Probe, Expected] => [
          probe(method, path, headers, body),
          { status: 405, allow },
        ]),
    );
}

/** A multipart form that does not parse, posted to a page that takes forms. */
function brokenForms(): fc.Arbitrary<[Probe, Expected]> {
  return fc
    .record({ path: formPage().chain(addressOf), headers: sender, body: brokenMultipart })
    .map(({ path, headers, body }) => [probe("POST", path, headers, body), {}]);
}

/** Forms of any fields posted to a page that takes forms. */
function anyForms(): fc.Arbitrary<[Probe, Expected]> {
  return fc
    .record({ path: formPage().chain(addressOf), headers: sender, body: aForm })
    .map(({ path, headers, body }) => [probe("POST", path, headers, body), {}]);
}

const KINDS: [name: string, requests: () => fc.Arbitrary<[Probe, Expected]>, runs: number][] = [
  ["bodies that are not forms: 415", notForms, 500],
  ["methods the page does not take: 405 with the ones it does", wrongMethods, 400],
  ["multipart forms that do not parse", brokenForms, 400],
  ["forms of any fields", anyForms, 800],
];

describe("what the site answers to a request no form of its own sends", () => {
  const post = (path: string, type: string | undefined, body: string) =>
    app.request(path, { method: "POST", headers: type ? { "content-type": type } : {}, body });

  it("a body that is not a form: 415, the error page in the page's language", async () => {
    const answer = await post("/it-IT/login", "application/json", '{"email":"ada@example.org"}');
    expect(answer.status).toBe(415);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await answer.text();
    expect(html).toContain('<html lang="it-IT">');
    expect(html).toContain("<title>Errore 415 · Sport Events</title>");
    // React Router's data request for the same form is refused alike.
    expect((await post("/it-IT/login.data", "text/plain", "email=ada@example.org")).status).toBe(415);
  });

  it("a method the page does not take: 405, with the methods it takes", async () => {
    const put = await app.request("/login", { method: "PUT", body: "email=ada@example.org" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe(FORM_METHODS);
    const formOnList = await post("/evento", "application/x-www-form-urlencoded", "q=trail");
    expect(formOnList.status).toBe(405);
    expect(formOnList.headers.get("allow")).toBe(PAGE_METHODS);
  });

  it("a multipart form that does not parse: 400", async () => {
    const answer = await post("/login", "multipart/form-data; boundary=sent", "--another\r\nbroken");
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("<title>Error 400 · Sport Events</title>");
  });
});

describe("deleting an appointment in the console", () => {
  it("asks first, and deletes only once the organiser confirmed", async () => {
    const [unsigned] = await database.db
      .select()
      .from(schema.appointments)
      .where(and(eq(schema.appointments.placesTaken, 0), eq(schema.appointments.implicit, false)))
      .limit(1);
    if (!unsigned) throw new Error("The demo has no appointment without signups.");
    const path = consolePath("appointment", { id: unsigned.id });
    const fields = { intent: "delete", eventId: unsigned.eventId };
    const still = async () =>
      (await database.db.select().from(schema.appointments).where(eq(schema.appointments.id, unsigned.id))).length;
    const asked = await app.request(path, formPost(cookies[2] ?? "", fields));
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Delete this appointment for good?");
    expect(await still()).toBe(1);
    const deleted = await app.request(path, formPost(cookies[2] ?? "", { ...fields, confirm: "yes" }));
    expect(deleted.status).toBe(302);
    expect(await still()).toBe(0);
  });
});

describe("an appointment's prices sent as something else than rows", () => {
  it("answers the form again, never a 500 (a crafted `priceTiers=x`)", async () => {
    const [appointment] = await database.db
      .select()
      .from(schema.appointments)
      .where(eq(schema.appointments.implicit, false))
      .limit(1);
    if (!appointment) throw new Error("The demo has no appointment.");
    const path = consolePath("appointment", { id: appointment.id });
    const answer = await app.request(path, formPost(cookies[2] ?? "", { intent: "save", priceTiers: "x" }));
    expect(answer.status).toBe(200);
  });
});

describe("making a discount code in the console", () => {
  it("names the event, says codes take off stays too, and keeps the appointment for the next code", async () => {
    const [row] = await database.db
      .select({ appointment: schema.appointments, event: schema.events })
      .from(schema.appointments)
      .innerJoin(schema.events, eq(schema.events.id, schema.appointments.eventId))
      .where(eq(schema.appointments.implicit, false))
      .limit(1);
    if (!row) throw new Error("The demo has no appointment of its own.");
    const path = consolePath("discountCodes", { id: row.event.id });
    const fields = { intent: "create", code: "KEEPRACE", kind: "percent", value: "10", maxUses: "5" };
    const answer = await app.request(path, formPost(cookies[2] ?? "", { ...fields, appointment: row.appointment.id }));
    const html = await answer.text();
    expect(html).toContain("Code KEEPRACE created.");
    expect(html).toContain(`<h1>Discount codes: ${row.event.title["en-US"]}</h1>`);
    expect(html).toContain("the participants&#x27; fees and the stays (lodging)");
    expect(html).toMatch(new RegExp(`<option value="${row.appointment.id}" selected="">`));
  });
});

describe("an event's console page for staff", () => {
  it("says only organisers change it and offers no form to send", async () => {
    const [event] = await database.db.select().from(schema.events).limit(1);
    const path = consolePath("event", { id: event?.id ?? "" });
    const page = async (cookie: string) => (await app.request(path, { headers: { cookie } })).text();
    const notice = "Only organisers can change these details";
    const staff = await page(cookies[3] ?? "");
    expect(staff).toContain(notice);
    expect(staff).not.toMatch(/<form[^>]*class="console-form/);
    const organiser = await page(cookies[2] ?? "");
    expect(organiser).not.toContain(notice);
    expect(organiser).toMatch(/<form[^>]*class="console-form/);
  });
});

describe("a race's results in the console", () => {
  it("reads a timing file, remaps its bib, applies the dry run, corrects a line and publishes", async () => {
    const [race] = await database.db
      .select()
      .from(schema.appointments)
      .where(and(eq(schema.appointments.implicit, false), eq(schema.appointments.placesTaken, 0)))
      .limit(1);
    if (!race) throw new Error("The demo has no appointment without signups.");
    const path = `/it-IT${consolePath("appointmentResults", { id: race.id })}`;
    const organiser = cookies[2] ?? "";
    const send = async (body: FormData | Record<string, string>) => {
      const init =
        body instanceof FormData
          ? {
              method: "POST",
              headers: { cookie: organiser, origin: "http://localhost", "sec-fetch-site": "same-origin" },
              body,
            }
          : formPost(organiser, body);
      const answer = await app.request(path, init);
      expect(answer.status).toBe(200);
      return answer.text();
    };
    const upload = (csv: string) => {
      const form = new FormData();
      form.set("intent", "upload");
      form.set("file", new File([csv], "tempi.csv", { type: "text/csv" }));
      return send(form);
    };
    const importOf = (html: string) => /name="importId" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const preview = await upload(
      "\uFEFFNum. gara;Atleta;Tempo\n7;Rossi Ada;1:40:00\n8;Verdi Bea;1:41:30,5\n8;Verdi Bea;1:42:00\n",
    );
    // The bib's column is not one the proposal knows: every row is left out, each one said why.
    expect(preview.match(/Manca il pettorale\./g)).toHaveLength(3);
    const importId = importOf(preview);
    const remapped = await send({ intent: "remap", importId, bib: "0", name: "1", gunTime: "2" });
    expect(remapped).toContain("Pettorale 8: righe 3, 4");
    expect(remapped).not.toContain("Manca il pettorale.");
    expect(await send({ intent: "apply", importId })).toContain("File applicato. Nuovi: 2; cambiati: 0; invariati: 0.");
    const table = await (await app.request(path, { headers: { cookie: organiser } })).text();
    expect(table).toContain("1:41:30.5");
    const resultId = /risultato=([\w-]+)/.exec(table)?.[1] ?? "";
    const line = `${path}?risultato=${resultId}`;
    // A later file's preview, made before the correction below moves the results.
    const later = importOf(await upload("Pettorale,Tempo\n8,1:41:00\n"));
    const correction = {
      intent: "correct",
      resultId,
      shownGunTime: "1:40:00",
      shownStatus: "finished",
      gunTime: "1:40:00",
      status: "dsq",
      reason: "Percorso tagliato al km 5",
    };
    const corrected = await app.request(line, formPost(organiser, correction));
    const history = await corrected.text();
    expect(history).toContain("Modifiche salvate.");
    expect(history).toContain("Motivo: Percorso tagliato al km 5");
    // Applied after the results moved: refused, and shown again as they now stand, to apply.
    const stale = await send({ intent: "apply", importId: later });
    expect(stale).toContain("La classifica è cambiata da quando è stata fatta questa anteprima.");
    expect(importOf(stale)).toBe(later);
    expect(await send({ intent: "apply", importId: later })).toContain("File applicato. Nuovi: 0; cambiati: 1;");
    const settings = { intent: "settings", timeZone: "Europe/Rome", rankBy: "gunTime", "categoryRules.kind": "fidal" };
    const published = await send({ ...settings, resultsState: "provisional", shownState: "unpublished" });
    expect(published).toContain("Stato della classifica: Provvisoria.");
    const refused = await send({ ...settings, resultsState: "unpublished", shownState: "unpublished" });
    expect(refused).toContain("Una classifica pubblicata non può tornare non pubblicata");
    // Staff read the table and a line's history; nothing to import, correct or save.
    const read = async (to: string) => (await app.request(to, { headers: { cookie: cookies[3] ?? "" } })).text();
    const forStaff = await read(path);
    expect(forStaff).toContain("Rossi Ada");
    expect(forStaff).not.toContain("Importa i tempi");
    expect(forStaff).not.toMatch(/<form[^>]*method="post"/);
    const lineForStaff = await read(line);
    expect(lineForStaff).toContain("Motivo: Percorso tagliato al km 5");
    expect(lineForStaff).not.toContain("Correggi questo risultato");
  });
});

describe("the organisation's fiscal settings and documents in the console", () => {
  const organiser = () => cookies[2] ?? "";
  const settings: Record<string, string> = {
    legalName: "ASD Corri Bergamo",
    "address.street": "Via Roma 1",
    "address.postalCode": "24121",
    "address.locality": "Bergamo",
    "address.province": "BG",
    "address.country": "IT",
    vatNumber: "12345678901",
    taxCode: "",
    taxRegime: "RF18",
    documentPrefix: "",
    invoiceSeries: "F",
    receiptSeries: "R",
    personDocument: "receipt",
    "treatments.entryFee.vatRate": "0",
    "treatments.entryFee.natura": "N2.2",
    "treatments.lodging.vatRate": "10",
    "treatments.lodging.natura": "",
    "treatments.transferFee.vatRate": "22",
    "treatments.transferFee.natura": "",
    "stampDuty.applies": "on",
    "stampDuty.payer": "buyer",
    "transmitter.country": "",
    "transmitter.code": "",
    handOverEveryDays: "7",
  };

  it("are the organisers' alone: staff get the not-authorised page", async () => {
    for (const screen of ["organisation", "billingDocuments"] as const) {
      const answer = await app.request(`/it-IT${consolePath(screen)}`, { headers: { cookie: cookies[3] ?? "" } });
      expect(answer.status, screen).toBe(302);
      expect(answer.headers.get("location")).toBe(`/it-IT/${ROUTE_PATTERNS.noAuth}`);
    }
  });

  it("says nothing is issued before the fiscal identity is saved, then saves it once the API's refusals are corrected", async () => {
    // An organiser who never set them: nothing is issued until they are saved.
    await database.db.delete(schema.organisation);
    const path = `/it-IT${consolePath("organisation")}`;
    const before = await (await app.request(path, { headers: { cookie: organiser() } })).text();
    expect(before).toContain("nessuna ricevuta o fattura viene emessa");
    const refused = await app.request(path, formPost(organiser(), settings));
    expect(refused.status).toBe(200);
    const html = await refused.text();
    expect(html).toMatch(
      /<p class="field-error" id="organisation-vatNumber-error">La cifra di controllo della partita IVA non è corretta/,
    );
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="vatNumber" value="12345678901"/);
    const saved = await (
      await app.request(path, formPost(organiser(), { ...settings, vatNumber: "12345678903" }))
    ).text();
    expect(saved).toContain("Modifiche salvate.");
    expect(saved).not.toContain("nessuna ricevuta o fattura viene emessa");
    expect(saved).toMatch(/name="treatments\.entryFee\.natura"[^>]*>[\s\S]*?<option value="N2\.2" selected="">/);
  });

  it("lists no documents yet, and says why a notification file is refused at its field", async () => {
    const path = `/it-IT${consolePath("billingDocuments")}`;
    const list = await (await app.request(`${path}?tipo=invoice`, { headers: { cookie: organiser() } })).text();
    expect(list).toContain("Nessun documento corrisponde.");
    expect(list).toMatch(/<option value="invoice" selected="">Fattura<\/option>/);
    const upload = async (text: string) => {
      const form = new FormData();
      form.set("intent", "notification");
      form.set("file", new File([text], "IT12345678903_00001_RC_001.xml", { type: "text/xml" }));
      const answer = await app.request(path, {
        method: "POST",
        headers: { cookie: organiser(), origin: "http://localhost", "sec-fetch-site": "same-origin" },
        body: form,
      });
      expect(answer.status).toBe(200);
      return answer.text();
    };
    expect(await upload("not xml")).toContain("Questo file non è XML.");
    const receipt = readFileSync(
      new URL("../../../packages/usecases/src/billing/fatturapa/example-notification-RC.xml", import.meta.url),
      "utf8",
    );
    expect(await upload(receipt)).toContain("Nessuna nostra fattura ha il nome di file di cui parla questa notifica.");
  });
});

describe("a rejected invoice in the console", () => {
  it("is recorded from the SdI's rejection, then issued again once its buyer is corrected at the fields", async () => {
    const runner = await registeredRunner(app, "Bea");
    const call = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
      const answer = await app.request(path, {
        method,
        headers: {
          authorization: `Bearer ${runner.token}`,
          accept: "application/vnd.api+json",
          "content-type": "application/vnd.api+json",
          ...headers,
        },
        body: body instanceof Buffer ? body : JSON.stringify(body),
      });
      if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
      return ((await answer.json()) as { data: { id: string } }).data;
    };
    // A business signs up for the half marathon and pays: its invoice is issued.
    const [race] = await database.db
      .select()
      .from(schema.appointments)
      .where(eq(schema.appointments.slug, "mezza-maratona"))
      .limit(1);
    const signup = await call("POST", "/api/signups", {
      data: { type: "signups", relationships: { appointment: { data: { type: "appointments", id: race?.id } } } },
    });
    const certificate = await call(
      "POST",
      `/api/signups/${signup.id}/certificates`,
      Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"),
      { "content-type": "application/pdf", "content-disposition": 'attachment; filename="certificato.pdf"' },
    );
    await call("PATCH", `/api/signups/${signup.id}/participants`, {
      data: [
        {
          type: "participants",
          attributes: {
            givenName: "Bea",
            familyName: "Rossi",
            birthDate: "1990-05-17",
            gender: "female",
            email: runner.email,
            federationCard: "FIDAL-AB1234",
            emergencyContactName: "Carla Rossi",
            emergencyContactPhone: "+39 035 555 0100",
            certificateId: certificate.id,
            certificateExpiresOn: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
            termsAccepted: true,
            privacyAccepted: true,
          },
        },
      ],
    });
    const billing = {
      kind: "business",
      name: "Corri Srl",
      vatNumber: "IT00743110157",
      address: { street: "Via Verdi 2", postalCode: "20121", locality: "Milano", province: "MI", country: "IT" },
      recipientCode: "ABC1234",
    };
    const attributes = { state: "awaiting-payment", paymentMethod: "demo", termsAccepted: true };
    await call("PATCH", `/api/signups/${signup.id}`, {
      data: { type: "signups", id: signup.id, attributes: { billing } },
    });
    await call("PATCH", `/api/signups/${signup.id}`, { data: { type: "signups", id: signup.id, attributes } });
    const payment = await call("POST", "/api/payments", {
      data: { type: "payments", relationships: { signup: { data: { type: "signups", id: signup.id } } } },
    });
    await call("POST", `/api/demo-payments/${payment.id}`, {
      data: { type: "demo-payments", attributes: { decision: "pay" } },
    });

    const path = `/it-IT${consolePath("billingDocuments")}`;
    const organiser = cookies[2] ?? "";
    const page = async () => (await app.request(path, { headers: { cookie: organiser } })).text();
    const send = async (body: FormData | Record<string, string>) => {
      const init =
        body instanceof FormData
          ? {
              method: "POST",
              headers: { cookie: organiser, origin: "http://localhost", "sec-fetch-site": "same-origin" },
              body,
            }
          : formPost(organiser, body);
      const answer = await app.request(path, init);
      expect(answer.status).toBe(200);
      return answer.text();
    };
    const list = await page();
    const fileName = /IT\w+_\w{5}\.xml/.exec(
      (await (
        await app.request(/href="(\/api\/billing-documents\/[\w-]+\.xml)"/.exec(list)?.[1] ?? "", {
          headers: { cookie: organiser },
        })
      ).headers.get("content-disposition")) ?? "",
    )?.[0];
    expect(fileName).toBeDefined();
    const number = /<th scope="row">([^<]+)<\/th><td>Fattura<\/td>/.exec(list)?.[1] ?? "";

    // The SdI's rejection: previewed, then applied.
    const rejection = readFileSync(
      new URL("../../../packages/usecases/src/billing/fatturapa/example-notification-NS.xml", import.meta.url),
      "utf8",
    ).replace(/<NomeFile>IT01234567890_11111\.xml\.p7m<\/NomeFile>/, `<NomeFile>${fileName}</NomeFile>`);
    const upload = new FormData();
    upload.set("intent", "notification");
    upload.set("file", new File([rejection], "scarto.xml", { type: "text/xml" }));
    const preview = await send(upload);
    expect(preview).toContain("<dd>Notifica di scarto (NS)</dd>");
    expect(preview).toContain(`<dd>${number}</dd><dt>Nuovo stato</dt><dd>Scartata</dd>`);
    const file = /name="file" value="([^"]+)"/.exec(preview)?.[1] ?? "";
    const applied = await send({ intent: "notification-apply", file, fileName: "scarto.xml" });
    expect(applied).toContain(`Notifica applicata: ${number} ora risulta “Scartata”.`);
    expect(applied).toContain("Scartate dallo SdI");

    // Issued again: first with a recipient code too short, then corrected.
    const documentId = /name="documentId" value="([^"]+)"/.exec(applied)?.[1] ?? "";
    const buyer = {
      intent: "replace",
      documentId,
      "buyer.kind": "business",
      "buyer.name": "Corri Srl",
      "buyer.vatNumber": "IT00743110157",
      "buyer.taxCode": "",
      "buyer.address.street": "Via Verdi 2",
      "buyer.address.postalCode": "20121",
      "buyer.address.locality": "Milano",
      "buyer.address.province": "MI",
      "buyer.address.country": "IT",
      "buyer.recipientCode": "ABC12",
      "buyer.pec": "",
    };
    const refused = await send(buyer);
    expect(refused).toMatch(
      new RegExp(
        `id="replace-form-${documentId}-buyer\\.recipientCode-error">Il codice destinatario ha 7 lettere o cifre`,
      ),
    );
    const reissued = await send({ ...buyer, "buyer.recipientCode": "ABC1235" });
    expect(reissued).toContain(`Documento ${number} riemesso in un nuovo file`);
    expect(reissued).not.toContain("Scartate dallo SdI");
    expect(reissued).toContain("Riemessa dopo lo scarto");
  });
});

describe("requests to the site's pages that take forms", () => {
  it("cover every route with an action", async () => {
    const withAction = Object.values(await builtRoutes())
      .filter((route) => route?.module.action)
      .map((route) => route?.id.replace(/^[a-z]{2}-[A-Z]{2}\//, ""));
    expect([...new Set(withAction)].sort()).toEqual(Object.keys(formPages).sort());
  });

  it.each(KINDS)(
    "%s, never a 5xx",
    async (_, requests, runs) => {
      await fc.assert(
        fc.asyncProperty(requests(), ([request, expected]) => expectAnswered(request, expected)),
        { numRuns: runs },
      );
    },
    RUN_TIMEOUT,
  );

  it(`number at least ${MIN_REQUESTS}`, () => {
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
  });
});
