import { z } from "zod";

/**
 * zod for the site's forms. In the browser zod probes once whether it may compile its parsers with
 * `new Function`; the site's Content-Security-Policy forbids that ('unsafe-eval'), and Firefox logs
 * the refused probe as a violation on every form page (docs/engines.md). Without its compiler zod
 * parses as fast as a form needs, and probes nothing. The server keeps the compiler: its policy is
 * the browser's alone. Every module of the app that builds a schema imports zod from here, so this
 * runs before the first schema is built.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
