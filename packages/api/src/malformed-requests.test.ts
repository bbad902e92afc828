import { createHmac } from "node:crypto";
import { insertSession, seedDemoData } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { livePayments, SAMPLE_BANK_ACCOUNT } from "@sports/payments";
import { hashToken, newToken } from "@sports/usecases";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountClient, bearer } from "./accounts/test-client.ts";
import { ALLOWED_METHODS } from "./app.ts";
import { PDF, runner, signupClient } from "./signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "./testing.ts";

/**
 * Generated malformed requests, thousands of them, across every endpoint: each one must be refused
 * with a 4xx JSON:API error document (never a 5xx), and none may change a row of the database.
 */

const JSONAPI = "application/vnd.api+json";
const MIN_REQUESTS = 10_000;
const RUN_TIMEOUT = 300_000;
const ORGANISER_EMAIL = "organiser@example.org";
/** What the test app's Stripe provider verifies webhooks with: the signed ones below are signed with it. */
const WEBHOOK_SECRET = "whsec_malformed";

// ---------------------------------------------------------------------------------------------
// The endpoints

type Caller = "anyone" | "owner" | "organiser";
type DocumentKind =
  | "users"
  | "profile"
  | "sessions"
  | "reset-request"
  | "reset"
  | "hold"
  | "signup-change"
  | "participants"
  | "stay-bookings"
  | "payment"
  | "demo-decision"
  | "organiser-payment"
  | "waiting-list-entry"
  | "opening-alert"
  | "transfer";

interface Operation {
  template: string;
  method: string;
  /** Who gets furthest into the handler: any visitor, the signup's owner, or an organiser. */
  caller: Caller;
  /** The body the handler reads. */
  takes?: DocumentKind | "certificate" | "webhook";
  /** Whether the handler checks its query parameters (the catalogue's do). */
  query?: boolean;
}

const reads = (template: string, caller: Caller, query = false): Operation[] => [
  { template, method: "GET", caller, query },
  { template, method: "HEAD", caller, query },
];

/** Every endpoint and method the API serves, as `ALLOWED_METHODS` lists them (the first test checks). */
const OPERATIONS: Operation[] = [
  ...reads("/events", "anyone", true),
  ...reads("/events/:id", "anyone", true),
  ...reads("/events/:id/appointments", "anyone", true),
  ...reads("/events/:id/stays", "anyone", true),
  ...reads("/appointments/:id", "anyone", true),
  ...reads("/appointments/:id/course", "anyone"),
  ...reads("/appointments/:id/course.gpx", "anyone"),
  ...reads("/pages/:slug", "anyone", true),
  { template: "/users", method: "POST", caller: "anyone", takes: "users" },
  ...reads("/users/me", "owner"),
  { template: "/users/me", method: "PATCH", caller: "owner", takes: "profile" },
  { template: "/users/me", method: "DELETE", caller: "owner" },
  { template: "/sessions", method: "POST", caller: "anyone", takes: "sessions" },
  { template: "/sessions/current", method: "DELETE", caller: "owner" },
  { template: "/password-resets", method: "POST", caller: "anyone", takes: "reset-request" },
  { template: "/password-resets/:token", method: "PATCH", caller: "anyone", takes: "reset" },
  { template: "/email-verifications/:token", method: "POST", caller: "anyone" },
  { template: "/team-invitations/:token", method: "POST", caller: "owner" },
  ...reads("/athlete-links/:token", "anyone"),
  { template: "/athlete-links/:token", method: "PATCH", caller: "anyone" },
  { template: "/athlete-links/:token/certificates", method: "POST", caller: "anyone", takes: "certificate" },
  ...reads("/signups", "owner"),
  { template: "/signups", method: "POST", caller: "owner", takes: "hold" },
  ...reads("/signups/:id", "owner"),
  { template: "/signups/:id", method: "PATCH", caller: "owner", takes: "signup-change" },
  { template: "/signups/:id/participants", method: "PATCH", caller: "owner", takes: "participants" },
  { template: "/signups/:id/participants/:participantId", method: "DELETE", caller: "owner" },
  { template: "/signups/:id/stay-bookings", method: "PATCH", caller: "owner", takes: "stay-bookings" },
  { template: "/signups/:id/certificates", method: "POST", caller: "owner", takes: "certificate" },
  ...reads("/signups/:id/certificates/:certificateId", "owner"),
  ...reads("/signups/:id/calendar", "owner"),
  ...reads("/users/me/participants", "owner"),
  { template: "/payments", method: "POST", caller: "owner", takes: "payment" },
  ...reads("/payments/:id", "owner"),
  { template: "/webhooks/:provider", method: "POST", caller: "anyone", takes: "webhook" },
  { template: "/demo-payments/:id", method: "POST", caller: "owner", takes: "demo-decision" },
  { template: "/signups/:id/payments", method: "POST", caller: "organiser", takes: "organiser-payment" },
  ...reads("/waiting-list-entries", "owner"),
  { template: "/waiting-list-entries", method: "POST", caller: "owner", takes: "waiting-list-entry" },
  ...reads("/waiting-list-entries/:id", "owner"),
  { template: "/waiting-list-entries/:id", method: "DELETE", caller: "owner" },
  ...reads("/opening-alerts", "owner"),
  { template: "/opening-alerts", method: "POST", caller: "owner", takes: "opening-alert" },
  ...reads("/opening-alerts/:id", "owner"),
  { template: "/opening-alerts/:id", method: "DELETE", caller: "owner" },
  ...reads("/transfers", "owner"),
  { template: "/transfers", method: "POST", caller: "owner", takes: "transfer" },
  ...reads("/console/transfers", "organiser"),
  { template: "/console/transfers", method: "POST", caller: "organiser" },
  // The organiser's console: its bodies are checked by their own tests (console/*.test.ts).
  ...reads("/audit-entries", "organiser"),
  ...reads("/team-members", "organiser"),
  { template: "/team-members", method: "POST", caller: "organiser" },
  { template: "/team-members/:member", method: "DELETE", caller: "organiser" },
  ...reads("/dashboard", "organiser"),
  ...reads("/events/:id/dashboard", "organiser"),
  ...reads("/appointments/:id/message-audience", "organiser"),
  { template: "/appointments/:id/messages", method: "POST", caller: "organiser" },
  ...reads("/appointments/:id/waiting-list-entries", "organiser"),
  { template: "/events/:id/cover", method: "PUT", caller: "organiser" },
  // A course is sent as the GPX itself (catalogue/course.test.ts checks the files).
  { template: "/appointments/:id/course", method: "PUT", caller: "organiser" },
  { template: "/appointments/:id/course", method: "DELETE", caller: "organiser" },
  ...reads("/events/:id/start-lists", "organiser"),
  ...reads("/appointments/:id/start-list.csv", "organiser"),
  ...reads("/appointments/:id/start-list.xlsx", "organiser"),
  { template: "/appointments/:id/bib-assignments", method: "POST", caller: "organiser" },
  ...reads("/participants", "organiser"),
  { template: "/participants/:id", method: "PATCH", caller: "organiser" },
  { template: "/check-ins", method: "POST", caller: "organiser" },
  { template: "/check-ins/:id", method: "DELETE", caller: "organiser" },
  ...reads("/events/:id/check-in-tallies", "organiser"),
  ...reads("/appointments/:id/signups", "organiser"),
  ...reads("/events/:id/signups", "organiser"),
  ...reads("/events/:id/participants", "organiser"),
  ...reads("/console/signups/:id", "organiser"),
  { template: "/console/signups/:id/notes", method: "POST", caller: "organiser" },
  { template: "/console/signups/:id/refunds", method: "POST", caller: "organiser" },
  { template: "/console/signups/:id/cancellation", method: "POST", caller: "organiser" },
  { template: "/console/signups/:id/mails", method: "POST", caller: "organiser" },
  { template: "/console/participants/:id", method: "PATCH", caller: "organiser" },
  ...reads("/console/participants/:id/certificate", "organiser"),
  ...reads("/console/events", "organiser"),
  ...reads("/console/events/:id", "organiser"),
  ...reads("/console/events/:id/preview", "organiser"),
  ...reads("/console/appointments/:id", "organiser"),
  ...reads("/console/stays/:id", "organiser"),
  ...reads("/console/pages", "organiser"),
  ...reads("/console/pages/:slug", "organiser"),
  { template: "/events", method: "POST", caller: "organiser" },
  { template: "/events/:id", method: "PATCH", caller: "organiser" },
  { template: "/events/:id", method: "DELETE", caller: "organiser" },
  { template: "/events/:id/appointments", method: "POST", caller: "organiser" },
  { template: "/events/:id/stays", method: "POST", caller: "organiser" },
  { template: "/appointments/:id", method: "PATCH", caller: "organiser" },
  { template: "/appointments/:id", method: "DELETE", caller: "organiser" },
  { template: "/stays/:id", method: "PATCH", caller: "organiser" },
  { template: "/stays/:id", method: "DELETE", caller: "organiser" },
  { template: "/stays/:id/room-types", method: "POST", caller: "organiser" },
  { template: "/room-types/:id", method: "PATCH", caller: "organiser" },
  { template: "/room-types/:id", method: "DELETE", caller: "organiser" },
  ...reads("/discount-codes", "organiser"),
  { template: "/discount-codes", method: "POST", caller: "organiser" },
  { template: "/discount-codes/:id", method: "PATCH", caller: "organiser" },
  { template: "/discount-codes/:id", method: "DELETE", caller: "organiser" },
  { template: "/pages", method: "POST", caller: "organiser" },
  { template: "/pages/:slug", method: "PATCH", caller: "organiser" },
  // Results (results/*.test.ts check their files and bodies).
  ...reads("/appointments/:id/results", "anyone"),
  ...reads("/appointments/:id/results.csv", "anyone"),
  ...reads("/appointments/:id/results.xlsx", "anyone"),
  ...reads("/appointments/:id/results.xml", "anyone"),
  { template: "/appointments/:id/result-imports", method: "POST", caller: "organiser" },
  { template: "/result-imports/:id", method: "PATCH", caller: "organiser" },
  ...reads("/results/:id", "anyone"),
  { template: "/results/:id", method: "PATCH", caller: "organiser" },
  ...reads("/results/:id/diploma.pdf", "anyone"),
  ...reads("/users/me/results", "owner"),
  ...reads("/diplomas/:code", "anyone"),
  // Billing (billing/billing.test.ts checks its bodies and files).
  ...reads("/organisation", "organiser"),
  { template: "/organisation", method: "PATCH", caller: "organiser" },
  ...reads("/signups/:id/billing-documents", "owner"),
  ...reads("/billing-documents", "organiser"),
  ...reads("/billing-documents/export.zip", "organiser"),
  { template: "/billing-documents/notifications", method: "POST", caller: "organiser" },
  { template: "/billing-documents/:id/replacement", method: "POST", caller: "organiser" },
  ...reads("/billing-documents/:file", "owner"),
  // Federation cards (cards/card-lists.test.ts checks their files and bodies).
  ...reads("/events/:id/card-lists", "organiser"),
  { template: "/events/:id/card-lists", method: "POST", caller: "organiser" },
  { template: "/card-lists/:id", method: "PATCH", caller: "organiser" },
  // Clubs (clubs/clubs.test.ts checks their bodies): a runner's, as the club's manager.
  ...reads("/clubs", "owner"),
  { template: "/clubs", method: "POST", caller: "owner" },
  ...reads("/clubs/:id", "owner"),
  { template: "/clubs/:id", method: "PATCH", caller: "owner" },
  ...reads("/clubs/:id/athletes", "owner"),
  { template: "/clubs/:id/athletes", method: "POST", caller: "owner" },
  ...reads("/clubs/:id/athletes/:athleteId", "owner"),
  { template: "/clubs/:id/athletes/:athleteId", method: "PATCH", caller: "owner" },
  { template: "/clubs/:id/athletes/:athleteId", method: "DELETE", caller: "owner" },
  { template: "/clubs/:id/manager-invitations", method: "POST", caller: "owner" },
  { template: "/club-manager-invitations", method: "POST", caller: "owner" },
  // Club entries (club-entries/*.test.ts check their files and bodies).
  { template: "/appointments/:id/club-entries", method: "POST", caller: "owner" },
  ...reads("/club-entries/:id", "owner"),
  { template: "/club-entries/:id", method: "PATCH", caller: "owner" },
  ...reads("/club-entries/:id/missing", "owner"),
  { template: "/club-entries/:id/missing/:participantId/link", method: "POST", caller: "owner" },
  ...reads("/clubs/:id/club-entries", "owner"),
  // Clubs in the console (console/club-entries.test.ts checks their bodies).
  ...reads("/events/:id/club-entries", "organiser"),
  { template: "/clubs/:id/messages", method: "POST", caller: "organiser" },
];

