import type { Locale } from "../i18n/locale.ts";
import * as m from "../paraglide/messages.js";

import { THEME_COLOURS } from "./theme.ts";

/** The icons drawn from public/favicon.svg by apps/web/scripts/icons.ts. */
export const MANIFEST_ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;

/**
 * The web app manifest in one language (docs/decisions/031-offline.md): the installed site opens
 * on that language's home page; its scope is the whole site and its id the same in every language,
 * so it is one app whichever language it was installed from.
 */
export function webAppManifest(locale: Locale, prefix: string) {
  return {
    id: "/",
    name: m.site_name({}, { locale }),
    short_name: m.app_short_name({}, { locale }),
    description: m.site_description({}, { locale }),
    lang: locale,
    dir: "ltr",
    start_url: prefix || "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: "#ffffff",
    theme_color: THEME_COLOURS.light,
    icons: MANIFEST_ICONS,
  };
}
