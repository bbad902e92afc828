import { pause, WAIT_MS } from "./puppeteer-tab.ts";
import type { Tab, Target, Text } from "./tab.ts";
import { textOf } from "./tab.ts";

/** The expectations the journeys share: each waits (up to WAIT_MS) for the page to come round. */

/** Waits until `check` (run in the page) answers true. */
export async function until<A extends unknown[]>(
  tab: Tab,
  what: string,
  check: (...args: A) => boolean,
  ...args: A
): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  let last: unknown;
  for (;;) {
    try {
      if (await tab.run(check, ...args)) return;
    } catch (error) {
      // A page being replaced answers nothing for a moment.
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${tab.engine}: ${what} (on ${await tab.url().catch(() => "?")})${last ? `: ${last}` : ""}`);
    await pause(100);
  }
}

/**
 * Waits until React has taken over the element `css` selects (hydrated: React's props are on the
 * node). Before that a click on a link loads the next page whole, which is fine for a person and
 * not what a journey about client-side navigation means to test.
 */
export function hydrated(tab: Tab, css: string): Promise<void> {
  return until(
    tab,
    `${css} taken over by the page's script`,
    (selector: string) => {
      const element = document.querySelector(selector);
      return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps$"));
    },
    css,
  );
}

/** Waits until the target is on the page and visible. */
export async function see(tab: Tab, target: Target): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await tab.present(target).catch(() => false))) {
    if (Date.now() > deadline)
      throw new Error(`${tab.engine}: expected to see ${JSON.stringify(target)} on ${await tab.url()}`);
    await pause(100);
  }
}

/** Waits until the first element `css` selects has the text `want` (whole, or matching a pattern); answers it. */
export async function hasText(tab: Tab, css: string, want: Text): Promise<string> {
  const pattern = want instanceof RegExp ? { source: want.source, flags: want.flags } : null;
  await until(
    tab,
    `expected ${css} to read ${String(want)}`,
    (selector: string, whole: string | null, part: { source: string; flags: string } | null) => {
      const text = (document.querySelector(selector)?.textContent ?? "").replace(/\s+/g, " ").trim();
      return part ? new RegExp(part.source, part.flags).test(text) : text === whole;
    },
    css,
    typeof want === "string" ? want : null,
    pattern,
  ).catch(async (error: Error) => {
    throw new Error(`${error.message}; it reads ${JSON.stringify(await tab.run(textOf, css).catch(() => null))}`);
  });
  return (await tab.run(textOf, css)) ?? "";
}

/** Waits until the tab's address (path, query and hash) matches. */
export async function at(tab: Tab, path: RegExp): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const url = new URL(await tab.url());
    const here = url.pathname + url.search + url.hash;
    if (path.test(here)) return here;
    if (Date.now() > deadline) throw new Error(`${tab.engine}: expected to be at ${path}, still at ${here}`);
    await pause(100);
  }
}

/** Fails when `actual` is not `expected`. */
export function same<T>(tab: Tab, what: string, actual: T, expected: T) {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Error(`${tab.engine}: ${what}: ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`);
}
