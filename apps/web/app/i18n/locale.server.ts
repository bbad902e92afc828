import { AsyncLocalStorage } from "node:async_hooks";
import { type Locale, setLocaleSource } from "./locale.ts";

/**
 * On the server, each request's language lives in its own async context: the i18n guard runs the
 * loaders, actions and render inside it, so messages in a validation error or a page title are in
 * the visitor's language however many requests are under way.
 */
const requestLocale = new AsyncLocalStorage<Locale>();
setLocaleSource(() => requestLocale.getStore());

export function runInLocale<T>(locale: Locale, work: () => T): T {
  return requestLocale.run(locale, work);
}
