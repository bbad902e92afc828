/**
 * What the SdI checks in an invoice beyond its schema, before it delivers it, asked of a document
 * before it is written (fatturapa.ts) so that one it would reject is never sent; and the names the
 * SdI wants the files to have.
 */
import { type BillingDocumentContent, type DocumentLine, STAMP_DUTY, type VatSummaryLine } from "@sports/domain";
import { amount, rate, recipientCode } from "./fatturapa.ts";

/** How a line or a summary line is named in a problem: its rate and, at rate 0, its Natura. */
const treatment = ({ vatRate, natura }: { vatRate: number; natura: string | null }): string =>
  natura ? `${rate(vatRate)} ${natura}` : rate(vatRate);

const key = ({ vatRate, natura }: { vatRate: number; natura: string | null }): string =>
  `${vatRate}|${vatRate === 0 ? (natura ?? "") : ""}`;

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/** The Natura rule, for a line or a summary line: one wherever the rate is 0, none where it is above. */
function naturaProblem(what: string, line: { vatRate: number; natura: string | null }): string | null {
  if (line.vatRate === 0 && !line.natura) return `${what} has a rate of 0.00 and no Natura saying why.`;
  if (line.vatRate > 0 && line.natura) return `${what} has a rate of ${rate(line.vatRate)} and a Natura.`;
  return null;
}

function lineProblems(lines: DocumentLine[]): string[] {
  return lines.flatMap((line, index) => {
    const what = `Line ${index + 1}`;
    const problems = [naturaProblem(what, line)];
    // The SdI accepts a total that differs from quantity × unit price by a cent at most.
    if (Math.abs(line.total - line.quantity * line.unitPrice) > 1)
      problems.push(`${what}: PrezzoTotale ${amount(line.total)} is not Quantita × PrezzoUnitario.`);
    return problems.filter((problem) => problem !== null);
  });
}

function summaryProblems(lines: DocumentLine[], summary: VatSummaryLine[]): string[] {
  const summarised = new Set(summary.map(key));
  const unsummarised = [...new Set(lines.filter((line) => !summarised.has(key(line))).map(treatment))].map(
    (which) => `Lines at ${which} have no DatiRiepilogo.`,
  );
  const problems = summary.flatMap((line) => {
    const what = `DatiRiepilogo ${treatment(line)}`;
    const linesTotal = sum(lines.filter((each) => key(each) === key(line)).map((each) => each.total));
    const expectedVat = Math.round((line.taxable * line.vatRate) / 10000);
    return [
      naturaProblem(what, line),
      line.taxable === linesTotal
        ? null
        : `${what}: ImponibileImporto ${amount(line.taxable)} is not the sum of its lines, ${amount(linesTotal)}.`,
      Math.abs(line.vat - expectedVat) <= 1
        ? null
        : `${what}: Imposta ${amount(line.vat)} is not ImponibileImporto × AliquotaIVA, ${amount(expectedVat)}.`,
    ].filter((problem) => problem !== null);
  });
  return [...unsummarised, ...problems];
}

/** The line that charges the stamp duty to the buyer (at N1, for the duty's amount), when the document has one. */
function stampDutyLine(doc: BillingDocumentContent): DocumentLine | undefined {
  if (!doc.stampDutyCharged) return undefined;
  return doc.lines.find((line) => line.vatRate === 0 && line.natura === "N1" && line.total === doc.stampDuty);
}

function stampDutyProblems(doc: BillingDocumentContent): string[] {
  const dutyLine = stampDutyLine(doc);
  const withoutVat = sum(doc.lines.filter((line) => line.vatRate === 0 && line !== dutyLine).map((line) => line.total));
  const problems: string[] = [];
  if (doc.stampDuty !== 0 && doc.stampDuty !== STAMP_DUTY.amount)
    problems.push(`ImportoBollo ${amount(doc.stampDuty)} is not the stamp duty, ${amount(STAMP_DUTY.amount)}.`);
  else if (withoutVat > STAMP_DUTY.threshold && doc.stampDuty === 0)
    problems.push(
      `The lines without VAT come to ${amount(withoutVat)}, over ${amount(STAMP_DUTY.threshold)}, and there is no DatiBollo.`,
    );
  if (doc.stampDutyCharged && !dutyLine)
    problems.push("The stamp duty is charged to the buyer but no N1 line charges it.");
  return problems;
}

