/**
 * React Router matches a path by trying the ranked routes one by one, a regular expression each.
 * The site's table holds every route six times (no prefix and five language prefixes), and one
 * server render matches its path three or four times (the request, the data, the manifest of the
 * routes the page may reach): about a third of rendering a page once its data was in memory
 * (bench/README.md, "Where a rendered page's time goes"). This plugin rewrites React Router's
 * matcher in the server build so that each matcher remembers the routes a path matched, until its
 * routes change. Matching is a function of the route table and the path alone, so a remembered
 * answer is the answer; each caller gets its own copy of it, since callers may write on theirs.
 *
 * The server build carries React Router itself for this (vite.config.ts), so the server
 * (apps/web/server/site.ts) takes React Router's functions from the build, never from its own import.
 */
import type { Plugin } from "vite";

/** The matcher's method as React Router 8 writes it (lib/router/matcher.js). */
const MATCH =
  /\tmatch\(locationArg, allowPartial = false\) \{\n\t\treturn (matchRoutesImpl\(this\.#routes, locationArg, this\.#basename, allowPartial, this\.#branches\));\n\t\}/;
const UPDATE = /\tupdate\(routes\) \{\n/;

/** Paths remembered per matcher; the memory starts over when it is full. */
export const REMEMBERED_PATHS = 2_000;

const REMEMBERING = `
/** A copy of remembered matches: the same routes, paths and parameters, in objects of the caller's own. */
function copyOfMatches(matches) {
	if (!matches) return null;
	const params = matches.length ? { ...matches[0].params } : {};
	return matches.map((match) => ({ ...match, params }));
}
`;

/** React Router's matcher module with each path's matches remembered. */
export function withRememberedMatches(source: string): string {
  // A React Router that matches otherwise must be looked at, not silently left slow.
  if (!MATCH.test(source) || !UPDATE.test(source))
    throw new Error("React Router's matcher is not the one expected (apps/web/vite/route-matches.ts)");
  const code = source.replace(UPDATE, "\tupdate(routes) {\n\t\tthis.remembered = new Map();\n").replace(
    MATCH,
    (_method, matching: string) => `\tmatch(locationArg, allowPartial = false) {
		const path = typeof locationArg === "string" ? locationArg.replace(/[?#].*$/s, "") : locationArg.pathname;
		const key = (allowPartial ? "p" : "f") + path;
		this.remembered ??= new Map();
		if (!this.remembered.has(key)) {
			if (this.remembered.size >= ${REMEMBERED_PATHS}) this.remembered.clear();
			this.remembered.set(key, ${matching});
		}
		return copyOfMatches(this.remembered.get(key));
	}`,
  );
  return `${code}${REMEMBERING}`;
}

/** Rewrites React Router's matcher in the server build only (the browser matches one path at a time). */
export function rememberedRouteMatches(): Plugin {
  return {
    name: "remembered-route-matches",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/](production|development)[\\/]lib[\\/]router[\\/]matcher\.js$/.test(id))
        return undefined;
      return { code: withRememberedMatches(code), map: null };
    },
  };
}
