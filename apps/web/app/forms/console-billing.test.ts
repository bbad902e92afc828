import { ApiError, BILLING_FIELD_CODES, type OrganisationAttributes } from "@sports/jsonapi";
import { describe, expect, it } from "vitest";
import { consoleReply } from "../console/console-reply.server.ts";
import { setBrowserLocale } from "../i18n/locale.ts";
import {
  BILLING_MESSAGES,
  buyerAttributes,
  buyerForm,
  ORGANISATION_FIELD_MESSAGES,
  organisationAttributes,
  organisationDefaults,
  organisationForm,
} from "./console-billing.ts";
import { parseForm } from "./use-site-form.ts";

/** A form's values (nested as its defaults are) as the browser sends them, empty ones too: `address.postalCode=24121`. */
function formDataOf(values: Record<string, unknown>, data = new FormData(), prefix = ""): FormData {
  for (const [name, value] of Object.entries(values)) {
    const field = prefix ? `${prefix}.${name}` : name;
    if (value !== null && typeof value === "object") formDataOf(value as Record<string, unknown>, data, field);
    else data.append(field, String(value));
  }
  return data;
}

const inItalian = <T>(check: () => T): T => {
  setBrowserLocale("it-IT");
  try {
    return check();
  } finally {
    setBrowserLocale("en-US");
  }
};

const SAVED: OrganisationAttributes = {
  legalName: "ASD Corri Bergamo",
  address: { street: "Via Roma 1", postalCode: "24121", locality: "Bergamo", province: "BG", country: "IT" },
  vatNumber: "12345678903",
  taxCode: "95012340166",
  taxRegime: "RF18",
  documentPrefix: "CB",
  invoiceSeries: "F",
  receiptSeries: "R",
  personDocument: "invoice",
  treatments: {
    entryFee: { vatRate: 0, natura: "N2.2" },
    lodging: { vatRate: 1000, natura: null },
    transferFee: { vatRate: 550, natura: null },
  },
  stampDuty: { applies: true, chargedToBuyer: false },
  transmitter: { country: "IT", code: "01879020517" },
  handOverEveryDays: 5,
};

describe("the organisation's settings form", () => {
  it("sends back what it was given, rates in hundredths of a percent", () => {
    const form = parseForm(formDataOf(organisationDefaults(SAVED)), organisationForm);
    if (form.status !== "success") throw new Error(JSON.stringify(form.error));
    expect(organisationAttributes(form.value)).toEqual(SAVED);
  });

  it("starts an organiser without settings on the usual Italian rates, and sends emptied codes as null", () => {
    const start = organisationDefaults(null);
    expect(start.treatments.entryFee).toEqual({ vatRate: "22", natura: "" });
    const typed = {
      ...start,
      legalName: "Corri Srl",
      address: { street: "Via Roma 1", postalCode: "24121", locality: "Bergamo", province: "bg", country: "it" },
      vatNumber: "12345678903",
      treatments: { ...start.treatments, lodging: { vatRate: "5,5", natura: "" } },
    };
    const form = parseForm(formDataOf(typed), organisationForm);
    if (form.status !== "success") throw new Error(JSON.stringify(form.error));
    const attributes = organisationAttributes(form.value);
    expect(attributes.address).toMatchObject({ province: "BG", country: "IT" });
    expect(attributes.treatments.lodging).toEqual({ vatRate: 550, natura: null });
    expect(attributes).toMatchObject({ taxCode: null, transmitter: null, documentPrefix: "" });
    expect(attributes.stampDuty).toEqual({ applies: true, chargedToBuyer: true });
  });

  it.each([
    [
      "a rate of 0 without its Natura code",
      { "treatments.entryFee.vatRate": "0" },
      "treatments.entryFee.natura",
      "Con lo 0% scegli la natura che dice perché non c'è IVA.",
    ],
    [
      "a Natura code above 0",
      { "treatments.lodging.natura": "N4" },
      "treatments.lodging.natura",
      "La natura si indica solo con l'aliquota 0%: scegli nessuna, o metti l'aliquota a 0.",
    ],
    [
      "a rate that is no percent",
      { "treatments.transferFee.vatRate": "22%" },
      "treatments.transferFee.vatRate",
      "Scrivi l'aliquota in percentuale, da 0 a 100, come 22 o 5,5.",
    ],
    [
      "a rate above 100",
      { "treatments.transferFee.vatRate": "122" },
      "treatments.transferFee.vatRate",
      "Scrivi l'aliquota in percentuale, da 0 a 100, come 22 o 5,5.",
    ],
    [
      "neither a VAT number nor a tax code",
      { vatNumber: "" },
      "vatNumber",
      "Indica la partita IVA o il codice fiscale.",
    ],
    [
      "an intermediary's country without its code",
      { "transmitter.country": "IT" },
      "transmitter.code",
      "Compila questo campo.",
    ],
    [
      "a series of more than 3 characters",
      { invoiceSeries: "FATT" },
      "invoiceSeries",
      "Usa da 1 a 3 lettere o cifre, e per le ricevute una serie diversa da quella delle fatture.",
    ],
    [
      "the same series for receipts and invoices",
      { receiptSeries: "f" },
      "receiptSeries",
      "Usa da 1 a 3 lettere o cifre, e per le ricevute una serie diversa da quella delle fatture.",
    ],
    [
      "a prefix with a space",
      { documentPrefix: "CB 1" },
      "documentPrefix",
      "Usa al massimo 6 lettere o cifre, senza spazi.",
    ],
    ["a hand-over beyond the legal term", { handOverEveryDays: "13" }, "handOverEveryDays", "Inserisci al massimo 12."],
  ] as [string, Record<string, string>, string, string][])(
    "refuses %s at its field, in the page's language",
    (_, change, field, message) => {
      const data = formDataOf({ ...organisationDefaults(null), legalName: "Corri Srl", vatNumber: "12345678903" });
      data.set("address.street", "Via Roma 1");
      data.set("address.postalCode", "24121");
      data.set("address.locality", "Bergamo");
      for (const [name, value] of Object.entries(change)) data.set(name, value);
      const form = inItalian(() => parseForm(data, organisationForm));
      expect(form.status === "error" ? form.error : undefined).toEqual({ [field]: [message] });
    },
  );

  it("says each of the API's refusals at its field, in the page's language", () => {
    const submission = parseForm(formDataOf(organisationDefaults(SAVED)), organisationForm);
    const at = (code: string, attribute: string) => ({
      status: "422",
      code,
      title: "",
      source: { pointer: `/data/attributes/${attribute}` },
    });
    const refusal = new ApiError(422, [
      at("vat-number-check-digit", "vatNumber"),
      at("tax-code-check-digit", "taxCode"),
      at("postal-code-shape", "address/postalCode"),
      at("natura-required", "treatments/lodging/natura"),
      at("invalid-value", "receiptSeries"),
      at("invalid-format", "documentPrefix"),
      at("invalid-value", "treatments/lodging/vatRate"),
    ]);
    const result = inItalian(() =>
      consoleReply(submission, refusal, "/it-IT", {
        messages: BILLING_MESSAGES,
        fieldMessages: ORGANISATION_FIELD_MESSAGES,
      }),
    );
    expect(result.error).toEqual({
      vatNumber: ["La cifra di controllo della partita IVA non è corretta: controlla di averla scritta bene."],
      taxCode: ["La cifra di controllo del codice fiscale non è corretta: controlla di averlo scritto bene."],
      "address.postalCode": ["Questo non è un codice postale: in Italia il CAP ha 5 cifre."],
      "treatments.lodging.natura": ["Con lo 0% scegli la natura che dice perché non c'è IVA."],
      receiptSeries: ["Usa da 1 a 3 lettere o cifre, e per le ricevute una serie diversa da quella delle fatture."],
      documentPrefix: ["Usa al massimo 6 lettere o cifre, senza spazi."],
      "treatments.lodging.vatRate": ["Scrivi l'aliquota in percentuale, da 0 a 100, come 22 o 5,5."],
    });
  });
});

