import type { BillingDocumentContent, Buyer, FiscalIdentity } from "@sports/domain";

/** Documents the FatturaPA tests write and check: each one the SdI takes as it is. */

export const SELLER: FiscalIdentity = {
  legalName: "A.S.D. Podistica Città & Dintorni",
  address: { street: "Via Roma 1", postalCode: "44121", locality: "Ferrara", province: "FE", country: "IT" },
  vatNumber: "01234567890",
  taxCode: "93012345678",
  taxRegime: "RF01",
};

const BUSINESS: Buyer = {
  kind: "business",
  name: "Rossi & Figli S.r.l.",
  givenName: null,
  familyName: null,
  taxCode: null,
  vatNumber: { country: "IT", code: "09876543210" },
  address: { street: "Via Emilia 5", postalCode: "40121", locality: "Bologna", province: "BO", country: "IT" },
  recipientCode: "M5UXCR1",
  pec: null,
};

/** An invoice to a business: a line at 22%, a lodging line not subject to VAT over 77.47 €, and the stamp duty charged to the buyer. */
export const INVOICE: BillingDocumentContent = {
  kind: "invoice",
  series: "F",
  year: 2026,
  sequence: 12,
  number: "ASD-F-2026-12",
  issuedOn: "2026-03-01",
  currency: "EUR",
  seller: SELLER,
  buyer: BUSINESS,
  lines: [
    {
      description: "Iscrizione – Mezza di Ferrara «2026» × 3",
      quantity: 3,
      unitPrice: 2500,
      total: 7500,
      vatRate: 2200,
      natura: null,
    },
    { description: "Pernottamento, 2 notti", quantity: 4, unitPrice: 2000, total: 8000, vatRate: 0, natura: "N2.2" },
    { description: "Imposta di bollo", quantity: 1, unitPrice: 200, total: 200, vatRate: 0, natura: "N1" },
  ],
  summary: [
    { vatRate: 2200, natura: null, taxable: 7500, vat: 1650 },
    { vatRate: 0, natura: "N2.2", taxable: 8000, vat: 0 },
    { vatRate: 0, natura: "N1", taxable: 200, vat: 0 },
  ],
  taxable: 15700,
  vat: 1650,
  stampDuty: 200,
  stampDutyCharged: true,
  total: 17350,
  corrects: null,
  reference: "K7Q2-M4",
  eventName: "Mezza di Ferrara 2026",
  locale: "it",
};

/** An invoice to a person with no recipient code and a PEC, one entry at 22%. */
export const TO_A_PERSON: BillingDocumentContent = {
  ...INVOICE,
  sequence: 13,
  number: "ASD-F-2026-13",
  issuedOn: "2026-03-02",
  buyer: {
    kind: "person",
    name: "Anna D’Àvila",
    givenName: "Anna",
    familyName: "D’Àvila",
    taxCode: "DVLNNA90D52D548X",
    vatNumber: null,
    address: { street: "Corso Giovecca 10", postalCode: "44121", locality: "Ferrara", province: "FE", country: "IT" },
    recipientCode: "0000000",
    pec: "anna.davila@pec.example.it",
  },
  lines: [{ description: "Iscrizione", quantity: 1, unitPrice: 4098, total: 4098, vatRate: 2200, natura: null }],
  summary: [{ vatRate: 2200, natura: null, taxable: 4098, vat: 902 }],
  taxable: 4098,
  vat: 902,
  stampDuty: 0,
  stampDutyCharged: false,
  total: 5000,
};

/** An invoice to a business abroad (no recipient code, a four-digit postal code), its entries not subject to Italian VAT. */
export const ABROAD: BillingDocumentContent = {
  ...INVOICE,
  sequence: 14,
  number: "ASD-F-2026-14",
  buyer: {
    kind: "business",
    name: "Wiener Laufclub",
    givenName: null,
    familyName: null,
    taxCode: null,
    vatNumber: { country: "AT", code: "U12345678" },
    address: { street: "Stephansplatz 1", postalCode: "1010", locality: "Wien", province: null, country: "AT" },
    recipientCode: "XXXXXXX",
    pec: null,
  },
  lines: [{ description: "Iscrizione squadra", quantity: 2, unitPrice: 3000, total: 6000, vatRate: 0, natura: "N2.1" }],
  summary: [{ vatRate: 0, natura: "N2.1", taxable: 6000, vat: 0 }],
  taxable: 6000,
  vat: 0,
  stampDuty: 0,
  stampDutyCharged: false,
  total: 6000,
};

/** A credit note giving the person's invoice back in full, naming it. */
export const CREDIT_NOTE: BillingDocumentContent = {
  ...TO_A_PERSON,
  kind: "credit-note",
  sequence: 15,
  number: "ASD-F-2026-15",
  issuedOn: "2026-03-20",
  corrects: { number: "ASD-F-2026-13", issuedOn: "2026-03-02", kind: "invoice" },
};
