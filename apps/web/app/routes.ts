import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { ACCOUNT_PATHS as account, PAYMENT_PATHS as payment, SIGNUP_PATH } from "./access.ts";

/**
 * SPEC §2, every route also under a language prefix. The prefixes are the five locales written out
 * (`/it-IT/evento`), not a `:lang` parameter: a parameter would make `/about` ambiguous between a
 * language and a content page. An unknown prefix is therefore not a language: `/xx` is looked up as
 * a content page and `/xx/evento` is not found. See docs/decisions/006-site-routes-and-languages.md.
 */
export const LANGUAGE_PREFIXES = ["en-US", "it-IT", "de-DE", "fr-FR", "es-ES"] as const;

function site(prefix: string): RouteConfigEntry[] {
  const id = (name: string) => (prefix ? `${prefix}/${name}` : name);
  const signup = SIGNUP_PATH;
  return [
    layout("layouts/default.tsx", { id: id("layout-default") }, [
      index("routes/home.tsx", { id: id("home") }),
      route("evento", "routes/events.tsx", { id: id("events") }),
      route("evento/:slug", "routes/event.tsx", { id: id("event") }),
      route("evento/:slug/appuntamento/:slug1", "routes/appointment.tsx", { id: id("appointment") }),
      route(account.login, "routes/login.tsx", { id: id("login") }),
      route(account.registration, "routes/registration.tsx", { id: id("registration") }),
      route(account.resetPassword, "routes/reset-password.tsx", { id: id("reset-password") }),
      route(account.profile, "routes/profile.tsx", { id: id("profile") }),
      route(account.noAuth, "routes/no-auth.tsx", { id: id("no-auth") }),
      route(":slug", "routes/page.tsx", { id: id("page") }),
    ]),
    layout("layouts/fullscreen.tsx", { id: id("layout-fullscreen") }, [
      route(payment.result, "routes/payment-result.tsx", { id: id("payment-result") }),
      route(`${payment.demo}/:id`, "routes/demo-payment.tsx", { id: id("demo-payment") }),
    ]),
    layout("layouts/signup.tsx", { id: id("layout-signup") }, [
      route(`${signup}/:id`, "routes/signup-participants.tsx", { id: id("signup") }),
      route(`${signup}/:id?/recap`, "routes/signup-recap.tsx", { id: id("signup-recap") }),
      route(`${signup}/:id?/soggiorni`, "routes/signup-stays.tsx", { id: id("signup-stays") }),
    ]),
  ];
}

export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  ...site(""),
  ...LANGUAGE_PREFIXES.map((prefix) => route(prefix, "i18n/prefix.tsx", { id: prefix }, site(prefix))),
] satisfies RouteConfig;
