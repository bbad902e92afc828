import {
  BILLING_FIELD_CODES,
  type BillingDocumentAttributes,
  NATURA_CODE_LIST,
  type OrganisationAttributes,
  TAX_REGIME_LIST,
} from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";
import { minorUnits } from "./console-catalogue.ts";
import { errorMessage } from "./messages.ts";
import { z } from "./zod.ts";

/**
 * The console's billing forms (docs/api.md, "Billing"): the organiser's fiscal identity and document
 * settings, and a rejected invoice's buyer corrected. Each field is named after the attribute it
 * sends (`address.postalCode`, `treatments.entryFee.vatRate`, `buyer.vatNumber`), so the API's
 * refusals land on it; the form checks what it can tell by itself, the API the fiscal codes' check
 * digits. VAT rates are typed as a percent (22, 5,5) and sent in hundredths (2200, 550).
 */

/**
 * What the API's billing codes mean, in the page's language, whichever field they are at: the
 * buyer's and the fiscal codes' as the recap words them (forms/messages.ts), and the console's own.
 */
export const BILLING_MESSAGES: Record<string, () => string> = {
  ...Object.fromEntries(
    BILLING_FIELD_CODES.filter((code) => code !== "required").map((code) => [code, () => errorMessage(code)]),
  ),
  "natura-required": m.console_billing_error_natura_required,
  "natura-not-allowed": m.console_billing_error_natura_not_allowed,
};

/** A code of letters and digits refused for its shape (`invalid-format`) or its rule (`invalid-value`). */
const codeMessages = (message: () => string) => ({ "invalid-format": message, "invalid-value": message });

/** What the API's general codes mean on the organisation's own fields. */
export const ORGANISATION_FIELD_MESSAGES: Record<string, Record<string, () => string>> = {
  vatNumber: { required: m.form_billing_vat_or_tax_code_required },
  documentPrefix: codeMessages(m.console_organisation_error_prefix),
  invoiceSeries: codeMessages(m.console_organisation_error_series),
  receiptSeries: codeMessages(m.console_organisation_error_series),
  "transmitter.code": codeMessages(m.console_billing_error_transmitter),
  ...Object.fromEntries(
    ["entryFee", "lodging", "transferFee"].map((item) => [
      `treatments.${item}.vatRate`,
      codeMessages(m.console_organisation_error_vat_rate),
    ]),
  ),
};

/** A refusal of the form's own, said in the page's language when the form is checked. */
const says = (message: () => string) => ({ error: () => message() });

/** A nested group of fields: all of them empty is still each of them missing, at its own field. */
const group = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema) as unknown as T;

const text = (max: number) => z.string().trim().max(max);

/** Letters and digits only, as the API's codes are (a series, a prefix, an intermediary's code). */
const code = (min: number, max: number, message: () => string) =>
  z
    .string()
    .trim()
    .refine((value) => new RegExp(`^[A-Za-z0-9]{${min},${max}}$`).test(value), says(message));

/** A VAT rate as typed: a percent from 0 to 100, with a comma or a point, at most two decimals. */
const PERCENT = /^\d{1,3}(?:[.,]\d{1,2})?$/;
const vatRate = z
  .string()
  .trim()
  .refine((value) => PERCENT.test(value) && minorUnits(value) <= 10_000, says(m.console_organisation_error_vat_rate));

const countryCode = z
  .string()
  .trim()
  .refine((value) => /^[A-Za-z]{2}$/.test(value), says(m.form_billing_country_shape));

const address = group(
  z.object({
    street: text(60),
    postalCode: text(10),
    locality: text(60),
    province: text(2).optional(),
    country: countryCode,
  }),
);

/** A line's VAT: a rate, and at a rate of 0 the Natura code that says why (none above 0). */
const treatment = group(
  z
    .object({ vatRate, natura: z.enum(NATURA_CODE_LIST).optional() })
    .superRefine(({ vatRate: rate, natura }, context) => {
      if (!PERCENT.test(rate)) return;
      const zero = minorUnits(rate) === 0;
      if (zero && !natura)
        context.addIssue({ code: "custom", path: ["natura"], message: m.console_billing_error_natura_required() });
      if (!zero && natura)
        context.addIssue({ code: "custom", path: ["natura"], message: m.console_billing_error_natura_not_allowed() });
    }),
);

