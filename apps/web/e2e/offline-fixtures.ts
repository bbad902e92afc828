import type { BrowserContext, Page } from "@playwright/test";

/** What the service worker keeps by the time it is active on a first visit. */
export interface FirstVisit {
  /** Milliseconds from the page's registration of the worker to its activation. */
  activeAfter: number;
  /** The files and pages kept, by cache. */
  kept: Record<string, string[]>;
  /** Their bodies as the server sent them (compressed), in bytes. */
  sent: number;
  /** Their bodies as kept on the device, in bytes. */
  stored: number;
}

type Timed = Window & { workerActive?: Promise<number> };

/**
 * Times the worker the page registers: from the call of `register` to the state `activated`. Call
 * before the page is opened.
 */
export async function timeTheWorker(page: Page) {
  await page.addInitScript(() => {
    const container = navigator.serviceWorker;
    const register = container.register.bind(container);
    container.register = (...args: Parameters<typeof register>) => {
      const started = performance.now();
      const registered = register(...args);
      (window as Timed).workerActive = registered.then(
        (registration) =>
          new Promise<number>((resolve) => {
            const worker = registration.installing ?? registration.waiting ?? registration.active;
            const activated = () => {
              if (worker?.state === "activated") resolve(performance.now() - started);
            };
            worker?.addEventListener("statechange", activated);
            activated();
          }),
      );
      return registered;
    };
  });
}

/**
 * Waits for the worker `timeTheWorker` saw registered to be active, then reads what it keeps: each
 * cache's entries and sizes, and the size of each as sent, from the worker's own resource timing
 * (a file taken from the browser's cache counts as the server sent it).
 */
export async function firstVisit(page: Page, context: BrowserContext): Promise<FirstVisit> {
  await page.waitForFunction(() => (window as Timed).workerActive !== undefined);
  const activeAfter = await page.evaluate(() => (window as Timed).workerActive as Promise<number>);
  const cached = await page.evaluate(async () => {
    const entries: { cache: string; url: string; bytes: number }[] = [];
    for (const cache of await caches.keys()) {
      const open = await caches.open(cache);
      for (const request of await open.keys()) {
        const bytes = (await (await open.match(request))?.arrayBuffer())?.byteLength ?? 0;
        entries.push({ cache, url: request.url, bytes });
      }
    }
    return entries;
  });
  const worker = context.serviceWorkers().find((candidate) => new URL(candidate.url()).pathname === "/sw.js");
  if (!worker) throw new Error("no service worker at /sw.js");
  const sentByUrl = new Map(
    await worker.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => [entry.name, (entry as PerformanceResourceTiming).encodedBodySize] as const),
    ),
  );
  const kept: Record<string, string[]> = {};
  let sent = 0;
  let stored = 0;
  for (const { cache, url, bytes } of cached) {
    kept[cache] = [...(kept[cache] ?? []), new URL(url).pathname];
    // A file the worker did not fetch itself counts whole.
    sent += sentByUrl.get(url) ?? bytes;
    stored += bytes;
  }
  return { activeAfter, kept, sent, stored };
}
