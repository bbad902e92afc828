/**
 * React Router's server rebuilds its route tables for every page it renders: the route modules by
 * id, the server routes from the manifest, and the static router's data routes from those, each a
 * walk over the whole table (every route six times: no prefix and five language prefixes). Once
 * the page's data was in memory, that was about a tenth of rendering it (bench/README.md, "Where a
 * rendered page's time goes"). This plugin rewrites those three places in the server build so that
 * each table is built once from what it is built of (the build's routes, the manifest, the route
 * modules) and then reused. The tables are frozen: React Router only reads them while rendering,
 * and a version that wrote on them would fail loudly (its render would throw) rather than share a
 * write between pages.
 *
 * Like vite/route-matches.ts, it refuses a React Router whose code is not the one expected.
 */
import type { Plugin } from "vite";

interface Rewrite {
  /** The module's path under react-router/dist/{production,development}/lib/. */
  file: string;
  from: RegExp;
  to: string;
  /** Appended to the module: the function `to` calls. */
  helper: string;
}

/** Freezes the objects and arrays of a table (not the components, modules or handles it points to). */
const FREEZE_TABLE = `
function freezeRouteTable(routes) {
	for (const route of routes) {
		if (route.children) freezeRouteTable(route.children);
		Object.freeze(route);
	}
	return Object.freeze(routes);
}
`;

export const REWRITES: Rewrite[] = [
  {
    file: "server-runtime/server.js",
    from: /routeModules: createEntryRouteModules\(build\.routes\),/,
    to: "routeModules: rememberedEntryRouteModules(build.routes),",
    helper: `
const entryRouteModules = new WeakMap();
/** The route modules by id, built once per build's routes. */
function rememberedEntryRouteModules(routes) {
	let modules = entryRouteModules.get(routes);
	if (!modules) {
		modules = Object.freeze(createEntryRouteModules(routes));
		entryRouteModules.set(routes, modules);
	}
	return modules;
}
`,
  },
  {
    file: "dom/ssr/server.js",
    from: /let routes = createServerRoutes\(manifest\.routes, routeModules, context\.future, context\.isSpaMode\);/,
    to: "let routes = rememberedServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);",
    helper: `
const serverRoutes = new WeakMap();
/** The server routes of a manifest's routes and their modules (the build's, remembered per build), built once. */
function rememberedServerRoutes(manifestRoutes, routeModules, future, isSpaMode) {
	let built = serverRoutes.get(routeModules);
	if (!built || built.manifestRoutes !== manifestRoutes || built.future !== future || built.isSpaMode !== isSpaMode) {
		built = { manifestRoutes, future, isSpaMode, routes: freezeRouteTable(createServerRoutes(manifestRoutes, routeModules, future, isSpaMode)) };
		serverRoutes.set(routeModules, built);
	}
	return built.routes;
}
${FREEZE_TABLE}`,
  },
  {
    file: "dom/server.js",
    from: /let manifest = \{\};\n\tlet dataRoutes = convertRoutesToDataRoutes\(routes, void 0, void 0, manifest\);/,
    to: "let { manifest, dataRoutes } = rememberedDataRoutes(routes);",
    helper: `
const dataRoutesOf = new WeakMap();
/** The data routes of \`routes\` and their manifest, built once for each table of routes. */
function rememberedDataRoutes(routes) {
	let built = dataRoutesOf.get(routes);
	if (!built) {
		const manifest = {};
		const dataRoutes = freezeRouteTable(convertRoutesToDataRoutes(routes, void 0, void 0, manifest));
		built = { manifest: Object.freeze(manifest), dataRoutes };
		dataRoutesOf.set(routes, built);
	}
	return built;
}
${FREEZE_TABLE}`,
  },
];

/** `source` (React Router's module `file`) with its table built once, or null when `file` is not rewritten. */
export function withRememberedRouteTables(file: string, source: string): string | null {
  const rewrite = REWRITES.find((candidate) => candidate.file === file);
  if (!rewrite) return null;
  // A React Router that builds its tables otherwise must be looked at, not silently left slow.
  if (!rewrite.from.test(source))
    throw new Error(`React Router's ${file} is not the one expected (apps/web/vite/route-tables.ts)`);
  return `${source.replace(rewrite.from, rewrite.to)}${rewrite.helper}`;
}

const REACT_ROUTER_LIB = /[\\/]react-router[\\/]dist[\\/](?:production|development)[\\/]lib[\\/](.+)$/;

/** Rewrites React Router's route tables in the server build only (the browser builds them once anyway). */
export function rememberedRouteTables(): Plugin {
  return {
    name: "remembered-route-tables",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      const file = REACT_ROUTER_LIB.exec(id)?.[1]?.replaceAll("\\", "/");
      if (!file) return undefined;
      const rewritten = withRememberedRouteTables(file, code);
      return rewritten === null ? undefined : { code: rewritten, map: null };
    },
  };
}
