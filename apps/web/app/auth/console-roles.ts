/*
 * Who opens the console, and where it lives: a module of its own, so the public pages' shared
 * chunks (access.ts is one) carry nothing of the console.
 */

/** Every console screen lives under this segment, and needs login (auth/guard.ts). */
export const CONSOLE_ROOT = "gestione";

/**
 * The roles that open the console. Its screens need login too: the console's layout sends anyone
 * else to the login page or the not-authorised page (console/access.server.ts); the API decides
 * what each role may do there.
 */
export const CONSOLE_ROLES: readonly string[] = ["organiser", "staff"];