/** The organiser's fiscal identity and document settings, as the Organisation screen shows them. */
export const organisationForm = z
  .object({
    legalName: text(80),
    address,
    vatNumber: text(30).optional(),
    taxCode: text(16).optional(),
    taxRegime: z.enum(TAX_REGIME_LIST),
    documentPrefix: code(0, 6, m.console_organisation_error_prefix).optional(),
    invoiceSeries: code(1, 3, m.console_organisation_error_series),
    receiptSeries: code(1, 3, m.console_organisation_error_series),
    personDocument: z.enum(["receipt", "invoice"]),
    treatments: group(z.object({ entryFee: treatment, lodging: treatment, transferFee: treatment })),
    stampDuty: group(z.object({ applies: z.boolean().optional(), payer: z.enum(["buyer", "organiser"]) })),
    transmitter: group(
      z.object({ country: countryCode.optional(), code: code(1, 28, m.console_billing_error_transmitter).optional() }),
    ),
    handOverEveryDays: z.number().int().min(1).max(12),
  })
  .superRefine((form, context) => {
    if (!form.vatNumber && !form.taxCode)
      context.addIssue({ code: "custom", path: ["vatNumber"], message: m.form_billing_vat_or_tax_code_required() });
    if (form.invoiceSeries.toUpperCase() === form.receiptSeries.toUpperCase())
      context.addIssue({ code: "custom", path: ["receiptSeries"], message: m.console_organisation_error_series() });
    // The intermediary is named by both its country and its code, or not at all.
    const { country, code } = form.transmitter;
    if (country && !code)
      context.addIssue({ code: "custom", path: ["transmitter", "code"], message: m.form_required() });
    if (code && !country)
      context.addIssue({ code: "custom", path: ["transmitter", "country"], message: m.form_required() });
  });

export type OrganisationForm = z.infer<typeof organisationForm>;

/** The form as the API's attributes (`PATCH /api/organisation`): every attribute, emptied ones as null. */
export function organisationAttributes(form: OrganisationForm): OrganisationAttributes {
  const country = form.address.country.toUpperCase();
  const treatment = ({ vatRate: rate, natura }: OrganisationForm["treatments"]["entryFee"]) => ({
    vatRate: minorUnits(rate),
    natura: natura ?? null,
  });
  const { transmitter } = form;
  return {
    legalName: form.legalName,
    address: {
      street: form.address.street,
      postalCode: form.address.postalCode,
      locality: form.address.locality,
      province: form.address.province?.toUpperCase() || null,
      country,
    },
    vatNumber: form.vatNumber || null,
    taxCode: form.taxCode || null,
    taxRegime: form.taxRegime,
    documentPrefix: form.documentPrefix ?? "",
    invoiceSeries: form.invoiceSeries,
    receiptSeries: form.receiptSeries,
    personDocument: form.personDocument,
    treatments: {
      entryFee: treatment(form.treatments.entryFee),
      lodging: treatment(form.treatments.lodging),
      transferFee: treatment(form.treatments.transferFee),
    },
    stampDuty: { applies: form.stampDuty.applies === true, chargedToBuyer: form.stampDuty.payer === "buyer" },
    transmitter:
      transmitter.country && transmitter.code
        ? { country: transmitter.country.toUpperCase(), code: transmitter.code }
        : null,
    handOverEveryDays: form.handOverEveryDays,
  };
}

/** Hundredths of a percent as typed in the form: 2200 → `22`, 550 → `5.5`. */
export const percentOf = (rate: number): string => String(rate / 100);

/**
 * What the form starts with: the settings saved, or, before any, an Italian organiser under the
 * ordinary regime with the usual rates (22% on entries and transfers, 10% on lodging).
 */
