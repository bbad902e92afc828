/**
 * Italian elides the article before a vowel sound, numbers included: "dal 5 giugno" but "dall'11
 * giugno", "l'8 maggio", "dell'80%". A message puts a number (a day, a percentage, a distance) after
 * its article, and whether it elides depends on the number: a message in Italian that does so goes
 * through `elided` once written.
 */

/**
 * Whether the number is read starting with a vowel: uno, otto, undici, ottanta…, ottocento…,
 * ottomila, undicimila, un milione; not mille ("il 1500") nor diciotto ("il 18").
 */
export function readWithVowel(n: number): boolean {
  let group = Math.trunc(Math.abs(n));
  let thousands = 0;
  while (group >= 1000) {
    group = Math.trunc(group / 1000);
    thousands += 1;
  }
  if (group === 1) return thousands !== 1;
  return group === 8 || group === 11 || (group >= 80 && group < 90) || (group >= 800 && group < 900);
}

/**
 * An article (alone or joined to a preposition) before a number, with Italian's "." between
 * thousands; not an ordinal ("il 1°", read "primo").
 */
const ARTICLE_BEFORE_NUMBER = /(?<![\p{L}\p{N}'])(il|al|dal|del|nel|sul) (\d{1,3}(?:\.\d{3})+|\d+)(?![\p{L}\p{N}°])/gu;

/** The text with each article before a number elided where the number calls for it; other languages as they are. */
export function elided(text: string, locale: string): string {
  if (!locale.startsWith("it")) return text;
  return text.replace(ARTICLE_BEFORE_NUMBER, (whole, article: string, number: string) =>
    readWithVowel(Number(number.replaceAll(".", ""))) ? `${article === "il" ? "" : article}l'${number}` : whole,
  );
}
