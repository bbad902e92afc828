import { findUserByEmail, schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountClient, bearer, resource } from "./accounts/test-client.ts";
import { runner, signupClient } from "./signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "./testing.ts";

/**
 * The rules of packages/jsonapi/src/field-rules.ts as the API applies them (body.ts): one-line texts,
 * phone numbers and birth dates, on registration, the profile and a signup's participants. Each
 * refusal is a 400 with its code and pointer, and writes nothing.
 */
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api.database.close());

const accounts = accountClient(() => api);
const signups = signupClient(() => api);

/** Line breaks of every kind, a tab, and a direction override: what a one-line text refuses. */
const BREAKING = {
  CR: "Ada\rBcc: victim@example.org",
  LF: "Ada\nBcc: victim@example.org",
  "CR LF": "Ada\r\nLovelace",
  TAB: "Ada\tLovelace",
  NEL: "Ada\u0085Lovelace",
  "LINE SEPARATOR": "Ada\u2028Lovelace",
  "PARAGRAPH SEPARATOR": "Ada\u2029Lovelace",
  "RIGHT-TO-LEFT OVERRIDE": "Ada\u202eecalevoL",
  "FIRST STRONG ISOLATE": "Ada\u2068Lovelace",
};

type ErrorObject = { code: string; source: { pointer: string } };
const problems = (body: { errors: ErrorObject[] }) => body.errors.map((e) => [e.source.pointer, e.code]);

describe("a name on registration", () => {
  it.each(Object.entries(BREAKING))("is refused with %s, and no account or mail is made", async (_, givenName) => {
    const email = accounts.newEmail();
    const answer = await accounts.send(
      "POST",
      "/api/users",
      resource("users", {
        email,
        password: "trail at dawn 2027",
        givenName,
        familyName: "Lovelace",
        acceptTerms: true,
      }),
      { "x-test-client": accounts.newClient() },
    );
    expect(answer.status).toBe(400);
    expect(problems(answer.body)).toEqual([["/data/attributes/givenName", "invalid-characters"]]);
    expect(await findUserByEmail(api.database.db, email)).toBeUndefined();
    expect((await api.mails()).filter((mail) => mail.to === email)).toEqual([]);
  });
});

describe("the profile", () => {
  const me = async (token: string) => (await accounts.send("GET", "/api/users/me", undefined, bearer(token))).body;

  /** Sends a change the API must refuse with exactly `expected`, and checks the profile is as it was. */
  async function refused(token: string, attributes: object, expected: [string, string][]) {
    const before = await me(token);
    const answer = await accounts.send("PATCH", "/api/users/me", resource("users", attributes), bearer(token));
    expect(answer.status).toBe(400);
    expect(problems(answer.body)).toEqual(expected);
    expect(await me(token)).toEqual(before);
  }

  it.each(Object.entries(BREAKING))("refuses names with %s, leaving the profile as it was", async (_, name) => {
    const { token } = await accounts.register();
    await refused(token, { givenName: name }, [["/data/attributes/givenName", "invalid-characters"]]);
    await refused(token, { familyName: name }, [["/data/attributes/familyName", "invalid-characters"]]);
  });

  it("refuses the characters in every other text of the profile", async () => {
    const { token } = await accounts.register();
    for (const field of ["phone", "street", "postalCode", "locality", "club", "federationCard"])
      await refused(token, { [field]: "051\t123456" }, [[`/data/attributes/${field}`, "invalid-characters"]]);
  });

  it("refuses a birth date in the future or before 1900, taking today by the API's clock", async () => {
    const { token } = await accounts.register();
    await refused(token, { birthDate: "2999-12-31" }, [["/data/attributes/birthDate", "birth-date-in-future"]]);
    await refused(token, { birthDate: "2027-05-03" }, [["/data/attributes/birthDate", "birth-date-in-future"]]);
    await refused(token, { birthDate: "1899-12-31" }, [["/data/attributes/birthDate", "birth-date-too-early"]]);
    // NOW is the test API's clock, not the machine's: a child born that day is taken.
    const today = NOW.toISOString().slice(0, 10);
    const born = await accounts.send("PATCH", "/api/users/me", resource("users", { birthDate: today }), bearer(token));
    expect(born.status).toBe(200);
    expect(born.body.data.attributes.birthDate).toBe(today);
  });

  it("refuses a phone number that is not one, and takes one written as people write them", async () => {
    const { token } = await accounts.register();
    for (const phone of ["12ab", "12345", "+39 051 123456 789012", "051 123456 int. 2"])
      await refused(token, { phone }, [["/data/attributes/phone", "invalid-phone"]]);
    for (const phone of ["+39 051 123456", "(051) 12-34-56", "0049/30/1234567"]) {
      const answer = await accounts.send("PATCH", "/api/users/me", resource("users", { phone }), bearer(token));
      expect(answer.body.data.attributes.phone).toBe(phone);
    }
    const cleared = await accounts.send("PATCH", "/api/users/me", resource("users", { phone: " " }), bearer(token));
    expect(cleared.body.data.attributes.phone).toBeNull();
  });

  it("answers every problem at once, each at its field", async () => {
    const { token } = await accounts.register();
    await refused(token, { givenName: "Ada\u0085", birthDate: "2999-12-31", phone: "12ab" }, [
      ["/data/attributes/givenName", "invalid-characters"],
      ["/data/attributes/birthDate", "birth-date-in-future"],
      ["/data/attributes/phone", "invalid-phone"],
    ]);
  });
});