export function organisationDefaults(saved: OrganisationAttributes | null) {
  const treatment = (rate: number, natura: string | null) => ({ vatRate: percentOf(rate), natura: natura ?? "" });
  const settings: OrganisationAttributes = saved ?? {
    legalName: "",
    address: { street: "", postalCode: "", locality: "", province: "", country: "IT" },
    vatNumber: null,
    taxCode: null,
    taxRegime: "RF01",
    documentPrefix: "",
    invoiceSeries: "F",
    receiptSeries: "R",
    personDocument: "receipt",
    treatments: {
      entryFee: { vatRate: 2200, natura: null },
      lodging: { vatRate: 1000, natura: null },
      transferFee: { vatRate: 2200, natura: null },
    },
    stampDuty: { applies: true, chargedToBuyer: true },
    transmitter: null,
    handOverEveryDays: 7,
  };
  const { treatments } = settings;
  return {
    legalName: settings.legalName,
    address: { ...settings.address, province: settings.address.province ?? "" },
    vatNumber: settings.vatNumber ?? "",
    taxCode: settings.taxCode ?? "",
    taxRegime: settings.taxRegime,
    documentPrefix: settings.documentPrefix,
    invoiceSeries: settings.invoiceSeries,
    receiptSeries: settings.receiptSeries,
    personDocument: settings.personDocument,
    treatments: {
      entryFee: treatment(treatments.entryFee.vatRate, treatments.entryFee.natura),
      lodging: treatment(treatments.lodging.vatRate, treatments.lodging.natura),
      transferFee: treatment(treatments.transferFee.vatRate, treatments.transferFee.natura),
    },
    stampDuty: {
      applies: settings.stampDuty.applies ? "on" : "",
      payer: settings.stampDuty.chargedToBuyer ? "buyer" : "organiser",
    },
    transmitter: { country: settings.transmitter?.country ?? "", code: settings.transmitter?.code ?? "" },
    handOverEveryDays: String(settings.handOverEveryDays),
  };
}

/**
 * A rejected invoice's buyer, corrected to issue it again (`POST /api/billing-documents/{id}/replacement`):
 * the same details the recap asks for, the invoice's own number kept by the API.
 */
export const buyerForm = z.object({
  documentId: z.string().min(1).max(64),
  buyer: group(
    z.object({
      kind: z.enum(["person", "business"]),
      name: text(80),
      taxCode: text(16).optional(),
      vatNumber: text(30).optional(),
      address,
      recipientCode: text(7).optional(),
      pec: text(256).optional(),
    }),
  ),
});

export type BuyerForm = z.infer<typeof buyerForm>;

/** The corrected buyer as the API's `buyer` attribute: an invoice's buyer, the fields left empty not sent. */
export function buyerAttributes(buyer: BuyerForm["buyer"]) {
  const given = (value: string | undefined) => (value ? value : undefined);
  return {
    kind: buyer.kind,
    name: buyer.name,
    taxCode: given(buyer.taxCode),
    vatNumber: given(buyer.vatNumber),
    address: {
      street: buyer.address.street,
      postalCode: buyer.address.postalCode,
      locality: buyer.address.locality,
      province: buyer.address.province?.toUpperCase() ?? "",
      country: buyer.address.country.toUpperCase(),
    },
    recipientCode: given(buyer.recipientCode),
    pec: given(buyer.pec),
    wantsInvoice: true,
  };
}

/** The buyer's form starts from what the rejected invoice stated. */
export function buyerDefaults(documentId: string, buyer: BillingDocumentAttributes["buyer"]) {
  return {
    documentId,
    buyer: {
      kind: buyer.kind,
      name: buyer.name,
      taxCode: buyer.taxCode ?? "",
      vatNumber: buyer.vatNumber ?? "",
      address: {
        street: buyer.address?.street ?? "",
        postalCode: buyer.address?.postalCode ?? "",
        locality: buyer.address?.locality ?? "",
        province: buyer.address?.province ?? "",
        country: buyer.address?.country ?? "IT",
      },
      recipientCode: buyer.recipientCode ?? "",
      pec: buyer.pec ?? "",
    },
  };
}
