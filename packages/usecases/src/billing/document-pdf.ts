/**
 * A billing document as a PDF, the copy the buyer reads: A4, the seller and the document's number at
 * the top, the buyer, the lines, the VAT summary, the stamp duty and the total, and at the foot what
 * the law asks the document to say. Labels are in the buyer's language; the legal wording, the
 * `natura` reasons and the stamp duty's statement stay in Italian. Drawn with pdf-lib's standard
 * Helvetica, so no font is embedded, and every text goes through `winAnsiSafe` (win-ansi.ts).
 */
import {
  type BillingDocumentContent,
  type Buyer,
  type DocumentLine,
  FALLBACK_LOCALE,
  type FiscalIdentity,
  isLocale,
  type Locale,
  type PostalAddress,
  type VatSummaryLine,
} from "@sports/domain";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { diplomaDate } from "../results/diploma-words.ts";
import {
  ACCENT,
  COLUMNS,
  CONTENT_WIDTH,
  DESCRIPTION_WIDTH,
  draw,
  drawLines,
  MARGIN,
  MUTED,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  RATE_WIDTH,
  RIGHT,
  room,
  rule,
  type Sheet,
  type Style,
  styles,
  wrapText,
} from "./document-sheet.ts";
import {
  DOCUMENT_WORDS,
  type DocumentWords,
  LEGAL_WORDING,
  NATURA_REASONS,
  STAMP_DUTY_WORDING,
} from "./document-words.ts";

/** How a document writes its numbers: amounts in its currency, VAT rates and days, in its language. */
interface Formats {
  locale: Locale;
  words: DocumentWords;
  money: (minor: number) => string;
  rate: (vatRate: number) => string;
  day: (isoDay: string) => string;
}

function formats(doc: BillingDocumentContent): Formats {
  const locale = isLocale(doc.locale) ? doc.locale : FALLBACK_LOCALE;
  const currency = new Intl.NumberFormat(locale, { style: "currency", currency: doc.currency });
  // Amounts are in minor units: cents for the euro, none for a currency without (the yen).
  const minorUnits = 10 ** (currency.resolvedOptions().maximumFractionDigits ?? 2);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  return {
    locale,
    words: DOCUMENT_WORDS[locale],
    money: (minor) => currency.format(minor / minorUnits),
    rate: (vatRate) => percent.format(vatRate / 10_000),
    day: (isoDay) => diplomaDate(isoDay, locale),
  };
}

/** A country's name in `locale`, or its code when the code is none Intl knows. */
function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

function addressLines(address: PostalAddress, locale: Locale): string[] {
  const province = address.province ? ` (${address.province})` : "";
  return [
    address.street,
    `${address.postalCode} ${address.locality}${province}`.trim(),
    countryName(address.country, locale),
  ];
}

/** The seller's block under its legal name: address, partita IVA and codice fiscale. */
function sellerLines(seller: FiscalIdentity, { words, locale }: Formats): string[] {
  return [
    ...addressLines(seller.address, locale),
    ...(seller.vatNumber ? [`${words.vatNumber} IT${seller.vatNumber}`] : []),
    ...(seller.taxCode ? [`${words.taxCode} ${seller.taxCode}`] : []),
  ];
}

/** The buyer's block under their name: address and the codes the buyer gave. */
function buyerLines(buyer: Buyer, { words, locale }: Formats): string[] {
  return [
    ...(buyer.address ? addressLines(buyer.address, locale) : []),
    ...(buyer.taxCode ? [`${words.taxCode} ${buyer.taxCode}`] : []),
    ...(buyer.vatNumber ? [`${words.vatNumber} ${buyer.vatNumber.country}${buyer.vatNumber.code}`] : []),
    ...(buyer.recipientCode ? [`${words.recipientCode} ${buyer.recipientCode}`] : []),
    ...(buyer.pec ? [`${words.pec} ${buyer.pec}`] : []),
  ];
}

