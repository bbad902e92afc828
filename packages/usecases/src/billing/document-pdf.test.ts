import type { BillingDocumentContent, DocumentLine } from "@sports/domain";
import { PDFDocument, PDFName } from "pdf-lib";
import { extractText } from "unpdf";
import { describe, expect, it } from "vitest";
import { billingDocumentPdf } from "./document-pdf.ts";

const entryFee: DocumentLine = {
  description: "Quota di iscrizione – Mezza maratona",
  quantity: 2,
  unitPrice: 5000,
  total: 10000,
  vatRate: 2200,
  natura: null,
};
const lodging: DocumentLine = {
  description: "Pernottamento in ostello, 2 notti × 1 camera",
  quantity: 2,
  unitPrice: 4000,
  total: 8000,
  vatRate: 0,
  natura: "N2.2",
};
const stampDuty: DocumentLine = {
  description: "Imposta di bollo",
  quantity: 1,
  unitPrice: 200,
  total: 200,
  vatRate: 0,
  natura: "N1",
};

/** An Italian invoice to a club: a 22% line, a line outside VAT, and the stamp duty charged to the buyer. */
const invoice: BillingDocumentContent = {
  kind: "invoice",
  series: "F",
  year: 2025,
  sequence: 7,
  number: "GR-F-2025-7",
  issuedOn: "2025-10-12",
  currency: "EUR",
  seller: {
    legalName: "ASD Garda Runners",
    address: {
      street: "Via Roma 1",
      postalCode: "25015",
      locality: "Desenzano del Garda",
      province: "BS",
      country: "IT",
    },
    vatNumber: "01234567890",
    taxCode: "93012345678",
    taxRegime: "RF18",
  },
  buyer: {
    kind: "business",
    name: "Polisportiva Valtenesi",
    givenName: null,
    familyName: null,
    taxCode: "98765432109",
    vatNumber: { country: "IT", code: "09876543210" },
    address: {
      street: "Piazza Garibaldi 3",
      postalCode: "25080",
      locality: "Manerba del Garda",
      province: "BS",
      country: "IT",
    },
    recipientCode: "M5UXCR1",
    pec: null,
  },
  lines: [entryFee, lodging, stampDuty],
  summary: [
    { vatRate: 2200, natura: null, taxable: 10000, vat: 2200 },
    { vatRate: 0, natura: "N2.2", taxable: 8000, vat: 0 },
    { vatRate: 0, natura: "N1", taxable: 200, vat: 0 },
  ],
  taxable: 18200,
  vat: 2200,
  stampDuty: 200,
  stampDutyCharged: true,
  total: 20400,
  corrects: null,
  reference: "K7F3-9QXA",
  eventName: "Maratona del Lago",
  locale: "it-IT",
};

/** An English receipt to a person, with one line at 22% and no stamp duty. */
const receipt: BillingDocumentContent = {
  ...invoice,
  kind: "receipt",
  series: "R",
  number: "GR-R-2025-3",
  buyer: {
    kind: "person",
    name: "Jane Doe",
    givenName: "Jane",
    familyName: "Doe",
    taxCode: null,
    vatNumber: null,
    address: { street: "12 High Street", postalCode: "OX1 2JD", locality: "Oxford", province: null, country: "GB" },
    recipientCode: null,
    pec: null,
  },
  lines: [{ ...entryFee, description: "Entry fee – Half marathon", quantity: 1, total: 5000 }],
  summary: [{ vatRate: 2200, natura: null, taxable: 5000, vat: 1100 }],
  taxable: 5000,
  vat: 1100,
  stampDuty: 0,
  stampDutyCharged: false,
  total: 6100,
  locale: "en-US",
};

/** The document's text as a PDF reader extracts it, page by page, its spaces made single. */
async function pagesOf(pdf: Uint8Array): Promise<string[]> {
  // A copy: the extractor hands the buffer to a worker and detaches it.
  const { text } = await extractText(pdf.slice(), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, " "));
}

async function textOf(pdf: Uint8Array): Promise<string> {
  return (await pagesOf(pdf)).join(" ");
}

