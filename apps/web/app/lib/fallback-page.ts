import type { Locale } from "../i18n/locale.ts";
import * as m from "../paraglide/messages.js";

/**
 * The error page's last resort (docs/behaviour.md#error-pages), when even the error page cannot be
 * rendered on the server: a plain document saying so, with a link home. No React, no scripts,
 * nothing that could fail again.
 */
export function fallbackDocument(locale: Locale): string {
  const message = m.error_page_failed({}, { locale });
  const home = m.error_back_home({}, { locale });
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message}</title></head><body><main><h1>${message}</h1><p><a href="/">${home}</a></p></main></body></html>`;
}
