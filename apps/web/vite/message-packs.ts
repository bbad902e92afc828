/**
 * Messages per language in the browser (docs/decisions/034-first-load.md, and 070 in part). Paraglide
 * compiles each message into a module carrying all five languages; the browser needs one. In the
 * client build this plugin turns each message module into a stub that looks its words up (app/i18n/message-packs.ts),
 * and gives every script that holds stubs one *pack* per language: a small module with those
 * messages' functions in that language alone, named by its content's hash. The script names its packs
 * as it runs (a call at its end), and nothing renders before the packs in the page's language are
 * there: the browser's entry waits for them before hydrating, a navigation before its page renders
 * (app/i18n/message-packs.ts). Not a top-level `await` in the script: WebKit hands a module whose
 * top-level `await` is pending to a second importer before its body has run (docs/engines.md). The
 * server names the page's packs as module preloads (entry.server.tsx), reading which script has
 * which packs from `virtual:message-packs`.
 * The server's build keeps Paraglide's modules as they are: it renders every language.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { minifySync, type Plugin } from "vite";

/** Each script's packs, by the script's URL and then by language (the pack's URL). */
export type PackMap = Record<string, Record<string, string>>;

export interface MessagePacksOptions {
  /** Paraglide's output folder (its `messages/` and `registry.js`). */
  paraglideDir: string;
  /** The module the stubs import their lookup from (`translate`). */
  lookupModule: string;
  locales: readonly string[];
}

const VIRTUAL_ID = "virtual:message-packs";
const RESOLVED_VIRTUAL_ID = `\0${VIRTUAL_ID}`;
/** What a chunk calls at its end, defined by app/i18n/message-packs.ts. */
export const REGISTER_GLOBAL = "__messagePacks";

/** The message a Paraglide message module exports (its file name is the key). */
export function messageKeyOf(id: string, messagesDir: string): string | undefined {
  const file = id.split("?")[0] ?? "";
  if (!file.startsWith(`${messagesDir}/`) || !file.endsWith(".js")) return undefined;
  const key = basename(file, ".js");
  return key === "_index" ? undefined : key;
}

/** The stub that replaces a message module in the browser's build. */
export function messageStub(key: string, lookupModule: string): string {
  return (
    `import { translate } from ${JSON.stringify(lookupModule)};\n` +
    `export const ${key} = (inputs, options) => translate(${JSON.stringify(key)}, inputs, options);\n`
  );
}

/**
 * The function a Paraglide message module calls for each language, from its dispatcher
 * (`if (locale === "it-IT") return it_it2_key(inputs)` … `return en_us2_key(inputs)`).
 */
export function localeFunctions(source: string, key: string, locales: readonly string[]): Record<string, string> {
  const start = source.indexOf(`export const ${key} =`);
  if (start < 0) throw new Error(`message-packs: no export of ${key} in its module`);
  const dispatcher = source.slice(start);
  const chosen: Record<string, string> = {};
  for (const [, locale, name] of dispatcher.matchAll(/if \(locale === "([^"]+)"\) return (\w+)\(inputs\)/g))
    if (locale && name) chosen[locale] = name;
  const fallback = /\breturn (\w+)\(inputs\)\s*\}\);?\s*$/.exec(dispatcher)?.[1];
  if (!fallback) throw new Error(`message-packs: ${key}'s module has no default language`);
  return Object.fromEntries(locales.map((locale) => [locale, chosen[locale] ?? fallback]));
}

/**
 * A pack's source: the given messages' functions in one language, as `export default { key: fn }`,
 * minified (the other languages' functions are dropped as unused). Paraglide's registry (plural
 * rules, number formats) goes in as well, for the messages that use it.
 */