describe("a signup's participants", () => {
  /** Rows in every signup table: what "nothing was written" compares. */
  async function rowCounts() {
    const { db } = api.database;
    const tables = [schema.signups, schema.participants, schema.stayBookings, schema.signupAudit];
    return Promise.all(tables.map(async (table) => (await db.select({ n: count() }).from(table))[0]?.n));
  }

  async function heldSignup() {
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null, participantsPerSignup: 2 });
    const appointment = await insertAppointment(api.database.db, event, { capacity: 10 });
    const owner = await signups.visitor();
    const answer = await signups.start(owner.token, appointment.id);
    expect(answer.status).toBe(201);
    return { owner, id: answer.body.data.id as string };
  }

  /** Sends participants the API must refuse with exactly `expected`, and checks nothing was written. */
  async function refused(people: object[], expected: [string, string][]) {
    const { owner, id } = await heldSignup();
    const before = await rowCounts();
    const answer = await signups.participants(owner.token, id, people);
    expect(answer.status).toBe(400);
    expect(problems(answer.body)).toEqual(expected);
    expect(await rowCounts()).toEqual(before);
    const signup = await signups.send(owner.token, "GET", `/api/signups/${id}`);
    expect(signup.body.data.relationships.participants.data).toEqual([]);
  }

  it.each(Object.entries(BREAKING))("refuses names with %s", async (_, name) => {
    await refused(
      [runner(), runner({ givenName: name, emergencyContactName: name })],
      [
        ["/data/1/attributes/givenName", "invalid-characters"],
        ["/data/1/attributes/emergencyContactName", "invalid-characters"],
      ],
    );
  });

  it("refuses the characters in every other text of a participant", async () => {
    const fields = ["familyName", "phone", "club", "federationCard", "tshirtSize", "emergencyContactPhone"];
    await refused(
      [runner(Object.fromEntries(fields.map((field) => [field, "12\n34"])))],
      fields.map((field) => [`/data/0/attributes/${field}`, "invalid-characters"]),
    );
  });

  it("refuses a birth date in the future or before 1900", async () => {
    await refused([runner({ birthDate: "2999-12-31" })], [["/data/0/attributes/birthDate", "birth-date-in-future"]]);
    await refused([runner({ birthDate: "1899-12-31" })], [["/data/0/attributes/birthDate", "birth-date-too-early"]]);
  });

  it("refuses phone numbers that are not ones", async () => {
    await refused(
      [runner({ phone: "12ab", emergencyContactPhone: "12ab" })],
      [
        ["/data/0/attributes/phone", "invalid-phone"],
        ["/data/0/attributes/emergencyContactPhone", "invalid-phone"],
      ],
    );
  });

  it("takes a participant whose texts are one line, numbers plausible and birth date past", async () => {
    const { owner, id } = await heldSignup();
    const people = [runner({ givenName: "محمد", phone: "(051) 12-34-56", emergencyContactPhone: "0039 333 1234567" })];
    const answer = await signups.participants(owner.token, id, people);
    expect(answer.status).toBe(200);
  });
});