const TEMPLATES = Object.keys(ALLOWED_METHODS);
const allowedMethods = (template: string) => (ALLOWED_METHODS[template] ?? "").split(", ");
const withBody = (method: string) => method !== "GET" && method !== "HEAD";
const isDocumentKind = (takes: Operation["takes"]): takes is DocumentKind =>
  takes !== undefined && takes !== "certificate" && takes !== "webhook";

const ENDPOINT_PATTERNS = TEMPLATES.map((t) => new RegExp(`^/api${t.replace(/:\w+/g, "[^/]+")}$`));
/** Whether a path, once the URL parser has resolved its dot segments, names one of the endpoints. */
const namesEndpoint = (path: string) =>
  ENDPOINT_PATTERNS.some((p) => p.test(new URL(path, "http://localhost").pathname));
const staysUnderApi = (path: string) => /^\/api(\/|$)/.test(new URL(path, "http://localhost").pathname);

// ---------------------------------------------------------------------------------------------
// The world the requests aim at

/** Two visitors with a held signup each, an organiser, and the demo catalogue. */
interface World {
  owner: { token: string; signupId: string };
  stranger: { token: string; signupId: string };
  organiserToken: string;
  expiredToken: string;
  event: { id: string; slug: string };
  /** A demo appointment, to be read; never sent in a signup. */
  demoAppointmentId: string;
  /** An appointment open for signups: only ever sent in requests that must be refused for another reason. */
  openAppointmentId: string;
}

/** A participant id no participant has. */
const NO_PARTICIPANT = "7d1e4a3c-0000-4000-8000-0000000000aa";

let api: TestApi;
let world: World;
let rowsBefore: Record<string, number>;
let sent = 0;

const accounts = accountClient(() => api);
const signups = signupClient(() => api);

beforeAll(async () => {
  api = await openTestApi({
    organiserEmails: [ORGANISER_EMAIL],
    payments: livePayments({
      providers: ["stripe", "demo", "bank-transfer"],
      // Its webhooks are verified offline; no request gets as far as calling Stripe (no payment exists).
      stripe: { secretKey: "sk_test_malformed", webhookSecret: WEBHOOK_SECRET, apiUrl: "http://127.0.0.1:9" },
      bankAccount: SAMPLE_BANK_ACCOUNT,
    }),
  });
  const { db } = api.database;
  await seedDemoData(db, { now: NOW });
  const event = (await api.get("/api/events?page[size]=1")).body.data[0];
  const demoAppointment = (await api.get(`/api/events/${event.id}/appointments`)).body.data[0];
  const open = await insertAppointment(db, await insertEvent(db, NOW, { signupOpensAt: null }), { capacity: 100 });

  const owner = await accounts.register();
  const organiser = await accounts.register(ORGANISER_EMAIL, "trail at dusk 2027", accounts.newClient());
  const confirmed = await accounts.confirm(ORGANISER_EMAIL, bearer(organiser.token));
  expect(confirmed.body.data.attributes.role).toBe("organiser");
  const stranger = await signups.visitor();
  const expiredToken = newToken();
  await insertSession(db, {
    tokenHash: hashToken(expiredToken),
    userId: stranger.id,
    expiresAt: new Date(NOW.getTime() - 1000),
  });
  const held = async (token: string) => {
    const answer = await signups.start(token, open.id);
    expect(answer.status).toBe(201);
    return answer.body.data.id as string;
  };

  world = {
    owner: { token: owner.token, signupId: await held(owner.token) },
    stranger: { token: stranger.token, signupId: await held(stranger.token) },
    organiserToken: organiser.token,
    expiredToken,
    event: { id: event.id, slug: event.attributes.slug },
    demoAppointmentId: demoAppointment.id,
    openAppointmentId: open.id,
  };
  rowsBefore = await rowCounts();
}, 60_000);

afterAll(() => api?.database.close());

/** Both drivers answer a raw statement with `{ rows }`. */
async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The number of rows of every table in `public`. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await rowsOf<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const [row] = await rowsOf<{ n: unknown }>(sql`select count(*) as n from ${sql.identifier(table)}`);
    counts[table] = Number(row?.n);
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Requests

type Payload = string | Uint8Array | URLSearchParams | FormData;

/** A body and the headers that describe it. */
interface Body {
  payload: Payload;
  headers: Record<string, string>;
}

const short = (text: string) => (text.length > 300 ? `${text.slice(0, 200)}… (${text.length} characters)` : text);

function describePayload(payload: Payload): string {
  if (typeof payload === "string") return JSON.stringify(short(payload));
  if (payload instanceof Uint8Array) return `${payload.length} bytes`;
  if (payload instanceof URLSearchParams) return `form ${JSON.stringify(short(payload.toString()))}`;
  return "multipart form";
}

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
    return {
      method: this.method,
      headers: this.headers,
      ...(this.payload === undefined ? {} : { body: this.payload as BodyInit }),
    };
  }

  toString(): string {
    const headers = Object.entries(this.headers).map(([name, value]) => `${name}: ${short(value)}`);
    const body = this.payload === undefined ? "" : ` with ${describePayload(this.payload)}`;
    return `${this.method} ${short(this.path)} [${headers.join(" | ")}]${body}`;
  }

  [fc.toStringMethod](): string {
    return this.toString();
  }
}

interface ProbeParts {
  credentials: Record<string, string>;
  noise?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Body | undefined;
}

function probe(method: string, path: string, parts: ProbeParts): Probe {
  const body = withBody(method) ? parts.body : undefined;
  return new Probe(
    method,
    path,
    { ...parts.noise, ...body?.headers, ...parts.credentials, ...parts.headers },
    body?.payload,
  );
}

/** Sends the request and checks it was refused as the API refuses: a 4xx JSON:API error document. */
async function expectRefused(request: Probe): Promise<void> {
  const response = await api.request(request.path, request.init());
  sent++;
  const text = await response.text();
  const answer = `${request} answered ${response.status} ${short(text)}`;
  expect(response.status, answer).toBeGreaterThanOrEqual(400);
  expect(response.status, answer).toBeLessThan(500);
  if (request.method === "HEAD") return;
  expect(response.headers.get("content-type"), answer).toBe(JSONAPI);
  expectErrorDocument(JSON.parse(text), response.status, answer);
}

/** A JSON:API error document of the answer's status, each error with a code and a title. */
function expectErrorDocument(document: any, status: number, answer: string): void {
  expect(document, answer).toMatchObject({ jsonapi: { version: "1.1" }, errors: expect.any(Array) });
  expect(document.errors.length, answer).toBeGreaterThan(0);
  expect(document.data, answer).toBeUndefined();
  for (const error of document.errors) {
    expect(error, answer).toMatchObject({
      status: String(status),
      code: expect.any(String),
      title: expect.any(String),
    });
  }
}

const refused = (requests: fc.Arbitrary<Probe>) => fc.asyncProperty(requests, expectRefused);

// ---------------------------------------------------------------------------------------------
// Values

const URL_SAFE = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"];
const wellShapedToken = fc.string({ unit: fc.constantFrom(...URL_SAFE), minLength: 43, maxLength: 43 });
/** Characters a header value may hold: visible Latin-1, spaces. */
const headerText = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((code) => code !== 0x7f)
    .map((code) => String.fromCharCode(code)),
  maxLength: 60,
});
/** 4 kB to 150 kB. */
const longText = fc
  .tuple(fc.integer({ min: 4_000, max: 150_000 }), fc.constantFrom("x", "é", "a,", "; ", "%00", "en-US,"))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));
const bogusUuid = fc.uuid();

const notAString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant([]),
  fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
  fc.constant({}),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { minKeys: 1, maxKeys: 2 }),
);
const notAStringOrNull = fc.oneof(notAString, fc.constant(null));
const controlCharacters = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom("\u0000", "\u0007", "\u001b", "\u007f", "\b", "\u0001"))
  .map(([text, control]) => `${text}${control}${text}`);
