import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { expireSignups } from "@sports/usecases";
import { testDeps } from "@sports/usecases/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runner, signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";

/**
 * Discount codes over HTTP (decision 029): the organiser's codes, a runner applying and removing one
 * at the recap, the price's discount line, the limits, a use given back when the signup lapses, and
 * a signup that costs nothing confirmed at submit.
 */
let clock = NOW;
let api: TestApi;
let organiser: Record<string, string>;
beforeAll(async () => {
  api = await openTestApi({ now: () => clock, organiserEmails: [CONSOLE_ORGANISER] });
  organiser = (await teamClient(() => api).organiser()).headers;
});
afterAll(() => api.database.close());

const { visitor, send, start, participants } = signupClient(() => api);
const asOrganiser = (method: string, path: string, body?: unknown) => send(undefined, method, path, body, organiser);

async function newCode(eventId: string, attributes: object, appointmentId?: string) {
  const answer = await asOrganiser("POST", "/api/discount-codes", {
    data: {
      type: "discount-codes",
      attributes: { kind: "percent", value: 20, maxUses: 5, ...attributes },
      relationships: {
        event: { data: { type: "events", id: eventId } },
        ...(appointmentId ? { appointment: { data: { type: "appointments", id: appointmentId } } } : {}),
      },
    },
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

const applyCode = (token: string, signupId: string, discountCode: string | null) =>
  send(token, "PATCH", `/api/signups/${signupId}`, {
    data: { type: "signups", id: signupId, attributes: { discountCode } },
  });

async function heldSignup(appointmentId: string, person: { club?: string } = {}) {
  const owner = await visitor();
  const id = (await start(owner.token, appointmentId)).body.data.id as string;
  await participants(owner.token, id, [runner(person)]);
  return { owner, id };
}

async function usesTaken(codeId: string) {
  const [row] = await api.database.db
    .select({ uses: schema.discountCodes.usesTaken })
    .from(schema.discountCodes)
    .where(eq(schema.discountCodes.id, codeId));
  return row?.uses;
}

describe("the organiser's discount codes", () => {
  it("creates, lists, changes, switches off and deletes only unused codes, each audited", async () => {
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
    const appointment = await insertAppointment(api.database.db, event);
    const code = await newCode(event.id, { code: " spring 20 ", perPersonLimit: 1 }, appointment.id);
    expect(code.attributes).toMatchObject({ code: "SPRING20", kind: "percent", value: 20, usesTaken: 0, active: true });
    expect(code.relationships.appointment.data.id).toBe(appointment.id);

    const twice = await asOrganiser("POST", "/api/discount-codes", {
      data: {
        type: "discount-codes",
        attributes: { code: "SPRING20", kind: "amount", value: 500, currency: "EUR", maxUses: 1 },
        relationships: { event: { data: { type: "events", id: event.id } } },
      },
    });
    expect([twice.status, twice.body.errors[0].code]).toEqual([400, "taken"]);
    const noCurrency = await asOrganiser("POST", "/api/discount-codes", {
      data: {
        type: "discount-codes",
        attributes: { code: "FIVE", kind: "amount", value: 500, maxUses: 1 },
        relationships: { event: { data: { type: "events", id: event.id } } },
      },
    });
    expect(noCurrency.body.errors[0].source.pointer).toBe("/data/attributes/currency");
    const overHundred = await asOrganiser("POST", "/api/discount-codes", {
      data: {
        type: "discount-codes",
        attributes: { code: "ALL120", kind: "percent", value: 120, maxUses: 1 },
        relationships: { event: { data: { type: "events", id: event.id } } },
      },
    });
    expect(overHundred.body.errors[0]).toMatchObject({
      code: "percent-out-of-range",
      source: { pointer: "/data/attributes/value" },
    });

    const list = await asOrganiser("GET", `/api/discount-codes?filter[event]=${event.id}`);
    expect(list.body.data.map((one: { attributes: { code: string } }) => one.attributes.code)).toEqual(["SPRING20"]);

    // Used once, its price no longer changes and it cannot be deleted: it is switched off instead.
    const { owner, id } = await heldSignup(appointment.id);
    expect((await applyCode(owner.token, id, "spring20")).status).toBe(200);
    const change = (attributes: object) =>
      asOrganiser("PATCH", `/api/discount-codes/${code.id}`, {
        data: { type: "discount-codes", id: code.id, attributes },
      });
    expect((await change({ value: 50 })).body.errors[0].code).toBe("code-in-use");
    expect((await asOrganiser("DELETE", `/api/discount-codes/${code.id}`)).body.errors[0].code).toBe("code-in-use");
    const off = await change({ active: false, maxUses: 10 });
    expect(off.body.data.attributes).toMatchObject({ active: false, maxUses: 10, usesTaken: 1 });
    expect((await change({ maxUses: 0 })).status).toBe(400);

    const unused = await newCode(event.id, { code: "UNUSED" });
    expect((await asOrganiser("DELETE", `/api/discount-codes/${unused.id}`)).status).toBe(204);
    const audit = await api.database.db
      .select({ action: schema.auditEntries.action, subject: schema.auditEntries.subjectId })
      .from(schema.auditEntries)
      .where(eq(schema.auditEntries.subjectType, "discount-codes"));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "create", subject: code.id },
        { action: "update", subject: code.id },
        { action: "create", subject: unused.id },
        { action: "delete", subject: unused.id },
      ]),
    );
  });
});

