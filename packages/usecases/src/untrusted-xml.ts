/**
 * What every XML file an organiser uploads goes through before it is read (a course's GPX in
 * console/gpx.ts, a timing company's IOF result list in results/iof-xml.ts): checks on the text
 * before any parser builds a tree, then a parse that stops at the first error or warning.
 */
import { DOMParser, type Document } from "@xmldom/xmldom";

/** A DOCTYPE or ENTITY declaration: neither format needs one, and refusing them rules out entity expansion and external entities. */
const DECLARATION = /<!\s*(?:DOCTYPE|ENTITY)/i;

/** Whether the text declares a DOCTYPE or an entity anywhere. */
export function declaresDoctype(text: string): boolean {
  return DECLARATION.test(text);
}

/** Where the construct opening at `from` ends (the index after it), or -1 if it never does. */
function endOf(text: string, from: number): number {
  for (const [open, close] of [
    ["<!--", "-->"],
    ["<![CDATA[", "]]>"],
    ["<?", "?>"],
  ] as const) {
    if (text.startsWith(open, from)) {
      const end = text.indexOf(close, from + open.length);
      return end < 0 ? -1 : end + close.length;
    }
  }
  // A tag: up to its `>`, which an attribute's quoted value may hold.
  let quote = "";
  for (let i = from + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ">") return i + 1;
  }
  return -1;
}

/**
 * Whether the text's elements nest deeper than `max`, read in one pass over its tags before any
 * parser builds a tree: comments, CDATA, processing instructions and quoted attribute values are
 * skipped, empty elements (`<x/>`) do not nest. Where the text stops being XML the count stops too:
 * the parser refuses what follows.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let at = text.indexOf("<"); at >= 0; ) {
    const end = endOf(text, at);
    if (end < 0) return false;
    const kind = text[at + 1];
    if (kind === "/") depth--;
    else if (kind !== "!" && kind !== "?" && text[end - 2] !== "/" && ++depth > max) return true;
    at = text.indexOf("<", end);
  }
  return false;
}

/** Why a text is not well-formed XML: the parser's words, and the line of the element it stopped in when it knows it. */
export interface XmlProblem {
  message: string;
  line: number | null;
}

/**
 * The text parsed as XML, or the parser's first complaint. Warnings count: a file that is not
 * plainly well-formed is not read half-way.
 */
export function parseWellFormed(text: string): { document: Document } | { problem: XmlProblem } {
  let problem: XmlProblem | undefined;
  try {
    const document = new DOMParser({
      onError: (_level, message, context) => {
        const line = context?.locator?.lineNumber;
        problem = { message, line: typeof line === "number" && line > 0 ? line : null };
        throw new Error(message);
      },
    }).parseFromString(text, "application/xml");
    return { document };
  } catch (error) {
    return { problem: problem ?? { message: error instanceof Error ? error.message : String(error), line: null } };
  }
}
