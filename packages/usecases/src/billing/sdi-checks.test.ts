import type { BillingDocumentContent, DocumentLine, VatSummaryLine } from "@sports/domain";
import { describe, expect, it } from "vitest";
import { INVOICE } from "./documents.fixture.ts";
import { sdiFileName, sdiProblems, sdiProgressive } from "./sdi-checks.ts";

// INVOICE's lines: 75.00 at 22%, 80.00 at N2.2, the 2.00 stamp duty at N1; total 173.50.
const [entry, lodging, duty] = INVOICE.lines as [DocumentLine, DocumentLine, DocumentLine];
const [atRate, notSubject, dutySummary] = INVOICE.summary as [VatSummaryLine, VatSummaryLine, VatSummaryLine];

/** A lodging-only invoice for `taxable` at N2.2, without stamp duty. */
const lodgingOnly = (taxable: number): BillingDocumentContent => ({
  ...INVOICE,
  lines: [{ ...lodging, quantity: 1, unitPrice: taxable, total: taxable }],
  summary: [{ ...notSubject, taxable }],
  taxable,
  vat: 0,
  stampDuty: 0,
  stampDutyCharged: false,
  total: taxable,
});

describe("sdiProblems", () => {
  it.each<[string, BillingDocumentContent, string[]]>([
    [
      "a summary line off its lines' sum",
      { ...INVOICE, lines: [{ ...entry, total: 7499 }, lodging, duty] },
      ["DatiRiepilogo 22.00: ImponibileImporto 75.00 is not the sum of its lines, 74.99."],
    ],
    [
      "VAT two cents off its rate",
      { ...INVOICE, summary: [{ ...atRate, vat: 1652 }, notSubject, dutySummary], total: 17352 },
      ["DatiRiepilogo 22.00: Imposta 16.52 is not ImponibileImporto × AliquotaIVA, 16.50."],
    ],
    [
      "a line's total off its quantity × price",
      { ...INVOICE, lines: [{ ...entry, unitPrice: 2600 }, lodging, duty] },
      ["Line 1: PrezzoTotale 75.00 is not Quantita × PrezzoUnitario."],
    ],
    [
      "a Natura at 22%",
      {
        ...INVOICE,
        lines: [{ ...entry, natura: "N4" }, lodging, duty],
        summary: [{ ...atRate, natura: "N4" }, notSubject, dutySummary],
      },
      ["Line 1 has a rate of 22.00 and a Natura.", "DatiRiepilogo 22.00 N4 has a rate of 22.00 and a Natura."],
    ],
    [
      "no Natura at 0%",
      {
        ...INVOICE,
        lines: [entry, { ...lodging, natura: null }, duty],
        summary: [atRate, { ...notSubject, natura: null }, dutySummary],
      },
      [
        "Line 2 has a rate of 0.00 and no Natura saying why.",
        "DatiRiepilogo 0.00 has a rate of 0.00 and no Natura saying why.",
      ],
    ],
    [
      "lines at a rate the summary lacks",
      { ...INVOICE, lines: [...INVOICE.lines, { ...entry, vatRate: 1000, total: 7500 }] },
      ["Lines at 10.00 have no DatiRiepilogo."],
    ],
    [
      "a total that is not taxable + VAT",
      { ...INVOICE, total: 17150 },
      ["ImportoTotaleDocumento 171.50 is not taxable + VAT, 173.50."],
    ],
    [
      "lines without VAT over 77.47 € and no stamp duty",
      lodgingOnly(7748),
      ["The lines without VAT come to 77.48, over 77.47, and there is no DatiBollo."],
    ],
    [
      "a stamp duty of another amount",
      { ...INVOICE, stampDuty: 150, stampDutyCharged: false },
      ["ImportoBollo 1.50 is not the stamp duty, 2.00."],
    ],
    [
      "a stamp duty charged with no line",
      { ...lodgingOnly(8000), stampDuty: 200, stampDutyCharged: true },
      ["The stamp duty is charged to the buyer but no N1 line charges it."],
    ],
    [
      "a six-character recipient code",
      { ...INVOICE, buyer: { ...INVOICE.buyer, recipientCode: "UFABC1" } },
      ['CodiceDestinatario "UFABC1" is not 7 letters or digits.'],
    ],
    ["a number without a digit", { ...INVOICE, number: "ASD-F" }, ['Numero "ASD-F" has no digit.']],
    [
      "a number over 20 characters",
      { ...INVOICE, number: "ASD-FATTURE-2026-000012" },
      ['Numero "ASD-FATTURE-2026-000012" is longer than 20 characters.'],
    ],
    [
      "a number with a dash that is not ASCII",
      { ...INVOICE, number: "F–2026–12" },
      ['Numero "F–2026–12" has characters other than plain ASCII.'],
    ],
    [
      "a seller without a VAT number",
      { ...INVOICE, seller: { ...INVOICE.seller, vatNumber: null } },
      ["The seller has no VAT number: CedentePrestatore needs IdFiscaleIVA."],
    ],
    [
      "a buyer in Italy without a tax identity",
      { ...INVOICE, buyer: { ...INVOICE.buyer, vatNumber: null } },
      ["A buyer in Italy needs a VAT number or a codice fiscale."],
    ],
    [
      "a buyer without an address",
      { ...INVOICE, buyer: { ...INVOICE.buyer, address: null } },
      ["The buyer has no address: CessionarioCommittente needs a Sede."],
    ],
  ])("reports %s", (_, doc, problems) => {
    expect(sdiProblems(doc)).toEqual(problems);
  });

  it.each<[string, BillingDocumentContent]>([
    [
      "VAT a cent off its rate",
      { ...INVOICE, summary: [{ ...atRate, vat: 1651 }, notSubject, dutySummary], total: 17351 },
    ],
    ["lines without VAT of 77.47 € exactly, without stamp duty", lodgingOnly(7747)],
    [
      "a line's total a cent off its quantity × price",
      {
        ...INVOICE,
        lines: [{ ...entry, unitPrice: 3333, total: 10000 }, lodging, duty],
        summary: [{ ...atRate, taxable: 10000, vat: 2200 }, notSubject, dutySummary],
        total: 20400,
      },
    ],
    ["no recipient code (0000000 is written)", { ...INVOICE, buyer: { ...INVOICE.buyer, recipientCode: null } }],
  ])("takes %s", (_, doc) => {
    expect(sdiProblems(doc)).toEqual([]);
  });
});

describe("sdiProgressive and sdiFileName", () => {
  it.each([
    [1, "00001"],
    [35, "0000Z"],
    [36, "00010"],
    [46, "0001A"],
    [36 ** 5 - 1, "ZZZZZ"],
  ])("numbers file %i as %s", (n, progressive) => {
    expect(sdiProgressive(n)).toBe(progressive);
  });

  it.each([0, -1, 1.5, 36 ** 5])("refuses %d", (n) => {
    expect(() => sdiProgressive(n)).toThrow(RangeError);
  });

  it("names a file by its transmitter and progressive", () => {
    expect(sdiFileName({ country: "IT", code: "01234567890" }, "0001A")).toBe("IT01234567890_0001A.xml");
    expect(sdiFileName({ country: "IT", code: "RSSMRA80A01H501U" }, sdiProgressive(1))).toBe(
      "ITRSSMRA80A01H501U_00001.xml",
    );
    expect(() => sdiFileName({ country: "IT", code: "01234567890" }, "001A")).toThrow(RangeError);
    expect(() => sdiFileName({ country: "IT", code: "01234567890" }, "0001_")).toThrow(RangeError);
    expect(() => sdiFileName({ country: "it", code: "01234567890" }, "0001A")).toThrow(RangeError);
  });
});