describe("a code at the recap", () => {
  it("shows as the price's discount line, is audited with its runner, and gives its use back when removed", async () => {
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
    const appointment = await insertAppointment(api.database.db, event, {
      priceTiers: [{ until: null, amount: 3333 }],
    });
    const code = await newCode(event.id, { code: "TEAM15", value: 15 });
    const { owner, id } = await heldSignup(appointment.id);

    const applied = await applyCode(owner.token, id, "team15");
    expect(applied.status).toBe(200);
    expect(applied.body.data.attributes.price).toMatchObject({
      discount: { code: "TEAM15", kind: "percent", value: 15, amount: { amount: 500, currency: "EUR" } },
      total: { amount: 2833, currency: "EUR" },
    });
    expect(await usesTaken(code.id)).toBe(1);
    // The same code again changes nothing.
    expect((await applyCode(owner.token, id, "TEAM15")).status).toBe(200);
    expect(await usesTaken(code.id)).toBe(1);
    const [line] = await api.database.db
      .select()
      .from(schema.auditEntries)
      .where(and(eq(schema.auditEntries.subjectId, id), eq(schema.auditEntries.action, "apply-discount-code")));
    expect(line).toMatchObject({ actorKind: "user", actorUserId: owner.id, eventId: event.id });
    // The console's record of the signup shows the code and the price's discount line.
    const record = await asOrganiser("GET", `/api/console/signups/${id}`);
    expect(record.status).toBe(200);
    expect(record.body.data.attributes).toMatchObject({
      discountCode: { id: code.id, code: "TEAM15" },
      price: { discount: { code: "TEAM15", amount: { amount: 500 } }, total: { amount: 2833 } },
    });
    const rows = await asOrganiser("GET", `/api/appointments/${appointment.id}/signups`);
    expect(rows.body.data.map((row: { attributes: object }) => row.attributes)).toEqual([
      expect.objectContaining({ discountCode: "TEAM15" }),
    ]);

    const removed = await applyCode(owner.token, id, null);
    expect(removed.body.data.attributes.price).toMatchObject({ discount: null, total: { amount: 3333 } });
    const without = await asOrganiser("GET", `/api/console/signups/${id}`);
    expect(without.body.data.attributes).toMatchObject({ discountCode: null, price: { discount: null } });
    expect(await usesTaken(code.id)).toBe(0);

    const stranger = await visitor();
    expect((await applyCode(stranger.token, id, "TEAM15")).status).toBe(403);
  });

  it("refuses a code with its reason on the field, changing nothing", async () => {
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
    const appointment = await insertAppointment(api.database.db, event);
    const other = await insertAppointment(api.database.db, event);
    await newCode(event.id, { code: "ONCE", maxUses: 1 });
    await newCode(event.id, { code: "LATER", validFrom: new Date(NOW.getTime() + 86_400_000).toISOString() });
    await newCode(event.id, { code: "OVER", validUntil: NOW.toISOString() });
    await newCode(event.id, { code: "ELSEWHERE" }, other.id);
    await newCode(event.id, { code: "CLUB", members: ["Atletica Roma"] });
    await newCode(event.id, { code: "MINE", perPersonLimit: 1 });
    const first = await heldSignup(appointment.id);
    expect((await applyCode(first.owner.token, first.id, "ONCE")).status).toBe(200);
    const { owner, id } = await heldSignup(appointment.id);
    const refusal = async (text: string) => {
      const answer = await applyCode(owner.token, id, text);
      return [answer.status, answer.body.errors[0].code, answer.body.errors[0].source?.pointer];
    };
    const on = "/data/attributes/discountCode";
    expect(await refusal("NOPE")).toEqual([422, "code-unknown", on]);
    expect(await refusal("ONCE")).toEqual([409, "code-used-up", on]);
    expect(await refusal("LATER")).toEqual([422, "code-not-yet-valid", on]);
    expect(await refusal("OVER")).toEqual([422, "code-expired", on]);
    expect(await refusal("ELSEWHERE")).toEqual([422, "code-not-valid-here", on]);
    expect(await refusal("CLUB")).toEqual([422, "code-members-only", on]);
    const signup = await send(owner.token, "GET", `/api/signups/${id}`);
    expect(signup.body.data.attributes.price.discount).toBeNull();

    // A member gets it; a second signup of the same runner is over the per-person limit.
    const member = await heldSignup(appointment.id, { club: "atletica roma" });
    expect((await applyCode(member.owner.token, member.id, "CLUB")).status).toBe(200);
    const mine = await heldSignup(appointment.id);
    expect((await applyCode(mine.owner.token, mine.id, "MINE")).status).toBe(200);
    const again = (await start(mine.owner.token, other.id)).body.data.id as string;
    await participants(mine.owner.token, again, [runner()]);
    expect((await applyCode(mine.owner.token, again, "MINE")).body.errors[0].code).toBe("code-per-person-limit");
  });

  it("refuses the submission of a members-only code once the participants are no longer all members", async () => {
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null, participantsPerSignup: 2 });
    const appointment = await insertAppointment(api.database.db, event);
    await newCode(event.id, { code: "CLUBONLY", members: ["Atletica Roma"] });
    const { owner, id } = await heldSignup(appointment.id, { club: "Atletica Roma" });
    expect((await applyCode(owner.token, id, "CLUBONLY")).status).toBe(200);
    const changed = await participants(owner.token, id, [
      runner({ club: "Atletica Roma" }),
      runner({ club: "Podisti Milano", email: "bruno@example.org" }),
    ]);
    expect(changed.status).toBe(200);
    const submitted = await send(owner.token, "PATCH", `/api/signups/${id}`, {
      data: {
        type: "signups",
        attributes: { state: "awaiting-payment", paymentMethod: "bank-transfer", termsAccepted: true },
      },
    });
    expect([submitted.status, submitted.body.errors[0].code]).toEqual([422, "code-members-only"]);
    const [row] = await api.database.db.select().from(schema.signups).where(eq(schema.signups.id, id));
    expect(row?.state).toBe("held");
  });

  it("gives the use back when the hold lapses", async () => {
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
    const appointment = await insertAppointment(api.database.db, event);
    const code = await newCode(event.id, { code: "LAPSE", maxUses: 1 });
    const { owner, id } = await heldSignup(appointment.id);
    await applyCode(owner.token, id, "LAPSE");
    expect(await usesTaken(code.id)).toBe(1);
    clock = new Date(NOW.getTime() + 16 * 60_000);
    try {
      await expireSignups(testDeps(api.database.db, clock));
      expect(await usesTaken(code.id)).toBe(0);
      const [row] = await api.database.db.select().from(schema.signups).where(eq(schema.signups.id, id));
      expect(row).toMatchObject({ state: "expired", discountCodeId: null });
    } finally {
      clock = NOW;
    }
  });

  it("confirms a signup a 100% code makes free at submit, with its tickets and the confirmation mail", async () => {
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
    const appointment = await insertAppointment(api.database.db, event);
    await newCode(event.id, { code: "GUEST", value: 100 });
    const { owner, id } = await heldSignup(appointment.id);
    await applyCode(owner.token, id, "GUEST");
    const submitted = await send(owner.token, "PATCH", `/api/signups/${id}`, {
      data: {
        type: "signups",
        // Nothing to pay: no way to pay is asked for.
        attributes: { state: "awaiting-payment", termsAccepted: true },
      },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.attributes).toMatchObject({
      state: "confirmed",
      paymentMethod: null,
      price: { total: { amount: 0 } },
    });
    const people = await api.database.db
      .select({ ticket: schema.participants.ticketCode })
      .from(schema.participants)
      .where(eq(schema.participants.signupId, id));
    expect(people.every((person) => person.ticket !== null)).toBe(true);
    const audit = await api.database.db
      .select({ action: schema.signupAudit.action, actor: schema.signupAudit.actorKind })
      .from(schema.signupAudit)
      .where(eq(schema.signupAudit.signupId, id))
      .orderBy(schema.signupAudit.id);
    expect(audit.slice(-2)).toEqual([
      { action: "submit", actor: "user" },
      { action: "confirm", actor: "system" },
    ]);
    const payments = await api.database.db.select().from(schema.payments).where(eq(schema.payments.signupId, id));
    expect(payments).toEqual([]);
    const mails = (await api.mails()).filter((mail) => mail.to === owner.email);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/confermat/i)]);
  });
});