describe("the billing codes' words", () => {
  it.each([...BILLING_FIELD_CODES.filter((code) => code !== "required"), "natura-required", "natura-not-allowed"])(
    "say %s in the page's language",
    (code) => {
      const words = BILLING_MESSAGES[code];
      expect(words).toBeDefined();
      const english = words?.() ?? "";
      expect(inItalian(() => words?.())).not.toBe(english);
    },
  );
});

describe("a rejected invoice's buyer, corrected", () => {
  const fields = {
    documentId: "doc-1",
    "buyer.kind": "business",
    "buyer.name": "Corri Srl",
    "buyer.vatNumber": "IT00743110157",
    "buyer.address.street": "Via Roma 1",
    "buyer.address.postalCode": "24121",
    "buyer.address.locality": "Bergamo",
    "buyer.address.province": "bg",
    "buyer.address.country": "IT",
    "buyer.recipientCode": "ABC1234",
  };

  it("is sent as an invoice's buyer, the fields left empty not sent", () => {
    const form = parseForm(formDataOf(fields), buyerForm);
    if (form.status !== "success") throw new Error(JSON.stringify(form.error));
    expect(buyerAttributes(form.value.buyer)).toEqual({
      kind: "business",
      name: "Corri Srl",
      taxCode: undefined,
      vatNumber: "IT00743110157",
      address: { street: "Via Roma 1", postalCode: "24121", locality: "Bergamo", province: "BG", country: "IT" },
      recipientCode: "ABC1234",
      pec: undefined,
      wantsInvoice: true,
    });
  });

  it("lands the API's refusals at the buyer's fields", () => {
    const submission = parseForm(formDataOf(fields), buyerForm);
    const refusal = new ApiError(422, [
      {
        status: "422",
        code: "recipient-code-shape",
        title: "",
        source: { pointer: "/data/attributes/buyer/recipientCode" },
      },
      {
        status: "422",
        code: "province-shape",
        title: "",
        source: { pointer: "/data/attributes/buyer/address/province" },
      },
    ]);
    const result = consoleReply(submission, refusal, "", { messages: BILLING_MESSAGES });
    expect(result.error).toEqual({
      "buyer.recipientCode": ["A recipient code has 7 letters or digits: if you have none, write 0000000."],
      "buyer.address.province": ["Write the province's two letters (e.g. MI)."],
    });
  });
});
