/**
 * The page a billing document is drawn on (document-pdf.ts): A4's measures, the colours, the
 * table's columns, and text that wraps and shrinks to fit, on a sheet that turns to a new page when
 * the body reaches its foot.
 */
import { type Color, PageSizes, type PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { winAnsiSafe } from "../results/win-ansi.ts";

export const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
export const MARGIN = 48;
export const RIGHT = PAGE_WIDTH - MARGIN;
export const CONTENT_WIDTH = RIGHT - MARGIN;
export const INK = rgb(0.11, 0.13, 0.17);
export const MUTED = rgb(0.4, 0.43, 0.48);
export const ACCENT = rgb(0.05, 0.35, 0.42);
export const RULE = rgb(0.8, 0.82, 0.85);

/** The table's columns: where each number's right edge is, and how wide it may be. */
export const COLUMNS = {
  quantity: { right: RIGHT - 230, width: 36 },
  unitPrice: { right: RIGHT - 146, width: 78 },
  vat: { right: RIGHT - 88, width: 52 },
  lineTotal: { right: RIGHT, width: 80 },
} as const;
export const DESCRIPTION_WIDTH = COLUMNS.quantity.right - COLUMNS.quantity.width - 10 - MARGIN;
/** The VAT summary's first column: the rate, or the `natura` code and its reason. */
export const RATE_WIDTH = COLUMNS.unitPrice.right - MARGIN;

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface Style {
  font: PDFFont;
  size: number;
  color?: Color;
  /** From one baseline to the next when the text runs over lines. */
  leading: number;
}

/** The page being drawn and how far down it is filled; a new page is added when the body reaches `bottom`. */
export interface Sheet {
  pdf: PDFDocument;
  fonts: Fonts;
  page: PDFPage;
  /** The top of the space left, in points from the page's bottom edge. */
  y: number;
  /** The lowest the body goes: the foot is below. */
  bottom: number;
  /** What a page after the first starts with: the running head, and the table's header while it runs. */
  continued: (sheet: Sheet) => void;
}

/** A word wider than `width` cut where it must be, so it fits. */
export function pieces(word: string, style: Style, width: number): string[] {
  if (style.font.widthOfTextAtSize(word, style.size) <= width) return [word];
  const cut: string[] = [];
  let piece = "";
  for (const char of word) {
    if (piece && style.font.widthOfTextAtSize(piece + char, style.size) > width) {
      cut.push(piece);
      piece = char;
    } else piece += char;
  }
  return [...cut, piece];
}

/** `text`, safe for the font, broken between words into lines no wider than `width`; at least one line. */
export function wrapText(text: string, style: Style, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of winAnsiSafe(text).split(/\s+/).filter(Boolean)) {
    for (const piece of pieces(word, style, width)) {
      const candidate = line ? `${line} ${piece}` : piece;
      if (line && style.font.widthOfTextAtSize(candidate, style.size) > width) {
        lines.push(line);
        line = piece;
      } else line = candidate;
    }
  }
  return [...lines, line];
}

/** One line at baseline `y`, from `left` or ending at `right`, made smaller when wider than `maxWidth`. */
export function draw(
  page: PDFPage,
  text: string,
  style: Style,
  edge: { left: number } | { right: number },
  y: number,
  maxWidth = CONTENT_WIDTH,
) {
  const safe = winAnsiSafe(text);
  const width = style.font.widthOfTextAtSize(safe, style.size);
  const size = width > maxWidth ? (style.size * maxWidth) / width : style.size;
  const x = "left" in edge ? edge.left : edge.right - Math.min(width, maxWidth);
  page.drawText(safe, { x, y, size, font: style.font, color: style.color ?? INK });
}

/** Lines one under the other from `top` down; the height they took. */
export function drawLines(
  page: PDFPage,
  lines: string[],
  style: Style,
  edge: { left: number } | { right: number },
  top: number,
  maxWidth = CONTENT_WIDTH,
): number {
  lines.forEach((line, index) => {
    draw(page, line, style, edge, top - style.size - index * style.leading, maxWidth);
  });
  return lines.length * style.leading;
}

export function rule(sheet: Sheet, y: number, color = RULE): void {
  sheet.page.drawLine({ start: { x: MARGIN, y }, end: { x: RIGHT, y }, thickness: 0.6, color });
}

/** Room for `height` more points on this page, or a new page that continues the document. */
export function room(sheet: Sheet, height: number): void {
  if (sheet.y - height >= sheet.bottom) return;
  sheet.page = sheet.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  sheet.y = PAGE_HEIGHT - MARGIN;
  sheet.continued(sheet);
}

export function styles(fonts: Fonts) {
  return {
    body: { font: fonts.regular, size: 9, leading: 11.5 },
    strong: { font: fonts.bold, size: 9, leading: 11.5 },
    label: { font: fonts.bold, size: 7.5, leading: 10, color: MUTED },
    small: { font: fonts.regular, size: 7.5, leading: 9.5, color: MUTED },
  } satisfies Record<string, Style>;
}