describe("the codes on the event's dashboard", () => {
  it("counts each code's uses and confirmed signups, and the discount given as charged, for organisers only", async () => {
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
    // 20.00 until the 10th of May, 30.00 after: the discount given is the one charged, whenever read.
    const appointment = await insertAppointment(api.database.db, event, {
      priceTiers: [
        { until: "2027-05-10", amount: 2000 },
        { until: null, amount: 3000 },
      ],
    });
    await newCode(event.id, { code: "HALF", value: 50 });
    await newCode(event.id, { code: "FREE", value: 100 });
    await newCode(event.id, { code: "UNUSED", value: 10 });

    const paid = await heldSignup(appointment.id);
    await applyCode(paid.owner.token, paid.id, "HALF");
    const submitted = await send(paid.owner.token, "PATCH", `/api/signups/${paid.id}`, {
      data: {
        type: "signups",
        attributes: { state: "awaiting-payment", paymentMethod: "bank-transfer", termsAccepted: true },
      },
    });
    expect(submitted.status).toBe(200);
    const marked = await asOrganiser("POST", `/api/signups/${paid.id}/payments`, {
      data: { type: "payments", attributes: {} },
    });
    expect(marked.body.data.attributes).toMatchObject({ state: "paid", amount: { amount: 1000 } });
    const free = await heldSignup(appointment.id);
    await applyCode(free.owner.token, free.id, "FREE");
    const confirmed = await send(free.owner.token, "PATCH", `/api/signups/${free.id}`, {
      data: { type: "signups", attributes: { state: "awaiting-payment", termsAccepted: true } },
    });
    expect(confirmed.body.data.attributes.state).toBe("confirmed");
    // A held signup holds a use, not yet a confirmed one.
    const held = await heldSignup(appointment.id);
    await applyCode(held.owner.token, held.id, "HALF");

    clock = new Date("2027-05-20T10:00:00Z");
    try {
      const answer = await asOrganiser("GET", `/api/events/${event.id}/dashboard`);
      expect(answer.status).toBe(200);
      expect(answer.body.data.attributes.discountCodes).toEqual([
        expect.objectContaining({
          code: "FREE",
          usesTaken: 1,
          confirmed: 1,
          discountGiven: [{ currency: "EUR", amount: 2000 }],
        }),
        expect.objectContaining({
          code: "HALF",
          usesTaken: 2,
          confirmed: 1,
          discountGiven: [{ currency: "EUR", amount: 1000 }],
        }),
        expect.objectContaining({ code: "UNUSED", usesTaken: 0, confirmed: 0, discountGiven: [] }),
      ]);
      const staff = await teamClient(() => api).staff();
      const staffAnswer = await send(undefined, "GET", `/api/events/${event.id}/dashboard`, undefined, staff.headers);
      expect(staffAnswer.status).toBe(200);
      expect(staffAnswer.body.data.attributes.discountCodes).toEqual([
        expect.objectContaining({ code: "FREE", usesTaken: 1, confirmed: 1, discountGiven: null }),
        expect.objectContaining({ code: "HALF", usesTaken: 2, confirmed: 1, discountGiven: null }),
        expect.objectContaining({ code: "UNUSED", usesTaken: 0, confirmed: 0, discountGiven: null }),
      ]);
      // The codes themselves (what each takes off) are the organiser's.
      const codes = await send(
        undefined,
        "GET",
        `/api/discount-codes?filter[event]=${event.id}`,
        undefined,
        staff.headers,
      );
      expect(codes.status).toBe(403);
      expect(codes.body.errors[0].code).toBe("not-organiser");
    } finally {
      clock = NOW;
    }
  });
});
