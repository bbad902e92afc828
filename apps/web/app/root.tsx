import { type ReactNode, useEffect } from "react";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root.ts";
import appCss from "./app.css?url";
import { authGuard } from "./auth/guard.ts";
import { ConnectionNotice } from "./components/connection-notice.tsx";
import { ErrorPage, errorPageMeta } from "./components/error-page.tsx";
import { ProgressBar } from "./components/progress-bar.tsx";
import { languageContext, siteContext, visitorContext } from "./context.ts";
import { i18nGuard } from "./i18n/guard.ts";
import { isLocale, setBrowserLocale } from "./i18n/locale.ts";
import { messagesMiddleware, useMessagesLoaded } from "./i18n/message-packs.ts";
import { connectionMiddleware } from "./lib/connection-loss.ts";
import { progressMiddleware } from "./lib/progress.ts";
import { recordsMiddleware } from "./lib/record-store.server.ts";
import { refusedRequests } from "./lib/refused-requests.server.ts";
import { type RootLoaderData, useRootData } from "./lib/root-data.ts";
import { startServiceWorker } from "./offline/register.ts";
import { APPLE_TOUCH_ICON, THEME_COLOURS } from "./offline/theme.ts";
import * as m from "./paraglide/messages.js";

export const middleware: Route.MiddlewareFunction[] = [recordsMiddleware, i18nGuard, refusedRequests, authGuard];
// The connection's middleware goes first: it sees a request the progress bar has already marked failed,
// and a language's messages that did not load (docs/decisions/034-first-load.md).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  connectionMiddleware,
  progressMiddleware,
  messagesMiddleware,
];

export function loader({ context }: Route.LoaderArgs) {
  const { defaultLocale, apiBaseUrl, nonce, siteUrl: origin, organiser, mapTiles } = context.get(siteContext);
  const { locale, prefix } = context.get(languageContext);
  const found = context.get(visitorContext);
  // What every page shows of the visitor: the header's menu and the reminder to confirm the address.
  const visitor = found && {
    givenName: found.givenName,
    email: found.email,
    emailVerified: found.emailVerified,
    role: found.role,
  };
  return data({
    locale,
    prefix,
    defaultLocale,
    apiBaseUrl,
    nonce,
    origin,
    visitor,
    organiser,
    mapTiles,
  } satisfies RootLoaderData);
}

export function meta({ error, matches }: Route.MetaArgs) {
  // An error only this route catches (its middleware or loader failed) is titled with its status too.
  if (error) return errorPageMeta({ error, matches });
  return [{ title: m.site_name() }, { name: "description", content: m.site_description() }];
}

export function Layout({ children }: { children: ReactNode }) {
  const { locale, defaultLocale, nonce, prefix } = useRootData();
  if (isLocale(locale)) setBrowserLocale(locale, defaultLocale);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="stylesheet" href={appCss} precedence="site" nonce={nonce} />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content={THEME_COLOURS.light} media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content={THEME_COLOURS.dark} media="(prefers-color-scheme: dark)" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Installing the site: its manifest in the page's language (docs/decisions/031-offline.md). */}
        <link rel="manifest" href={`${prefix}/manifest.webmanifest`} />
        <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON} />
        <Meta />
        <Links />
      </head>
      <body>
        <ProgressBar />
        {children}
        <ConnectionNotice />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { locale } = useRootData();
  useMessagesLoaded(locale);
  // The service worker, once the page has loaded (docs/decisions/031-offline.md).
  useEffect(() => startServiceWorker(), []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} />;
}
