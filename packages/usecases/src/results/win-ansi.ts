/**
 * Text a PDF's standard fonts can write. Helvetica as pdf-lib embeds it (no font file, the reader's
 * own) encodes text in WinAnsi, Windows' Western code page, and throws on any other character: a
 * runner named Łukasz, Jiří or Ağaoğlu would stop their diploma. The rest of the world's letters are
 * written as their base letter, so a name stays readable.
 */

/** WinAnsi's characters beyond Latin-1: typographic quotes and dashes, the euro, a few letters. */
const WIN_ANSI_EXTRA = new Set("ŒœŠšŸŽžƒˆ˜–—‘’‚“”„†‡•…‰‹›€™");

/** Letters that are no accented form of another, so Unicode decomposes them to nothing simpler. */
const BASE_LETTERS: Record<string, string> = {
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ħ: "H",
  ħ: "h",
  ı: "i",
  Ŧ: "T",
  ŧ: "t",
  Ŋ: "N",
  ŋ: "n",
  ĸ: "k",
  "‐": "-",
  "‑": "-",
  "‒": "-",
  "−": "-",
};

const MARKS = /\p{M}/gu;
const SPACE = /^[\s\p{Zs}]$/u;
const INVISIBLE = /^[\p{Cc}\p{Cf}]$/u;

/** Whether Helvetica in WinAnsi writes `char` (one code point). */
export function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/** One character outside WinAnsi as WinAnsi writes it: a space, its base letter, nothing, or "?". */
function replacement(char: string): string {
  if (SPACE.test(char)) return " ";
  const base = BASE_LETTERS[char];
  if (base) return base;
  // Compatibility decomposition: ř to r and a combining háček, ﬁ to f and i, a full-width A to A.
  const decomposed = char.normalize("NFKD").replace(MARKS, "");
  if (decomposed === "" || INVISIBLE.test(char)) return "";
  return [...decomposed].every(isWinAnsi) ? decomposed : "?";
}

/** `text` with every character WinAnsi lacks replaced (see {@link replacement}); WinAnsi's own kept as they are. */
export function winAnsiSafe(text: string): string {
  let safe = "";
  // Composed first, so an "e" followed by a combining acute is the WinAnsi "é".
  for (const char of text.normalize("NFC")) safe += isWinAnsi(char) ? char : replacement(char);
  return safe;
}
