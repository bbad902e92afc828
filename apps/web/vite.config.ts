import { fileURLToPath } from "node:url";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    paraglideVitePlugin({
      project: fileURLToPath(new URL("./project.inlang", import.meta.url)),
      outdir: fileURLToPath(new URL("./app/paraglide", import.meta.url)),
      // The page's language comes from the route (app/i18n/locale.ts), never from a cookie or a global.
      strategy: ["baseLocale"],
      emitGitIgnore: false,
    }),
    tailwindcss(),
    reactRouter(),
  ],
});