const tooLong = (max: number) => fc.integer({ min: max + 1, max: max + 3000 }).map((length) => "x".repeat(length));

/** Line breaks of every kind, a tab and direction controls inside a text (at its ends they are trimmed away). */
const lineBreaks = fc
  .tuple(
    fc.string({ minLength: 1, maxLength: 8 }).filter((text) => text.trim() !== ""),
    fc.constantFrom("\t", "\n", "\r\n", "\u0085", "\u009b", "\u2028", "\u2029", "\u202e", "\u2067"),
  )
  .map(([text, control]) => `${text}${control}${text}`);

const badName = fc.oneof(
  notAStringOrNull,
  fc.constantFrom("", "   ", "\t\n"),
  controlCharacters,
  lineBreaks,
  tooLong(100),
);
const badOptionalText = (max: number) => fc.oneof(notAString, controlCharacters, lineBreaks, tooLong(max));
const badPhone = fc.oneof(badOptionalText(30), fc.constantFrom("12ab", "12345", "+39 051 abc 123", "1234567890123456"));
const badEmail = fc.oneof(
  notAStringOrNull,
  fc.constantFrom("", "no-at-sign", "ada@", "@example.org", "ada lovelace@example.org", "ada@@example.org", "ada@.org"),
  tooLong(254).map((text) => `${text}@example.org`),
  controlCharacters.map((text) => `${text}@example.org`),
);
const badPassword = fc.oneof(notAStringOrNull, fc.constant(""), tooLong(256));
const weakPassword = fc.constantFrom("short", "1234567", "password", "12345678", "qwertyuiop", "iloveyou");
const badLocale = fc.oneof(notAStringOrNull, fc.constantFrom("", "it", "en-us", "EN-US", "xx-XX", "it_IT", "en-US "));
const badTrue = fc.oneof(fc.constantFrom(false, "true", 1, 0, null, "yes"), fc.constant([]), fc.constant({}));
const badBoolean = fc.oneof(fc.constantFrom("true", "false", 1, 0, null, "yes"), fc.constant([]), fc.constant({}));
/** Days the schema refuses, as text or not, and days of the year 0000, which read as ISO 8601 but no database stores. */
const badDay = fc.oneof(
  notAString,
  fc.constantFrom("0000-01-01", "0000-02-29", "0000-12-31"),
  fc.constantFrom(
    "2027-02-30",
    "2027-02-29",
    "1990-13-01",
    "1990-00-10",
    "19900101",
    "1990-1-1",
    "01/02/1990",
    "",
    "1990-01-01T00:00:00Z",
    "-001990-01-01",
    "+011990-01-01",
    "9999-99-99",
    " 1990-01-01",
  ),
);
/** Birth dates: malformed days, days in the future by the test clock (NOW), days before 1900. */
const badBirthDate = fc.oneof(badDay, fc.constantFrom("2999-12-31", "2027-05-03", "1899-12-31", "0001-01-01"));
const badGender = fc.oneof(notAString, fc.constantFrom("other", "", "FEMALE", "f", "non binary"));
const badUuid = fc.oneof(
  notAString,
  fc.constantFrom("", "not-a-uuid", "00000000-0000-0000-0000-00000000000g", "%00"),
  bogusUuid.map((id) => id.replaceAll("-", "")),
  bogusUuid.map((id) => `${id}0`),
);
const badCount = (max: number) =>
  fc.oneof(fc.constantFrom(0, -1, 1.5, max + 1, 1e12, "1", null, true), fc.constant([]), fc.constant({}));

const linkage = (type: string, id: unknown) => ({ data: { type, id } });
const resource = (type: string, attributes: object) => ({ data: { type, attributes } });

/** Names no endpoint takes as an attribute or a relationship. */
const unknownName = (known: readonly string[]) =>
  fc
    .oneof(
      fc.constantFrom(
        "__proto__",
        "constructor",
        "toString",
        "id",
        "type",
        "role",
        "emailVerified",
        "userId",
        "isAdmin",
      ),
      fc.string({ minLength: 1, maxLength: 20 }),
      fc.constant(""),
    )
    .filter((name) => !known.includes(name));

type Defect = (attributes: Record<string, unknown>) => Record<string, unknown>;

/**
 * Attributes with at least one defect: a field given a value the schema refuses, a required field
 * left out, or an attribute the endpoint does not know.
 */
function brokenAttributes(
  valid: Record<string, unknown>,
  breakers: Record<string, fc.Arbitrary<unknown>>,
  required: readonly string[],
): fc.Arbitrary<Record<string, unknown>> {
  const known = [...Object.keys(valid), ...Object.keys(breakers)];
  const defects: fc.Arbitrary<Defect>[] = [
    ...Object.entries(breakers).map(([name, values]) =>
      values.map(
        (value): Defect =>
          (attributes) => ({ ...attributes, [name]: value }),
      ),
    ),
    ...required.map((name) =>
      fc.constant<Defect>((attributes) =>
        Object.fromEntries(Object.entries(attributes).filter(([key]) => key !== name)),
      ),
    ),
    fc.tuple(unknownName(known), fc.jsonValue({ maxDepth: 2 })).map(
      ([name, value]): Defect =>
        (attributes) => ({ ...attributes, [name]: value }),
    ),
  ];
  return fc
    .array(fc.oneof(...defects), { minLength: 1, maxLength: 3 })
    .map((chosen) => chosen.reduce((attributes, defect) => defect(attributes), valid));
}

const PROFILE_BREAKERS = {
  givenName: badName,
  familyName: badName,
  birthDate: badBirthDate,
  gender: badGender,
  phone: badPhone,
  street: badOptionalText(200),
  postalCode: badOptionalText(20),
  locality: badOptionalText(100),
  country: badOptionalText(2),
  club: badOptionalText(150),
  federationCard: badOptionalText(50),
  preferredLocale: badLocale,
  email: badEmail,
  newPassword: fc.oneof(badPassword, weakPassword),
  currentPassword: badPassword,
};

const PARTICIPANT_BREAKERS = {
  givenName: badName,
  familyName: badName,
  birthDate: badBirthDate,
  gender: badGender,
  email: fc.oneof(notAString, fc.constantFrom("no-at-sign", "ada@"), tooLong(254)),
  phone: badPhone,
  // Blank is no defect: an optional text left blank is stored as none (signups/signups.test.ts).
  nationality: fc.oneof(notAString, fc.constantFrom("it", "ITA", "I1", "1T", "I T")),
  club: badOptionalText(150),
  federationCard: badOptionalText(50),
  tshirtSize: badOptionalText(10),
  emergencyContactName: badOptionalText(200),
  emergencyContactPhone: badPhone,
  certificateId: badUuid,
  certificateExpiresOn: badDay,
  termsAccepted: badTrue,
  privacyAccepted: badTrue,
};

const VALID_STAY_BOOKING = { checkIn: "2027-06-01", checkOut: "2027-06-03", rooms: 1, guests: 2 };
const STAY_BOOKING_BREAKERS = {
  roomTypeId: badUuid,
  checkIn: badDay,
  checkOut: badDay,
  rooms: badCount(20),
  guests: badCount(100),
};

const RESOURCE_TYPES = [
  "users",
  "sessions",
  "password-resets",
  "signups",
  "participants",
  "stay-bookings",
  "payments",
  "demo-payments",
];
const wrongType = fc
  .oneof(
    notAStringOrNull,
    fc.constantFrom("", "user", "USERS", "signup", "Payments", " users", "appointments", "events"),
  )
  .filter((type) => !RESOURCE_TYPES.includes(type as string));
/** Members JSON:API ignores beside the ones a document must have. */
const extraMembers = fc.dictionary(
  fc.constantFrom("meta", "links", "jsonapi", "included", "errors", "foo", "__proto__"),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 2 },
);

// ---------------------------------------------------------------------------------------------
// Bodies

const json = (document: unknown, contentType = JSONAPI): Body => ({
  payload: JSON.stringify(document),
  headers: { "content-type": contentType },
});

/** The valid document each endpoint takes (only ever sent alongside another defect). */
function validDocument(kind: DocumentKind): unknown {
  switch (kind) {
    case "users":
      return resource("users", {
        email: "new-runner@example.org",
        password: "trail at dawn 2027",
        givenName: "Ada",
        familyName: "Lovelace",
        acceptTerms: true,
      });
    case "profile":
      return resource("users", { givenName: "Grace" });
    case "sessions":
      return resource("sessions", { email: "nobody@example.org", password: "trail at dawn 2027" });
    case "reset-request":
      return resource("password-resets", { email: "nobody@example.org" });
    case "reset":
      return resource("password-resets", { password: "a fresh passphrase 2027" });
    case "hold":
      return {
        data: {
          type: "signups",
          attributes: { places: 1 },
          relationships: { appointment: linkage("appointments", world.openAppointmentId) },
        },
      };
    case "signup-change":
      return resource("signups", { state: "cancelled" });
    case "participants":
      return { data: [{ type: "participants", attributes: runner() }] };
    case "stay-bookings":
      return { data: [] };
    case "payment":
      return { data: { type: "payments", relationships: { signup: linkage("signups", world.owner.signupId) } } };
    case "demo-decision":
      return resource("demo-payments", { decision: "pay" });
    case "organiser-payment":
      return resource("payments", {});
    case "waiting-list-entry":
      return {
        data: {
          type: "waiting-list-entries",
          relationships: { appointment: linkage("appointments", world.openAppointmentId) },
        },
      };
    case "opening-alert":
      return {
        data: {
          type: "opening-alerts",
          relationships: { appointment: linkage("appointments", world.openAppointmentId) },
        },
      };
    case "transfer":
      // No participant of the world's held signups may be transferred: a valid document is refused (404).
      return {
        data: {
          type: "transfers",
          attributes: runner(),
          relationships: { participant: linkage("participants", NO_PARTICIPANT) },
        },
      };
  }
}

/** The body an endpoint takes, as it should be sent. */
function validBody(takes: NonNullable<Operation["takes"]>): Body {
  if (takes === "certificate")
    return {
      payload: PDF,
      headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="certificate.pdf"' },
    };
  if (takes === "webhook")
    return json(
      { id: "evt_1", type: "checkout.session.completed", data: { object: { id: "cs_1" } } },
      "application/json",
    );
  return json(validDocument(takes));
}

