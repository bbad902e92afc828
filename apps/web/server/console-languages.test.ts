import { readFileSync } from "node:fs";
import { type DatabaseHandle, schema, TRANSMISSION_STATES } from "@sports/db";
import * as domain from "@sports/domain";
import { type ConsoleScreen, consolePath } from "@sports/jsonapi";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredRunner } from "./testing/runner.ts";
import { formPost } from "./testing/signup.ts";
import { builtRoutes, openDemoSite, type SiteApp, teamMember } from "./testing/site-app.ts";

/**
 * Every console page, and a submit of each of its forms (refused where it can be), in the four
 * languages besides English, as an organiser sees them with a confirmed signup of the demo's half
 * marathon (two payments, one declined; the runner reads Italian, so the mails its record lists are
 * in Italian as sent; billed to a business, so its payment issued an invoice), a note, a bib given by hand, an approved certificate, the race moved to today
 * for the check-in desk, and the audit lines they leave. The page's visible text (its text and its
 * aria-label, title, placeholder and alt attributes; not scripts, styles, what a text area holds or
 * e-mail addresses) must show:
 *
 * (a) no message of apps/web/messages/en-US.json in English: of a message not worded the same in
 *     all five languages, each stretch between placeholders of at least four words;
 * (b) no raw value of the domain's lists (states, genders, roles, audit actions and records…), a
 *     lower-case word standing alone, unless the page language's own messages use that word;
 * (c) after a submit, no error (an element of class `…error…` or role `alert`) worded as on the
 *     en-US page for the same submit;
 * (d) no English title of the demo's events, races and stays where the page's language has its own.
 *
 * Proper names and codes are the allowlist below.
 */

const LANGUAGES = ["it-IT", "de-DE", "fr-FR", "es-ES"] as const;
const JSONAPI = "application/vnd.api+json";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

/**
 * What the pages may show as it is although it looks like a raw value: sports that are called so in
 * every language (the demo's "Week-end de tennis au lac de Garde").
 */
const ALLOWED = new Set<string>(["tennis", "padel", "triathlon"]);

/** The domain's lists whose values a page must put in words. */
const RAW_VALUES = [
  ...new Set<string>([
    ...domain.SIGNUP_STATES,
    ...domain.PAYMENT_STATES,
    ...domain.PAYMENT_PROVIDER_IDS,
    ...domain.GENDERS,
    ...domain.CERTIFICATE_STATUSES,
    ...domain.ROLES,
    ...domain.TRANSFER_STATES,
    ...domain.WAITING_LIST_STATES,
    ...domain.EVENT_STATUSES,
    ...domain.AVAILABILITY_STATES,
    ...domain.SPORTS,
    ...domain.MEDICAL_CERTIFICATES,
    ...domain.DISCOUNT_KINDS,
    ...domain.ACTOR_KINDS,
    ...domain.AUDIT_ACTIONS,
    ...domain.AUDIT_RECORDS,
    ...domain.RESULT_STATUSES,
    ...domain.RESULTS_STATES,
    ...domain.BILLING_DOCUMENT_KINDS,
    ...TRANSMISSION_STATES,
  ]),
].filter((value) => !ALLOWED.has(value));

type Messages = Record<string, unknown>;
const messages = (locale: string): Messages =>
  JSON.parse(readFileSync(new URL(`../messages/${locale}.json`, import.meta.url), "utf8")) as Messages;