/** The seller at top left, the title, number and day at top right; then the buyer beside the reference. */
function drawHead(sheet: Sheet, doc: BillingDocumentContent, f: Formats): void {
  const { page, fonts } = sheet;
  const s = styles(fonts);
  const top = sheet.y;
  const half = CONTENT_WIDTH / 2 - 12;
  const nameStyle = { ...s.strong, size: 12, leading: 14 };
  let left = drawLines(page, wrapText(doc.seller.legalName, nameStyle, half), nameStyle, { left: MARGIN }, top, half);
  left += drawLines(page, sellerLines(doc.seller, f), s.body, { left: MARGIN }, top - left - 2, half) + 2;
  const title = { font: fonts.bold, size: 20, leading: 24, color: ACCENT };
  let right = drawLines(page, [f.words.kinds[doc.kind]], title, { right: RIGHT }, top, half);
  const numbered = [`${f.words.number} ${doc.number}`, `${f.words.date} ${f.day(doc.issuedOn)}`];
  right += drawLines(page, numbered, { ...s.strong, size: 10, leading: 13 }, { right: RIGHT }, top - right, half);
  sheet.y = top - Math.max(left, right) - 14;
  rule(sheet, sheet.y);
  sheet.y -= 14;
  drawParties(sheet, doc, f);
}

/** What a credit note or refund receipt corrects, as the buyer reads it; null for a document that corrects none. */
function correction(doc: BillingDocumentContent, { words, day }: Formats): string | null {
  const corrects = doc.corrects;
  return corrects ? words.corrects(words.kinds[corrects.kind], corrects.number, day(corrects.issuedOn)) : null;
}

/** The buyer's block at left; at right what the document corrects, the signup's reference and the event. */
function drawParties(sheet: Sheet, doc: BillingDocumentContent, f: Formats): void {
  const { page } = sheet;
  const s = styles(sheet.fonts);
  const top = sheet.y;
  const half = CONTENT_WIDTH / 2 - 12;
  const middle = MARGIN + CONTENT_WIDTH / 2 + 12;
  let left = drawLines(page, [f.words.buyer.toLocaleUpperCase(f.locale)], s.label, { left: MARGIN }, top, half);
  left += drawLines(page, wrapText(doc.buyer.name, s.strong, half), s.strong, { left: MARGIN }, top - left, half);
  left += drawLines(page, buyerLines(doc.buyer, f), s.body, { left: MARGIN }, top - left, half);
  const corrected = correction(doc, f);
  const facts: { text: string; style: Style }[] = [
    ...(corrected ? [{ text: corrected, style: s.strong }] : []),
    { text: `${f.words.reference}: ${doc.reference}`, style: s.body },
    { text: `${f.words.event}: ${doc.eventName}`, style: s.body },
  ];
  let right = s.label.leading;
  for (const { text, style } of facts)
    right += drawLines(page, wrapText(text, style, half), style, { left: middle }, top - right, half);
  sheet.y = top - Math.max(left, right) - 18;
}

/** The table's column titles and the rule under them. */
function drawTableHeader(sheet: Sheet, words: DocumentWords, locale: Locale): void {
  const label = styles(sheet.fonts).label;
  const y = sheet.y - label.size;
  const upper = (text: string) => text.toLocaleUpperCase(locale);
  draw(sheet.page, upper(words.description), label, { left: MARGIN }, y, DESCRIPTION_WIDTH);
  for (const key of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[])
    draw(sheet.page, upper(words[key]), label, { right: COLUMNS[key].right }, y, COLUMNS[key].width);
  sheet.y = y - 5;
  rule(sheet, sheet.y, MUTED);
  sheet.y -= 6;
}