const JSON_CONTENT_TYPES = [
  JSONAPI,
  "application/json",
  `${JSONAPI}; profile="https://example.com/profile"`,
  `${JSONAPI}; ext=""`,
  "application/json; charset=utf-8",
  "Application/JSON",
];

/** Bytes that are not a JSON:API document of any kind: not JSON, cut short, or of the wrong shape. */
function structuralJunk(): fc.Arbitrary<string> {
  const documents = [
    JSON.stringify(validDocument("users")),
    JSON.stringify(validDocument("hold")),
    JSON.stringify(validDocument("participants")),
  ];
  return fc.oneof(
    fc.constantFrom(
      "",
      " ",
      "undefined",
      "{data:",
      "{'data': {}}",
      "<data/>",
      "data[type]=users",
      "\u0000",
      '{"data": {}',
      '{"data":{"type":"users",}}',
      "\uFEFF{}",
      "nul",
      "[",
    ),
    fc.string({ maxLength: 200 }),
    fc.string({ unit: "grapheme", maxLength: 100 }),
    fc.tuple(fc.constantFrom(...documents), fc.nat()).map(([text, cut]) => text.slice(0, cut % text.length)),
    fc
      .oneof(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.string(),
        fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
      )
      .map((value) => JSON.stringify(value)),
    fc
      .record({
        data: fc.oneof(
          fc.constant(null),
          fc.integer(),
          fc.string(),
          fc.boolean(),
          fc.constant({}),
          fc.array(fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.constant([])), {
            minLength: 1,
            maxLength: 3,
          }),
          fc.record({ type: wrongType, attributes: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: ["type"] }),
          fc.record({ attributes: fc.constant({ givenName: "Ada" }), id: bogusUuid }),
        ),
        extras: extraMembers,
      })
      .map(({ data, extras }) => JSON.stringify({ ...extras, data })),
    extraMembers.map((extras) => JSON.stringify(extras)),
    fc.integer({ min: 1_000, max: 30_000 }).map((depth) => `{"data":${"[".repeat(depth)}${"]".repeat(depth)}}`),
  );
}

/** 100 kB to 2 MB, past the API's 64 KiB limit on documents. */
const hugeJunk = fc
  .tuple(
    fc.integer({ min: 100_000, max: 2_000_000 }),
    fc.constantFrom("attribute", "nesting", "array", "whitespace", "text"),
  )
  .map(([size, shape]) => {
    switch (shape) {
      case "attribute":
        return `{"data":{"type":"users","attributes":{"givenName":"${"x".repeat(size)}"}}}`;
      case "nesting":
        return "[".repeat(size);
      case "array":
        return `{"data":[${'{"type":"participants"},'.repeat(size / 24)}{}]}`;
      case "whitespace":
        return `${" ".repeat(size)}{}`;
      default:
        return "junk ".repeat(size / 5);
    }
  });

/** A document of the endpoint's type whose attributes, relationships or members are wrong. */
function brokenDocument(kind: DocumentKind): fc.Arbitrary<unknown> {
  const single = (type: string, attributes: fc.Arbitrary<unknown>, relationships?: fc.Arbitrary<unknown>) =>
    fc
      .record({ attributes, relationships: relationships ?? fc.constant(undefined), extras: extraMembers })
      .map(({ attributes, relationships, extras }) => ({
        ...extras,
        data: { type, attributes, ...(relationships === undefined ? {} : { relationships }) },
      }));
  const collection = (type: string, valid: Record<string, unknown>, broken: fc.Arbitrary<Record<string, unknown>>) => {
    const item = (attributes: unknown) => ({ type, attributes });
    return fc.oneof(
      fc.tuple(fc.nat({ max: 2 }), broken, fc.nat({ max: 2 })).map(([before, attributes, after]) => ({
        data: [
          ...Array.from({ length: before }, () => item(valid)),
          item(attributes),
          ...Array.from({ length: after }, () => item(valid)),
        ],
      })),
      fc.integer({ min: 51, max: 60 }).map((count) => ({ data: Array.from({ length: count }, () => item(valid)) })),
      wrongType.map((wrong) => ({ data: [{ type: wrong, attributes: valid }] })),
      fc.constantFrom([], "x", 1, null).map((attributes) => ({ data: [{ type, attributes }] })),
      fc.constant({ data: item(valid) }),
    );
  };
  const badLinkage = (type: string) =>
    fc.oneof(
      fc.constantFrom(null, 1, "x", true, {}, { data: null }, { data: "x" }, { data: { type } }, { data: { id: "x" } }),
      fc.constant([]),
      fc.constant({ data: [] }),
      // JSON.stringify: a generated object may have no prototype, which String() cannot print.
      fc
        .tuple(wrongType, bogusUuid)
        .map(([wrong, id]) => linkage(typeof wrong === "string" ? wrong : (JSON.stringify(wrong) ?? "undefined"), id)),
      fc
        .oneof(
          notAStringOrNull,
          fc.integer({ min: 101, max: 5_000 }).map((length) => "a".repeat(length)),
        )
        .map((id) => linkage(type, id)),
    );
  /** Ids that name nothing, or something else. */
  const strayId = fc.oneof(
    bogusUuid,
    fc.constantFrom("", "not-a-uuid", "../signups", "%00", "00000000-0000-0000-0000-000000000000"),
  );

  switch (kind) {
    case "users":
      return single(
        "users",
        brokenAttributes(
          (validDocument("users") as { data: { attributes: Record<string, unknown> } }).data.attributes,
          {
            email: badEmail,
            password: fc.oneof(badPassword, weakPassword),
            givenName: badName,
            familyName: badName,
            preferredLocale: badLocale,
            acceptTerms: badTrue,
            setCookie: badBoolean,
          },
          ["email", "password", "givenName", "familyName", "acceptTerms"],
        ),
      );
    case "profile":
      return single("users", brokenAttributes({}, PROFILE_BREAKERS, []));
    case "sessions":
      return single(
        "sessions",
        brokenAttributes(
          { email: "nobody@example.org", password: "trail at dawn 2027" },
          { email: badEmail, password: badPassword, setCookie: badBoolean },
          ["email", "password"],
        ),
      );
    case "reset-request":
      return single(
        "password-resets",
        brokenAttributes({ email: "nobody@example.org" }, { email: badEmail }, ["email"]),
      );
    case "reset":
      return single(
        "password-resets",
        brokenAttributes({ password: "a fresh passphrase 2027" }, { password: fc.oneof(badPassword, weakPassword) }, [
          "password",
        ]),
      );
    case "hold": {
      const somewhere = fc.constant({ appointment: linkage("appointments", "7d1e4a3c-0000-4000-8000-000000000000") });
      const wrongRelationships = fc.oneof(
        fc.constant({}),
        badLinkage("appointments").map((value) => ({ appointment: value })),
        badLinkage("events").map((value) => ({ event: value })),
        fc.tuple(bogusUuid, bogusUuid).map(([appointment, event]) => ({
          appointment: linkage("appointments", appointment),
          event: linkage("events", event),
        })),
        fc
          .tuple(unknownName(["appointment", "event"]), bogusUuid)
          .map(([name, id]) => ({ [name]: linkage("appointments", id) })),
        fc.oneof(strayId, fc.constant(world.event.id)).map((id) => ({ appointment: linkage("appointments", id) })),
        fc.oneof(strayId, fc.constant(world.openAppointmentId)).map((id) => ({ event: linkage("events", id) })),
      );
      return fc.oneof(
        single(
          "signups",
          brokenAttributes({ places: 1 }, { places: fc.oneof(badCount(50), fc.constant(51)) }, []),
          somewhere,
        ),
        single("signups", fc.constantFrom({}, { places: 1 }), wrongRelationships),
      );
    }
    case "signup-change":
      return single(
        "signups",
        brokenAttributes(
          { state: "cancelled" },
          {
            state: fc.oneof(
              notAStringOrNull,
              fc.constantFrom("held", "confirmed", "expired", "", "CANCELLED", "awaiting_payment"),
            ),
            paymentMethod: fc.oneof(notAStringOrNull, fc.constantFrom("cash", "", "CARD", "paypal")),
            termsAccepted: badTrue,
          },
          ["state"],
        ),
      );
    case "participants":
      return collection(
        "participants",
        runner(),
        brokenAttributes(runner(), PARTICIPANT_BREAKERS, [
          "givenName",
          "familyName",
          "termsAccepted",
          "privacyAccepted",
        ]),
      );
    case "stay-bookings": {
      const valid = { roomTypeId: "7d1e4a3c-0000-4000-8000-000000000001", ...VALID_STAY_BOOKING };
      return fc.oneof(
        collection(
          "stay-bookings",
          valid,
          brokenAttributes(valid, STAY_BOOKING_BREAKERS, Object.keys(STAY_BOOKING_BREAKERS)),
        ),
        fc.integer({ min: 11, max: 20 }).map((count) => ({
          data: Array.from({ length: count }, () => ({ type: "stay-bookings", attributes: valid })),
        })),
      );
    }
    case "payment": {
      const own = fc.constant({ signup: linkage("signups", world.owner.signupId) });
      return fc.oneof(
        single("payments", brokenAttributes({}, {}, []), own),
        single(
          "payments",
          fc.constant({}),
          fc.oneof(
            fc.constant({}),
            badLinkage("signups").map((value) => ({ signup: value })),
            fc.tuple(unknownName(["signup"]), bogusUuid).map(([name, id]) => ({ [name]: linkage("signups", id) })),
            strayId.map((id) => ({ signup: linkage("signups", id) })),
            // Someone else's signup (403), and the owner's, which is held, not awaiting payment (409).
            fc.constantFrom(world.stranger.signupId, world.owner.signupId).map((id) => ({
              signup: linkage("signups", id),
            })),
          ),
        ),
      );
    }
    case "demo-decision":
      return single(
        "demo-payments",
        brokenAttributes(
          { decision: "pay" },
          { decision: fc.oneof(notAStringOrNull, fc.constantFrom("refund", "", "PAY")) },
          ["decision"],
        ),
      );
    case "organiser-payment":
      return single("payments", brokenAttributes({}, {}, []));
    case "waiting-list-entry": {
      const somewhere = fc.constant({ appointment: linkage("appointments", world.openAppointmentId) });
      return fc.oneof(
        single("waiting-list-entries", brokenAttributes({}, {}, []), somewhere),
        single(
          "waiting-list-entries",
          fc.constant({}),
          fc.oneof(
            fc.constant({}),
            badLinkage("appointments").map((value) => ({ appointment: value })),
            fc
              .tuple(unknownName(["appointment"]), bogusUuid)
              .map(([name, id]) => ({ [name]: linkage("appointments", id) })),
            // No such appointment (404), and an open one, where there is no line to join (409).
            fc
              .oneof(strayId, fc.constant(world.openAppointmentId))
              .map((id) => ({ appointment: linkage("appointments", id) })),
          ),
        ),
      );
    }
    case "opening-alert": {
      const somewhere = fc.constant({ appointment: linkage("appointments", world.openAppointmentId) });
      return fc.oneof(
        single("opening-alerts", brokenAttributes({}, {}, []), somewhere),
        single(
          "opening-alerts",
          fc.constant({}),
          fc.oneof(
            fc.constant({}),
            badLinkage("appointments").map((value) => ({ appointment: value })),
            fc
              .tuple(unknownName(["appointment"]), bogusUuid)
              .map(([name, id]) => ({ [name]: linkage("appointments", id) })),
            // No such appointment (404), and an open one, where there is nothing to wait for (409).
            fc
              .oneof(strayId, fc.constant(world.openAppointmentId))
              .map((id) => ({ appointment: linkage("appointments", id) })),
          ),
        ),
      );
    }
    case "transfer": {
      const somewhere = fc.constant({ participant: linkage("participants", NO_PARTICIPANT) });
      return fc.oneof(
        single(
          "transfers",
          brokenAttributes(runner(), PARTICIPANT_BREAKERS, [
            "givenName",
            "familyName",
            "termsAccepted",
            "privacyAccepted",
          ]),
          somewhere,
        ),
        single(
          "transfers",
          fc.constant(runner()),
          fc.oneof(
            fc.constant({}),
            badLinkage("participants").map((value) => ({ participant: value })),
            fc
              .tuple(unknownName(["participant"]), bogusUuid)
              .map(([name, id]) => ({ [name]: linkage("participants", id) })),
            strayId.map((id) => ({ participant: linkage("participants", id) })),
          ),
        ),
      );
    }
  }
}

