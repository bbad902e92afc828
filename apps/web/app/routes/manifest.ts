import { languageContext } from "../context.ts";
import { webAppManifest } from "../offline/web-app-manifest.ts";
import type { Route } from "./+types/manifest.ts";

/** The web app manifest in the page's language: `/manifest.webmanifest`, `/it-IT/manifest.webmanifest`, … */
export function loader({ context }: Route.LoaderArgs) {
  const { locale, prefix } = context.get(languageContext);
  return new Response(JSON.stringify(webAppManifest(locale, prefix)), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
