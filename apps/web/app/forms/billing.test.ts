import { ApiError, BILLING_FIELD_CODES, type BillingAttributes } from "@sports/jsonapi";
import { afterEach, describe, expect, it } from "vitest";
import { LOCALES, setBrowserLocale } from "../i18n/locale.ts";
import * as m from "../paraglide/messages.js";
import {
  billingAttributes,
  billingDefaults,
  billingFields,
  billingForm,
  billingSummary,
  clubBillingDefaults,
} from "./billing.ts";
import { replyWithApiError } from "./reply.ts";
import { parseForm } from "./use-site-form.ts";

afterEach(() => setBrowserLocale("en-US"));

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

/** Every field on the page, as a browser without JavaScript sends them: the hidden kind's too. */
const everything = {
  personName: "Anna Rossi",
  businessName: "Podistica Aurora ASD",
  vatNumber: "IT12345678903",
  taxCode: "RSSMRA85T10A562S",
  street: "Via Roma 1",
  postalCode: "20121",
  locality: "Milano",
  province: "MI",
  country: "IT",
  recipientCode: "0000000",
  pec: "aurora@pec.example.it",
};

const sent = (fields: Record<string, string>) => {
  const submission = parseForm(form(fields), billingForm);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.reply().error));
  return billingAttributes(submission.value);
};

const address = { street: "Via Roma 1", postalCode: "20121", locality: "Milano", province: "MI", country: "IT" };

describe("the billing details sent", () => {
  it.each<{ case: string; fields: Record<string, string>; attributes: object }>([
    {
      case: "a person's receipt: the name and the tax code, no address",
      fields: { kind: "person" },
      attributes: { kind: "person", name: "Anna Rossi", taxCode: "RSSMRA85T10A562S", wantsInvoice: false },
    },
    {
      case: "a person's invoice: with the address, the recipient code and the PEC",
      fields: { kind: "person", wantsInvoice: "on" },
      attributes: {
        kind: "person",
        name: "Anna Rossi",
        taxCode: "RSSMRA85T10A562S",
        wantsInvoice: true,
        address,
        recipientCode: "0000000",
        pec: "aurora@pec.example.it",
      },
    },
    {
      case: "a business: its own name, the VAT number, always an address",
      fields: { kind: "business", wantsInvoice: "on" },
      attributes: {
        kind: "business",
        name: "Podistica Aurora ASD",
        taxCode: "RSSMRA85T10A562S",
        vatNumber: "IT12345678903",
        address,
        recipientCode: "0000000",
        pec: "aurora@pec.example.it",
      },
    },
  ])("$case", ({ fields, attributes }) => {
    expect(sent({ ...everything, ...fields })).toEqual(attributes);
  });

  it("leaves out what is not given, so the API tells what is missing", () => {
    expect(JSON.parse(JSON.stringify(sent({ kind: "business", businessName: "Aurora", country: "IT" })))).toEqual({
      kind: "business",
      name: "Aurora",
      address: { country: "IT" },
    });
  });

  it("asks for a kind, and the name of the kind chosen only", () => {
    expect(parseForm(form({ personName: "Anna Rossi" }), billingForm).reply().error).toEqual({
      kind: ["Fill in this field."],
    });
    expect(parseForm(form({ kind: "business", personName: "Anna Rossi" }), billingForm).reply().error).toEqual({
      businessName: ["Fill in this field."],
    });
    expect(parseForm(form({ kind: "person", businessName: "Aurora" }), billingForm).reply().error).toEqual({
      personName: ["Fill in this field."],
    });
  });
});

