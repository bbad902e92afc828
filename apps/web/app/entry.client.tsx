import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { browserDefaultLocale } from "./i18n/locale.ts";
import { messagesPending } from "./i18n/message-packs.ts";

/**
 * The browser's entry: React Router's own, once the page's scripts have their words in the page's
 * language (app/i18n/message-packs.ts). Every script of the page has run by now and named its packs,
 * which the server's module preloads have mostly fetched already.
 */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

const pending = messagesPending(document.documentElement.lang || browserDefaultLocale());
if (pending) void pending.then(hydrate);
else hydrate();
