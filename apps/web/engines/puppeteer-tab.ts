import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";
import { type Engine, locate, sent, setValue, type Tab, type Target } from "./tab.ts";

/**
 * Chromium over the DevTools protocol and Firefox over WebDriver BiDi, both through puppeteer-core
 * and the system's browsers (Debian's `chromium` and `firefox-esr`): no browser is downloaded.
 */

const EXECUTABLES: Record<"chromium" | "firefox", string> = {
  chromium: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  firefox: process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr",
};

/** How long a step waits for what it needs on the page. */
export const WAIT_MS = 15_000;

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Acts again while what it found was replaced by a new render before it could act (a navigation's
 * page rendered twice, say): found anew each time, up to WAIT_MS. A person taps the new button.
 */
export async function againIfReplaced(act: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      return await act();
    } catch (error) {
      if (!/detached|stale element/i.test(String(error)) || Date.now() > deadline) throw error;
      await pause(100);
    }
  }
}

export async function puppeteerTab(
  engine: "chromium" | "firefox",
  origin: string,
  viewport: { width: number; height: number },
): Promise<Tab> {
  const browser: Browser = await puppeteer.launch({
    browser: engine === "chromium" ? "chrome" : "firefox",
    executablePath: EXECUTABLES[engine],
    headless: true,
    args:
      engine === "chromium"
        ? ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
        : [],
  });
  const page: Page = await browser.newPage();
  await page.setViewport(viewport);
  page.setDefaultTimeout(WAIT_MS);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error instanceof Error ? error.message : String(error)));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // An error logged as an object reads as "JSHandle@error": its message is read from the page.
    const at = page.url();
    const index = errors.push(`${message.text()} (on ${at})`) - 1;
    void Promise.all(
      message.args().map((arg) => arg.evaluate((value) => (value instanceof Error ? value.message : String(value)))),
    ).then(
      (words) => {
        // The browser's own messages (a resource's 404) have no arguments: their text stands.
        if (words.length > 0) errors[index] = `${words.join(" ")} (on ${at})`;
      },
      () => undefined,
    );
  });

  async function element(target: Target): Promise<ElementHandle<Element>> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const handle = await page.evaluateHandle(locate, sent(target)).catch(() => null);
      const found = handle?.asElement() as ElementHandle<Element> | null | undefined;
      if (found) return found;
      await handle?.dispose();
      if (Date.now() > deadline)
        throw new Error(`${engine}: nothing on ${page.url()} matches ${JSON.stringify(target)}`);
      await pause(100);
    }
  }

  async function typeInto(found: ElementHandle<Element>, text: string) {
    const kind = await found.evaluate((input) => (input as HTMLInputElement).type);
    // A date's keys are the engine's own and the visitor's locale's: set as Playwright's fill does.
    if (kind === "date" || kind === "select-one") await found.evaluate(setValue as never, text);
    else {
      await found.evaluate((input) => (input as HTMLInputElement).select());
      await found.press("Backspace");
      await found.type(text);
    }
    await found.dispose();
  }

  return {
    engine: engine as Engine,
    origin,
    async goto(path) {
      await page.goto(new URL(path, origin).toString(), { waitUntil: "load" });
    },
    async url() {
      return page.url();
    },
    run(fn, ...args) {
      return page.evaluate(fn as never, ...(args as unknown as never[])) as never;
    },
    async present(target) {
      const handle = await page.evaluateHandle(locate, sent(target));
      const found = handle.asElement() !== null;
      await handle.dispose();
      return found;
    },
    click: (target) =>
      againIfReplaced(async () => {
        const found = await element(target);
        await found.click();
        await found.dispose();
      }),
    type: (target, text) => againIfReplaced(async () => typeInto(await element(target), text)),
    async upload(target, path) {
      const found = (await element({ ...target, hidden: true })) as ElementHandle<HTMLInputElement>;
      await found.uploadFile(path);
      await found.dispose();
    },
    screenshot: async () => Buffer.from(await page.screenshot({ type: "png" })),
    errors: () => errors,
    async close() {
      await browser.close();
    },
  };
}
