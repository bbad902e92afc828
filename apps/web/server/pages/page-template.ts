/**
 * A kept page as bytes with holes (docs/decisions/056-one-page-wing.md): split once where its
 * rendering nonce stood and, for logged-in visitors, where the frame's places are; each answer then
 * writes the parts with its own values between them, in plain bytes or in gzip, encoding and
 * compressing nothing but those values. kept-pages.ts decides what is kept and for whom.
 */
import { constants, crc32, deflateRawSync } from "node:zlib";

/** What an answer puts in a hole of a kept page: its nonce, the text before `</head>`, or a frame's place. */
type Hole = "nonce" | "head" | number;

/**
 * A page as UTF-8, split at its holes: an answer writes bytes with its own in between, it encodes
 * nothing. Each part is also deflated on its own, for answers in gzip (see `gzipped`).
 */
export interface Template {
  parts: Buffer<ArrayBuffer>[];
  deflated: Buffer<ArrayBuffer>[];
  /** What goes after each part but the last. */
  holes: Hole[];
}

/** The page as anonymous visitors get it: its holes are where the rendering `nonce` stood. */
export function pageTemplate(html: string, nonce: string): Template {
  return templateOf(html, nonce, []);
}

/**
 * The page with the frame's places as holes, found by the markup an anonymous visitor gets there,
 * each exactly once, and a hole before `</head>`; none when the page does not have them so (then a
 * logged-in visitor's page is rendered for them).
 */
export function framedTemplate(
  html: string,
  nonce: string,
  anonymousFrame: { places: string[] },
): Template | undefined {
  const head = html.indexOf("</head>");
  if (head < 0) return undefined;
  const cuts: Cut[] = [{ at: head, length: 0, hole: "head" }];
  for (const [index, place] of anonymousFrame.places.entries()) {
    const at = place ? html.indexOf(place) : -1;
    if (at < 0 || html.indexOf(place, at + 1) >= 0) return undefined;
    cuts.push({ at, length: place.length, hole: index });
  }
  cuts.sort((a, b) => a.at - b.at);
  for (let i = 1; i < cuts.length; i++) {
    const previous = cuts[i - 1] as Cut;
    if (previous.at + previous.length > (cuts[i] as Cut).at) return undefined;
  }
  return templateOf(html, nonce, cuts);
}

/** Where a template is cut: `length` characters from `at` (none for an insertion) make way for `hole`. */
interface Cut {
  at: number;
  length: number;
  hole: Hole;
}

/** `html` split at `cuts` (in order, apart) and wherever the rendering `nonce` stood. */
function templateOf(html: string, nonce: string, cuts: Cut[]): Template {
  const texts = [""];
  const holes: Hole[] = [];
  const addText = (text: string) => {
    const [first = "", ...rest] = nonce ? text.split(nonce) : [text];
    texts[texts.length - 1] += first;
    for (const piece of rest) {
      holes.push("nonce");
      texts.push(piece);
    }
  };
  let from = 0;
  for (const cut of cuts) {
    addText(html.slice(from, cut.at));
    holes.push(cut.hole);
    texts.push("");
    from = cut.at + cut.length;
  }
  addText(html.slice(from));
  const parts = texts.map((text) => Buffer.from(text));
  const deflated = parts.map((part, i) =>
    deflateRawSync(part, { finishFlush: i === parts.length - 1 ? constants.Z_FINISH : constants.Z_FULL_FLUSH }),
  );
  return { parts, deflated, holes };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The most a stored deflate block holds. */
const STORED_BLOCK_MAX = 65_535;

/**
 * The template's page (its parts with `values` in their holes) in gzip, without compressing
 * anything per answer: a gzip stream is one deflate stream, and each kept part was deflated on its
 * own ending on a full flush (byte aligned, nothing after it refers back), so the parts can be laid
 * one after another with each value between them in stored (uncompressed) blocks. Only the checksum
 * reads the whole page, part by part. Compressing every answer instead costs far more (bench/README.md,
 * "Web benchmark").
 */
export function gzipped(template: Template, values: Buffer[]): Buffer<ArrayBuffer> {
  const { parts, deflated } = template;
  let length = GZIP_HEADER.length + GZIP_TRAILER_LENGTH;
  for (const part of deflated) length += part.length;
  for (const value of values) length += storedLength(value);
  const body = Buffer.allocUnsafe(length) as Buffer<ArrayBuffer>;
  let at = GZIP_HEADER.copy(body, 0);
  let crc = 0;
  let size = 0;
  deflated.forEach((part, i) => {
    if (i > 0) {
      const value = values[i - 1] as Buffer;
      at = writeStored(body, at, value);
      crc = crc32(value, crc);
      size += value.length;
    }
    at += part.copy(body, at);
    const plain = parts[i] as Buffer;
    crc = crc32(plain, crc);
    size += plain.length;
  });
  body.writeUInt32LE(crc >>> 0, at);
  body.writeUInt32LE(size >>> 0, at + 4);
  return body;
}

/** The ISIZE and CRC-32 that end a gzip stream. */
const GZIP_TRAILER_LENGTH = 8;
/** A stored deflate block's header: BFINAL and BTYPE (0, byte aligned), then LEN and NLEN. */
const STORED_HEADER_LENGTH = 5;

/** The bytes `value` takes as stored deflate blocks (an empty value is one empty block). */
function storedLength(value: Buffer): number {
  const blocks = Math.max(1, Math.ceil(value.length / STORED_BLOCK_MAX));
  return value.length + blocks * STORED_HEADER_LENGTH;
}

/** `value` as stored deflate blocks, none of them the last one, written at `at`; where they end. */
function writeStored(body: Buffer, at: number, value: Buffer): number {
  let from = 0;
  do {
    const chunk = value.subarray(from, from + STORED_BLOCK_MAX);
    const length = chunk.length;
    body[at] = 0;
    body.writeUInt16LE(length, at + 1);
    body.writeUInt16LE(~length & 0xffff, at + 3);
    at += STORED_HEADER_LENGTH;
    at += chunk.copy(body, at);
    from += STORED_BLOCK_MAX;
  } while (from < value.length);
  return at;
}

/** The parts with each value between two of them. */
export function joined(parts: Buffer<ArrayBuffer>[], values: Buffer[]): Buffer<ArrayBuffer> {
  let length = 0;
  for (const part of parts) length += part.length;
  for (const value of values) length += value.length;
  const body = Buffer.allocUnsafe(length) as Buffer<ArrayBuffer>;
  let at = 0;
  parts.forEach((part, i) => {
    if (i > 0) at += (values[i - 1] as Buffer).copy(body, at);
    at += part.copy(body, at);
  });
  return body;
}
