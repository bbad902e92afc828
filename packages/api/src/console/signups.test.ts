import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { livePayments } from "@sports/payments";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDF, runner, signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";

let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({
    organiserEmails: [CONSOLE_ORGANISER],
    payments: livePayments({
      providers: ["demo", "bank-transfer"],
      bankAccount: { beneficiary: "Club", iban: "IT60X0542811101000000123456" },
    }),
  });
});
afterAll(() => api.database.close());

const team = teamClient(() => api);
let organiserPerson: Awaited<ReturnType<typeof team.organiser>> | undefined;
const theOrganiser = async () => {
  organiserPerson ??= await team.organiser();
  return organiserPerson;
};
const { visitor, start, participants, upload, submit, payByDemo } = signupClient(() => api);

/** A signup through the API: held, its participant given (with a certificate), submitted, paid with the demo provider. */
async function paidSignup(appointmentId: string, person: object, options: { pay?: boolean; locale?: string } = {}) {
  const owner = await visitor();
  if (options.locale)
    await api.database.db
      .update(schema.users)
      .set({ preferredLocale: options.locale as "de-DE" })
      .where(eq(schema.users.id, owner.id));
  const held = await start(owner.token, appointmentId);
  const id = held.body.data.id as string;
  const stored = await upload(owner.token, id, PDF);
  const certificateId = stored.body.data.id as string;
  const given = await participants(owner.token, id, [
    runner({ ...person, certificateId, certificateExpiresOn: "2030-01-01" }),
  ]);
  expect(given.status).toBe(200);
  await submit(owner.token, id);
  if (options.pay !== false) expect((await payByDemo(owner.token, id)).decided.status).toBe(200);
  return { id, owner, certificateId };
}

let event: Awaited<ReturnType<typeof insertEvent>>;
let appointmentId: string;
let ada: Awaited<ReturnType<typeof paidSignup>>;
let bruno: Awaited<ReturnType<typeof paidSignup>>;
let carla: Awaited<ReturnType<typeof paidSignup>>;

beforeAll(async () => {
  event = await insertEvent(api.database.db, NOW, {
    signupOpensAt: null,
    refundDaysBefore: 14,
    cancellationDaysBefore: 7,
    medicalCertificate: "competitive",
  });
  appointmentId = (await insertAppointment(api.database.db, event, { capacity: 50 })).id;
  ada = await paidSignup(appointmentId, { givenName: "Ada", familyName: "Zeta", email: "ada.zeta@example.org" });
  bruno = await paidSignup(
    appointmentId,
    { givenName: "Bruno", familyName: "Alfa", email: "bruno@example.org" },
    { locale: "de-DE" },
  );
  carla = await paidSignup(
    appointmentId,
    { givenName: "Carla", familyName: "Mezzo", email: "carla@example.org" },
    { pay: false },
  );
});

const list = async (query: string, headers: Record<string, string>) =>
  team.send("GET", `/api/appointments/${appointmentId}/signups${query}`, undefined, headers);

