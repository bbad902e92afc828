/**
 * A finisher's diploma as a PDF: one A4 page, landscape, with the event's cover, the finisher's name,
 * time, pace and ranks, and a QR code of the page that shows the diploma is genuine
 * (`/attestato/{code}`, packages/domain/src/results.ts). Drawn with pdf-lib's standard Helvetica,
 * which every reader has, so a diploma embeds no font; its text goes through `winAnsiSafe` (win-ansi.ts).
 */
import {
  COVER_MAX_PIXELS,
  genderList,
  type Locale,
  type RankBy,
  type Ranks,
  type ResultLine,
  rankedTime,
} from "@sports/domain";
import { formatRaceTime } from "@sports/jsonapi";
import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import sharp from "sharp";
import { DIPLOMA_WORDS, type DiplomaWords, diplomaDate } from "./diploma-words.ts";
import { winAnsiSafe } from "./win-ansi.ts";

export interface DiplomaImage {
  bytes: Uint8Array;
  type: "image/jpeg" | "image/png";
}

export interface DiplomaInput {
  locale: Locale;
  eventName: string;
  raceName: string;
  /** The race's day, YYYY-MM-DD. */
  raceDate: string;
  /** The time the race ranks by: the diploma's time, the other one shown beside it. */
  rankBy: RankBy;
  line: ResultLine;
  distanceMetres: number | null;
  /** The event's cover; `prepareDiplomaImage` makes one small enough to embed in every diploma of a batch. */
  image: DiplomaImage | null;
  organiserName: string;
  verifyUrl: string;
}

/**
 * The most pixels a cover is embedded with: about 200 dots per inch in the band it prints in (see
 * IMAGE_MAX_HEIGHT, in points of 1/72 inch), and never wider than 1600. More would only weigh on
 * every diploma of a batch, each file holding its own copy.
 */
export const DIPLOMA_IMAGE_BOX = { width: 1600, height: 400 } as const;

/**
 * A cover (JPEG, PNG or WebP) as a JPEG that fits DIPLOMA_IMAGE_BOX, turned upright and on white
 * where it was transparent: made once for a race, then passed to every diploma. pdf-lib copies a
 * JPEG into the file as it is, but decodes and compresses a PNG again for each document.
 */