/** A message's texts: a plain one, or each variant of a plural. */
function textsOf(message: unknown): string[] {
  if (typeof message === "string") return [message];
  if (Array.isArray(message))
    return message.flatMap((entry) => Object.values((entry as { match?: Record<string, string> }).match ?? {}));
  return [];
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const squeeze = (text: string) => text.replace(/\s+/g, " ").trim();
const standingAlone = (word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}_@./-])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}_@/-])`, "u");

const LOCALE_MESSAGES = Object.fromEntries(
  ["en-US", ...LANGUAGES].map((locale) => [locale, messages(locale)]),
) as Record<string, Messages>;
const same = (one: unknown, other: unknown) => JSON.stringify(one) === JSON.stringify(other);

/**
 * Rule (a): the English a page must not show, by message key: of each message whose text is not the
 * same in all five languages (a name, a code), the stretches between placeholders of at least four
 * words. A message left in English in a language's file is caught too.
 */
const ENGLISH_STRETCHES: [string, string][] = Object.entries(LOCALE_MESSAGES["en-US"] ?? {}).flatMap(
  ([key, message]) => {
    if (key.startsWith("$") || LANGUAGES.every((locale) => same(LOCALE_MESSAGES[locale]?.[key], message))) return [];
    return textsOf(message).flatMap((text) =>
      text
        .split(/\{[^}]*\}/)
        .map(squeeze)
        .filter((stretch) => words(stretch) >= 4)
        .map((stretch): [string, string] => [key, stretch]),
    );
  },
);

/**
 * Rule (b): the raw values a page in `locale` must not show: all but the words the language's own
 * messages use (of those it words otherwise than English, placeholders aside): "staff" in Italian,
 * "participants" in French.
 */
function rawValuesOf(locale: string): string[] {
  const english = LOCALE_MESSAGES["en-US"] ?? {};
  const own = Object.entries(LOCALE_MESSAGES[locale] ?? {})
    .filter(([key, message]) => !same(message, english[key]))
    .flatMap(([, message]) => textsOf(message))
    .join("\n")
    .replace(/\{[^}]*\}/g, " ");
  return RAW_VALUES.filter((value) => !standingAlone(value).test(own));
}
const RAW_VALUES_BY_LANGUAGE = Object.fromEntries(LANGUAGES.map((locale) => [locale, rawValuesOf(locale)]));

const VOID = new Set("area base br col embed hr img input link meta source track wbr".split(" "));
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const decode = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) =>
    name.startsWith("#x") || name.startsWith("#X")
      ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name] ?? whole),
  );

/**
 * What a page shows: its text, with the texts of its aria-label, title, placeholder and alt
 * attributes, and apart the texts of its errors. Scripts, styles and what a text area holds are not
 * the page's words; e-mail addresses are left out too.
 */
function visibleText(html: string): { text: string; errors: string[] } {
  const parts: string[] = [];
  const errors: string[] = [];
  const open: { name: string; error: number | null }[] = [];
  const token =
    /<!--[\s\S]*?-->|<(script|style|template|textarea)\b[^>]*>[\s\S]*?<\/\1\s*>|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)/g;
  for (const match of html.matchAll(token)) {
    const [, , closing, name, attributes, text] = match;
    if (text !== undefined) {
      const value = decode(text);
      parts.push(value);
      for (const element of open) if (element.error !== null) errors[element.error] += value;
      continue;
    }
    if (!name) continue;
    const tag = name.toLowerCase();
    if (closing) {
      const at = open.map((element) => element.name).lastIndexOf(tag);
      if (at >= 0) open.length = at;
      parts.push(" ");
      continue;
    }
    const attribute = (key: string) =>
      new RegExp(`\\s${key}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "i")
        .exec(attributes ?? "")
        ?.slice(1)
        .find(Boolean);
    for (const key of ["aria-label", "title", "placeholder", "alt"]) {
      const value = attribute(key);
      if (value) parts.push(` ${decode(value)} `);
    }
    parts.push(" ");
    if (VOID.has(tag) || attributes?.trimEnd().endsWith("/")) continue;
    const isError = /\berror\b|-error\b|\berror-/.test(attribute("class") ?? "") || attribute("role") === "alert";
    open.push({ name: tag, error: isError ? errors.push("") - 1 : null });
  }
  const strip = (text: string) => squeeze(text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, " "));
  return { text: strip(parts.join("")), errors: errors.map(strip).filter((error) => /\p{L}/u.test(error)) };
}