/** One line of the table: its description over as many lines as it needs, its numbers on the first. */
function drawLine(sheet: Sheet, line: DocumentLine, f: Formats): void {
  const s = styles(sheet.fonts);
  const description = wrapText(line.description, s.body, DESCRIPTION_WIDTH);
  room(sheet, description.length * s.body.leading + 4);
  const top = sheet.y;
  const height = drawLines(sheet.page, description, s.body, { left: MARGIN }, top, DESCRIPTION_WIDTH);
  const cells: [keyof typeof COLUMNS, string][] = [
    ["quantity", String(line.quantity)],
    ["unitPrice", f.money(line.unitPrice)],
    ["vat", line.natura ?? f.rate(line.vatRate)],
    ["lineTotal", f.money(line.total)],
  ];
  for (const [key, text] of cells)
    draw(sheet.page, text, s.body, { right: COLUMNS[key].right }, top - s.body.size, COLUMNS[key].width);
  sheet.y = top - height - 4;
}

/** The rate as the summary names it: a percentage, or the `natura` code and why there is no VAT. */
function rateName(row: VatSummaryLine, f: Formats): string {
  return row.natura ? `${row.natura} (${NATURA_REASONS[row.natura]})` : f.rate(row.vatRate);
}

/** The VAT summary: per rate, and per `natura` at rate 0, the taxable amount and its VAT. */
function drawSummary(sheet: Sheet, doc: BillingDocumentContent, f: Formats): void {
  const s = styles(sheet.fonts);
  room(sheet, 2 * s.label.leading + 10 + s.body.leading);
  const upper = (text: string) => text.toLocaleUpperCase(f.locale);
  draw(sheet.page, upper(f.words.vatSummary), { ...s.label, color: ACCENT }, { left: MARGIN }, sheet.y - s.label.size);
  sheet.y -= s.label.leading + 4;
  const y = sheet.y - s.label.size;
  draw(sheet.page, upper(f.words.rate), s.label, { left: MARGIN }, y, RATE_WIDTH);
  draw(sheet.page, upper(f.words.taxable), s.label, { right: COLUMNS.vat.right }, y, COLUMNS.unitPrice.width);
  draw(sheet.page, upper(f.words.vat), s.label, { right: RIGHT }, y, COLUMNS.lineTotal.width);
  sheet.y = y - 5;
  rule(sheet, sheet.y, MUTED);
  sheet.y -= 6;
  for (const row of doc.summary) {
    const name = wrapText(rateName(row, f), s.body, RATE_WIDTH - 10);
    room(sheet, name.length * s.body.leading + 3);
    const top = sheet.y;
    const height = drawLines(sheet.page, name, s.body, { left: MARGIN }, top, RATE_WIDTH);
    draw(
      sheet.page,
      f.money(row.taxable),
      s.body,
      { right: COLUMNS.vat.right },
      top - s.body.size,
      COLUMNS.unitPrice.width,
    );
    draw(sheet.page, f.money(row.vat), s.body, { right: RIGHT }, top - s.body.size, COLUMNS.lineTotal.width);
    sheet.y = top - height - 3;
  }
}

/** The stamp duty's statement and amount, in Italian, and who pays it, in the buyer's language. */
function drawStampDuty(sheet: Sheet, doc: BillingDocumentContent, f: Formats): void {
  if (doc.stampDuty <= 0) return;
  const s = styles(sheet.fonts);
  const statement = wrapText(`${STAMP_DUTY_WORDING}: ${f.money(doc.stampDuty)}`, s.body, CONTENT_WIDTH);
  room(sheet, 12 + (statement.length + 1) * s.body.leading);
  sheet.y -= 12;
  sheet.y -= drawLines(sheet.page, statement, s.body, { left: MARGIN }, sheet.y);
  const payer = doc.stampDutyCharged ? f.words.stampDutyCharged : f.words.stampDutyBorne;
  sheet.y -= drawLines(sheet.page, [payer], { ...s.body, color: MUTED }, { left: MARGIN }, sheet.y);
}

