/**
 * Billing documents (docs/decisions/066-billing-documents.md): the receipts, invoices, credit notes
 * and refund receipts an organiser issues for the money a signup moves. Amounts are integers in
 * minor units (cents); a VAT rate is in hundredths of a percent (2200 is 22%), so nothing is a
 * float until a document is written out.
 */

/**
 * Why a line carries no VAT, in the codes the SdI has accepted since 2021. The plain N2, N3 and N6
 * are refused by the SdI and are not here.
 */
export const NATURA_CODES = [
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
export type Natura = (typeof NATURA_CODES)[number];

/** The seller's tax regime (`RegimeFiscale`): RF01 ordinary, RF19 flat rate, RF18 other (many sports associations)… */
export const TAX_REGIMES = [
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
export type TaxRegime = (typeof TAX_REGIMES)[number];

/** The kinds of thing a document bills, each with its own VAT treatment in the organiser's settings. */
export const BILLED_ITEMS = ["entryFee", "lodging", "transferFee"] as const;
export type BilledItem = (typeof BILLED_ITEMS)[number];

/** A line's VAT: a rate above zero and no `natura`, or a rate of zero and the `natura` that says why. */
export interface TaxTreatment {
  /** Hundredths of a percent: 2200 is 22%, 1000 is 10%, 0 none. */
  vatRate: number;
  natura: Natura | null;
}

export interface PostalAddress {
  street: string;
  postalCode: string;
  locality: string;
  /** The Italian province's two letters (MI, RM…); null abroad. */
  province: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
}

/** Who issues the documents: the organiser as the tax authorities know it. */
export interface FiscalIdentity {
  legalName: string;
  address: PostalAddress;
  /** The partita IVA, 11 digits, without the country prefix; null for a body that has none. */
  vatNumber: string | null;
  /** The codice fiscale: 16 characters for a person, 11 digits for a body; null when it is the VAT number. */
  taxCode: string | null;
  taxRegime: TaxRegime;
}

/** The stamp duty that applies to documents whose amounts without VAT exceed 77.47 €. */
export const STAMP_DUTY = { threshold: 7747, amount: 200 } as const;

/** The billing details a buyer gives at the recap. */
export const BUYER_KINDS = ["person", "business"] as const;
export type BuyerKind = (typeof BUYER_KINDS)[number];

export interface Buyer {
  kind: BuyerKind;
  /** A business's, club's or association's name, or a person's full name. */
  name: string;
  /** A person's names apart, for the FatturaPA's Nome and Cognome; null for a business. */
  givenName: string | null;
  familyName: string | null;
  taxCode: string | null;
  /** The VAT id: its country (IT, DE…) and the number without the prefix. */
  vatNumber: { country: string; code: string } | null;
  address: PostalAddress | null;
  /** The SdI recipient code: 7 characters; `0000000` for one who has none, `XXXXXXX` abroad. */
  recipientCode: string | null;
  pec: string | null;
}

export const BILLING_DOCUMENT_KINDS = ["receipt", "invoice", "credit-note", "refund-receipt"] as const;
export type BillingDocumentKind = (typeof BILLING_DOCUMENT_KINDS)[number];

/** One line of a document, net of VAT. */
export interface DocumentLine {
  description: string;
  /** Whole units (participants, nights × rooms, 1). */
  quantity: number;
  /** Net of VAT, in minor units; negative for a discount. */
  unitPrice: number;
  /** Net of VAT: what the line adds to its rate's taxable amount (not always quantity × unitPrice to the cent: see `composeLines`). */
  total: number;
  vatRate: number;
  natura: Natura | null;
}

/** The document's totals per VAT rate (and per `natura` at rate 0): the FatturaPA's DatiRiepilogo. */
export interface VatSummaryLine {
  vatRate: number;
  natura: Natura | null;
  /** Net amount of the lines at this rate. */
  taxable: number;
  vat: number;
}

/** A document as it was issued: everything its PDF and its XML show, frozen. */
export interface BillingDocumentContent {
  kind: BillingDocumentKind;
  /** The series (`F` for invoices and credit notes, `R` for receipts by default) and the number in it, per year. */
  series: string;
  year: number;
  sequence: number;
  /** As printed: the organiser's prefix, the series, the year and the number (at most 20 characters). */
  number: string;
  /** YYYY-MM-DD in the organiser's time zone. */
  issuedOn: string;
  currency: string;
  seller: FiscalIdentity;
  buyer: Buyer;
  lines: DocumentLine[];
  summary: VatSummaryLine[];
  /** Sum of the summary's taxable amounts. */
  taxable: number;
  /** Sum of the summary's VAT. */
  vat: number;
  /** The stamp duty stated on the document (200 or 0): `DatiBollo`. */
  stampDuty: number;
  /** Whether the buyer pays the stamp duty (then it is also a line, at N1, in `lines`). */
  stampDutyCharged: boolean;
  /** What the buyer paid (or, for a correction, gets back): taxable + vat. */
  total: number;
  /** For a credit note or a refund receipt: the document it corrects. */
  corrects: { number: string; issuedOn: string; kind: BillingDocumentKind } | null;
  /** The signup's short reference and the event's name, for the reader. */
  reference: string;
  eventName: string;
  /** The buyer's language, for the PDF. */
  locale: string;
}
