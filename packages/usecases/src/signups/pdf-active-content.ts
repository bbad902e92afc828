import { constants, inflateSync } from "node:zlib";

/**
 * The names that make a PDF more than a document to look at: scripts (`JavaScript`, `JS`), launch
 * actions (`Launch`), attached files (`EmbeddedFiles`, `EmbeddedFile`, `EF`, `FileAttachment`),
 * embedded rich media (`RichMedia`) and XFA forms (`XFA`, whose scripts live in XML no name shows).
 * An opening action or a link (`OpenAction`, `AA`, `URI`) is active only through what it does.
 */
const ACTIVE = [
  "JavaScript",
  "JS",
  "Launch",
  "EmbeddedFiles",
  "EmbeddedFile",
  "EF",
  "FileAttachment",
  "RichMedia",
  "XFA",
];
/** The active names long enough to look for in any stream's raw data too, where a short one turns up by chance. */
const LONG = new Set(ACTIVE.filter((name) => name.length >= 6));
/** Said of a PDF with an object stream that cannot be looked into (another filter, encrypted, broken, too large). */
export const UNREADABLE = "ObjStm";
/** The names a stream's dictionary is read for; any other is kept as "". */
const KEPT = new Set([...ACTIVE, UNREADABLE, "Filter", "DecodeParms", "FlateDecode", "Fl"]);
/** The longest name of {@link KEPT} as it may be written, every character escaped (`#xx`). */
const KEPT_RAW_LENGTH = 3 * Math.max(...[...KEPT].map((name) => name.length));
/**
 * How much all of a file's object streams may inflate to, together: ten times the file, at least
 * 1 MB and at most 10 MB (objects compress a few times over; a small file of a huge inflation is a bomb).
 */
const inflationBudget = (fileBytes: number) => Math.min(10 * 1024 * 1024, Math.max(1024 * 1024, 10 * fileBytes));
/** The most tokens a stream's dictionary is read with; a longer one is taken for an object stream not read. */
const DICTIONARY_MAX_TOKENS = 4096;
/** A PDF reader looks for the header in a file's first kilobyte. */
const HEADER_WITHIN = 1024;

const REGULAR = 0;
const WHITE = 1;
const DELIMITER = 2;
const KIND = new Uint8Array(256);
for (const code of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) KIND[code] = WHITE;
for (const code of Buffer.from("()<>[]{}/%")) KIND[code] = DELIMITER;
/** A name's characters as a pattern, each plain or escaped (`#xx`, hex digits of either case). */
const anyWriting = (name: string) =>
  [...name]
    .map((char) => {
      const hex = char
        .charCodeAt(0)
        .toString(16)
        .replace(/[a-f]/g, (digit) => `[${digit}${digit.toUpperCase()}]`);
      return `(?:${char}|#${hex})`;
    })
    .join("");
/** Any of the long names, as a name in raw data: however written, and ended by a delimiter. */
const LONG_IN_DATA = new RegExp(`/(?:${[...LONG].map(anyWriting).join("|")})(?=[\\0\\t\\n\\f\\r ()<>[\\]{}/%]|$)`, "g");

const hexValue = (code: number) =>
  code >= 0x30 && code <= 0x39
    ? code - 0x30
    : (code | 0x20) >= 0x61 && (code | 0x20) <= 0x66
      ? (code | 0x20) - 0x57
      : -1;

/** A name as written, its `#xx` escapes read (`/J#61vaScript` is `/JavaScript`). */
function nameOf(raw: string): string {
  if (!raw.includes("#")) return raw;
  let name = "";
  for (let at = 0; at < raw.length; at++) {
    const high = hexValue(raw.charCodeAt(at + 1));
    const low = hexValue(raw.charCodeAt(at + 2));
    if (raw[at] === "#" && high >= 0 && low >= 0) {
      name += String.fromCharCode(high * 16 + low);
      at += 2;
    } else name += raw[at];
  }
  return name;
}

/** A token of a dictionary: a name, or any other word (`[`, `]`, `<<`, a number, a keyword). */
type Token = { name: string } | { word: string };

interface Scan {
  found: Set<string>;
  /** What object streams may still inflate to. */
  inflatable: number;
}

/**
 * What active content a PDF carries: the active names (see {@link ACTIVE}) in its objects, read as a
 * reader reads them (`#xx` escapes, inside FlateDecode object streams, never inside strings or
 * comments), the long ones also in any stream's raw data (objects hidden there for a reader that
 * rebuilds a broken file), and {@link UNREADABLE} for an object stream that cannot be looked into.
 * Empty for a plain document, and for a file with no PDF header in its first kilobyte.
 */
export function activeContentOf(bytes: Uint8Array): string[] {
  const content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = content.subarray(0, HEADER_WITHIN).indexOf("%PDF-");
  if (header < 0) return [];
  const scan: Scan = { found: new Set(), inflatable: inflationBudget(content.length) };
  scanObjects(content.toString("latin1", header), scan, 0);
  return [...ACTIVE, UNREADABLE].filter((name) => scan.found.has(name));
}