/** The organiser's fiscal identity, as `PATCH /api/organisation` takes it. */
const ORGANISATION = {
  legalName: "ASD Mura di Bergamo",
  address: { street: "Via Roma 1", postalCode: "24121", locality: "Bergamo", province: "BG", country: "IT" },
  vatNumber: "12345678903",
  taxCode: null,
  taxRegime: "RF18",
  documentPrefix: "",
  invoiceSeries: "F",
  receiptSeries: "R",
  personDocument: "receipt",
  treatments: {
    entryFee: { vatRate: 2200, natura: null },
    lodging: { vatRate: 1000, natura: null },
    transferFee: { vatRate: 2200, natura: null },
  },
  stampDuty: { applies: true, chargedToBuyer: false },
  transmitter: null,
  handOverEveryDays: 7,
};

/** The same settings as the console's form sends them. */
const organisationFields: Record<string, string> = {
  legalName: ORGANISATION.legalName,
  ...Object.fromEntries(Object.entries(ORGANISATION.address).map(([name, value]) => [`address.${name}`, value])),
  vatNumber: ORGANISATION.vatNumber,
  taxRegime: ORGANISATION.taxRegime,
  invoiceSeries: "F",
  receiptSeries: "R",
  personDocument: "receipt",
  "treatments.entryFee.vatRate": "22",
  "treatments.lodging.vatRate": "10",
  "treatments.transferFee.vatRate": "22",
  "stampDuty.applies": "on",
  "stampDuty.payer": "organiser",
  handOverEveryDays: "7",
};

/** A business's billing details for the signup: its payment issues an invoice. */
const BUSINESS = {
  kind: "business",
  name: "Corri Srl",
  vatNumber: "IT00743110157",
  address: { street: "Via Verdi 2", postalCode: "20121", locality: "Milano", province: "MI", country: "IT" },
  recipientCode: "ABC1234",
};

let database: DatabaseHandle;
let app: SiteApp;
let organiser: string;
/** Each console route's id (apps/web/app/routes.ts) and a path of it with the scenario's records. */
let pages: Record<string, string>;
/** A submit of each console form, by its route's id. */
let submits: { route: string; path: string; fields: Record<string, string>; undo: boolean }[];
/** Rule (d): the demo's titles, in English and in each language. */
let titles: Record<string, string | undefined>[];