describe("a refusal of the billing details", () => {
  const refused = (kind: string, pointer: string, code: string) =>
    replyWithApiError(
      parseForm(form({ ...everything, kind }), billingForm),
      new ApiError(422, [
        { status: "422", code, title: "", source: { pointer: `/data/attributes/billing/${pointer}` } },
      ]),
      { fields: billingFields(kind) },
    ).error;

  it.each([
    ["person", "name", "personName"],
    ["business", "name", "businessName"],
    ["person", "givenName", "personName"],
    ["business", "vatNumber", "vatNumber"],
    ["person", "taxCode", "taxCode"],
    ["person", "address/street", "street"],
    ["business", "address/postalCode", "postalCode"],
    ["business", "address/locality", "locality"],
    ["business", "address/province", "province"],
    ["business", "address/country", "country"],
    ["business", "recipientCode", "recipientCode"],
    ["business", "pec", "pec"],
    ["business", "kind", "kind"],
  ])("for a %s at %s lands on the field %s", (kind, pointer, field) => {
    expect(Object.keys(refused(kind, pointer, "required") ?? {})).toEqual([field]);
  });

  it("says each of the API's codes in its own words, in every language", () => {
    for (const locale of LOCALES) {
      setBrowserLocale(locale);
      const said = BILLING_FIELD_CODES.map((code) => refused("business", "vatNumber", code)?.vatNumber?.[0]);
      expect(said, locale).not.toContain(m.form_invalid());
      expect(new Set(said).size, locale).toBe(BILLING_FIELD_CODES.length);
    }
    setBrowserLocale("it-IT");
    expect(refused("business", "vatNumber", "vat-number-check-digit")).toEqual({
      vatNumber: ["La cifra di controllo della partita IVA non è corretta: controlla di averla scritta bene."],
    });
  });

  it("a signup already paid above the form", () => {
    const wrongState = replyWithApiError(
      parseForm(form({ ...everything, kind: "person" }), billingForm),
      new ApiError(409, [
        { status: "409", code: "wrong-state", title: "", source: { pointer: "/data/attributes/billing" } },
      ]),
      { fields: billingFields("person") },
    ).error;
    expect(Object.keys(wrongState ?? {})).toEqual([""]);
  });
});

const club: BillingAttributes = {
  kind: "business",
  name: "Podistica Aurora ASD",
  taxCode: null,
  vatNumber: "IT12345678903",
  address: { street: "Via Roma 1", postalCode: "20121", locality: "Milano", province: "MI", country: "IT" },
  recipientCode: "M5UXCR1",
  pec: null,
  document: "invoice",
};
const anna: BillingAttributes = {
  kind: "person",
  name: "Anna Rossi",
  taxCode: "RSSMRA85T10A562S",
  vatNumber: null,
  address: null,
  recipientCode: null,
  pec: null,
  document: "receipt",
};

describe("the billing form's start", () => {
  it("is the signup's details, else the account's last ones, else a receipt in the holder's name", () => {
    expect(billingDefaults(anna, club, "Anna Rossi")).toEqual({
      kind: "person",
      personName: "Anna Rossi",
      taxCode: "RSSMRA85T10A562S",
      country: "IT",
    });
    expect(billingDefaults(null, club, "Anna Rossi")).toEqual({
      kind: "business",
      personName: "Anna Rossi",
      businessName: "Podistica Aurora ASD",
      vatNumber: "IT12345678903",
      street: "Via Roma 1",
      postalCode: "20121",
      locality: "Milano",
      province: "MI",
      country: "IT",
      recipientCode: "M5UXCR1",
    });
    expect(billingDefaults(null, null, "Anna Rossi")).toEqual({
      kind: "person",
      personName: "Anna Rossi",
      country: "IT",
    });
    const address = {
      street: "1 rue de Rivoli",
      postalCode: "75001",
      locality: "Paris",
      province: null,
      country: "FR",
    };
    const invoice = { ...anna, document: "invoice" as const, address };
    expect(billingDefaults(invoice, null, "")).toMatchObject({ wantsInvoice: "on", country: "FR" });
  });

  it("for a club's signup is the club as a business, else the account's last details when they were the club's", () => {
    expect(clubBillingDefaults(null, anna, "Anna Rossi", "Atletica Ponte")).toEqual({
      kind: "business",
      businessName: "Atletica Ponte",
      personName: "Anna Rossi",
      country: "IT",
    });
    expect(clubBillingDefaults(null, club, "Anna Rossi", "Podistica Aurora ASD")).toMatchObject({
      kind: "business",
      businessName: "Podistica Aurora ASD",
      vatNumber: "IT12345678903",
    });
    expect(clubBillingDefaults(anna, club, "Anna Rossi", "Podistica Aurora ASD")).toMatchObject({ kind: "person" });
  });

  it("folded, says which document in whose name", () => {
    expect(billingSummary(club, "Anna Rossi")).toEqual({ document: "invoice", name: "Podistica Aurora ASD" });
    expect(billingSummary(null, "Anna Rossi")).toEqual({ document: "receipt", name: "Anna Rossi" });
  });
});
