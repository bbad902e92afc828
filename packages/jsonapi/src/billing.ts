/**
 * Billing documents and the organiser's fiscal settings as the API serves them (docs/api.md,
 * "Billing"): the contract between packages/api, the recap's billing form, My signups and the
 * console. Amounts are integers in minor units; VAT rates in hundredths of a percent (2200 = 22%).
 */

export const NATURA_CODE_LIST = [
  "N1",
  "N2.1",
  "N2.2",
  "N3.1",
  "N3.2",
  "N3.3",
  "N3.4",
  "N3.5",
  "N3.6",
  "N4",
  "N5",
  "N6.1",
  "N6.2",
  "N6.3",
  "N6.4",
  "N6.5",
  "N6.6",
  "N6.7",
  "N6.8",
  "N6.9",
  "N7",
] as const;

export const TAX_REGIME_LIST = [
  "RF01",
  "RF02",
  "RF04",
  "RF05",
  "RF06",
  "RF07",
  "RF08",
  "RF09",
  "RF10",
  "RF11",
  "RF12",
  "RF13",
  "RF14",
  "RF15",
  "RF16",
  "RF17",
  "RF18",
  "RF19",
] as const;

export type BillingDocumentKindName = "receipt" | "invoice" | "credit-note" | "refund-receipt";
export type TransmissionStateName = "pending" | "handed-out" | "delivered" | "not-delivered" | "rejected" | "outcome";

export interface AddressAttributes {
  street: string;
  postalCode: string;
  locality: string;
  province: string | null;
  country: string;
}

/** The `billing` attribute of a signup, as given at the recap (`PATCH /api/signups/{id}`). */
export interface BillingAttributes {
  kind: "person" | "business";
  name: string;
  taxCode: string | null;
  /** With its country prefix (IT01234567890). */
  vatNumber: string | null;
  address: AddressAttributes | null;
  recipientCode: string | null;
  pec: string | null;
  /** What the signup's document will be: a business always gets an invoice. */
  document: "receipt" | "invoice";
}

/** Every code a refusal of billing details can carry at `/data/attributes/billing/<field>`. */
export const BILLING_FIELD_CODES = [
  "required",
  "full-name-required",
  "vat-or-tax-code-required",
  "vat-number-shape",
  "vat-number-check-digit",
  "tax-code-shape",
  "tax-code-check-character",
  "tax-code-check-digit",
  "country-shape",
  "postal-code-shape",
  "province-shape",
  "recipient-code-shape",
  "recipient-code-foreign-only",
  "recipient-code-foreign",
  "pec-shape",
] as const;

export interface TaxTreatmentAttributes {
  vatRate: number;
  natura: (typeof NATURA_CODE_LIST)[number] | null;
}

/** `GET`/`PATCH /api/organisation` (type `organisations`, id `1`). */
export interface OrganisationAttributes {
  legalName: string;
  address: AddressAttributes;
  vatNumber: string | null;
  taxCode: string | null;
  taxRegime: (typeof TAX_REGIME_LIST)[number];
  documentPrefix: string;
  invoiceSeries: string;
  receiptSeries: string;
  personDocument: "receipt" | "invoice";
  treatments: {
    entryFee: TaxTreatmentAttributes;
    lodging: TaxTreatmentAttributes;
    transferFee: TaxTreatmentAttributes;
  };
  stampDuty: { applies: boolean; chargedToBuyer: boolean };
  /** The intermediary sending the invoices to the SdI: its country and code; null for the organiser itself. */
  transmitter: { country: string; code: string } | null;
  handOverEveryDays: number;
}

export interface DocumentLineAttributes {
  description: string;
  quantity: number;
  unitPrice: number;
  total: number;
  vatRate: number;
  natura: string | null;
}

/** A `billing-documents` resource. */
export interface BillingDocumentAttributes {
  kind: BillingDocumentKindName;
  number: string;
  series: string;
  issuedOn: string;
  currency: string;
  buyer: {
    kind: "person" | "business";
    name: string;
    taxCode: string | null;
    vatNumber: string | null;
    address: AddressAttributes | null;
    recipientCode: string | null;
    pec: string | null;
  };
  lines: DocumentLineAttributes[];
  summary: { vatRate: number; natura: string | null; taxable: number; vat: number }[];
  taxable: number;
  vat: number;
  stampDuty: number;
  total: number;
  /** Invoices and credit notes only: their way through the SdI. */
  transmission: {
    state: TransmissionStateName;
    fileName: string;
    reason: string | null;
    handedOutAt: string | null;
  } | null;
  /** The signup's short reference. */
  reference: string;
}

/** The `meta` of the organisers' list: how many match, and how many invoices wait to be handed out too long. */
export interface BillingDocumentListMeta {
  total: number;
  overdue: number;
}

/** What `POST /api/billing-documents/notifications` answers (`meta`): which document and its new state. */
export interface SdiNotificationMeta {
  kind: "RC" | "NS" | "MC" | "NE";
  fileName: string;
  state: TransmissionStateName;
  documentId: string;
  number: string;
}