beforeAll(async () => {
  ({ database, app } = await openDemoSite());
  const runner = await registeredRunner(app, "Ada");
  const olga = await teamMember({ app, database }, "Olga", "organiser");
  organiser = olga.cookie;
  await database.db.update(schema.users).set({ preferredLocale: "it-IT" }).where(eq(schema.users.email, runner.email));

  const call = async (token: string, method: string, path: string, body?: unknown, headers = {}) => {
    const answer = await app.request(path, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: JSONAPI, "content-type": JSONAPI, ...headers },
      ...(body === undefined ? {} : { body: body instanceof Buffer ? body : JSON.stringify(body) }),
    });
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as { data: { id: string }; included?: { type: string; id: string }[] };
  };
  const relation = (type: string, id: string) => ({ data: { type, id } });

  // The organiser's fiscal identity: from now on, every payment issues its document.
  await call(olga.token, "PATCH", "/api/organisation", {
    data: { type: "organisations", id: "1", attributes: ORGANISATION },
  });

  // A signup of the half marathon: a man with a certificate, a declined payment, then a paid one.
  const [event] = await database.db
    .select()
    .from(schema.events)
    .where(eq(schema.events.slug, "mezza-maratona-delle-mura"));
  const race = event
    ? (await database.db.select().from(schema.appointments).where(eq(schema.appointments.eventId, event.id))).find(
        (appointment) => appointment.slug === "mezza-maratona",
      )
    : undefined;
  if (!event || !race) throw new Error("The demo has no Bergamo half marathon.");
  const signupId = (
    await call(runner.token, "POST", "/api/signups", {
      data: { type: "signups", attributes: {}, relationships: { appointment: relation("appointments", race.id) } },
    })
  ).data.id;
  const certificateId = (
    await call(runner.token, "POST", `/api/signups/${signupId}/certificates`, PDF, {
      "content-type": "application/pdf",
      "content-disposition": 'attachment; filename="certificato.pdf"',
    })
  ).data.id;
  await call(runner.token, "PATCH", `/api/signups/${signupId}/participants`, {
    data: [
      {
        type: "participants",
        attributes: {
          givenName: "Ada",
          familyName: "Rossi",
          birthDate: "1990-05-17",
          gender: "male",
          email: runner.email,
          federationCard: "FIDAL-AB1234",
          emergencyContactName: "Carla Rossi",
          emergencyContactPhone: "+39 035 555 0100",
          certificateId,
          certificateExpiresOn: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
          termsAccepted: true,
          privacyAccepted: true,
        },
      },
    ],
  });
  await call(runner.token, "PATCH", `/api/signups/${signupId}`, {
    data: { type: "signups", id: signupId, attributes: { billing: BUSINESS } },
  });
  await call(runner.token, "PATCH", `/api/signups/${signupId}`, {
    data: {
      type: "signups",
      id: signupId,
      attributes: { state: "awaiting-payment", paymentMethod: "demo", termsAccepted: true },
    },
  });
  for (const decision of ["decline", "pay"]) {
    const payment = await call(runner.token, "POST", "/api/payments", {
      data: { type: "payments", relationships: { signup: relation("signups", signupId) } },
    });
    await call(runner.token, "POST", `/api/demo-payments/${payment.data.id}`, {
      data: { type: "demo-payments", attributes: { decision } },
    });
  }
  const record = await call(olga.token, "GET", `/api/console/signups/${signupId}`);
  const participantId = record.included?.find((resource) => resource.type === "participants")?.id ?? "";
  await call(olga.token, "POST", `/api/console/signups/${signupId}/notes`, {
    data: { type: "signup-notes", attributes: { text: "42" } },
  });
  await call(olga.token, "PATCH", `/api/participants/${participantId}`, {
    data: { type: "participants", id: participantId, attributes: { bib: 4242 } },
  });
  await call(olga.token, "PATCH", `/api/console/participants/${participantId}`, {
    data: { type: "participants", id: participantId, attributes: { certificateReview: "approved" } },
  });
  // Race day, with a bib range: the check-in desk is open, and the start list gives bibs.
  await database.db
    .update(schema.appointments)
    .set({
      startsAt: new Date(Date.now() + 3_600_000),
      endsAt: new Date(Date.now() + 4 * 3_600_000),
      bibFirst: 1,
      bibLast: 999,
    })
    .where(eq(schema.appointments.id, race.id));

  // Results of the race: a timing file with Ada's bib, applied.
  const upload = await call(
    olga.token,
    "POST",
    `/api/appointments/${race.id}/result-imports`,
    Buffer.from("Pettorale;Tempo\n4242;1:40:00\n"),
    {
      "content-type": "text/csv",
    },
  );
  await call(olga.token, "PATCH", `/api/result-imports/${upload.data.id}`, {
    data: { type: "result-imports", id: upload.data.id, attributes: { state: "applied" } },
  });
  const results = (await call(olga.token, "GET", `/api/appointments/${race.id}/results`)) as unknown as {
    data: { id: string }[];
  };
  const resultId = results.data[0]?.id ?? "";

  // Ada's signup is her club's entry (docs/decisions/068-club-entries.md), and the event takes FIDAL cards.
  const [ada] = await database.db.select().from(schema.users).where(eq(schema.users.email, runner.email));
  const [club] = await database.db
    .insert(schema.clubs)
    .values({ name: "Atletica Mura", federation: "FIDAL", code: "BG001", contactEmail: runner.email })
    .returning();
  if (!ada || !club) throw new Error("No club was written.");
  await database.db.insert(schema.clubManagers).values({ clubId: club.id, userId: ada.id });
  await database.db.update(schema.signups).set({ clubId: club.id }).where(eq(schema.signups.id, signupId));
  await call(olga.token, "PATCH", `/api/events/${event.id}`, {
    data: { type: "events", id: event.id, attributes: { acceptedCards: ["fidal"] } },
  });

  const [stay] = await database.db.select().from(schema.stays).limit(1);
  const [content] = await database.db.select().from(schema.contentPages).limit(1);
  const ids: Record<string, string> = { id: event.id };
  const screens: Record<ConsoleScreen, Record<string, string>> = {
    home: {},
    events: {},
    newEvent: {},
    event: ids,
    eventDashboard: ids,
    startLists: ids,
    eventSignups: ids,
    certificates: ids,
    appointment: { id: race.id },
    appointmentSignups: { id: race.id },
    appointmentResults: { id: race.id },
    message: { id: race.id },
    stay: { id: stay?.id ?? "" },
    signup: { id: signupId },
    checkIn: {},
    eventCheckIn: ids,
    team: {},
    pages: {},
    page: { slug: content?.slug ?? "" },
    audit: {},
    eventCover: ids,
    discountCodes: ids,
    eventClubEntries: ids,
    eventCardLists: ids,
    organisation: {},
    billingDocuments: {},
  };
  const routeId = (screen: string) =>
    ({ eventSignups: "console-event-signups", appointmentSignups: "console-appointment-signups" })[screen] ??
    `console-${screen.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  pages = Object.fromEntries(
    Object.entries(screens).map(([screen, params]) => [routeId(screen), consolePath(screen as ConsoleScreen, params)]),
  );
  pages["console-certificates"] += "?mostra=tutti";
  pages["console-event-club-entries"] += `?scrivi=${club.id}`;

  // A submit of each form, by the route it posts to: refused where the form can be, else done.
  const submit = (route: string, fields: Record<string, string>, undo = false) => ({
    route,
    path: (pages[route] ?? "").replace(/\?.*$/, ""),
    fields,
    undo,
  });
  submits = [
    submit("console-new-event", { slug: "Not A Slug" }),
    submit("console-event", { intent: "save", slug: "X Y" }),
    submit("console-event", { intent: "appointment", "appointment.slug": "X Y" }),
    submit("console-appointment", { eventId: event.id, slug: "X Y", capacity: "-1" }),
    submit("console-appointment", { intent: "course-upload" }),
    submit("console-stay", { intent: "stay", slug: "X Y" }),
    submit("console-stay", { intent: "add-room", "room.guests": "0" }),
    submit("console-pages", { slug: "X Y" }),
    submit("console-page", {}),
    submit("console-discount-codes", { intent: "create", code: "!" }),
    submit("console-event-cover", {}),
    submit("console-message", { "subject-it-IT": "Ciao" }),
    submit("console-team", { intent: "invite", email: "no" }),
    submit("console-signup", { intent: "note", text: " " }),
    submit("console-signup", { intent: "refund", amount: "99999" }),
    submit("console-signup", { intent: "transfer", participantId, birthDate: "1990", gender: "x", email: "no" }),
    submit("console-certificates", { intent: "review", participantId, review: "rejected" }),
    // Bibs given: the form shows a refusal only when the range went after the page showed it.
    submit("console-start-lists", { appointment: race.id, order: "surname" }),
    submit("console-check-in", { code: "Rossi" }),
    submit("console-appointment-results", { intent: "upload" }),
    submit("console-appointment-results", {
      intent: "correct",
      resultId,
      gunTime: "1:99:00",
      status: "finished",
      reason: "",
      shownGunTime: "1:40:00",
      shownStatus: "finished",
    }),
    submit("console-appointment-results", {
      intent: "settings",
      timeZone: "Europe/Rome",
      rankBy: "gunTime",
      "categoryRules.kind": "bands",
      resultsState: "unpublished",
      shownState: "unpublished",
    }),
    // The organisation's settings with a VAT number the API refuses by its check digit.
    submit("console-organisation", { ...organisationFields, vatNumber: "12345678901" }),
    submit("console-billing-documents", { intent: "notification" }),
    submit("console-event-club-entries", { clubId: club.id, subject: "", body: "" }),
    submit("console-event-card-lists", { intent: "upload", kind: "fidal" }),
    submit("console-event-card-lists", { intent: "accepted", acceptedCards: "uisp" }),
    // Checked in (its race named), then undone for the next language.
    submit("console-check-in", { participant: participantId }, true),
  ];

  const catalogue = [
    ...(await database.db.select({ title: schema.events.title }).from(schema.events)),
    ...(await database.db.select({ title: schema.appointments.title }).from(schema.appointments)),
    ...(await database.db.select({ title: schema.stays.name }).from(schema.stays)),
  ];
  titles = catalogue.map((row) => row.title as Record<string, string | undefined>);
}, 120_000);
afterAll(() => database?.close());

const get = async (path: string, init?: RequestInit) => {
  const answer = await app.request(path, init ?? { headers: { cookie: organiser } });
  return { status: answer.status, html: await answer.text() };
};

/** What a page in `locale` shows that is not in its language, by rule. */
function problems(locale: string, html: string, english?: string): string[] {
  const { text, errors } = visibleText(html);
  const found: string[] = [];
  for (const [key, stretch] of ENGLISH_STRETCHES) if (text.includes(stretch)) found.push(`(a) ${key}: "${stretch}"`);
  for (const value of RAW_VALUES_BY_LANGUAGE[locale] ?? []) {
    const at = standingAlone(value).exec(text);
    if (at) found.push(`(b) ${value}: "…${text.slice(Math.max(0, at.index - 40), at.index + value.length + 40)}…"`);
  }
  if (english !== undefined) {
    const englishErrors = new Set(visibleText(english).errors);
    for (const error of errors) if (englishErrors.has(error)) found.push(`(c) "${error}"`);
  }
  for (const title of titles) {
    const shown = title["en-US"];
    if (shown && title[locale] && title[locale] !== shown && standingAlone(shown).test(text))
      found.push(`(d) "${shown}"`);
  }
  return found;
}

describe("the console in every language", () => {
  it("covers every console page and every console form", async () => {
    const console = Object.values(await builtRoutes()).filter(
      (route) => route?.parentId === "layout-console" && !/^[a-z]{2}-[A-Z]{2}\//.test(route.id),
    );
    expect(Object.keys(pages).sort()).toEqual(console.map((route) => route?.id).sort());
    const forms = console.filter((route) => route?.module.action).map((route) => route?.id);
    expect([...new Set(submits.map((submit) => submit.route))].sort()).toEqual(forms.sort());
  });

  it.each(LANGUAGES)("shows every page in %s", async (locale) => {
    const found: string[] = [];
    for (const [route, path] of Object.entries(pages)) {
      const { status, html } = await get(`/${locale}${path}`);
      expect(status, `${route} ${path}`).toBe(200);
      for (const problem of problems(locale, html)) found.push(`${route}: ${problem}`);
    }
    expect(found).toEqual([]);
  });

  /** Each submit's answer in English, for rule (c): sent once, with the first language. */
  const inEnglish = new Map<object, string>();
  it.each(LANGUAGES)("answers every form in %s", async (locale) => {
    const found: string[] = [];
    const send = async (path: string, fields: Record<string, string>, undo: boolean) => {
      const answer = await get(path, formPost(organiser, fields));
      const checkIn = /name="undo" value="([^"]+)"/.exec(answer.html)?.[1];
      if (undo && checkIn) await get(path, formPost(organiser, { undo: checkIn }));
      return answer;
    };
    for (const submitted of submits) {
      const { route, path, fields, undo } = submitted;
      const english = inEnglish.get(submitted) ?? (await send(`/en-US${path}`, fields, undo)).html;
      inEnglish.set(submitted, english);
      const { status, html } = await send(`/${locale}${path}`, fields, undo);
      expect(status, `${route} ${JSON.stringify(fields)}`).toBeLessThan(500);
      for (const problem of problems(locale, html, english)) found.push(`${route} ${fields.intent ?? ""}: ${problem}`);
    }
    expect(found).toEqual([]);
  });
});
