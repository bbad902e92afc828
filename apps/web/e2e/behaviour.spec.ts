import { expect, type Page, test } from "@playwright/test";

/** Records every state the progress bar takes, from the first paint on. */
async function recordProgress(page: Page) {
  await page.addInitScript(() => {
    const states: string[] = [];
    (window as unknown as { progressStates: string[] }).progressStates = states;
    new MutationObserver(() => {
      const bar = document.querySelector(".progress");
      const state = bar?.getAttribute("data-state");
      if (state && states[states.length - 1] !== state) states.push(state);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"], childList: true });
  });
}
const progressStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { progressStates: string[] }).progressStates);

test.describe("the progress bar", () => {
  test("does not appear for a navigation under 200 ms", async ({ page }) => {
    // The page's clock stands still but for the 150 ms the test lets pass while the navigation's
    // data is held, however long the machine takes over the rest: a navigation of 150 ms, for the
    // bar. Once it has ended, the clock runs on; a bar that started sooner than 200 ms would show.
    await page.clock.install();
    await recordProgress(page);
    await page.goto("/");
    await expect(page.locator(".progress")).toHaveAttribute("data-state", "idle");
    await page.evaluate(() => {
      (window as unknown as { progressStates: string[] }).progressStates.length = 0;
    });
    await page.clock.pauseAt(Date.now() + 60_000);
    let reached = () => {};
    const held = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\.data(\?|$)/, async (route) => {
      reached();
      await released;
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).click();
    await held;
    await page.clock.runFor(150);
    release();
    await expect(page).toHaveURL(/\/evento$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.clock.runFor(1_000);
    expect(await progressStates(page)).not.toContain("running");
    await expect(page.locator(".progress")).toHaveAttribute("data-state", "idle");
  });

  test("appears for a slow navigation and hides 500 ms after it ends", async ({ page }) => {
    await recordProgress(page);
    await page.goto("/");
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).click();
    await expect(page.locator(".progress")).toHaveAttribute("data-state", "running");
    await expect(page).toHaveURL(/\/evento$/);
    await expect(page.locator(".progress")).toHaveAttribute("data-state", "idle");
    expect(await progressStates(page)).toContain("running");
  });

  test("turns to its failed state when the request fails", async ({ page }) => {
    // The failed state lasts only PROGRESS_HIDE_MS, shorter than a polling assertion may wait
    // between two looks on a busy machine, so every state the bar takes is recorded instead.
    await recordProgress(page);
    await page.goto("/");
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.fulfill({ status: 500, body: "boom" });
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).click();
    await expect.poll(() => progressStates(page)).toContain("failed");
    await expect(page.locator(".progress")).toHaveAttribute("data-state", "idle");
  });
});

test("going offline shows a notice, and back online hides it", async ({ page, context }) => {
  await page.goto("/evento");
  await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByText("You are offline")).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText("You are offline")).toHaveCount(0);
});

/** Fakes the Network Information API the way Chromium exposes it, counting the page's reads of it. */
async function emulateConnection(page: Page, connection: { effectiveType: string; saveData: boolean }) {
  await page.addInitScript((value) => {
    const target = new EventTarget();
    const counted = window as unknown as { connectionReads: number };
    counted.connectionReads = 0;
    Object.defineProperty(navigator, "connection", {
      configurable: true,
      get: () => {
        counted.connectionReads += 1;
        return Object.assign(target, value);
      },
    });
  }, connection);
}

/**
 * Opens the home page and waits until its links have read the connection as they mounted: the
 * page's script has taken over and decided whether they prefetch. (A page still being hydrated
 * prefetches nothing, whatever the connection.) Then hovers the main menu's "Events" and returns
 * the data requests seen from then on.
 */
async function hoverEvents(page: Page) {
  await page.goto("/");
  await page.waitForFunction(() => (window as unknown as { connectionReads: number }).connectionReads > 0);
  const requests: string[] = [];
  page.on("request", (request) => {
    if (/\.data(\?|$)/.test(request.url())) requests.push(request.url());
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).hover();
  return requests;
}

/** What a prefetch on intent would have sent by now: React Router waits 100 ms after the hover. */
async function afterIntent(page: Page, requests: string[]) {
  await page.waitForTimeout(600);
  return requests.length;
}

test.describe("link prefetch", () => {
  test("happens on intent when online on a good connection", async ({ page }) => {
    await emulateConnection(page, { effectiveType: "4g", saveData: false });
    const requests = await hoverEvents(page);
    await expect.poll(() => requests.length).toBeGreaterThan(0);
  });

  test("does not happen with save-data", async ({ page }) => {
    await emulateConnection(page, { effectiveType: "4g", saveData: true });
    expect(await afterIntent(page, await hoverEvents(page))).toBe(0);
  });

  test("does not happen on 2g", async ({ page }) => {
    await emulateConnection(page, { effectiveType: "2g", saveData: false });
    expect(await afterIntent(page, await hoverEvents(page))).toBe(0);
  });
});