/** The resource type each document names in `data`. */
const DOCUMENT_TYPES: Record<DocumentKind, string> = {
  users: "users",
  profile: "users",
  sessions: "sessions",
  "reset-request": "password-resets",
  reset: "password-resets",
  hold: "signups",
  "signup-change": "signups",
  participants: "participants",
  "stay-bookings": "stay-bookings",
  payment: "payments",
  "demo-decision": "demo-payments",
  "organiser-payment": "payments",
  "waiting-list-entry": "waiting-list-entries",
  "opening-alert": "opening-alerts",
  transfer: "transfers",
};

/** A resource object of the right type whose `attributes` or `relationships` are not objects. */
function shapelessParts(kind: DocumentKind): fc.Arbitrary<unknown> {
  const type = DOCUMENT_TYPES[kind];
  const resource = fc.oneof(
    fc.constantFrom([], "x", 1, true).map((attributes) => ({ type, attributes })),
    fc.constantFrom([], "x", 1, true).map((relationships) => ({ type, attributes: {}, relationships })),
  );
  return kind === "participants" || kind === "stay-bookings"
    ? resource.map((item) => ({ data: [item] }))
    : resource.map((data) => ({ data }));
}

// ---------------------------------------------------------------------------------------------
// Headers

/** Headers that carry a live session of the given caller, in each way the API reads one. */
function credentialsOf(caller: Caller): fc.Arbitrary<Record<string, string>> {
  const presented = (token: string) =>
    fc.constantFrom<Record<string, string>>(
      { authorization: `Bearer ${token}` },
      { authorization: `bearer   ${token}` },
      { cookie: `session=${token}` },
    );
  if (caller === "owner") return presented(world.owner.token);
  if (caller === "organiser") return presented(world.organiserToken);
  return fc.oneof(
    fc.constant({}),
    presented(world.owner.token),
    presented(world.stranger.token),
    presented(world.organiserToken),
    withoutSession(),
  );
}

/** Headers that carry no live session: none, garbage, an expired one, or a live token presented wrongly. */
function withoutSession(): fc.Arbitrary<Record<string, string>> {
  const live = world.owner.token;
  return fc.oneof(
    fc.constant({}),
    headerText.filter((value) => value.trim() !== "").map((value) => ({ authorization: value })),
    wellShapedToken.map((token) => ({ authorization: `Bearer ${token}` })),
    longText.map((value) => ({ authorization: `Bearer ${value}` })),
    fc.constant({ authorization: `Bearer ${world.expiredToken}` }),
    fc
      .constantFrom(
        `Basic ${btoa("ada:trail at dawn 2027")}`,
        "Bearer",
        `Token ${live}`,
        `Bearer ${live} ${live}`,
        `Bearer ${live}x`,
        `Bearer ${live.slice(1)}`,
        `Bearer,${live}`,
        `Bearer ${live.toUpperCase()}`,
      )
      .map((authorization) => ({ authorization })),
    // A malformed Authorization hides a live cookie: the API reads the header first.
    fc.constantFrom("Basic x", "Bearer").map((authorization) => ({ authorization, cookie: `session=${live}` })),
    // On plain http to this machine the cookie is `session`, never `__Host-session`.
    fc.constant({ cookie: `__Host-session=${live}` }),
    headerText.map((value) => ({ cookie: `session=${value}` })),
    fc.constant({ cookie: `session=${world.expiredToken}` }),
  );
}

/** A live session cookie sent by a browser from another site. */
function crossSite(caller: Caller): fc.Arbitrary<Record<string, string>> {
  const token = caller === "organiser" ? world.organiserToken : world.owner.token;
  return fc
    .constantFrom<Record<string, string>>(
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "http://localhost:8080" },
      { "sec-fetch-site": "cross-site", origin: "http://localhost" },
    )
    .map((headers) => ({ ...headers, cookie: `session=${token}` }));
}

/** Headers that change nothing about the answer's status class. */
const noise = fc.record(
  {
    accept: fc.constantFrom(
      JSONAPI,
      "application/json",
      "*/*",
      `${JSONAPI}; profile="https://example.com/p"`,
      "application/*",
      `text/html, ${JSONAPI}`,
    ),
    "accept-language": fc.oneof(
      headerText,
      fc.constantFrom("it", "de-CH;q=0.5, *", "en-GB,en;q=0.x", "*;q=0"),
      longText,
    ),
    "x-request-id": fc.oneof(headerText, longText),
    "user-agent": headerText,
    "if-none-match": headerText,
    "x-forwarded-for": headerText,
  },
  { requiredKeys: [] },
);

/** Idempotency keys no API could take: empty, far too long, or with characters outside visible ASCII. */
const malformedIdempotencyKey = fc.oneof(
  fc.constantFrom("", "   ", "clé-é", "key\twith\ttabs", "ÿÿÿ"),
  fc.integer({ min: 256, max: 5_000 }).map((length) => "k".repeat(length)),
);
/** On the POSTs that take one, an idempotency key: malformed (400), or well-formed, which a refused request must not record. */
const idempotencyNoise = (op: Operation) =>
  op.method === "POST" && (op.template === "/signups" || op.template === "/payments")
    ? fc.option(
        fc
          .oneof(malformedIdempotencyKey, fc.uuid(), fc.stringMatching(/^[\x21-\x7e]{1,64}$/))
          .map((key) => ({ "idempotency-key": key })),
        { nil: {} },
      )
    : fc.constant({});

const stripeSignature = fc.option(
  fc.oneof(
    headerText,
    fc.constantFrom("t=1,v1=00", "t=,v1=", "v1=abc", `t=9999999999,v1=${"0".repeat(64)}`, "t=1700000000"),
    longText,
  ),
  { nil: undefined },
);

const unacceptable = fc.oneof(
  fc.constantFrom(
    "text/html",
    "text/*",
    "text/plain, image/png",
    `${JSONAPI}; charset=utf-8`,
    `${JSONAPI}; ext="https://jsonapi.org/ext/atomic"`,
    `${JSONAPI};ext=x`,
    "application/json;q=0",
    "*/*;q=0",
    `${JSONAPI}; charset=utf-8, text/html`,
    "application/xml",
    "application/vnd.api+json+x",
    "APPLICATION/VND.API+JSON; CHARSET=UTF-8",
    `${JSONAPI}; q=0`,
    ",",
    ";",
    "image/*",
  ),
  fc.stringMatching(/^[a-z]{1,8}\/[a-z]{1,8}$/),
  fc.integer({ min: 4_000, max: 100_000 }).map((length) => "text/plain, ".repeat(length / 12)),
);

const badJsonApiContentType = fc.oneof(
  fc.constantFrom(
    `${JSONAPI}; charset=utf-8`,
    `${JSONAPI};ext="https://jsonapi.org/ext/atomic"`,
    `${JSONAPI}; version=1.1`,
    "APPLICATION/VND.API+JSON; Charset=UTF-8",
    `${JSONAPI}; ext=x; profile=y`,
    `${JSONAPI};;charset`,
  ),
  fc
    .tuple(
      fc.stringMatching(/^[a-z]{1,10}$/).filter((name) => !["profile", "q", "ext"].includes(name)),
      fc.stringMatching(/^[a-z0-9]{0,10}$/),
    )
    .map(([name, value]) => `${JSONAPI}; ${name}=${value}`),
);

const refusedDocumentType = fc.constantFrom(
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "text/json",
  "application/jsonp",
  "application/vnd.api+jsonx",
  "application/json-patch+json",
  "application/ld+json",
  "text/html",
  "application/octet-stream",
  "*/*",
  "json",
  "",
);

const refusedCertificateType = fc.constantFrom(
  "text/plain",
  "application/json",
  JSONAPI,
  "image/gif",
  "image/jpg",
  "application/x-pdf",
  "application/pdf2",
  "application/octet-stream",
  "image/svg+xml",
  "multipart/form-data; boundary=x",
  "",
);

// ---------------------------------------------------------------------------------------------
// Paths

const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

