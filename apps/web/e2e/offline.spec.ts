import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { payThroughApi } from "./console-fixtures.ts";
import { expectNoAxeViolations, heldSignup, registerQuietly } from "./fixtures.ts";
import { firstVisit, timeTheWorker } from "./offline-fixtures.ts";

/**
 * Installing the site and using it without a connection (docs/decisions/031-offline.md), with the
 * service worker at work: this spec's project allows it, every other one blocks it.
 */

const EVENT = "/it-IT/evento/cortina-crode-trail";
const ENGLISH_EVENT = "/en-US/evento/cortina-crode-trail";
const APPOINTMENT = "/it-IT/evento/cortina-crode-trail/appuntamento/ultra-72k";
const PHONE = { width: 390, height: 844 };

/** The page's script has taken over. */
async function hydrated(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
}

/** The service worker is installed, with the offline pages kept, and controls this page. */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Opens `path` as a document and waits for its script. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

const notice = (page: Page) => page.locator(".offline-notice");

/** Width and height of a PNG, from its header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe("installing the site", () => {
  test("each language has a valid web app manifest, linked from its pages, with icons of the stated sizes", async ({
    page,
    request,
  }) => {
    for (const [prefix, locale] of [
      ["", "en-US"],
      ["/it-IT", "it-IT"],
      ["/de-DE", "de-DE"],
    ] as const) {
      const answer = await request.get(`${prefix}/manifest.webmanifest`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toContain("application/manifest+json");
      const manifest = await answer.json();
      expect(manifest).toMatchObject({
        id: "/",
        name: "Sport Events",
        short_name: "Sport Events",
        lang: locale,
        start_url: prefix || "/",
        scope: "/",
        display: "standalone",
      });
      expect(manifest.short_name.length).toBeLessThanOrEqual(12);
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(manifest.description.length).toBeGreaterThan(10);
      const purposes = manifest.icons.map(
        (icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`,
      );
      expect(purposes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
      for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
        const file = await request.get(icon.src);
        expect(file.status(), icon.src).toBe(200);
        expect(file.headers()["content-type"]).toBe(icon.type);
        const { width, height } = pngSize(await file.body());
        expect(`${width}x${height}`).toBe(icon.sizes);
      }
    }

    await page.goto("/it-IT");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/it-IT/manifest.webmanifest");
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
    await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveCount(1);
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    expect(pngSize(await (await request.get(touchIcon ?? "")).body())).toEqual({ width: 180, height: 180 });
  });

  test("the service worker is served fresh, allowed by the page's policy, and controls the page after a reload", async ({
    page,
    request,
  }) => {
    const worker = await request.get("/sw.js");
    expect(worker.status()).toBe(200);
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    expect(worker.headers()["content-type"]).toContain("javascript");

    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await open(page, "/it-IT");
    await controlled(page);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
    expect(errors.filter((text) => /Content Security Policy|service ?worker/i.test(text))).toEqual([]);
  });
});

test.describe("offline", () => {
  test("the pages seen open again from the device with a notice; an unseen one shows the offline page in its language", async ({
    page,
    context,
  }) => {
    await page.setViewportSize(PHONE);
    await open(page, "/it-IT");
    await controlled(page);
    const titles = new Map<string, string>();
    for (const path of ["/it-IT", EVENT, APPOINTMENT]) {
      await open(page, path);
      titles.set(path, (await page.getByRole("heading", { level: 1 }).textContent()) ?? "");
    }
    // The visitor switches to English: that language's messages are kept with the page.
    await open(page, ENGLISH_EVENT);
    titles.set(ENGLISH_EVENT, (await page.getByRole("heading", { level: 1 }).textContent()) ?? "");

    // Time passes: the browser's HTTP cache, which may answer a page of a few seconds ago, is empty.
    const devtools = await context.newCDPSession(page);
    await devtools.send("Network.clearBrowserCache");
    await devtools.detach();
    await context.setOffline(true);
    for (const path of ["/it-IT", EVENT, APPOINTMENT]) {
      await open(page, path);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles.get(path) ?? "");
      await expect(notice(page)).toContainText("Sei offline");
      await expect(notice(page)).toContainText(/Copia salvata (il |l')/);
    }
    await page.screenshot({ path: test.info().outputPath("kept-appointment-it.png"), fullPage: false });
    // In English too: the notice, shown once the page's script runs, in that language.
    await open(page, ENGLISH_EVENT);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles.get(ENGLISH_EVENT) ?? "");
    await expect(notice(page)).toContainText("You are offline");
    await expect(notice(page)).toContainText("Copy kept on");

    // A page never opened: the offline page, in Italian, listing what is kept.
    await page.goto("/it-IT/evento");
    await expect(page).toHaveURL(/\/it-IT\/offline\?from=%2Fit-IT%2Fevento$/);
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "it-IT");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Questa pagina non è disponibile offline");
    const kept = page.getByRole("list").filter({ has: page.getByRole("link", { name: /Cortina Crode Trail/ }) });
    await expect(kept.getByRole("link")).toHaveCount(4);
    await expect(notice(page)).toContainText("Sei offline");
    await page.screenshot({ path: test.info().outputPath("offline-page-it.png"), fullPage: true });
    await expectNoAxeViolations(page);

    // A kept page opens from the list, offline.
    await kept.locator(`a[href="${EVENT}"]`).click();
    await expect(page).toHaveURL(EVENT);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles.get(EVENT) ?? "");

    // A link of a kept page to a page not kept, offline: the offline page too, not the browser's.
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: "Eventi" }).first().click();
    await expect(page).toHaveURL(/\/it-IT\/offline\?from=/);

    // In English, unprefixed and prefixed.
    for (const path of ["/about", "/en-US/evento"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/offline\?from=/);
      await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page is not available offline");
    }
    await expectNoAxeViolations(page);

    // Back online: the offline page leads back to the page asked for.
    await context.setOffline(false);
    await expect(page.getByRole("status").filter({ hasText: "The connection is back." })).toBeVisible();
    await page.getByRole("link", { name: "Open the page you asked for" }).click();
    await expect(page).toHaveURL("/en-US/evento");
    await expect(notice(page)).toHaveCount(0);
  });

  test("a form opened offline keeps what was typed, sends nothing and says to press again once back online", async ({
    page,
    context,
  }) => {
    await registerQuietly(page.request, "Grace");
    await open(page, "/it-IT/modificaDati");
    await controlled(page);
    await open(page, "/it-IT/modificaDati");

    await context.setOffline(true);
    await open(page, "/it-IT/modificaDati");
    await expect(notice(page)).toContainText("Sei offline");
    const phone = page.getByLabel("Telefono", { exact: true });
    await phone.fill("+39 0436 654321");
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") sent.push(request.url());
    });
    await page.getByRole("button", { name: "Salva" }).first().click();
    const held = page.getByRole("alert").filter({ hasText: "Offline: non è stato inviato nulla." });
    await expect(held).toBeVisible();
    await expect(held).toContainText("Quello che hai inserito resta; premi di nuovo quando torna la connessione.");
    await expect(page).toHaveURL("/it-IT/modificaDati");
    await expect(phone).toHaveValue("+39 0436 654321");
    expect(sent).toEqual([]);
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: test.info().outputPath("form-held-it.png"), fullPage: false });

    // Once back online, pressing again sends it.
    await context.setOffline(false);
    await held.getByRole("button", { name: "Riprova" }).click();
    await expect(page.getByRole("status").filter({ hasText: "I tuoi dati sono stati salvati." })).toBeVisible();
  });

  test("a runner's ticket opened once opens offline, as do their signups; after logging out no page seen logged in is kept", async ({
    page,
    context,
  }) => {
    await page.setViewportSize(PHONE);
    await registerQuietly(page.request, "Ada");
    await payThroughApi(page.request, await heldSignup(page.request, "Ada"));
    const signups = await (await page.request.get("/it-IT/modificaDati")).text();
    const ticket = /href="(\/it-IT\/modificaDati\/biglietto\/[\w-]+)"/.exec(signups)?.[1] ?? "";
    expect(ticket).not.toBe("");

    // The first page this phone opens is the ticket, from the mail: the worker keeps it as it installs.
    await timeTheWorker(page);
    await open(page, ticket);
    const runner = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    expect(runner).toBe("Ada Hopper");
    const visit = await firstVisit(page, context);
    expect(visit.kept.pages).toEqual([ticket]);
    expect(visit.kept["offline-pages"]).toHaveLength(6);
    // What a phone downloads for the site to work offline, whatever the browser's cache held already.
    expect(visit.sent).toBeLessThan(300 * 1024);
    console.log(
      `First visit (a ticket): ${Object.values(visit.kept).flat().length} files and pages kept, ` +
        `${Math.round(visit.sent / 1024)} kB as sent (${Math.round(visit.stored / 1024)} kB stored), ` +
        `the worker active ${Math.round(visit.activeAfter)} ms after its registration`,
    );
    await controlled(page);
    await open(page, "/it-IT/modificaDati");
    await open(page, EVENT);
    await expect(page.locator(".account-menu summary")).toContainText("Ada");

    // At the start, no signal: the ticket and My signups open from the device, and say so.
    const devtools = await context.newCDPSession(page);
    await devtools.send("Network.clearBrowserCache");
    await devtools.detach();
    await context.setOffline(true);
    await open(page, ticket);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(runner);
    await expect(page.locator(".ticket-code")).not.toBeEmpty();
    await expect(notice(page)).toContainText(/Copia salvata (il |l')/);
    await page.screenshot({ path: test.info().outputPath("ticket-offline-it.png"), fullPage: false });
    await open(page, "/it-IT/modificaDati");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dati personali");
    await context.setOffline(false);

    await open(page, "/it-IT/modificaDati");
    await page.locator(".account-menu summary").click();
    await page.getByRole("button", { name: "Esci" }).click();
    await expect(page).toHaveURL(/\/it-IT\/login\?done=logged-out$/);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cache = (await caches.has("pages")) ? await caches.open("pages") : null;
          return cache ? (await cache.keys()).length : 0;
        }),
      )
      .toBe(0);

    await context.setOffline(true);
    for (const path of [ticket, "/it-IT/modificaDati", EVENT]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/it-IT\/offline\?from=/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Questa pagina non è disponibile offline");
      await expect(page.locator(".account-menu")).toHaveCount(0);
      await expect(page.getByRole("banner").getByRole("link", { name: "Accedi" })).toBeVisible();
      await expect(page.getByText(runner)).toHaveCount(0);
    }
  });

  test("the worker forgets the kept pages when it sees a logout pass, whatever sent it", async ({ page }) => {
    await registerQuietly(page.request, "Joan");
    await open(page, "/it-IT/modificaDati");
    await controlled(page);
    await open(page, "/it-IT/modificaDati");
    const keptPages = () =>
      page.evaluate(async () => ((await caches.has("pages")) ? (await (await caches.open("pages")).keys()).length : 0));
    expect(await keptPages()).toBeGreaterThan(0);
    // Not a form of the page (whose submission tells the worker too): a script's own request.
    const status = await page.evaluate(async () => {
      const body = new FormData();
      body.set("intent", "logout");
      return (await fetch("/it-IT/login.data", { method: "POST", body })).status;
    });
    expect(status).toBeLessThan(400);
    await expect.poll(keptPages).toBe(0);
  });

  test("a page kept before an update opens offline with that version's styles; files no kept page names go", async ({
    page,
    context,
  }) => {
    await open(page, "/it-IT");
    await controlled(page);
    await open(page, EVENT);
    const styles = await page.locator('link[rel="stylesheet"][href^="/assets/"]').first().getAttribute("href");
    expect(styles).toMatch(/^\/assets\/app-[\w-]+\.css$/);
    // The event was kept by an earlier version: its copy names that version's styles, which the
    // server no longer has and which that version's precache holds (keyed with a revision); the
    // worker also holds a file no page names.
    const EARLIER = "/assets/app-earlier0.css";
    const UNNAMED = "/assets/unnamed-0.js";
    const PRECACHE = "serwist-precache-v2-earlier";
    await page.evaluate(
      async ({ event, styles, earlier, unnamed, precache }) => {
        const pages = await caches.open("pages");
        const key = (await pages.keys()).find((request) => new URL(request.url).pathname === event);
        const copy = key && (await pages.match(key));
        if (!key || !copy) throw new Error(`${event} is not kept`);
        const headers = new Headers(copy.headers);
        headers.delete("Content-Length");
        await pages.put(key, new Response((await copy.text()).replaceAll(styles, earlier), { headers }));
        const css = { headers: { "Content-Type": "text/css" } };
        await (await caches.open(precache)).put(
          `${earlier}?__WB_REVISION__=1`,
          new Response(await (await fetch(styles)).text(), css),
        );
        await (await caches.open("assets")).put(
          unnamed,
          new Response("", { headers: { "Content-Type": "text/javascript" } }),
        );
      },
      { event: EVENT, styles: styles ?? "", earlier: EARLIER, unnamed: UNNAMED, precache: PRECACHE },
    );
    expect((await page.request.get(EARLIER)).status()).toBe(404);

    // The next version: the same worker, for another build. A registration at another script
    // address updates the registration in place.
    const client = fileURLToPath(new URL("../build/client/", import.meta.url));
    const next = `sw-next-${test.info().workerIndex}.js`;
    writeFileSync(`${client}${next}`, `${readFileSync(`${client}sw.js`, "utf8")}\n/* the next build */\n`);
    try {
      await page.evaluate(
        (url) => navigator.serviceWorker.register(url, { scope: "/" }).then(() => undefined),
        `/${next}`,
      );
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? "")).toContain(next);
    } finally {
      rmSync(`${client}${next}`);
    }
    await expect
      .poll(() =>
        page.evaluate(
          async (precache) => ({
            earlierPrecache: await caches.has(precache),
            files: (await (await caches.open("assets")).keys()).map((request) => new URL(request.url).pathname),
          }),
          PRECACHE,
        ),
      )
      .toEqual({ earlierPrecache: false, files: expect.arrayContaining([EARLIER, styles]) });
    expect(
      await page.evaluate(
        async (unnamed) => (await (await caches.open("assets")).match(unnamed)) === undefined,
        UNNAMED,
      ),
    ).toBe(true);

    const devtools = await context.newCDPSession(page);
    await devtools.send("Network.clearBrowserCache");
    await devtools.detach();
    await context.setOffline(true);
    const loaded: string[] = [];
    page.on("response", (answer) => {
      if (answer.ok()) loaded.push(new URL(answer.url()).pathname);
    });
    await open(page, EVENT);
    await expect(notice(page)).toContainText(/Copia salvata (il |l')/);
    expect(loaded).toContain(EARLIER);
    // Styled: the stylesheet applies (the notice's background is the warning colour, not transparent).
    expect(await notice(page).evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
      "rgba(0, 0, 0, 0)",
    );
  });

  test("deleting the account leaves no page of it on the device", async ({ page, context }) => {
    await registerQuietly(page.request, "Hedy");
    await open(page, "/modificaDati");
    await controlled(page);
    await open(page, "/modificaDati");
    await page.getByRole("checkbox", { name: "I understand that this cannot be undone." }).check();
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/login\?done=account-deleted$/);
    await context.setOffline(true);
    await page.goto("/modificaDati");
    await expect(page).toHaveURL(/\/offline\?from=%2FmodificaDati$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page is not available offline");
  });
});
