import { expect, test } from "@playwright/test";

/** Every browse route, unprefixed (the default language, en-US) and under the Italian prefix. */
const ROUTES = [
  { path: "/", en: "Races, tournaments and camps", it: "Gare, tornei e camp" },
  { path: "/evento", en: "Events", it: "Eventi" },
  { path: "/evento/cortina-crode-trail", en: "Rules", it: "Regolamento" },
  { path: "/evento/cortina-crode-trail/appuntamento/ultra-72k", en: "Prices", it: "Quote" },
  { path: "/about", en: "What we organise", it: "Cosa organizziamo" },
];

for (const route of ROUTES) {
  test(`${route.path} answers in English unprefixed and in Italian under /it-IT`, async ({ page }) => {
    // A hydration mismatch or a missing file shows up as a console error.
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const english = await page.goto(route.path);
    expect(english?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.locator("main")).toBeVisible();
    const italianPath = route.path === "/" ? "/it-IT" : `/it-IT${route.path}`;
    const italian = await page.goto(italianPath);
    expect(italian?.status()).toBe(200);
    expect(italian?.headers()["content-language"]).toBe("it-IT");
    await expect(page.locator("html")).toHaveAttribute("lang", "it-IT");
    await expect(page.getByText(route.it).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });
}

test("the home page redirects a visitor who prefers Italian to /it-IT", async ({ browser }) => {
  const context = await browser.newContext({
    locale: "it-IT",
    extraHTTPHeaders: { "Accept-Language": "it-IT,it;q=0.9" },
  });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/it-IT$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "it-IT");
  await context.close();
});

test("the language switcher keeps the visitor on the same page and remembers the choice", async ({ page }) => {
  await page.goto("/evento?sport=cycling");
  const languages = page.getByRole("navigation", { name: "Language" });
  await languages.locator("summary").click();
  await languages.getByRole("link", { name: "Italiano" }).click();
  await expect(page).toHaveURL(/\/it-IT\/evento\?sport=cycling$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "it-IT");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eventi");
  await page.goto("/");
  await expect(page).toHaveURL(/\/it-IT$/);
});

test("an unknown page is a 404 with a link back to the home page", async ({ page }) => {
  const response = await page.goto("/evento/no-such-event");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Error 404")).toBeVisible();
  // One title, the status's, in the document as in the browser's tab.
  await expect(page.locator("title")).toHaveCount(1);
  await expect(page).toHaveTitle("Error 404 · Sport Events");
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  const italian = await page.goto("/it-IT/pagina-che-non-esiste");
  expect(italian?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Torna alla home page" })).toBeVisible();
  await expect(page.locator("title")).toHaveCount(1);
  await expect(page).toHaveTitle("Errore 404 · Sport Events");
});

test("when the error page itself fails, the fallback says so with a link home", async ({ page }) => {
  // This browser's Network Information API throws once the visitor is on an event's page, so the
  // 404 page's own link fails as it mounts there. The list's links read it as they mount, which
  // they must survive: a getter that threw from the start (or one set before the list's script had
  // run, as a loaded machine once let happen) made the list itself the error page.
  await page.addInitScript(() => {
    const real = Object.getOwnPropertyDescriptor(Navigator.prototype, "connection")?.get;
    const counted = window as unknown as { connectionReads: number };
    counted.connectionReads = 0;
    Object.defineProperty(Navigator.prototype, "connection", {
      get() {
        if (/\/evento\/./.test(location.pathname)) throw new Error("connection information unavailable");
        counted.connectionReads += 1;
        return real?.call(this);
      },
    });
  });
  await page.goto("/it-IT/evento");
  // The list's links have mounted in the browser: its script has taken over, so the click below is
  // a client-side navigation.
  await page.waitForFunction(() => (window as unknown as { connectionReads: number }).connectionReads > 0);
  // The event is withdrawn between the list and the click (its page answers 404).
  await page.route("**/evento/*.data*", async (route) => {
    const gone = new URL(route.request().url());
    gone.pathname = "/it-IT/evento/no-such-event.data";
    await route.fulfill({ response: await route.fetch({ url: gone.toString() }) });
  });
  await page.locator("main a[href*='/evento/']").first().click();
  await expect(
    page.getByRole("heading", { name: "Si è verificato un errore durante la visualizzazione della pagina di errore" }),
  ).toBeVisible();
  await page.unrouteAll();
  // A plain link to /, which sends each visitor on to their language's home page.
  await page.getByRole("link", { name: "Torna alla home page" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.locator("main")).toBeVisible();
});

test("an unknown language prefix is not a language", async ({ page }) => {
  expect((await page.goto("/xx-XX/evento"))?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { prefix, locale, events, rules } of [
    { prefix: "", locale: "en-US", events: "Events", rules: "Rules" },
    { prefix: "/it-IT", locale: "it-IT", events: "Eventi", rules: "Regolamento" },
  ]) {
    test(`the list reached by a click shows whole cards and opens an event whole (${locale})`, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await page.goto(prefix || "/en-US");
      await page.waitForLoadState("networkidle");
      await page
        .getByRole("navigation", { name: /Main|Principale/ })
        .getByRole("link", { name: events })
        .click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/evento$`));
      const card = page.locator(".event-card").first();
      await expect(card.locator(".event-title")).not.toBeEmpty();
      await expect(card.locator(".event-sport")).not.toBeEmpty();
      await expect(card.locator(".event-meta time")).not.toBeEmpty();
      await expect(card.locator(".date-day")).not.toBeEmpty();
      // The month filter names this month in the page's language.
      const thisMonth = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
        new Date(),
      );
      await expect(page.locator("#filter-month option").nth(1)).toHaveText(thisMonth);
      const title = (await card.locator(".event-title").innerText()).trim();
      await card.locator(".event-title a").click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByText(rules).first()).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});

test("the event list filters by sport and month, kept in the URL, with an empty state", async ({ page }) => {
  await page.goto("/evento");
  const cards = page.locator(".event-card");
  const all = await cards.count();
  expect(all).toBeGreaterThan(3);
  await page.getByLabel("Sport").selectOption("swimming");
  await page.getByRole("button", { name: "Show events" }).click();
  await expect(page).toHaveURL(/sport=swimming/);
  await expect(page.locator(".event-sport").first()).toHaveText(/swimming/i);
  await page.getByLabel("Search events").fill("zzzz-nothing");
  await page.getByRole("button", { name: "Show events" }).click();
  await expect(page.getByRole("heading", { name: "No events match" })).toBeVisible();
});

test("the event page shows dates, venue with a map link, rules, appointments and stays", async ({ page }) => {
  await page.goto("/evento/camp-multisport-molveno");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open in a map" })).toHaveAttribute("href", /openstreetmap\.org/);
  await expect(page.getByRole("heading", { name: "Where to stay" })).toBeVisible();
});
