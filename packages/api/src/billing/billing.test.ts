import { readFileSync } from "node:fs";
import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { livePayments } from "@sports/payments";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSOLE_ORGANISER, teamClient } from "../console/test-client.ts";
import { runner, signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

/**
 * Billing over HTTP (decision 066): the organiser's fiscal settings, billing details at the recap
 * checked at their fields, an invoice issued when the payment settles, its PDF and XML, a credit
 * note when money goes back, the invoices handed out as a zip and the SdI's answers recorded.
 */
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER], payments: livePayments({ providers: ["demo"] }) });
});
afterAll(() => api.database.close());

const team = teamClient(() => api);
const { visitor, send, start, participants, submit, payByDemo } = signupClient(() => api);
const db = () => api.database.db;
let organiserToken: string | undefined;
const organiser = async () => {
  organiserToken ??= (await team.organiser()).token;
  return organiserToken;
};

const settings = (overrides: object = {}) => ({
  legalName: "ASD Corri Trento",
  address: { street: "Via Brennero 42", postalCode: "38121", locality: "Trento", province: "TN", country: "IT" },
  vatNumber: "02345670224",
  taxCode: null,
  taxRegime: "RF18",
  documentPrefix: "",
  invoiceSeries: "F",
  receiptSeries: "R",
  personDocument: "receipt",
  treatments: {
    entryFee: { vatRate: 0, natura: "N2.2" },
    lodging: { vatRate: 1000, natura: null },
    transferFee: { vatRate: 2200, natura: null },
  },
  stampDuty: { applies: true, chargedToBuyer: true },
  transmitter: null,
  handOverEveryDays: 3,
  ...overrides,
});

const organisationPatch = (attributes: object) => ({ data: { type: "organisations", id: "1", attributes } });
/** Documents are issued once the organiser has a fiscal identity. */
const billingOn = async () => send(await organiser(), "PATCH", "/api/organisation", organisationPatch(settings()));
const club = {
  kind: "business",
  name: "Atletica Valsugana ASD",
  vatNumber: "IT02345670224",
  address: { street: "Via Roma 1", postalCode: "38051", locality: "Borgo Valsugana", province: "TN", country: "IT" },
  recipientCode: "0000000",
  pec: "atletica@pec.example.org",
};

async function race(price = 4500) {
  const event = await insertEvent(db(), NOW, {
    signupOpensAt: null,
    participantsPerSignup: 4,
    cancellationDaysBefore: 5,
    refundDaysBefore: 5,
  });
  const appointment = await insertAppointment(db(), event, {
    capacity: 10,
    priceTiers: [{ until: null, amount: price }],
  });
  return appointment;
}

/** A signup of two runners with the club's billing details, paid with the demo provider. */
async function clubSignup(appointmentId: string) {
  await billingOn();
  const owner = await visitor();
  const id = (await start(owner.token, appointmentId, { places: 2 })).body.data.id as string;
  await participants(owner.token, id, [
    runner({ givenName: "Anna", familyName: "Rossi", email: "anna@example.org" }),
    runner({ givenName: "Bruno", familyName: "Verdi", email: "bruno@example.org" }),
  ]);
  const billed = await send(owner.token, "PATCH", `/api/signups/${id}`, {
    data: { type: "signups", id, attributes: { billing: club } },
  });
  expect(billed.status).toBe(200);
  await submit(owner.token, id);
  const { decided } = await payByDemo(owner.token, id);
  expect(decided.status).toBe(200);
  return { id, owner };
}

describe("the organiser's fiscal settings", () => {
  it("are refused at their fields, then kept", async () => {
    const token = await organiser();
    expect((await send(token, "GET", "/api/organisation")).body.data).toBeNull();
    const wrong = await send(
      token,
      "PATCH",
      "/api/organisation",
      organisationPatch(
        settings({
          vatNumber: "02345670226",
          treatments: { ...settings().treatments, entryFee: { vatRate: 0, natura: null } },
        }),
      ),
    );
    expect(wrong.status).toBe(400);
    expect(
      wrong.body.errors.map((e: { code: string; source: { pointer: string } }) => [e.code, e.source.pointer]),
    ).toEqual([
      ["vat-number-check-digit", "/data/attributes/vatNumber"],
      ["natura-required", "/data/attributes/treatments/entryFee/natura"],
    ]);
    const saved = await send(token, "PATCH", "/api/organisation", organisationPatch(settings()));
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes).toMatchObject({ legalName: "ASD Corri Trento", taxRegime: "RF18" });
    const runnerToken = (await visitor()).token;
    expect((await send(runnerToken, "GET", "/api/organisation")).status).toBe(403);
  });
});

