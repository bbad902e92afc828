/**
 * A page's module preloads at low priority (docs/decisions/035-first-paint.md): the stylesheet is
 * the only thing in the head the first paint waits for; the scripts, which run after it, do not
 * compete with it for the connection.
 *
 * React Router's `<Scripts>` writes its `<link rel="modulepreload">`s with no way to add an
 * attribute, and React's `preloadModule` (the message packs, entry.server.tsx) takes no priority
 * either; so the head of the rendered document is rewritten on its way out, before anything else
 * (the kept pages of server/pages/kept-pages.ts, the service worker's copies) sees it.
 */
import { Transform } from "node:stream";

const HEAD_END = Buffer.from("</head>");
/** A module preload as React writes it (`rel` first), without a priority of its own. */
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*\sfetchpriority=)/g;

/** `head` with `fetchpriority="low"` on every module preload that has no priority. */
export function modulePreloadsAtLowPriority(head: string): string {
  return head.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}

/**
 * A stream that passes a rendered document through, its head rewritten by
 * `modulePreloadsAtLowPriority`: it holds the bytes back until `</head>` has come, then lets
 * everything through as it comes. `onEnd` runs once the whole document has been written to it.
 */
export function lowPriorityModulePreloads(onEnd: () => void = () => {}): Transform {
  let held: Buffer | undefined = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (!held) return callback(null, chunk);
      const bytes = Buffer.concat([held, typeof chunk === "string" ? Buffer.from(chunk) : chunk]);
      const end = bytes.indexOf(HEAD_END);
      if (end < 0) {
        held = bytes;
        return callback();
      }
      held = undefined;
      // `</head>` is ASCII: the bytes before it are whole UTF-8 characters.
      const head = Buffer.from(modulePreloadsAtLowPriority(bytes.subarray(0, end).toString("utf8")));
      callback(null, Buffer.concat([head, bytes.subarray(end)]));
    },
    flush(callback) {
      onEnd();
      // A document without a head (the shell failed) goes out as it came.
      callback(null, held?.length ? held : undefined);
    },
  });
}