/** Past the run of regular characters (a name's, a number's, a keyword's) that starts at `at`. */
function afterRun(text: string, at: number): number {
  let end = at;
  while (end < text.length && KIND[text.charCodeAt(end)] === REGULAR) end++;
  return end;
}

/** Reads a PDF's (or an object stream's) tokens, noting active names, and looks into each stream it meets. */
function scanObjects(text: string, scan: Scan, depth: number): void {
  let dictionary: Token[] = [];
  const keep = (token: Token) => {
    if (dictionary.length <= DICTIONARY_MAX_TOKENS) dictionary.push(token);
  };
  let at = 0;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (KIND[code] === WHITE) at++;
    else if (code === 0x25 /* % */) {
      while (at < text.length && text.charCodeAt(at) !== 0x0a && text.charCodeAt(at) !== 0x0d) at++;
    } else if (code === 0x28 /* ( */) at = afterString(text, at);
    else if (code === 0x3c /* < */ && text.charCodeAt(at + 1) !== 0x3c) {
      const end = text.indexOf(">", at);
      at = end < 0 ? text.length : end + 1;
    } else if (code === 0x2f /* / */) {
      const end = afterRun(text, at + 1);
      const name = end - at - 1 <= KEPT_RAW_LENGTH ? nameOf(text.slice(at + 1, end)) : "";
      if (!KEPT.has(name)) keep({ name: "" });
      else {
        if (ACTIVE.includes(name)) scan.found.add(name);
        keep({ name });
      }
      at = end;
    } else if (KIND[code] === DELIMITER) {
      const length = (code === 0x3c || code === 0x3e) && text.charCodeAt(at + 1) === code ? 2 : 1;
      keep({ word: text.slice(at, at + length) });
      at += length;
    } else {
      const end = afterRun(text, at);
      const word = end - at <= 6 ? text.slice(at, end) : "";
      at = end;
      if (word === "obj" || word === "endobj") dictionary = [];
      else if (word !== "stream") keep({ word });
      else {
        const start = text.startsWith("\r\n", at) ? at + 2 : text.charCodeAt(at) === 0x0a ? at + 1 : at;
        const close = text.indexOf("endstream", start);
        // With no end, what follows is read as objects: more is looked at, never less.
        if (close < 0) continue;
        scanStream(text.slice(start, close), dictionary, scan, depth);
        dictionary = [];
        at = close + "endstream".length;
      }
    }
  }
}

/** Past a literal string's closing parenthesis (balanced pairs and backslash escapes within). */
function afterString(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x5c /* \ */) at++;
    else if (code === 0x28) depth++;
    else if (code === 0x29 && --depth === 0) return at + 1;
  }
  return text.length;
}

const namesOf = (tokens: Token[]) => tokens.flatMap((token) => ("name" in token ? [token.name] : []));

/** A stream: an object stream is inflated and read as objects; any other's raw data is searched for the long names. */
function scanStream(data: string, dictionary: Token[], scan: Scan, depth: number): void {
  const overlong = dictionary.length > DICTIONARY_MAX_TOKENS;
  if (!overlong && !namesOf(dictionary).includes(UNREADABLE)) {
    for (const [match] of data.matchAll(LONG_IN_DATA)) scan.found.add(nameOf(match.slice(1)));
    return;
  }
  const objects = overlong || depth >= 2 ? undefined : objectsOf(data, dictionary, scan);
  if (objects === undefined) scan.found.add(UNREADABLE);
  else scanObjects(objects, scan, depth + 1);
}

/** An object stream's objects: as they are, or inflated (FlateDecode, no predictor) within the file's budget. */
function objectsOf(data: string, dictionary: Token[], scan: Scan): string | undefined {
  const filters = filtersOf(dictionary);
  if (!filters || filters.length > 1 || namesOf(dictionary).includes("DecodeParms")) return undefined;
  if (filters.length === 0) return data;
  if (filters[0] !== "FlateDecode" && filters[0] !== "Fl") return undefined;
  try {
    const inflated = inflateSync(Buffer.from(data, "latin1"), {
      finishFlush: constants.Z_SYNC_FLUSH,
      maxOutputLength: Math.max(1, scan.inflatable),
    });
    scan.inflatable -= inflated.length;
    return inflated.toString("latin1");
  } catch {
    return undefined;
  }
}

/** The filters a stream's dictionary names (`/Filter /X` or `/Filter [/X /Y]`); undefined when not written as names. */
function filtersOf(dictionary: Token[]): string[] | undefined {
  const at = dictionary.findIndex((token) => "name" in token && token.name === "Filter");
  if (at < 0) return [];
  const next = dictionary[at + 1];
  if (next && "name" in next) return [next.name];
  if (next?.word !== "[") return undefined;
  const list: string[] = [];
  for (const token of dictionary.slice(at + 2)) {
    if ("word" in token) return token.word === "]" ? list : undefined;
    list.push(token.name);
  }
  return undefined;
}