describe("a club's invoice", () => {
  it("is refused at the field for a wrong check digit, then issued when the payment settles", async () => {
    await billingOn();
    const appointment = await race();
    const owner = await visitor();
    const id = (await start(owner.token, appointment.id, { places: 2 })).body.data.id as string;
    const refused = await send(owner.token, "PATCH", `/api/signups/${id}`, {
      data: { type: "signups", id, attributes: { billing: { ...club, vatNumber: "IT02345670226" } } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({
      code: "vat-number-check-digit",
      source: { pointer: "/data/attributes/billing/vatNumber" },
    });

    const { id: paid, owner: treasurer } = await clubSignup(appointment.id);
    const documents = await send(treasurer.token, "GET", `/api/signups/${paid}/billing-documents`);
    expect(documents.status).toBe(200);
    const [invoice] = documents.body.data;
    // Two entries of 45 € outside the scope of VAT: 90 € without VAT, so the stamp duty is charged.
    expect(invoice.attributes).toMatchObject({
      kind: "invoice",
      number: `F-${NOW.getUTCFullYear()}-0001`,
      stampDuty: 200,
      total: 9200,
      transmission: { state: "pending" },
    });
    expect(invoice.attributes.buyer.vatNumber).toBe("IT02345670224");

    const pdf = await api.request(invoice.links.pdf, { headers: { authorization: `Bearer ${treasurer.token}` } });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe("%PDF");
    const xml = await api.request(invoice.links.xml, { headers: { authorization: `Bearer ${treasurer.token}` } });
    expect(xml.headers.get("content-disposition")).toMatch(/filename="IT02345670224_[0-9A-Z]{5}\.xml"/);
    expect(await xml.text()).toContain("<Numero>F-");
    // Someone else's document does not exist for them.
    const stranger = await visitor();
    expect(
      (await api.request(invoice.links.pdf, { headers: { authorization: `Bearer ${stranger.token}` } })).status,
    ).toBe(404);

    // The database refuses to change or remove an issued document.
    await expect(db().execute(sql`update billing_documents set total = 1 where id = ${invoice.id}`)).rejects.toThrow();
    await expect(db().execute(sql`delete from billing_documents where id = ${invoice.id}`)).rejects.toThrow();
  });

  it("goes to the SdI in a zip, and follows its notifications", async () => {
    const token = await organiser();
    const { id } = await clubSignup((await race()).id);
    const [invoice] = (await send(token, "GET", `/api/signups/${id}/billing-documents`)).body.data;
    const fileName = invoice.attributes.transmission.fileName as string;
    const day = invoice.attributes.issuedOn as string;

    const zip = await api.request(`/api/billing-documents/export.zip?filter[from]=${day}&filter[to]=${day}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(zip.status).toBe(200);
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
    expect(bytes.includes(Buffer.from(fileName))).toBe(true);

    const list = await send(token, "GET", `/api/billing-documents?filter[kind]=invoice&filter[state]=handed-out`);
    expect(list.body.data.map((d: { id: string }) => d.id)).toContain(invoice.id);

    const rejection = readFileSync(
      new URL("../../../usecases/src/billing/fatturapa/example-notification-NS.xml", import.meta.url),
      "utf8",
    ).replace(/<NomeFile>[^<]*<\/NomeFile>/, `<NomeFile>${fileName}</NomeFile>`);
    const notify = (body: string, preview = false) =>
      send(token, "POST", `/api/billing-documents/notifications${preview ? "?preview=true" : ""}`, body, {
        "content-type": "application/xml",
      });
    const previewed = await notify(rejection, true);
    expect(previewed.body.meta).toMatchObject({
      kind: "NS",
      state: "rejected",
      changes: true,
      number: invoice.attributes.number,
    });
    expect((await notify(rejection)).body.meta.changes).toBe(true);
    expect((await notify(rejection)).body.meta.changes).toBe(false);

    // Rejected means never issued: it is issued again with its number and date, in a new file.
    const again = await send(token, "POST", `/api/billing-documents/${invoice.id}/replacement`, {
      data: { type: "billing-documents", attributes: { buyer: { ...club, recipientCode: "ABC1234" } } },
    });
    expect(again.status).toBe(201);
    expect(again.body.data.attributes).toMatchObject({ number: invoice.attributes.number, issuedOn: day });
    const [, replacement] = (await send(token, "GET", `/api/signups/${id}/billing-documents`)).body.data;
    expect(replacement.attributes.transmission.fileName).not.toBe(fileName);
    expect(replacement.attributes.buyer.recipientCode).toBe("ABC1234");

    const delivered = readFileSync(
      new URL("../../../usecases/src/billing/fatturapa/example-notification-RC.xml", import.meta.url),
      "utf8",
    ).replace(/<NomeFile>[^<]*<\/NomeFile>/, `<NomeFile>${replacement.attributes.transmission.fileName}</NomeFile>`);
    expect((await notify(delivered)).body.meta).toMatchObject({ kind: "RC", state: "delivered" });
    const doctype = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "x">]>${delivered.replace(/^<\?xml[^>]*>/, "")}`;
    expect((await notify(doctype)).status).toBe(400);

    // Not delivered, yet issued: the buyer finds it in their reserved area; a public body's outcome.
    for (const [kind, state] of [
      ["MC", "not-delivered"],
      ["NE", "outcome"],
    ] as const) {
      const { id: other } = await clubSignup((await race()).id);
      const [document] = (await send(token, "GET", `/api/signups/${other}/billing-documents`)).body.data;
      const file = readFileSync(
        new URL(`../../../usecases/src/billing/fatturapa/example-notification-${kind}.xml`, import.meta.url),
        "utf8",
      ).replace(/<NomeFile>[^<]*<\/NomeFile>/, `<NomeFile>${document.attributes.transmission.fileName}</NomeFile>`);
      expect((await notify(file)).body.meta).toMatchObject({ kind, state, documentId: document.id });
      const [after] = (await send(token, "GET", `/api/signups/${other}/billing-documents`)).body.data;
      expect(after.attributes.transmission.state).toBe(state);
    }
  });

  it("is corrected by a credit note when the signup is cancelled and refunded", async () => {
    const { id, owner } = await clubSignup((await race()).id);
    const cancelled = await send(owner.token, "PATCH", `/api/signups/${id}`, {
      data: { type: "signups", id, attributes: { state: "cancelled" } },
    });
    expect(cancelled.status).toBe(200);
    const documents = (await send(owner.token, "GET", `/api/signups/${id}/billing-documents`)).body.data;
    expect(documents.map((d: { attributes: { kind: string } }) => d.attributes.kind)).toEqual([
      "invoice",
      "credit-note",
    ]);
    const [invoice, note] = documents;
    expect(note.attributes.total).toBe(invoice.attributes.total);
    expect(note.relationships.corrects.data.id).toBe(invoice.id);
  });
});

describe("a person's receipt", () => {
  it("is issued in the receipts' series, and a transfer-free signup without billing details names the account", async () => {
    await billingOn();
    const owner = await visitor();
    const appointment = await race(2000);
    const id = (await start(owner.token, appointment.id)).body.data.id as string;
    await participants(owner.token, id, [runner()]);
    await submit(owner.token, id);
    await payByDemo(owner.token, id);
    const [receipt] = (await send(owner.token, "GET", `/api/signups/${id}/billing-documents`)).body.data;
    expect(receipt.attributes).toMatchObject({
      kind: "receipt",
      series: "R",
      stampDuty: 0,
      total: 2000,
      transmission: null,
    });
    expect(receipt.links.xml).toBeUndefined();
    const [row] = await db().select().from(schema.users).where(eq(schema.users.id, owner.id));
    expect(receipt.attributes.buyer.name).toBe(`${row?.givenName} ${row?.familyName}`);
  });
});

describe("a transfer's fee", () => {
  it("has a document of its own, at the transfer fee's rate", async () => {
    await billingOn();
    const event = await insertEvent(db(), NOW, { signupOpensAt: null, transferDaysBefore: 3, transferFee: 500 });
    const appointment = await insertAppointment(db(), event, { capacity: 10 });
    const owner = await visitor();
    const id = (await start(owner.token, appointment.id)).body.data.id as string;
    await participants(owner.token, id, [
      runner({ givenName: "Anna", familyName: "Rossi", email: "anna@example.org" }),
    ]);
    await submit(owner.token, id);
    await payByDemo(owner.token, id);
    const [participant] = await db().select().from(schema.participants).where(eq(schema.participants.signupId, id));
    const {
      certificateId: _c,
      certificateExpiresOn: _e,
      ...friend
    } = runner({
      givenName: "Bea",
      familyName: "Verdi",
      email: "bea@example.org",
    }) as ReturnType<typeof runner> & { certificateId?: string; certificateExpiresOn?: string };
    const transfer = await send(owner.token, "POST", "/api/transfers", {
      data: {
        type: "transfers",
        attributes: friend,
        relationships: { participant: { data: { type: "participants", id: participant?.id } } },
      },
    });
    expect(transfer.status).toBe(201);
    const fee = await send(owner.token, "POST", "/api/payments", {
      data: {
        type: "payments",
        relationships: { transfer: { data: { type: "transfers", id: transfer.body.data.id } } },
      },
    });
    const paid = await send(owner.token, "POST", `/api/demo-payments/${fee.body.data.id}`, {
      data: { type: "demo-payments", attributes: { decision: "pay" } },
    });
    expect(paid.status).toBe(200);
    const documents = (await send(owner.token, "GET", `/api/signups/${id}/billing-documents`)).body.data;
    expect(documents.map((d: { attributes: { total: number } }) => d.attributes.total)).toEqual([2500, 500]);
    expect(documents[1].attributes).toMatchObject({
      kind: "receipt",
      summary: [{ vatRate: 2200, natura: null, taxable: 410, vat: 90 }],
    });
  });
});

describe("the tax code on the profile", () => {
  it("is checked at its field, and kept in upper case", async () => {
    const owner = await visitor();
    const patch = (taxCode: string) =>
      send(owner.token, "PATCH", "/api/users/me", { data: { type: "users", id: "me", attributes: { taxCode } } });
    const wrong = await patch("RSSMRA85T10A562T");
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({
      code: "tax-code-check-character",
      source: { pointer: "/data/attributes/taxCode" },
    });
    const kept = await patch("rssmra85t10a562s");
    expect(kept.status).toBe(200);
    expect(kept.body.data.attributes.taxCode).toBe("RSSMRA85T10A562S");
  });
});