export async function prepareDiplomaImage(bytes: Uint8Array): Promise<DiplomaImage> {
  const jpeg = await sharp(bytes, { failOn: "error", limitInputPixels: COVER_MAX_PIXELS })
    .rotate()
    .resize({ ...DIPLOMA_IMAGE_BOX, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  return { bytes: new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength), type: "image/jpeg" };
}

const [PAGE_HEIGHT, PAGE_WIDTH] = PageSizes.A4;
const MARGIN = 48;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const IMAGE_MAX_HEIGHT = 145;
const QR_SIZE = 74;
const INK = rgb(0.11, 0.13, 0.17);
const MUTED = rgb(0.4, 0.43, 0.48);
const ACCENT = rgb(0.05, 0.35, 0.42);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface Line {
  text: string;
  font: PDFFont;
  size: number;
  color?: ReturnType<typeof rgb>;
}

/** `text` safe for the font, and the size that keeps it within `maxWidth` (`size` at most). */
function fitted(line: Line, maxWidth: number): { text: string; size: number; width: number } {
  const text = winAnsiSafe(line.text);
  const width = line.font.widthOfTextAtSize(text, line.size);
  if (width <= maxWidth) return { text, size: line.size, width };
  return { text, size: (line.size * maxWidth) / width, width: maxWidth };
}

/** One line centred on `middle` at baseline `y`, made smaller when it is wider than `maxWidth`. */
function centred(page: PDFPage, line: Line, y: number, maxWidth = CONTENT_WIDTH, middle = PAGE_WIDTH / 2): void {
  const { text, size, width } = fitted(line, maxWidth);
  page.drawText(text, { x: middle - width / 2, y, size, font: line.font, color: line.color ?? INK });
}

/** One line ending at `right` at baseline `y`, or starting at `left`; made smaller when wider than `maxWidth`. */
function aligned(page: PDFPage, line: Line, edge: { left: number } | { right: number }, y: number, maxWidth: number) {
  const { text, size, width } = fitted(line, maxWidth);
  const x = "left" in edge ? edge.left : edge.right - width;
  page.drawText(text, { x, y, size, font: line.font, color: line.color ?? INK });
}

/** A double frame around the page: a certificate's edge. */
function drawFrame(page: PDFPage): void {
  const frame = (inset: number, thickness: number) =>
    page.drawRectangle({
      x: inset,
      y: inset,
      width: PAGE_WIDTH - 2 * inset,
      height: PAGE_HEIGHT - 2 * inset,
      borderColor: ACCENT,
      borderWidth: thickness,
    });
  frame(18, 1.6);
  frame(24, 0.5);
}

/** The cover centred at the top, scaled to fit its band; the baseline the text below it starts from. */
async function drawImage(pdf: PDFDocument, page: PDFPage, image: DiplomaImage | null): Promise<number> {
  const top = PAGE_HEIGHT - MARGIN;
  if (!image) return top - 100;
  const embedded = image.type === "image/png" ? await pdf.embedPng(image.bytes) : await pdf.embedJpg(image.bytes);
  const scale = Math.min(CONTENT_WIDTH / embedded.width, IMAGE_MAX_HEIGHT / embedded.height);
  const [width, height] = [embedded.width * scale, embedded.height * scale];
  page.drawImage(embedded, { x: (PAGE_WIDTH - width) / 2, y: top - height, width, height });
  return top - height - 28;
}

/** Seconds per kilometre as `4:25 min/km`, or null when the distance is unknown. */
function pace(seconds: number, distanceMetres: number | null): string | null {
  if (!distanceMetres || distanceMetres <= 0) return null;
  return `${formatRaceTime(Math.round(seconds / (distanceMetres / 1000)))} min/km`;
}

/** The small facts under the time, each a label over a value: only those the result has. */
function facts(input: DiplomaInput, time: number, words: DiplomaWords): { label: string; value: string }[] {
  const { line, rankBy } = input;
  const otherTime = rankBy === "gunTime" ? line.netTime : line.gunTime;
  const ranks: [keyof Ranks, string][] = [
    ["overall", words.overall],
    ["gender", words.genderList[genderList(line.gender)]],
    ["category", line.category ? words.category(line.category) : ""],
  ];
  const paceText = pace(time, input.distanceMetres);
  return [
    ...(otherTime !== null && formatRaceTime(otherTime) !== formatRaceTime(time)
      ? [{ label: rankBy === "gunTime" ? words.netTime : words.gunTime, value: formatRaceTime(otherTime) }]
      : []),
    ...(paceText ? [{ label: words.pace, value: paceText }] : []),
    ...ranks.flatMap(([rank, label]) => {
      const place = line.ranks[rank];
      return place !== null && label ? [{ label, value: words.ordinal(place) }] : [];
    }),
    { label: words.bib, value: String(line.bib) },
  ];
}

/** The facts side by side in equal columns, centred on the page, labels at `y`. */
function drawFacts(page: PDFPage, fonts: Fonts, list: { label: string; value: string }[], y: number, locale: Locale) {
  const column = Math.min(140, CONTENT_WIDTH / list.length);
  const left = (PAGE_WIDTH - column * list.length) / 2;
  list.forEach(({ label, value }, index) => {
    const middle = left + column * (index + 0.5);
    const upper = label.toLocaleUpperCase(locale);
    centred(page, { text: upper, font: fonts.regular, size: 7.5, color: MUTED }, y, column - 8, middle);
    centred(page, { text: value, font: fonts.bold, size: 15 }, y - 19, column - 8, middle);
  });
}

/** The QR code's dark modules as one SVG path, a rectangle for each run of modules along a row. */
function qrPath(url: string): { path: string; modules: number } {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  let path = "";
  for (let row = 0; row < modules.size; row++) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column++;
      path += `M${start} ${row}h${column - start}v1h${start - column}z`;
    }
  }
  return { path, modules: modules.size };
}