export function packSource(
  messages: readonly { key: string; source: string }[],
  locale: string,
  registrySource: string,
  locales: readonly string[],
): string {
  const registry = `const registry = (() => {\n${registrySource.replace(/^export\s+/gm, "")}\nreturn { plural, number, datetime, relativetime };\n})();`;
  const bodies = messages.map(({ key, source }) => {
    const exported = source.indexOf(`export const ${key} =`);
    return source
      .slice(0, exported)
      .replace(/^import .*$/gm, "")
      .trimEnd();
  });
  const entries = messages.map(
    ({ key, source }) => `${JSON.stringify(key)}: ${localeFunctions(source, key, locales)[locale]}`,
  );
  const code = `${registry}\n${bodies.join("\n")}\nexport default { ${entries.join(", ")} };\n`;
  return minifySync("pack.js", code, { compress: {}, mangle: { toplevel: true } }).code;
}

const hashOf = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 8);

export function messagePacks(options: MessagePacksOptions): Plugin[] {
  const messagesDir = join(options.paraglideDir, "messages");
  const registryFile = join(options.paraglideDir, "registry.js");
  /** The original message modules, by key, as Paraglide wrote them. */
  const sources = new Map<string, string>();
  /** Packs to write, by file name. */
  const files = new Map<string, string>();
  /** A set of messages' packs (by language), keyed by the chunk's name and the messages. */
  const packsOf = new Map<string, Record<string, string>>();
  let packMap: PackMap = {};
  let base = "/";
  let assetsDir = "assets";

  function packsFor(chunk: { name: string; moduleIds: readonly string[] }): Record<string, string> | undefined {
    const keys = chunk.moduleIds
      .map((id) => messageKeyOf(id, messagesDir))
      .filter((key): key is string => key !== undefined)
      .sort();
    if (keys.length === 0) return undefined;
    const name = chunk.name.replace(/[^\w-]/g, "_");
    const signature = `${name}:${keys.join(",")}`;
    const known = packsOf.get(signature);
    if (known) return known;
    const registrySource = readFileSync(registryFile, "utf8");
    const messages = keys.map((key) => {
      const source = sources.get(key);
      if (source === undefined) throw new Error(`message-packs: ${key} was bundled without passing through the plugin`);
      return { key, source };
    });
    const urls: Record<string, string> = {};
    for (const locale of options.locales) {
      const code = packSource(messages, locale, registrySource, options.locales);
      const fileName = `${assetsDir}/${name}.${locale}-${hashOf(code)}.js`;
      files.set(fileName, code);
      urls[locale] = `${base}${fileName}`;
    }
    packsOf.set(signature, urls);
    return urls;
  }

  const client: Plugin = {
    name: "message-packs",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      base = config.base;
      assetsDir = config.build.assetsDir;
    },
    transform: {
      order: "pre",
      handler(code, id) {
        const key = messageKeyOf(id, messagesDir);
        if (!key) return null;
        sources.set(key, code);
        return { code: messageStub(key, options.lookupModule), map: null };
      },
    },
    renderChunk(code, chunk) {
      const urls = packsFor(chunk);
      if (!urls) return null;
      // At the end: the lookup module may be in this very chunk, and has run by then.
      return { code: `${code}\nglobalThis.${REGISTER_GLOBAL}(${JSON.stringify(urls)});\n`, map: null };
    },
    augmentChunkHash(chunk) {
      const urls = packsFor(chunk);
      return urls ? Object.values(urls).join() : undefined;
    },
    generateBundle(_output, bundle) {
      packMap = {};
      for (const [fileName, source] of files) this.emitFile({ type: "asset", fileName, source });
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const urls = packsFor(output);
        if (urls) packMap[`${base}${output.fileName}`] = urls;
      }
    },
  };

  // Every build may import the map; the server's build, made after the browser's, gets it filled.
  const map: Plugin = {
    name: "message-packs:map",
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_VIRTUAL_ID : null),
    load: (id) => (id === RESOLVED_VIRTUAL_ID ? `export default ${JSON.stringify(packMap)};` : null),
  };
  return [client, map];
}
