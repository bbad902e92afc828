/**
 * Picks the best of `supported` languages for an `Accept-Language` header (RFC 9110 §12.5.4):
 * highest weight first, an exact tag before a bare language ("it" matches it-IT). Returns
 * undefined when nothing matches, so the caller decides the default. The API and the site both
 * negotiate with it.
 */
export function negotiateLanguage<T extends string>(
  header: string | null | undefined,
  supported: readonly T[],
): T | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(",")
    .map((part, position) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, position };
    })
    .filter((range) => range.tag && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position);
  for (const { tag } of ranges) {
    const exact = supported.find((language) => language.toLowerCase() === tag);
    if (exact) return exact;
    const primary = tag.split("-")[0];
    const sameLanguage = supported.find((language) => language.split("-")[0]?.toLowerCase() === primary);
    if (sameLanguage) return sameLanguage;
  }
  return undefined;
}
