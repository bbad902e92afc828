/**
 * Paraglide's registry (`app/paraglide/registry.js`, generated) builds a new Intl formatter every
 * time a message counts, formats a number or a date, a measurable share of rendering a page on the
 * server (bench/README.md, "Where a rendered page's time goes"). This plugin rewrites the registry as
 * it is bundled so that each formatter is built once per kind, language and options, then reused.
 * Formatters hold no state between calls, so sharing them changes no output.
 */
import { resolve } from "node:path";
import type { Plugin } from "vite";

const BUILT_PER_CALL = /new Intl\.(PluralRules|NumberFormat|DateTimeFormat|RelativeTimeFormat)\(locale, (\w+)\)/g;

const KEPT_FORMATTERS = `const intlFormatters = new Map();
/** The formatter of this kind for this language and these options, built once. */
function intlFormatter(Kind, kind, locale, options) {
  const key = kind + "\\u0000" + locale + "\\u0000" + JSON.stringify(options ?? null);
  let formatter = intlFormatters.get(key);
  if (!formatter) {
    formatter = new Kind(locale, options);
    intlFormatters.set(key, formatter);
  }
  return formatter;
}
`;

/** The registry's source with every formatter it builds per call taken from those built once. */
export function withFormattersBuiltOnce(source: string): string {
  let rewritten = 0;
  const code = source.replace(BUILT_PER_CALL, (_call, kind: string, options: string) => {
    rewritten++;
    return `intlFormatter(Intl.${kind}, "${kind}", locale, ${options})`;
  });
  // A Paraglide that builds its formatters otherwise must be looked at, not silently left slow.
  if (rewritten === 0)
    throw new Error("Paraglide's registry builds no Intl formatter as expected (apps/web/vite/intl-formatters.ts)");
  return `${KEPT_FORMATTERS}${code}`;
}

/** Rewrites Paraglide's registry (in `paraglideDir`) as it is bundled. */
export function intlFormattersBuiltOnce(paraglideDir: string): Plugin {
  const registry = resolve(paraglideDir, "registry.js");
  return {
    name: "intl-formatters-built-once",
    transform(code, id) {
      if (resolve(id.split("?")[0] ?? id) !== registry) return undefined;
      return { code: withFormattersBuiltOnce(code), map: null };
    },
  };
}