describe("signup lists", () => {
  it("are the team's: 401 without a session, 403 not-staff for a runner, staff read them", async () => {
    expect((await list("", {})).status).toBe(401);
    const runnerPerson = await team.runner();
    const refused = await list("", runnerPerson.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe("not-staff");
    const staff = await team.staff();
    const answer = await list("", staff.headers);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
  });

  it("pages, sorts and counts", async () => {
    const organiser = await theOrganiser();
    const byName = await list("?sort=familyName&page[size]=2", organiser.headers);
    expect(byName.status).toBe(200);
    expect(byName.body.meta.total).toBe(3);
    expect(byName.body.data.map((row: any) => row.attributes.holderFamilyName)).toEqual(["Alfa", "Mezzo"]);
    expect(byName.body.data.map((row: any) => row.attributes.discountCode)).toEqual([null, null]);
    expect(byName.body.links.next).toContain("page%5Bnumber%5D=2");
    const second = await list("?sort=familyName&page[size]=2&page[number]=2", organiser.headers);
    expect(second.body.data.map((row: any) => row.attributes.holderFamilyName)).toEqual(["Zeta"]);
    const descending = await list("?sort=-familyName", organiser.headers);
    expect(descending.body.data[0].attributes.holderFamilyName).toBe("Zeta");
    expect((await list("?sort=nonsense", organiser.headers)).status).toBe(400);
    expect((await list("?page[size]=1000", organiser.headers)).status).toBe(400);
  });

  it("filters by state, payment, certificate and a name or address", async () => {
    const organiser = await theOrganiser();
    const names = async (query: string) =>
      (await list(query, organiser.headers)).body.data.map((row: any) => row.attributes.holderFamilyName).sort();
    expect(await names("?filter[state]=confirmed")).toEqual(["Alfa", "Zeta"]);
    expect(await names("?filter[state]=awaiting-payment")).toEqual(["Mezzo"]);
    expect(await names("?filter[payment]=paid")).toEqual(["Alfa", "Zeta"]);
    expect(await names("?filter[payment]=unpaid")).toEqual(["Mezzo"]);
    expect(await names("?filter[certificate]=pending")).toEqual(["Alfa", "Mezzo", "Zeta"]);
    expect(await names("?filter[certificate]=missing")).toEqual([]);
    expect(await names("?filter[q]=zet")).toEqual(["Zeta"]);
    expect(await names("?filter[q]=bruno@EXAMPLE")).toEqual(["Alfa"]);
    expect(await names("?filter[q]=Carla%20Mezzo")).toEqual(["Mezzo"]);
    expect((await list("?filter[payment]=maybe", organiser.headers)).status).toBe(400);
    const withPeople = await list("?include=participants&filter[q]=zeta", organiser.headers);
    expect(withPeople.body.included[0].attributes).toMatchObject({ familyName: "Zeta", certificateStatus: "pending" });
    const whole = await team.send("GET", `/api/events/${event.id}/signups`, undefined, organiser.headers);
    expect(whole.body.meta.total).toBe(3);
  });

  it("counts a certificate lapsing before race day as expired", async () => {
    const organiser = await theOrganiser();
    await api.database.db
      .update(schema.participants)
      .set({ certificateExpiresOn: "2027-05-02" })
      .where(eq(schema.participants.signupId, carla.id));
    const names = (await list("?filter[certificate]=expired", organiser.headers)).body.data.map(
      (row: any) => row.attributes.holderFamilyName,
    );
    expect(names).toEqual(["Mezzo"]);
    const certificates = await team.send(
      "GET",
      `/api/events/${event.id}/participants?filter[certificate]=missing,pending,expired`,
      undefined,
      organiser.headers,
    );
    expect(certificates.body.meta.total).toBe(3);
    await api.database.db
      .update(schema.participants)
      .set({ certificateExpiresOn: "2030-01-01" })
      .where(eq(schema.participants.signupId, carla.id));
  });
});

describe("money, the organiser's alone", () => {
  /** Every amount a document carries, as `"key":digits`. */
  const amounts = (body: unknown) =>
    JSON.stringify(body).match(/"(amount|unit|paidAmount|refundedAmount|refundDue)":\d/g);

  it("staff see whether a signup is paid, and no amount or discount code in the list or the record", async () => {
    const organiser = await theOrganiser();
    const staff = await team.staff();
    const [code] = await api.database.db
      .insert(schema.discountCodes)
      .values({ eventId: event.id, code: "STAFF10", kind: "percent", value: 10, maxUses: 5, usesTaken: 1 })
      .returning();
    await api.database.db
      .update(schema.signups)
      .set({ discountCodeId: code?.id })
      .where(eq(schema.signups.id, carla.id));
    try {
      const rows = (await list("?sort=familyName", staff.headers)).body.data;
      expect(amounts(rows)).toBeNull();
      expect(rows.map((row: any) => [row.attributes.payment, row.attributes.discountCode])).toEqual([
        ["paid", null],
        ["unpaid", null],
        ["paid", null],
      ]);
      const paid = (await list("?filter[payment]=paid", staff.headers)).body.data;
      expect(paid.map((row: any) => row.attributes.holderFamilyName).sort()).toEqual(["Alfa", "Zeta"]);
      const theirs = (await list("?sort=familyName", organiser.headers)).body.data;
      expect(theirs.map((row: any) => [row.attributes.paidAmount > 0, row.attributes.discountCode])).toEqual([
        [true, null],
        [false, "STAFF10"],
        [true, null],
      ]);

      for (const id of [ada.id, carla.id]) {
        const record = (await team.send("GET", `/api/console/signups/${id}`, undefined, staff.headers)).body;
        expect(amounts(record)).toBeNull();
        expect(record.data.attributes).toMatchObject({ price: null, discountCode: null });
      }
      const staffAda = (await team.send("GET", `/api/console/signups/${ada.id}`, undefined, staff.headers)).body;
      expect(staffAda.data.attributes.payments).toMatchObject([{ provider: "demo", state: "paid", amount: null }]);
      const record = (await team.send("GET", `/api/console/signups/${carla.id}`, undefined, organiser.headers)).body;
      expect(record.data.attributes.discountCode).toMatchObject({ code: "STAFF10" });
      expect(record.data.attributes.price.discount).not.toBeNull();
    } finally {
      await api.database.db.update(schema.signups).set({ discountCodeId: null }).where(eq(schema.signups.id, carla.id));
    }
  });
});

describe("a signup's record and the organiser's actions", () => {
  it("shows the participants, payments, state log and mails; staff read it but may not act", async () => {
    const organiser = await theOrganiser();
    const record = await team.send("GET", `/api/console/signups/${ada.id}`, undefined, organiser.headers);
    expect(record.status).toBe(200);
    const attributes = record.body.data.attributes;
    expect(attributes.state).toBe("confirmed");
    expect(attributes.payments[0]).toMatchObject({ provider: "demo", state: "paid" });
    // No discount code: the price has no discount line, and its total is what was paid.
    expect(attributes.discountCode).toBeNull();
    expect(attributes.price).toMatchObject({ discount: null, total: { amount: attributes.payments[0].amount } });
    expect(attributes.log.map((line: any) => line.toState)).toContain("confirmed");
    expect(attributes.mails.map((mail: any) => mail.kind)).toContain("payment-confirmed");
    expect(record.body.included[0].attributes.certificateStatus).toBe("pending");
    const staff = await team.staff();
    expect((await team.send("GET", `/api/console/signups/${ada.id}`, undefined, staff.headers)).status).toBe(200);
    const note = { data: { type: "signup-notes", attributes: { text: "Called them." } } };
    const refused = await team.send("POST", `/api/console/signups/${ada.id}/notes`, note, staff.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe("not-organiser");
    const file = await team.send(
      "GET",
      `/api/console/participants/${record.body.included[0].id}/certificate`,
      undefined,
      staff.headers,
    );
    expect(file.status).toBe(403);
  });

  it("serves the certificate file to the organiser, privately", async () => {
    const organiser = await theOrganiser();
    const record = await team.send("GET", `/api/console/signups/${ada.id}`, undefined, organiser.headers);
    const file = await api.request(`/api/console/participants/${record.body.included[0].id}/certificate`, {
      headers: organiser.headers,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-disposition")).toContain("attachment");
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("adds a note with its audit line", async () => {
    const organiser = await theOrganiser();
    const note = { data: { type: "signup-notes", attributes: { text: "Called them." } } };
    const added = await team.send("POST", `/api/console/signups/${ada.id}/notes`, note, organiser.headers);
    expect(added.status).toBe(201);
    const record = await team.send("GET", `/api/console/signups/${ada.id}`, undefined, organiser.headers);
    expect(record.body.data.attributes.notes.map((n: any) => n.text)).toEqual(["Called them."]);
    expect(record.body.data.attributes.log.some((line: any) => line.action === "add-note")).toBe(true);
    const empty = { data: { type: "signup-notes", attributes: { text: "" } } };
    expect((await team.send("POST", `/api/console/signups/${ada.id}/notes`, empty, organiser.headers)).status).toBe(
      400,
    );
  });

  it("refunds in part, then the rest, never more than was paid", async () => {
    const organiser = await theOrganiser();
    const refund = (amount?: number) =>
      team.send(
        "POST",
        `/api/console/signups/${bruno.id}/refunds`,
        { data: { type: "refunds", attributes: amount === undefined ? {} : { amount } } },
        organiser.headers,
      );
    const part = await refund(100);
    expect(part.status).toBe(200);
    expect(part.body.meta).toMatchObject({ refundDue: 100, refundedAmount: 100 });
    const paid = part.body.meta.amount as number;
    const tooMuch = await refund(paid);
    expect(tooMuch.status).toBe(400);
    const rest = await refund();
    expect(rest.body.meta).toMatchObject({ refundDue: paid, refundedAmount: paid });
    expect((await refund(1)).status).toBe(409);
    const lines = await api.database.db
      .select()
      .from(schema.auditEntries)
      .where(and(eq(schema.auditEntries.subjectId, bruno.id), eq(schema.auditEntries.action, "refund")));
    expect(lines).toHaveLength(2);
  });

  it("sends a mail again as a new outbox row", async () => {
    const organiser = await theOrganiser();
    const record = await team.send("GET", `/api/console/signups/${ada.id}`, undefined, organiser.headers);
    const mail = record.body.data.attributes.mails[0];
    const resent = await team.send(
      "POST",
      `/api/console/signups/${ada.id}/mails`,
      { data: { type: "outgoing-mails", attributes: { copyOf: mail.id } } },
      organiser.headers,
    );
    expect(resent.status).toBe(202);
    const after = await team.send("GET", `/api/console/signups/${ada.id}`, undefined, organiser.headers);
    expect(after.body.data.attributes.mails).toHaveLength(record.body.data.attributes.mails.length + 1);
  });

  it("marks a bank transfer paid and cancels, each with its audit line", async () => {
    const organiser = await theOrganiser();
    const marked = await team.send(
      "POST",
      `/api/signups/${carla.id}/payments`,
      { data: { type: "payments", attributes: {} } },
      organiser.headers,
    );
    expect(marked.status).toBe(201);
    const cancelled = await team.send(
      "POST",
      `/api/console/signups/${carla.id}/cancellation`,
      { data: { type: "cancellations", attributes: {} } },
      organiser.headers,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.meta.state).toBe("cancelled");
    const actions = (
      await api.database.db.select().from(schema.auditEntries).where(eq(schema.auditEntries.subjectId, carla.id))
    ).map((line) => line.action);
    expect(actions).toEqual(expect.arrayContaining(["mark-paid", "cancel"]));
  });
});

describe("certificate review", () => {
  const review = (participantId: string, attributes: object, headers: Record<string, string>) =>
    team.send(
      "PATCH",
      `/api/console/participants/${participantId}`,
      { data: { type: "participants", id: participantId, attributes } },
      headers,
    );

  it("rejects with a reason, mails the runner in their language, and a new upload clears it", async () => {
    const organiser = await theOrganiser();
    const record = await team.send("GET", `/api/console/signups/${bruno.id}`, undefined, organiser.headers);
    const participantId = record.body.included[0].id as string;
    expect((await review(participantId, { certificateReview: "rejected" }, organiser.headers)).status).toBe(400);
    const staff = await team.staff();
    expect((await review(participantId, { certificateReview: "approved" }, staff.headers)).status).toBe(403);
    const rejected = await review(
      participantId,
      { certificateReview: "rejected", certificateReviewReason: "Unsigned" },
      organiser.headers,
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.attributes).toMatchObject({
      certificateStatus: "rejected",
      certificateReviewReason: "Unsigned",
    });
    const mails = await api.mails();
    const sent = mails.find((mail) => mail.to === bruno.owner.email && mail.subject.includes("Attest"));
    expect(sent?.subject).toContain("Ärztliches Attest nicht angenommen");
    expect(sent?.text).toContain("Unsigned");
    const [row] = await api.database.db
      .select()
      .from(schema.participants)
      .where(eq(schema.participants.id, participantId));
    expect(row?.certificateReview).toBe("rejected");
    // A new certificate from the runner clears the review.
    await api.database.db
      .update(schema.signups)
      .set({ state: "held", holdExpiresAt: new Date(NOW.getTime() + 3_600_000) })
      .where(eq(schema.signups.id, bruno.id));
    const again = await upload(bruno.owner.token, bruno.id, PDF);
    expect(again.status).toBe(201);
    const [afterUpload] = await api.database.db
      .select()
      .from(schema.participants)
      .where(eq(schema.participants.id, participantId));
    expect(afterUpload).toMatchObject({ certificateReview: null, certificateReviewReason: null });
    const given = await participants(bruno.owner.token, bruno.id, [
      runner({
        givenName: "Bruno",
        familyName: "Alfa",
        certificateId: again.body.data.id,
        certificateExpiresOn: "2030-01-01",
      }),
    ]);
    expect(given.status).toBe(200);
    const [cleared] = await api.database.db
      .select()
      .from(schema.participants)
      .where(eq(schema.participants.signupId, bruno.id));
    expect(cleared?.certificateReview).toBeNull();
  });

  it("approves, with its audit line", async () => {
    const organiser = await theOrganiser();
    const record = await team.send("GET", `/api/console/signups/${ada.id}`, undefined, organiser.headers);
    const participantId = record.body.included[0].id as string;
    const approved = await review(participantId, { certificateReview: "approved" }, organiser.headers);
    expect(approved.body.data.attributes.certificateStatus).toBe("approved");
    const organiserList = await list("?filter[certificate]=approved", organiser.headers);
    expect(organiserList.body.data.map((row: any) => row.id)).toEqual([ada.id]);
    const lines = await api.database.db
      .select()
      .from(schema.auditEntries)
      .where(eq(schema.auditEntries.action, "certificate-approved"));
    expect(lines.some((line) => line.subjectId === ada.id)).toBe(true);
  });
});