function partyProblems(doc: BillingDocumentContent): string[] {
  const { buyer } = doc;
  const code = recipientCode(buyer);
  return [
    /^[A-Z0-9]{7}$/.test(code) ? null : `CodiceDestinatario "${code}" is not 7 letters or digits.`,
    doc.seller.vatNumber ? null : "The seller has no VAT number: CedentePrestatore needs IdFiscaleIVA.",
    buyer.address === null ? "The buyer has no address: CessionarioCommittente needs a Sede." : null,
    buyer.address?.country === "IT" && !buyer.vatNumber && !buyer.taxCode
      ? "A buyer in Italy needs a VAT number or a codice fiscale."
      : null,
  ].filter((problem) => problem !== null);
}

function numberProblems(doc: BillingDocumentContent): string[] {
  return [
    /\d/.test(doc.number) ? null : `Numero "${doc.number}" has no digit.`,
    doc.number.length <= 20 ? null : `Numero "${doc.number}" is longer than 20 characters.`,
    /^[\x20-\x7E]+$/.test(doc.number) ? null : `Numero "${doc.number}" has characters other than plain ASCII.`,
  ].filter((problem) => problem !== null);
}

/**
 * Why the SdI would reject the document as FatturaPA, one sentence each, none when it would take it:
 * the Natura rule on lines and summary lines, each line's total against its quantity and price, each
 * summary line's taxable amount against its lines and its VAT against its rate (a cent either way),
 * the total against taxable + VAT, the stamp duty (due when the lines without VAT, not counting the
 * one charging the duty itself, exceed 77.47 €), the recipient code, the parties' tax identities and
 * the document's number.
 */
export function sdiProblems(doc: BillingDocumentContent): string[] {
  const summed = sum(doc.summary.map((line) => line.taxable + line.vat));
  return [
    ...numberProblems(doc),
    ...partyProblems(doc),
    ...lineProblems(doc.lines),
    ...summaryProblems(doc.lines, doc.summary),
    ...(doc.total === summed
      ? []
      : [`ImportoTotaleDocumento ${amount(doc.total)} is not taxable + VAT, ${amount(summed)}.`]),
    ...stampDutyProblems(doc),
  ];
}

/** The most files one transmitter can number with five base-36 characters. */
const PROGRESSIVES = 36 ** 5;

/** The `n`-th file's progressive, for its name and its ProgressivoInvio: five base-36 characters, upper case (1 is 00001, 36 is 00010). */
export function sdiProgressive(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n >= PROGRESSIVES)
    throw new RangeError(`A progressive is a whole number from 1 to ${PROGRESSIVES - 1}: ${n} is not.`);
  return n.toString(36).toUpperCase().padStart(5, "0");
}

/** The name the SdI wants for a file: the transmitter's country and code, `_`, the five-character progressive (IT01234567890_0001A.xml). */
export function sdiFileName(transmitter: { country: string; code: string }, progressive: string): string {
  if (!/^[A-Z]{2}$/.test(transmitter.country) || !/^[A-Za-z0-9]{1,28}$/.test(transmitter.code))
    throw new RangeError(`"${transmitter.country}${transmitter.code}" is no transmitter's country and code.`);
  if (!/^[A-Za-z0-9]{5}$/.test(progressive))
    throw new RangeError(`"${progressive}" is no progressive: it takes five letters or digits.`);
  return `${transmitter.country}${transmitter.code}_${progressive}.xml`;
}
