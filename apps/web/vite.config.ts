import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { messagePacks } from "./vite/message-packs.ts";

const project = fileURLToPath(new URL("./project.inlang", import.meta.url));
const paraglideDir = fileURLToPath(new URL("./app/paraglide", import.meta.url));
const { locales } = JSON.parse(readFileSync(`${project}/settings.json`, "utf8")) as { locales: string[] };

export default defineConfig({
  plugins: [
    paraglideVitePlugin({
      project,
      outdir: paraglideDir,
      // The page's language comes from the route (app/i18n/locale.ts), never from a cookie or a global.
      strategy: ["baseLocale"],
      emitGitIgnore: false,
    }),
    // The browser gets each message in one language at a time (docs/decisions/033-first-load.md).
    messagePacks({
      paraglideDir,
      lookupModule: fileURLToPath(new URL("./app/i18n/message-packs.ts", import.meta.url)),
      locales,
    }),
    tailwindcss(),
    reactRouter(),
  ],
});