/** Path segments that name nothing: not ids, too long, escaping, badly encoded, or holding NUL. */
const badSegment = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }).map(encodeURIComponent),
    bogusUuid.chain((id) =>
      fc.constantFrom(
        id.replaceAll("-", ""),
        `${id}0`,
        id.slice(1),
        `%7B${id}%7D`,
        id.replaceAll("-", "_"),
        `${id.slice(0, 35)}g`,
        `%20${id}`,
        `${id}%00`,
        `${id}%2F..`,
      ),
    ),
    fc.constantFrom("00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff"),
    fc.integer({ min: 101, max: 100_000 }).map((length) => "a".repeat(length)),
    fc.constantFrom(
      "..%2F..%2Fetc%2Fpasswd",
      "..%2f..%2f..%2fusers%2fme",
      "%2e%2e%2f%2e%2e%2fsignups",
      "..%5C..%5Cwindows",
      "....%2F%2F",
      "%252e%252e%252f",
      "%C0%AE%C0%AE%2F",
      "%",
      "%zz",
      "%E0%A4%A",
      "%ff%fe",
      "%00",
      "me%00",
      "%00%00",
      "null",
      "undefined",
      "0",
      "-1",
      "NaN",
      "%27%20OR%201%3D1--",
      "%3Cscript%3E",
      "%F0%9F%8F%83",
      "me",
      "current",
      "%2F",
      "%20",
      "x;y=1",
      "*",
    ),
  )
  .filter((segment) => !DOT_SEGMENT.test(segment));

const fill = (template: string, segments: Record<string, string>) =>
  `/api${template.replace(/:(\w+)/g, (_, name: string) => segments[name] ?? "x")}`;

/** Segments naming real records: the demo catalogue's, the owner's signup. */
function realSegments(template: string): fc.Arbitrary<Record<string, string>> {
  const { event, owner } = world;
  if (template.startsWith("/events/"))
    return fc.constantFrom(event.id, event.slug, event.id.toUpperCase()).map((id) => ({ id }));
  if (template.startsWith("/appointments/")) return fc.constant({ id: world.demoAppointmentId });
  if (template.startsWith("/pages/"))
    return fc.constantFrom("about", "privacy", "terms", "faq").map((slug) => ({ slug }));
  if (template.includes(":token")) return wellShapedToken.map((token) => ({ token }));
  if (template.includes(":provider")) return fc.constant({ provider: "stripe" });
  if (template.startsWith("/signups/:id"))
    return bogusUuid.map((other) => ({ id: owner.signupId, certificateId: other, participantId: other }));
  if (template.includes(":member")) return bogusUuid.map((member) => ({ member }));
  if (template.includes(":file"))
    return fc.tuple(bogusUuid, fc.constantFrom("pdf", "xml")).map(([id, format]) => ({ file: `${id}.${format}` }));
  return bogusUuid.map((id) => ({ id }));
}

/** Segments naming nothing, or a record of someone else's. */
function wrongSegments(template: string): fc.Arbitrary<Record<string, string>> {
  const { owner, stranger } = world;
  if (template === "/signups/:id/certificates/:certificateId")
    return fc.oneof(
      fc.tuple(badSegment, bogusUuid).map(([id, certificateId]) => ({ id, certificateId })),
      badSegment.map((certificateId) => ({ id: owner.signupId, certificateId })),
      bogusUuid.map((certificateId) => ({ id: stranger.signupId, certificateId })),
    );
  if (template === "/signups/:id/participants/:participantId")
    return fc.oneof(
      fc.tuple(badSegment, bogusUuid).map(([id, participantId]) => ({ id, participantId })),
      badSegment.map((participantId) => ({ id: owner.signupId, participantId })),
      bogusUuid.map((participantId) => ({ id: stranger.signupId, participantId })),
    );
  if (template.startsWith("/signups/:id"))
    return fc.oneof(
      badSegment.map((id) => ({ id })),
      fc.constantFrom(stranger.signupId, stranger.signupId.toUpperCase()).map((id) => ({ id })),
    );
  return badSegment.map((segment) => ({
    id: segment,
    slug: segment,
    token: segment,
    provider: segment,
    member: segment,
    file: segment,
  }));
}

const realPath = (op: Operation) => realSegments(op.template).map((segments) => fill(op.template, segments));

// ---------------------------------------------------------------------------------------------
// Query strings

/** Query parameters each catalogue endpoint takes, with valid values. */
const VALID_QUERY: Record<string, string[]> = {
  "/events": [
    "page[size]=5",
    "sort=-startsAt",
    "filter[when]=upcoming",
    "include=appointments",
    "fields[events]=title",
  ],
  "/events/:id": ["include=stays", "fields[events]=", "locale=it-IT"],
  "/events/:id/appointments": ["fields[appointments]=slug", "locale=de-DE"],
  "/events/:id/stays": ["fields[stays]=name"],
  "/appointments/:id": ["include=event", "fields[appointments]=slug,title"],
  "/pages/:slug": ["fields[pages]=title", "locale=fr-FR"],
};

const KNOWN_PARAMETERS = /^(locale|sort|include|(filter|fields|page)\[[^\]]*\])$/;

const badLocaleValue = fc.oneof(
  fc.constantFrom("", "it", "en-us", "EN-US", "xx-XX", "it_IT", "en-US%20", "%00", "en-US,it-IT"),
  fc.integer({ min: 1_000, max: 100_000 }).map((length) => "it-IT".repeat(length / 5)),
);

/** Parameters no endpoint takes in this form, whatever else the query holds; checked before routing. */
const badQueryAnywhere = fc.oneof(
  badLocaleValue.map((value) => `locale=${value}`),
  fc.constantFrom("filter[q]=%00", "x%00=1", "%00=", "include=%00", "sort=title%00"),
);

/** Parameters every catalogue endpoint refuses: unknown, repeated, or with values they cannot read. */
const badCatalogueQuery = fc.oneof(
  badQueryAnywhere,
  fc.constantFrom(
    "colour=red",
    "page[offset]=10",
    "filter[colour]=red",
    "fields[nope]=x",
    "include[]=x",
    "sort[]=x",
    "filter=1",
    "page=1",
    "fields=title",
    "filter[]=x",
    "page[number][x]=1",
    "q=trail",
    "%5B%5D=1",
    "=x",
    "FILTER[when]=past",
    "Sort=title",
    "filter[sport=x",
    "include=junk",
    "include=",
    "include=appointments,,",
    "include=event.appointments",
    "include=%20",
    "fields[events]=nope",
    "fields[appointments]=slug,nope",
    "fields[pages]=title,",
    "fields[stays]=,",
    "sort=nope",
    "sort=",
    "sort=-",
    "sort=title,,",
    "sort=--title",
    "sort=+title",
    "page[number]=0",
    "page[number]=-1",
    "page[number]=abc",
    "page[number]=1.5",
    "page[number]=1e3",
    "page[number]=9999999999",
    "page[number]=",
    "page[size]=0",
    "page[size]=101",
    "page[size]=abc",
    "page[size]=",
    "page[size]=10&page[size]=20",
    "filter[sport]=",
    "filter[sport]=chess",
    "filter[sport]=trail-running,",
    "filter[sport]=trail-running,%20cycling",
    "filter[from]=yesterday",
    "filter[from]=2027-02-30",
    "filter[from]=2027-13-01",
    "filter[from]=0000-01-01",
    "filter[to]=0000-01-01",
    "filter[from]=2027-05-30T25:00Z",
    "filter[to]=2027-05-30T10:00:00+02:00",
    "filter[to]=2027-05-30T10:00",
    "filter[from]=27-05-30",
    "filter[from]=99999-01-01",
    "filter[when]=soon",
    "filter[when]=",
    "filter[when]=PAST",
    "filter[q]=a&filter[q]=b",
    "locale=it-IT&locale=de-DE",
  ),
  fc
    .string({ minLength: 1, maxLength: 30 })
    .filter((name) => !KNOWN_PARAMETERS.test(name))
    .map((name) => `${encodeURIComponent(name)}=1`),
  fc.integer({ min: 101, max: 100_000 }).map((length) => `filter[q]=${"q".repeat(length)}`),
  fc.integer({ min: 1_000, max: 50_000 }).map((length) => `${"p".repeat(length)}=1`),
);

/** A query string holding one bad parameter, maybe among valid ones and harmless separators. */
function queryWith(bad: fc.Arbitrary<string>, valid: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(bad, fc.subarray([...valid, "&&", ""], { maxLength: 2 }), fc.nat())
    .map(([parameter, others, position]) => {
      const parts = [...others];
      parts.splice(position % (parts.length + 1), 0, parameter);
      return `?${parts.join("&")}`;
    });
}

// ---------------------------------------------------------------------------------------------
// The kinds of malformed request

const documentOps = OPERATIONS.filter((op) => isDocumentKind(op.takes));
const sessionOps = OPERATIONS.filter((op) => op.caller !== "anyone");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PURGE", "PROPFIND", "LINK"];

/** Any body an endpoint of the path could be sent, or junk. */
function anyBody(template: string): fc.Arbitrary<Body> {
  const kinds = OPERATIONS.filter((op) => op.template === template && op.takes).map((op) => op.takes);
  return fc.oneof(
    ...kinds.map((kind) => fc.constant(validBody(kind as NonNullable<Operation["takes"]>))),
    structuralJunk().map((payload) => ({ payload, headers: { "content-type": JSONAPI } })),
  );
}

const opBody = (op: Operation) => (op.takes ? validBody(op.takes) : undefined);

/** A method the path does not take: 405. */
function wrongMethods(): fc.Arbitrary<Probe> {
  return fc.constantFrom(...TEMPLATES).chain((template) => {
    const op = OPERATIONS.find((candidate) => candidate.template === template) as Operation;
    return fc
      .record({
        method: fc.constantFrom(...METHODS.filter((method) => !allowedMethods(template).includes(method))),
        path: realPath(op),
        credentials: credentialsOf("anyone"),
        noise,
        body: anyBody(template),
      })
      .map(({ method, path, ...parts }) => probe(method, path, parts));
  });
}

