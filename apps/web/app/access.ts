/**
 * Who may open which screen, declared once beside the route table (routes.ts builds its routes from
 * these paths). The authentication guard (auth/guard.ts) reads it for every request. It imports
 * nothing: routes.ts is read before the site is built.
 */
export const SIGNUP_PATH = "evento/:slug/appuntamento/:slug1?/iscrizione";

export const ACCOUNT_PATHS = {
  login: "login",
  registration: "registrazione",
  resetPassword: "resetPassword",
  profile: "modificaDati",
  noAuth: "noAuth",
} as const;

/** The payment screens: the outcome, and the built-in demonstration provider's page. */
export const PAYMENT_PATHS = { result: "paymentResult", demo: "demoPayment" } as const;

/** Route paths (as in routes.ts, without the language prefix) that need a logged-in visitor. */
export const NEEDS_LOGIN: readonly string[] = [
  ACCOUNT_PATHS.profile,
  `${SIGNUP_PATH}/:id`,
  `${SIGNUP_PATH}/:id?/recap`,
  `${SIGNUP_PATH}/:id?/soggiorni`,
  PAYMENT_PATHS.result,
  `${PAYMENT_PATHS.demo}/:id`,
];

const isControlCharacter = (character: string) => character.charCodeAt(0) < 32 || character.charCodeAt(0) === 127;

/**
 * Where a visitor may be sent back to after logging in: a path of this site only. Anything else
 * (another host, `//host`, `/\host`, a scheme, a control character) falls back to `fallback`.
 */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return fallback;
  if (/[\\\s]/.test(target) || [...target].some(isControlCharacter)) return fallback;
  try {
    const url = new URL(target, "http://site.invalid");
    if (url.origin !== "http://site.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