describe("a billing document's PDF", () => {
  it("shows an Italian invoice's seller, buyer, lines, VAT summary, stamp duty, total and legal wording", async () => {
    const pdf = await billingDocumentPdf(invoice);
    const text = await textOf(pdf);
    for (const expected of [
      "ASD Garda Runners",
      "Via Roma 1",
      "25015 Desenzano del Garda (BS)",
      "P. IVA IT01234567890",
      "Codice fiscale 93012345678",
      "Fattura",
      "N. GR-F-2025-7",
      "Data 12 ottobre 2025",
      "CLIENTE",
      "Polisportiva Valtenesi",
      "P. IVA IT09876543210",
      "Codice destinatario M5UXCR1",
      "Riferimento: K7F3-9QXA",
      "Evento: Maratona del Lago",
      "Quota di iscrizione – Mezza maratona 2 50,00 € 22% 100,00 €",
      "Pernottamento in ostello, 2 notti × 1 camera 2 40,00 € N2.2 80,00 €",
      "RIEPILOGO IVA",
      "22% 100,00 € 22,00 €",
      "N2.2 (Non soggette – altri casi) 80,00 € 0,00 €",
      "N1 (Escluse ex art. 15 DPR 633/72) 2,00 € 0,00 €",
      "Imposta di bollo assolta in modo virtuale ai sensi del DM 17/06/2014: 2,00 €",
      "Imposta di bollo addebitata al cliente",
      "Imponibile 182,00 €",
      "IVA 22,00 €",
      "Totale 204,00 €",
      "Copia di cortesia priva di valore fiscale",
      "Sistema di Interscambio (SdI)",
      "Pagina 1 di 1",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("PEC");
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getPages().map((page) => [page.getWidth(), page.getHeight()].map(Math.round))).toEqual([[595, 842]]);
    expect(loaded.getTitle()).toBe("Fattura GR-F-2025-7 – ASD Garda Runners");
    expect(loaded.catalog.get(PDFName.of("Lang"))?.toString()).toContain("it-IT");
  });

  it("labels an English receipt in English and keeps its legal wording in Italian", async () => {
    const text = await textOf(await billingDocumentPdf(receipt));
    for (const expected of [
      "Receipt",
      "No. GR-R-2025-3",
      "Date October 12, 2025",
      "VAT no. IT01234567890",
      "Italy",
      "CUSTOMER",
      "Jane Doe",
      "OX1 2JD Oxford",
      "United Kingdom",
      "Reference: K7F3-9QXA",
      "DESCRIPTION QTY UNIT PRICE VAT AMOUNT",
      "Entry fee – Half marathon 1 €50.00 22% €50.00",
      "VAT SUMMARY",
      "Taxable amount €50.00",
      "Total €61.00",
      "Ricevuta di pagamento: il presente documento non costituisce fattura.",
      "Page 1 of 1",
    ])
      expect(text).toContain(expected);
    for (const absent of ["Imposta di bollo", "SdI recipient code", "PEC", "Corrects"])
      expect(text).not.toContain(absent);
    expect(text.match(/Tax code \S+/g), "the seller's only").toEqual(["Tax code 93012345678"]);
  });

  it("names the document a credit note corrects, in the buyer's language", async () => {
    const corrects = { number: "GR-F-2025-7", issuedOn: "2025-10-12", kind: "invoice" as const };
    const creditNote: BillingDocumentContent = { ...invoice, kind: "credit-note", number: "GR-F-2025-9", corrects };
    const italian = await textOf(await billingDocumentPdf(creditNote));
    expect(italian).toContain("Nota di credito");
    expect(italian).toContain("Rettifica fattura n. GR-F-2025-7 del 12 ottobre 2025");
    expect(italian).toContain("l'originale della nota di credito elettronica");
    const german = await textOf(await billingDocumentPdf({ ...creditNote, locale: "de-DE" }));
    expect(german).toContain("Gutschrift");
    expect(german).toContain("Korrektur zu Rechnung Nr. GR-F-2025-7 vom 12. Oktober 2025");
    expect(german).toContain("Gesamtbetrag 204,00 €");
  });

  it("runs 60 lines onto a second page, every line once, the table's header and the foot on each page", async () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({
      ...entryFee,
      description:
        index % 10 === 0
          ? `Line ${index + 1}: entry fee for a participant whose registration includes a long list of options, a shirt and a medal`
          : `Line ${index + 1}: entry fee`,
      quantity: 1,
      total: 5000,
    }));
    const summary = [{ vatRate: 2200, natura: null, taxable: 300_000, vat: 66_000 }];
    const pdf = await billingDocumentPdf({ ...receipt, lines, summary, taxable: 300_000, vat: 66_000, total: 366_000 });
    const pages = await pagesOf(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const all = pages.join(" ");
    for (let number = 1; number <= 60; number++)
      expect(all.match(new RegExp(`Line ${number}:`, "g")), `line ${number}`).toHaveLength(1);
    expect(all).toContain("a shirt and a medal");
    expect(pages[0]).toContain("Line 1:");
    expect(pages[0]).not.toContain("Line 60:");
    expect(pages.at(-1)).toContain("Line 60:");
    expect(pages.at(-1)).toContain("Total €3,660.00");
    pages.forEach((page, index) => {
      expect(page).toContain("DESCRIPTION QTY UNIT PRICE VAT AMOUNT");
      expect(page).toContain("non costituisce fattura");
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    expect(pages[1]).toContain("ASD Garda Runners · Receipt No. GR-R-2025-3");
  });

  it("writes names outside the standard font's letters by their base letters", async () => {
    const buyer = { ...receipt.buyer, name: "Łukasz Zoë Ørsted Ğül" };
    const seller = { ...invoice.seller, legalName: "Běžecký klub Třeboň" };
    const text = await textOf(await billingDocumentPdf({ ...receipt, buyer, seller, eventName: "Ağaoğlu Koşusu" }));
    expect(text).toContain("Lukasz Zoë Ørsted Gül");
    expect(text).toContain("Bežecký klub Trebon");
    expect(text).toContain("Event: Agaoglu Kosusu");
  });
});