/** The corner that proves the diploma: the QR code, the address under it, the code; the organiser opposite. */
function drawVerification(page: PDFPage, fonts: Fonts, input: DiplomaInput, words: DiplomaWords): void {
  const right = PAGE_WIDTH - MARGIN;
  const bottom = MARGIN - 6;
  const qr = qrPath(input.verifyUrl);
  // Vector squares, drawn in the QR code's own units and scaled: sharp at any zoom and in print.
  page.drawSvgPath(qr.path, {
    x: right - QR_SIZE,
    y: bottom + 30 + QR_SIZE,
    scale: QR_SIZE / qr.modules,
    color: INK,
    borderWidth: 0,
  });
  // The address and the code get up to half the width (a reader may type them), the organiser the other half.
  const small = (text: string, y: number, color = MUTED) =>
    aligned(page, { text, font: fonts.regular, size: 7, color }, { right }, y, CONTENT_WIDTH / 2);
  small(words.verifyAt, bottom + 20);
  small(input.verifyUrl, bottom + 10, INK);
  small(`${words.code} ${input.line.diplomaCode}`, bottom);
  const organiser = { text: `${words.organisedBy} ${input.organiserName}`, font: fonts.regular, size: 9, color: MUTED };
  aligned(page, organiser, { left: MARGIN }, bottom, CONTENT_WIDTH / 2 - 16);
}

/** Title, author and language, as a reader's file list and a screen reader name the document. */
function setMetadata(pdf: PDFDocument, input: DiplomaInput, words: DiplomaWords, fullName: string): void {
  pdf.setTitle(`${words.title} – ${fullName} – ${input.eventName}`);
  pdf.setSubject(`${input.eventName} – ${input.raceName} – ${diplomaDate(input.raceDate, input.locale)}`);
  pdf.setAuthor(input.organiserName);
  pdf.setCreator(input.organiserName);
  pdf.setProducer(input.organiserName);
  pdf.setKeywords([input.line.diplomaCode]);
  pdf.setLanguage(input.locale);
}

/** The title, the event, race and day, the finisher and their time, centred from `top` down; the last baseline. */
function drawHeadline(
  page: PDFPage,
  fonts: Fonts,
  input: DiplomaInput,
  { words, fullName, time }: { words: DiplomaWords; fullName: string; time: number },
  top: number,
): number {
  const { locale } = input;
  const raceAndDay = `${input.raceName} · ${diplomaDate(input.raceDate, locale)}`;
  const lines: [Line, gap: number][] = [
    [{ text: words.title.toLocaleUpperCase(locale), font: fonts.regular, size: 10, color: ACCENT }, 0],
    [{ text: input.eventName, font: fonts.bold, size: 20 }, 24],
    [{ text: raceAndDay, font: fonts.regular, size: 12, color: MUTED }, 19],
    [{ text: fullName, font: fonts.bold, size: 34 }, 46],
    [{ text: words.completedIn, font: fonts.regular, size: 12, color: MUTED }, 24],
    [{ text: formatRaceTime(time), font: fonts.bold, size: 30, color: ACCENT }, 34],
  ];
  let y = top;
  for (const [line, gap] of lines) {
    y -= gap;
    centred(page, line, y);
  }
  return y;
}

/**
 * The diploma of a finished result, in `input.locale`. Only a finisher with a time to rank by has
 * one: refusing anyone else is the caller's; asked for one, this throws.
 */
export async function diplomaPdf(input: DiplomaInput): Promise<Uint8Array> {
  const { line, locale } = input;
  const time = rankedTime(line, input.rankBy);
  if (time === null) throw new Error(`Result ${line.id} has no finish time: it has no diploma.`);
  const words = DIPLOMA_WORDS[locale];
  const fullName = `${line.givenName} ${line.familyName}`.trim();
  const pdf = await PDFDocument.create();
  setMetadata(pdf, input, words, fullName);
  const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  drawFrame(page);
  const y = drawHeadline(page, fonts, input, { words, fullName, time }, await drawImage(pdf, page, input.image));
  drawFacts(page, fonts, facts(input, time, words), y - 40, locale);
  drawVerification(page, fonts, input, words);
  return pdf.save();
}
