import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { intlFormattersBuiltOnce } from "./vite/intl-formatters.ts";
import { messagePacks } from "./vite/message-packs.ts";

const project = fileURLToPath(new URL("./project.inlang", import.meta.url));
const paraglideDir = fileURLToPath(new URL("./app/paraglide", import.meta.url));
const { locales } = JSON.parse(readFileSync(`${project}/settings.json`, "utf8")) as { locales: string[] };

/** The modules of the scripts every public page runs (docs/decisions/034-first-load.md). */
const SHELL = [
  "app/root.tsx",
  "app/layouts/default.tsx",
  "app/lib/format.ts",
  "app/lib/sports.ts",
  "app/components/availability-badge.tsx",
];
/** What an event's page and an appointment's page both show. */
const EVENT_PAGES = [
  "app/lib/fresh-places.ts",
  "app/components/rich-text.tsx",
  "app/components/event-rules.tsx",
  "app/components/signup-button.tsx",
];

export default defineConfig({
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // A few larger scripts rather than many small ones: each file is compressed on its own.
            codeSplitting: {
              groups: [
                // React and React Router, which every page runs, in one file.
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                  priority: 20,
                },
                // The root, the public pages' layout and what most public pages show, with what they import.
                { name: "shell", test: (id) => SHELL.some((file) => id.endsWith(file)), priority: 10 },
                { name: "event-pages", test: (id) => EVENT_PAGES.some((file) => id.endsWith(file)), priority: 5 },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    paraglideVitePlugin({
      project,
      outdir: paraglideDir,
      // The page's language comes from the route (app/i18n/locale.ts), never from a cookie or a global.
      strategy: ["baseLocale"],
      emitGitIgnore: false,
    }),
    // Each Intl formatter a message uses is built once, not per call (vite/intl-formatters.ts).
    intlFormattersBuiltOnce(paraglideDir),
    // The browser gets each message in one language at a time (docs/decisions/034-first-load.md).
    messagePacks({
      paraglideDir,
      lookupModule: fileURLToPath(new URL("./app/i18n/message-packs.ts", import.meta.url)),
      locales,
    }),
    tailwindcss(),
    reactRouter(),
  ],
});
