import { readFileSync } from "node:fs";
import {
  type Database,
  type DatabaseHandle,
  documentsOfSignup,
  findSignup,
  saveOrganisation,
  schema,
  setSignupBilling,
} from "@sports/db";
import {
  insertAppointment,
  insertEvent,
  insertPerson,
  insertStay,
  openTestDatabase,
  testOrganisation,
} from "@sports/db/testing";
import { checkBillingDetails } from "@sports/domain";
import { livePayments } from "@sports/payments";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { SYSTEM } from "../actors.ts";
import { refundSignup } from "../console/refund-signup.ts";
import { newPayment } from "../payments/new-payment.ts";
import { afterSettlement, settle } from "../payments/settle.ts";
import { testDeps } from "../testing.ts";
import { xmlOf } from "./documents.ts";
import { sdiProblems } from "./sdi-checks.ts";

/**
 * Documents as the use cases issue them (decision 066): a club's signup of two entries outside the
 * scope of VAT and a room at 10%, the stamp duty charged; its invoice, and the credit note of a
 * partial refund, each valid against the FatturaPA schema and passing the SdI's own checks.
 */
let handle: DatabaseHandle;
let db: Database;
const now = new Date("2027-05-01T10:00:00Z");
const deps = () => testDeps(db, now, { payments: livePayments({ providers: ["demo"] }) });

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
});
afterAll(() => handle.close());

const schemaFile = (file: string) => ({
  fileName: file,
  contents: readFileSync(new URL(`./fatturapa/${file}`, import.meta.url), "utf8"),
});

async function validate(xml: string) {
  const result = await validateXML({
    xml: [{ fileName: "document.xml", contents: xml }],
    schema: schemaFile("Schema_1.2.1.xsd"),
    preload: schemaFile("xmldsig-core-schema.xsd"),
  });
  return result.errors.map((error) => error.message);
}

describe("a club's invoice and its credit note", () => {
  it("state the payment exactly, pass the schema and the SdI's checks", async () => {
    await saveOrganisation(db, testOrganisation(), now);
    const event = await insertEvent(db, now, { signupOpensAt: null, participantsPerSignup: 2, refundDaysBefore: 5 });
    const appointment = await insertAppointment(db, event, { priceTiers: [{ until: null, amount: 4500 }] });
    const stay = await insertStay(db, event);
    const single = stay.roomTypes[1];
    const owner = await insertPerson(db, { preferredLocale: "it-IT" });
    const [row] = await db
      .insert(schema.signups)
      .values({
        eventId: event.id,
        appointmentId: appointment.id,
        userId: owner.id,
        state: "awaiting-payment",
        places: 2,
        holdExpiresAt: now,
        paymentDueAt: new Date(now.getTime() + 86_400_000),
        locale: "it-IT",
      })
      .returning();
    if (!row || !single) throw new Error("no signup");
    await db.insert(schema.participants).values(
      ["Anna", "Bruno"].map((givenName, i) => ({
        signupId: row.id,
        position: i + 1,
        givenName,
        familyName: "Rossi",
        consentsAcceptedAt: now,
      })),
    );
    await db.insert(schema.stayBookings).values({
      signupId: row.id,
      roomTypeId: single.id,
      checkIn: "2027-06-10",
      checkOut: "2027-06-11",
      rooms: 1,
      guests: 1,
    });
    const checked = checkBillingDetails({
      kind: "business",
      name: "Atletica Valsugana ASD",
      vatNumber: "IT02345670224",
      address: {
        street: "Via Roma 1",
        postalCode: "38051",
        locality: "Borgo Valsugana",
        province: "TN",
        country: "IT",
      },
      recipientCode: "M5UXCR1",
    });
    if (!("details" in checked)) throw new Error("billing refused");
    await setSignupBilling(db, row.id, { buyer: checked.details, document: "invoice" }, now);
    const signup = await findSignup(db, row.id);
    if (!signup) throw new Error("no signup");

    // 2 × 45 € outside VAT (90 €, over 77.47 €: the stamp duty is due) + a night at 60 € with VAT + 2 € duty.
    const { payment } = await newPayment(deps(), signup, { provider: "demo", locale: "it-IT" });
    expect(payment.amount).toBe(9000 + 6000 + 200);
    await afterSettlement(
      deps(),
      await settle(deps(), SYSTEM, {
        key: { id: payment.id },
        report: { providerReference: "", outcome: "paid", amount: payment.amount, currency: "EUR" },
        source: "webhook",
      }),
    );
    const [invoice] = await documentsOfSignup(db, row.id);
    if (!invoice) throw new Error("no invoice");
    expect(invoice.document.content).toMatchObject({
      kind: "invoice",
      total: 15_200,
      stampDuty: 200,
      stampDutyCharged: true,
      summary: [
        { vatRate: 0, natura: "N2.2", taxable: 9000, vat: 0 },
        { vatRate: 1000, natura: null, taxable: 5455, vat: 545 },
        { vatRate: 0, natura: "N1", taxable: 200, vat: 0 },
      ],
    });
    expect(sdiProblems(invoice.document.content)).toEqual([]);
    expect(await validate(await xmlOf(deps(), invoice))).toEqual([]);

    // The organiser gives back 50 €: a credit note of 50 € over the invoice's rates, naming it.
    await refundSignup(deps(), { kind: "organiser", userId: owner.id }, { signupId: row.id, amount: 5000 });
    const [, note] = await documentsOfSignup(db, row.id);
    if (!note) throw new Error("no credit note");
    expect(note.document.content).toMatchObject({
      kind: "credit-note",
      total: 5000,
      corrects: { number: invoice.document.number, kind: "invoice" },
    });
    expect(note.document.correctsId).toBe(invoice.document.id);
    expect(sdiProblems(note.document.content)).toEqual([]);
    const xml = await xmlOf(deps(), note);
    expect(await validate(xml)).toEqual([]);
    expect(xml).toContain("<TipoDocumento>TD04</TipoDocumento>");
    expect(xml).toContain(`<IdDocumento>${invoice.document.number}</IdDocumento>`);
  });
});