/** Paths under /api that name no endpoint: 404. */
function unknownPaths(): fc.Arbitrary<Probe> {
  const first = new Set(TEMPLATES.map((template) => template.split("/")[1]));
  const word = fc
    .string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-_~"), minLength: 1, maxLength: 16 })
    .filter((segment) => !first.has(segment));
  const known = fc.constantFrom(...OPERATIONS).chain(realPath);
  const path = fc
    .oneof(
      known.map((path) => `${path}/`),
      fc.tuple(known, word).map(([path, segment]) => `${path}/${segment}`),
      fc.array(word, { minLength: 1, maxLength: 4 }).map((segments) => `/api/${segments.join("/")}`),
      known.map((path) => path.replace(/^\/api\/(\w)/, (_, letter: string) => `/api/${letter.toUpperCase()}`)),
      known.map((path) => path.replace("/api/", "/api//")),
      known.map((path) => `${path};jsessionid=1`),
      known.map((path) => path.replace(/\/(?=[^/]*$)/, "%2F")),
      fc.constantFrom("/api", "/api/", "/api/.well-known/security.txt"),
      fc.tuple(word, word).map(([segment, other]) => `/api/${segment}/../${other}`),
      fc.tuple(known, word).map(([path, segment]) => `${path}/../${segment}`),
    )
    .filter((candidate) => staysUnderApi(candidate) && !namesEndpoint(candidate));
  return fc
    .record({
      method: fc.constantFrom(...METHODS),
      path,
      credentials: credentialsOf("anyone"),
      noise,
      body: structuralJunk().map((payload) => ({ payload, headers: { "content-type": JSONAPI } })),
    })
    .map(({ method, path, ...parts }) => probe(method, path, parts));
}

/** Bodies that are not JSON:API documents, sent as JSON by a caller the endpoint lets that far: 400 or 413. */
function junkDocuments(): fc.Arbitrary<Probe> {
  const ops = [...documentOps, ...OPERATIONS.filter((op) => op.takes === "webhook")];
  return fc.constantFrom(...ops).chain((op) =>
    fc
      .record({
        path: realPath(op),
        payload: fc.oneof({ arbitrary: structuralJunk(), weight: 9 }, { arbitrary: hugeJunk, weight: 1 }),
        contentType: fc.constantFrom(...JSON_CONTENT_TYPES),
        credentials: credentialsOf(op.caller),
        noise,
        idempotency: idempotencyNoise(op),
        signature: stripeSignature,
      })
      .map(({ path, payload, contentType, credentials, noise, idempotency, signature }) =>
        probe(op.method, path, {
          credentials,
          noise,
          headers: { ...idempotency, ...(signature === undefined ? {} : { "stripe-signature": signature }) },
          body: { payload, headers: { "content-type": contentType } },
        }),
      ),
  );
}

/** Documents of the right type with wrong attributes, relationships or members: 400, or 403/404/409 for the record they name. */
function brokenDocuments(): fc.Arbitrary<Probe> {
  return fc.constantFrom(...documentOps).chain((op) =>
    fc
      .record({
        path: realPath(op),
        document: fc.oneof(
          { arbitrary: brokenDocument(op.takes as DocumentKind), weight: 5 },
          { arbitrary: shapelessParts(op.takes as DocumentKind), weight: 1 },
        ),
        contentType: fc.constantFrom(...JSON_CONTENT_TYPES),
        credentials: credentialsOf(op.caller),
        noise,
      })
      .map(({ path, document, contentType, credentials, noise }) =>
        probe(op.method, path, { credentials, noise, body: json(document, contentType) }),
      ),
  );
}

/** Bodies sent as something other than JSON: 415. */
function wrongContentTypes(): fc.Arbitrary<Probe> {
  const forms = fc.constantFrom<Payload>(
    new URLSearchParams({ "data[type]": "users", "data[attributes][email]": "ada@example.org" }),
    new URLSearchParams("data=%7B%7D"),
  );
  const formData = fc.constant(0).map(() => {
    const form = new FormData();
    form.set("data", JSON.stringify({ type: "users" }));
    form.set("file", new Blob([PDF], { type: "application/pdf" }), "certificate.pdf");
    return form as Payload;
  });
  const documentBodies = (op: Operation) =>
    fc.oneof(
      fc
        .tuple(
          fc.oneof(fc.constant(JSON.stringify(validDocument(op.takes as DocumentKind))), structuralJunk()),
          fc.oneof(refusedDocumentType, badJsonApiContentType),
        )
        .map(([payload, type]): Body => ({ payload, headers: { "content-type": type } })),
      // Without a Content-Type at all.
      fc.constant<Body>({
        payload: new TextEncoder().encode(JSON.stringify(validDocument(op.takes as DocumentKind))),
        headers: {},
      }),
      fc.oneof(forms, formData).map((payload): Body => ({ payload, headers: {} })),
    );
  const certificateBodies = fc
    .tuple(
      fc.constantFrom<Payload>(PDF, "%PDF-1.4 not really", new Uint8Array([0x89, 0x50, 0x4e, 0x47])),
      refusedCertificateType,
    )
    .map(([payload, type]): Body => ({ payload, headers: { "content-type": type } }));
  const ops = [...documentOps, ...OPERATIONS.filter((op) => op.takes === "certificate")];
  return fc.constantFrom(...ops).chain((op) =>
    fc
      .record({
        path: realPath(op),
        body: op.takes === "certificate" ? certificateBodies : documentBodies(op),
        credentials: credentialsOf(op.caller),
        noise,
        idempotency: idempotencyNoise(op),
      })
      .map(({ path, body, credentials, noise, idempotency }) =>
        probe(op.method, path, { credentials, noise, headers: idempotency, body }),
      ),
  );
}

/** Certificates whose bytes are not what their type says, empty, or too large: 400 or 413. */
function badCertificates(): fc.Arbitrary<Probe> {
  const SIGNATURES: Record<string, number[]> = {
    "application/pdf": [0x25, 0x50, 0x44, 0x46, 0x2d],
    "image/jpeg": [0xff, 0xd8, 0xff],
    "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  };
  const declared = fc.constantFrom("application/pdf", "image/jpeg", "image/png");
  const bytes = (type: string): fc.Arbitrary<Uint8Array> =>
    fc.oneof(
      { arbitrary: fc.constant(new Uint8Array(0)), weight: 2 },
      {
        arbitrary: fc.uint8Array({ minLength: 1, maxLength: 2_000 }).map((junk) => Uint8Array.of(0, ...junk)),
        weight: 4,
      },
      {
        // Another format's signature under this type.
        arbitrary: fc
          .constantFrom(...Object.keys(SIGNATURES).filter((other) => other !== type))
          .chain((other) =>
            fc.uint8Array({ maxLength: 200 }).map((rest) => Uint8Array.of(...(SIGNATURES[other] ?? []), ...rest)),
          ),
        weight: 4,
      },
      { arbitrary: fc.constant(Uint8Array.from((SIGNATURES[type] ?? []).slice(0, -1))), weight: 1 },
      { arbitrary: fc.integer({ min: 100_000, max: 2_000_000 }).map((size) => new Uint8Array(size)), weight: 1 },
      // Past the 5 MB limit.
      {
        arbitrary: fc.integer({ min: 1, max: 1_000 }).map((extra) => new Uint8Array(5 * 1024 * 1024 + extra)),
        weight: 1,
      },
    );
  const op = OPERATIONS.find((candidate) => candidate.takes === "certificate") as Operation;
  return fc
    .record({
      type: declared,
      parameters: fc.constantFrom("", "; name=certificate", "; charset=binary"),
      disposition: fc.option(
        fc.oneof(
          headerText,
          fc.constantFrom(
            'attachment; filename="../../etc/passwd"',
            "attachment; filename*=UTF-8''%ZZ",
            'attachment; filename="\u00ff\u00fe"',
          ),
          longText,
        ),
        { nil: undefined },
      ),
      credentials: credentialsOf("owner"),
      noise,
    })
    .chain(({ type, parameters, disposition, credentials, noise }) =>
      bytes(type).map((payload) =>
        probe(op.method, fill(op.template, { id: world.owner.signupId }), {
          credentials,
          noise,
          body: {
            payload,
            headers: {
              "content-type": `${type}${parameters}`,
              ...(disposition === undefined ? {} : { "content-disposition": disposition }),
            },
          },
        }),
      ),
    );
}

/** Ids that name nothing, or someone else's record, with the right session and a valid body: 403 or 404. */
function wrongIds(): fc.Arbitrary<Probe> {
  const ops = OPERATIONS.filter((op) => op.template.includes(":"));
  return fc.constantFrom(...ops).chain((op) =>
    fc
      .record({
        path: wrongSegments(op.template).map((segments) => fill(op.template, segments)),
        credentials:
          op.caller === "organiser"
            ? fc.oneof(credentialsOf("organiser"), credentialsOf("owner"))
            : credentialsOf(op.caller),
        noise,
      })
      .map(({ path, ...parts }) => probe(op.method, path, { ...parts, body: opBody(op) })),
  );
}

/** A valid request to an endpoint of the organisers' sent by a visitor, and the organiser's on a held signup: 403, 409. */
function notOrganisers(): fc.Arbitrary<Probe> {
  const op = OPERATIONS.find((candidate) => candidate.caller === "organiser") as Operation;
  return fc
    .record({
      id: fc.constantFrom(world.owner.signupId, world.stranger.signupId),
      credentials: fc.oneof(credentialsOf("owner"), credentialsOf("organiser")),
      noise,
    })
    .map(({ id, ...parts }) => probe(op.method, fill(op.template, { id }), { ...parts, body: opBody(op) }));
}

/** Query parameters the endpoint refuses: 400. */
function badQueries(): fc.Arbitrary<Probe> {
  return fc.constantFrom(...OPERATIONS).chain((op) =>
    fc
      .record({
        path: realPath(op),
        query: op.query
          ? queryWith(badCatalogueQuery, VALID_QUERY[op.template] ?? [])
          : queryWith(badQueryAnywhere, ["download", "x=1"]),
        credentials: credentialsOf(op.caller),
        noise,
      })
      .map(({ path, query, ...parts }) => probe(op.method, `${path}${query}`, { ...parts, body: opBody(op) })),
  );
}

/** An Accept the API cannot answer, or a JSON:API Content-Type with parameters: 406, 415, before anything else. */
function badNegotiation(): fc.Arbitrary<Probe> {
  return fc.constantFrom(...OPERATIONS).chain((op) =>
    fc
      .record({
        path: realPath(op),
        headers: fc.oneof(
          unacceptable.map((accept) => ({ accept })),
          badJsonApiContentType.map((type) => ({ "content-type": type })),
        ),
        credentials: fc.oneof(credentialsOf(op.caller), credentialsOf("anyone")),
        noise: noise.map(({ accept, ...rest }) => rest),
      })
      .map(({ path, ...parts }) => probe(op.method, path, { ...parts, body: opBody(op) })),
  );
}

/** No live session where one is needed (401), or a session cookie sent from another site (403). */
function missingSessions(): fc.Arbitrary<Probe> {
  return fc.constantFrom(...sessionOps).chain((op) =>
    fc
      .record({
        path: fc.oneof(
          realPath(op),
          wrongSegments(op.template).map((segments) => fill(op.template, segments)),
        ),
        credentials: withBody(op.method) ? fc.oneof(withoutSession(), crossSite(op.caller)) : withoutSession(),
        noise,
        headers: idempotencyNoise(op),
      })
      .map(({ path, ...parts }) => probe(op.method, path, { ...parts, body: opBody(op) })),
  );
}

// ---------------------------------------------------------------------------------------------
// Signed webhooks: Stripe's word, however it is shaped

/** The Stripe-Signature header Stripe sends: HMAC-SHA256 of `{t}.{body}` under the endpoint's secret. */
function stripeSignatureOf(body: string): string {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac("sha256", WEBHOOK_SECRET).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** The events the site acts on (packages/payments/src/stripe.ts), about sessions and charges it never made. */
const SESSION_EVENT_TYPES = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
];
const stripeId = fc.stringMatching(/^[A-Za-z0-9]{8,24}$/);
const actedOnEvent = fc
  .record({
    type: fc.constantFrom(...SESSION_EVENT_TYPES, "charge.refunded"),
    id: stripeId,
    paid: fc.constantFrom("paid", "unpaid", "no_payment_required"),
    amount: fc.nat({ max: 100_000 }),
  })
  .map(({ type, id, paid, amount }) => ({
    id: `evt_test_${id}`,
    object: "event",
    type,
    created: Math.floor(NOW.getTime() / 1000),
    livemode: false,
    data: {
      object:
        type === "charge.refunded"
          ? {
              id: `ch_test_${id}`,
              object: "charge",
              amount,
              amount_refunded: amount,
              currency: "eur",
              payment_intent: `pi_test_${id}`,
              metadata: { checkoutSessionId: `cs_test_${id}` },
            }
          : {
              id: `cs_test_${id}`,
              object: "checkout.session",
              status: "complete",
              payment_status: paid,
              payment_intent: `pi_test_${id}`,
              amount_total: amount,
              currency: "eur",
              metadata: {},
            },
    },
  }));

/** The fields the site reads, where a defect may be put. */
const READ_FIELDS = [
  ["id"],
  ["type"],
  ["data"],
  ["data", "object"],
  ["data", "object", "id"],
  ["data", "object", "payment_status"],
  ["data", "object", "payment_intent"],
  ["data", "object", "amount_total"],
  ["data", "object", "amount_refunded"],
  ["data", "object", "currency"],
  ["data", "object", "metadata"],
  ["data", "object", "metadata", "checkoutSessionId"],
];
const REMOVED = Symbol("removed");
const wrongValue = fc.oneof(
  fc.constantFrom<unknown>(REMOVED, null, "", "2500", -1, 1.5, 2 ** 60, true, [], {}, "€", { id: 1 }, ["pi_test_x"]),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A copy of `event` with `value` at `path` (or nothing there), where the path still leads into an object. */
function withField(event: unknown, path: readonly string[], value: unknown): unknown {
  const copy = structuredClone(event) as Record<string, unknown>;
  let parent: unknown = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof parent !== "object" || parent === null) return copy;
    parent = (parent as Record<string, unknown>)[key];
  }
  if (typeof parent !== "object" || parent === null || Array.isArray(parent)) return copy;
  const last = path.at(-1) as string;
  if (value === REMOVED) delete (parent as Record<string, unknown>)[last];
  else (parent as Record<string, unknown>)[last] = value;
  return copy;
}