/** The taxable amount, the VAT and, under a rule, the total: right-aligned under the summary. */
function drawTotals(sheet: Sheet, doc: BillingDocumentContent, f: Formats): void {
  const s = styles(sheet.fonts);
  const large = { font: sheet.fonts.bold, size: 12, leading: 16 };
  room(sheet, 14 + 2 * s.body.leading + 6 + large.leading);
  sheet.y -= 14;
  const row = (label: string, amount: number, style: Style) => {
    const y = sheet.y - style.size;
    draw(sheet.page, label, style, { right: COLUMNS.vat.right }, y, 150);
    draw(sheet.page, f.money(amount), style, { right: RIGHT }, y, COLUMNS.lineTotal.width);
    sheet.y -= style.leading;
  };
  row(f.words.taxable, doc.taxable, s.body);
  row(f.words.vat, doc.vat, s.body);
  sheet.y -= 3;
  const start = { x: RIGHT - 240, y: sheet.y };
  sheet.page.drawLine({ start, end: { x: RIGHT, y: sheet.y }, thickness: 0.6, color: MUTED });
  sheet.y -= 3;
  row(f.words.total, doc.total, large);
}

/** The legal wording, broken into the foot's lines: their count sets how low the body may go. */
function footLines(doc: BillingDocumentContent, style: Style): string[] {
  return wrapText(LEGAL_WORDING[doc.kind], style, CONTENT_WIDTH);
}

/** The legal wording and the page's number at the foot of every page, once all pages are drawn. */
function drawFoot(pdf: PDFDocument, lines: string[], style: Style, words: DocumentWords): void {
  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    drawLines(page, lines, style, { left: MARGIN }, MARGIN + lines.length * style.leading);
    draw(page, words.page(index + 1, pages.length), style, { right: RIGHT }, MARGIN - 16);
  });
}

/** A later page's head: who issues the document and which it is. */
function runningHead(doc: BillingDocumentContent, f: Formats): (sheet: Sheet) => void {
  return (sheet) => {
    const small = styles(sheet.fonts).small;
    const text = `${doc.seller.legalName} · ${f.words.kinds[doc.kind]} ${f.words.number} ${doc.number}`;
    draw(sheet.page, text, small, { left: MARGIN }, sheet.y - small.size);
    sheet.y -= small.leading + 14;
  };
}

/** Title, author, subject and language, as a reader's file list and a screen reader name the document. */
function setMetadata(pdf: PDFDocument, doc: BillingDocumentContent, f: Formats): void {
  pdf.setTitle(`${f.words.kinds[doc.kind]} ${doc.number} – ${doc.seller.legalName}`);
  pdf.setSubject(`${doc.eventName} – ${doc.reference}`);
  pdf.setAuthor(doc.seller.legalName);
  pdf.setCreator(doc.seller.legalName);
  pdf.setProducer(doc.seller.legalName);
  pdf.setKeywords([doc.number, doc.reference]);
  pdf.setLanguage(f.locale);
}

/**
 * The PDF of an issued document, in the buyer's language (`doc.locale`, English when it is none the
 * site speaks). Its lines run onto as many pages as they need, the table's header repeated on each.
 */
export async function billingDocumentPdf(doc: BillingDocumentContent): Promise<Uint8Array> {
  const f = formats(doc);
  const pdf = await PDFDocument.create();
  setMetadata(pdf, doc, f);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const footStyle = styles(fonts).small;
  const foot = footLines(doc, footStyle);
  const sheet: Sheet = {
    pdf,
    fonts,
    page: pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]),
    y: PAGE_HEIGHT - MARGIN,
    bottom: MARGIN + foot.length * footStyle.leading + 16,
    continued: runningHead(doc, f),
  };
  drawHead(sheet, doc, f);
  const head = sheet.continued;
  sheet.continued = (next) => {
    head(next);
    drawTableHeader(next, f.words, f.locale);
  };
  drawTableHeader(sheet, f.words, f.locale);
  for (const line of doc.lines) drawLine(sheet, line, f);
  rule(sheet, sheet.y + 2);
  sheet.continued = head;
  sheet.y -= 12;
  drawSummary(sheet, doc, f);
  drawStampDuty(sheet, doc, f);
  drawTotals(sheet, doc, f);
  drawFoot(pdf, foot, footStyle, f.words);
  return pdf.save();
}