/** Events of the types the site acts on with fields missing or of another type (some of them still readable). */
const brokenEvent = fc
  .tuple(actedOnEvent, fc.array(fc.tuple(fc.constantFrom(...READ_FIELDS), wrongValue), { minLength: 1, maxLength: 3 }))
  .map(([event, defects]) => defects.reduce<unknown>((broken, [path, value]) => withField(broken, path, value), event));

/** Events the site does not act on, carrying anything. */
const otherEvent = fc.record(
  {
    id: fc.oneof(
      stripeId.map((id) => `evt_test_${id}`),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    type: fc.oneof(
      fc.constantFrom(
        "customer.created",
        "payment_intent.succeeded",
        "checkout.session.async_payment_pending",
        "charge.succeeded",
        "charge.refund.updated",
        "CHECKOUT.SESSION.COMPLETED",
        "constructor",
        "__proto__",
        "toString",
      ),
      fc.string({ maxLength: 40 }).filter((type) => !SESSION_EVENT_TYPES.includes(type) && type !== "charge.refunded"),
    ),
    object: fc.constantFrom("event", "v2.core.event"),
    data: fc.jsonValue({ maxDepth: 3 }),
  },
  { requiredKeys: ["type"] },
);

/** Signed bodies: not JSON, JSON of any shape, events the site acts on (broken or whole), events it does not. */
function signedWebhookBody(): fc.Arbitrary<string> {
  return fc.oneof(
    structuralJunk().filter((text) => text !== ""),
    fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
    actedOnEvent.map((event) => JSON.stringify(event, null, 2)),
    brokenEvent.map((event) => JSON.stringify(event)),
    fc.tuple(actedOnEvent, fc.nat()).map(([event, cut]) => {
      const text = JSON.stringify(event);
      return text.slice(0, 1 + (cut % (text.length - 1)));
    }),
    otherEvent.map((event) => JSON.stringify(event)),
  );
}

function signedWebhooks(): fc.Arbitrary<Probe> {
  const op = OPERATIONS.find((candidate) => candidate.takes === "webhook") as Operation;
  return fc
    .record({
      payload: signedWebhookBody(),
      contentType: fc.constantFrom("application/json; charset=utf-8", "application/json"),
      credentials: credentialsOf("anyone"),
    })
    .map(({ payload, contentType, credentials }) =>
      probe(op.method, fill(op.template, { provider: "stripe" }), {
        credentials,
        headers: { "stripe-signature": stripeSignatureOf(payload) },
        body: { payload, headers: { "content-type": contentType } },
      }),
    );
}

function survivesUtf8(payload: Payload | undefined): boolean {
  return typeof payload === "string" && new TextDecoder().decode(new TextEncoder().encode(payload)) === payload;
}

/**
 * Sends a signed webhook and checks its answer: a JSON:API document for one taken (2xx), a JSON:API
 * error for one refused (4xx), never a 5xx, and never as a forgery (the signature holds). Counts the
 * answers by status and code in `seen`.
 */
async function expectAnswered(request: Probe, seen: Map<string, number>): Promise<void> {
  const response = await api.request(request.path, request.init());
  sent++;
  const text = await response.text();
  const answer = `${request} answered ${response.status} ${short(text)}`;
  expect(response.status, answer).toBeLessThan(500);
  expect(response.headers.get("content-type"), answer).toBe(JSONAPI);
  const document = JSON.parse(text);
  let outcome = String(response.status);
  if (response.status < 300) {
    expect(document, answer).toEqual({ jsonapi: { version: "1.1" }, meta: { received: true } });
  } else {
    expectErrorDocument(document, response.status, answer);
    outcome = `${outcome} ${document.errors[0].code}`;
    // The server reads the body as UTF-8 text, as Stripe sends it: one that does not come back the same
    // (a leading BOM, a lone surrogate) was signed as other text than the one verified.
    if (outcome === "400 invalid-signature" && !survivesUtf8(request.payload)) outcome = "400 not UTF-8";
    expect(outcome, answer).not.toBe("400 invalid-signature");
  }
  seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
}

// ---------------------------------------------------------------------------------------------

/** Each kind of malformed request, and how many of it to send. */
const KINDS: [name: string, requests: () => fc.Arbitrary<Probe>, runs: number][] = [
  ["methods the path does not take", wrongMethods, 900],
  ["paths that name no endpoint", unknownPaths, 800],
  ["bodies that are not JSON:API documents", junkDocuments, 1_500],
  ["documents with wrong attributes, relationships or members", brokenDocuments, 2_600],
  ["bodies of another content type", wrongContentTypes, 900],
  ["certificates that are not what they say", badCertificates, 300],
  ["ids that name nothing, or someone else's record", wrongIds, 1_200],
  ["an organiser's endpoint called by others, or on a held signup", notOrganisers, 100],
  ["query parameters the endpoint refuses", badQueries, 1_200],
  ["an Accept or Content-Type the API does not speak", badNegotiation, 600],
  ["no live session, or a session cookie from another site", missingSessions, 1_000],
];

describe("malformed requests", () => {
  it("cover every endpoint and method the API serves", () => {
    const served = TEMPLATES.flatMap((template) => allowedMethods(template).map((method) => `${method} ${template}`));
    expect(OPERATIONS.map((op) => `${op.method} ${op.template}`).sort()).toEqual(served.sort());
  });

  it.each(KINDS)(
    "%s: are refused with a JSON:API error, never a 5xx",
    async (_, requests, runs) => {
      await fc.assert(refused(requests()), { numRuns: runs });
    },
    RUN_TIMEOUT,
  );

  it(
    "signed webhook bodies: are answered with a JSON:API document or error, never a 5xx",
    async () => {
      const seen = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(signedWebhooks(), (request) => expectAnswered(request, seen)),
        { numRuns: 1_500 },
      );
      // Both ends were reached: events read and taken, and signed bodies refused as unreadable.
      const outcomes = [...seen.keys()].filter((outcome) => outcome !== "400 not UTF-8").sort();
      expect(outcomes, JSON.stringify([...seen])).toEqual(["200", "400 invalid-notification"]);
    },
    RUN_TIMEOUT,
  );

  it(`number at least ${MIN_REQUESTS}, and leave every table as it was`, async () => {
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
    expect(await rowCounts()).toEqual(rowsBefore);
  });
});
