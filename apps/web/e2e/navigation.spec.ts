import { expect, type Page, test } from "@playwright/test";
import { CERTIFICATE, expectNoAxeViolations, isoDay, PASSWORD, registerQuietly } from "./fixtures.ts";

/**
 * Journeys that move around the site in the page's script: the language stays the URL's, the
 * frame stays the site's, and a lost connection keeps the visitor where they were.
 */

const LANGUAGES = [
  {
    locale: "it-IT",
    home: "Gare, tornei e camp",
    events: "Eventi",
    login: "Accedi",
    profile: "Dati personali",
  },
  {
    locale: "de-DE",
    home: "Wettkämpfe, Turniere und Camps",
    events: "Veranstaltungen",
    login: "Einloggen",
    profile: "Persönliche Daten",
  },
] as const;

/** The page's script has taken over: later clicks are client-side navigations. */
async function hydrated(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
}

/** The page is in `locale`, and the header's links keep its prefix. */
async function expectLanguage(page: Page, language: (typeof LANGUAGES)[number]) {
  const prefix = `/${language.locale}`;
  await expect(page.locator("html")).toHaveAttribute("lang", language.locale);
  const header = page.locator("header.site-header");
  await expect(header.getByRole("link", { name: "Sport Events" })).toHaveAttribute("href", prefix);
  await expect(header.getByRole("link", { name: language.events, exact: true })).toHaveAttribute(
    "href",
    `${prefix}/evento`,
  );
}

for (const language of LANGUAGES) {
  test(`client-side navigations in ${language.locale} stay in ${language.locale}`, async ({ page }) => {
    const prefix = `/${language.locale}`;
    await page.goto(`${prefix}/evento`);
    await hydrated(page);
    // Each of these is a navigation in the page's script, not a page load.
    let loads = 0;
    page.on("load", () => loads++);

    await page.locator("header").getByRole("link", { name: "Sport Events" }).click();
    await expect(page).toHaveURL(prefix);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(language.home);
    await expectLanguage(page, language);

    await page.locator("header").getByRole("link", { name: language.events, exact: true }).click();
    await expect(page).toHaveURL(`${prefix}/evento`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(language.events);
    await expectLanguage(page, language);

    // An event card, then back home and to the login page: every link still carries the prefix.
    await page.locator(".event-card a").first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/evento/[^/]+$`));
    await expectLanguage(page, language);
    await page.locator("header").getByRole("link", { name: "Sport Events" }).click();
    await expect(page).toHaveURL(prefix);
    await page.locator("header").getByRole("link", { name: language.login }).click();
    await expect(page).toHaveURL(`${prefix}/login`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(language.login);
    await expectLanguage(page, language);
    expect(loads).toBe(0);
  });

  test(`logging in at ${language.locale}/login without a redirect stays in ${language.locale}`, async ({
    page,
    request,
  }) => {
    const prefix = `/${language.locale}`;
    // The account is made in another request context: this browser is still anonymous.
    const email = await registerQuietly(request, "Lena");
    await page.goto(`${prefix}/login`);
    await hydrated(page);
    await page.getByLabel(/^E-Mail$/i).fill(email);
    await page.getByLabel(/^(Password|Passwort)$/).fill(PASSWORD);
    await page.getByRole("main").getByRole("button", { name: language.login }).click();
    await expect(page).toHaveURL(prefix);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(language.home);
    await expectLanguage(page, language);
    const menu = page.locator(".account-menu");
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: language.profile })).toHaveAttribute("href", `${prefix}/modificaDati`);
    await menu.getByRole("link", { name: language.profile }).click();
    await expect(page.getByRole("heading", { level: 1, name: language.profile })).toBeVisible();
    await expectLanguage(page, language);
  });
}

/** The site's frame: the header with the brand and the main navigation, and the footer. */
async function expectSiteFrame(page: Page, prefix: string, events: string) {
  const header = page.locator("header.site-header");
  await expect(header.getByRole("link", { name: "Sport Events" })).toHaveAttribute("href", prefix);
  await expect(header.getByRole("navigation").getByRole("link", { name: events })).toHaveAttribute(
    "href",
    `${prefix}/evento`,
  );
  await expect(page.locator("footer.site-footer").getByRole("link").first()).toBeVisible();
}

test.describe("a page that is not found", () => {
  for (const path of ["/it-IT/pagina-che-non-esiste", "/it-IT/evento/evento-che-non-esiste"]) {
    test(`${path} shows the error page inside the site's frame, with one title`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expectSiteFrame(page, "/it-IT", "Eventi");
      // The texts of docs/behaviour.md#error-pages, exactly.
      const main = page.getByRole("main");
      await expect(main.getByText("Errore 404", { exact: true })).toBeVisible();
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("Errore");
      await expect(main.getByText("La pagina che cerchi non esiste o non è più qui.")).toBeVisible();
      await expect(main.getByRole("link", { name: "Torna alla home page" })).toHaveAttribute("href", "/it-IT");
      await expect(page.locator("title")).toHaveCount(1);
      await expect(page).toHaveTitle("Errore 404 · Sport Events");
      await expectNoAxeViolations(page);
    });
  }

  test("reached in the page's script, is in the frame too, and the frame still leads on", async ({ page }) => {
    await page.goto("/it-IT/evento");
    await hydrated(page);
    // The event is withdrawn between the list and the click: its page answers 404.
    await page.route("**/evento/*.data*", async (route) => {
      const gone = new URL(route.request().url());
      gone.pathname = "/it-IT/evento/evento-che-non-esiste.data";
      await route.fulfill({ response: await route.fetch({ url: gone.toString() }) });
    });
    await page.locator(".event-card a").first().click();
    await expect(page.getByText("Errore 404", { exact: true })).toBeVisible();
    await expectSiteFrame(page, "/it-IT", "Eventi");
    await expect(page.locator("title")).toHaveCount(1);
    await expect(page).toHaveTitle("Errore 404 · Sport Events");
    await page.unrouteAll();
    await page.locator("header").getByRole("link", { name: "Eventi" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eventi");
  });

  test("has the same frame as the 403 page", async ({ page }) => {
    const forbidden = await page.goto("/it-IT/noAuth");
    expect(forbidden?.status()).toBe(403);
    await expectSiteFrame(page, "/it-IT", "Eventi");
    const missing = await page.goto("/it-IT/noAuth/nothing-here");
    expect(missing?.status()).toBe(404);
    await expectSiteFrame(page, "/it-IT", "Eventi");
  });
});

test.describe("the phone header", () => {
  const PHONES = [
    { width: 360, height: 740 },
    { width: 390, height: 844 },
  ];
  const HOMES = ["/it-IT", "/", "/de-DE"];

  /** The header is one row (its items side by side, no taller than one) and nothing is wider than the screen. */
  async function expectOneRow(page: Page, where: string) {
    const layout = await page.evaluate(() => {
      const header = document.querySelector("header.site-header") as HTMLElement;
      const items = [...(header.querySelector(".header-row")?.children ?? [])].map((item) =>
        item.getBoundingClientRect(),
      );
      return {
        height: header.getBoundingClientRect().height,
        tops: items.map((item) => Math.round(item.top + item.height / 2)),
        rightmost: Math.max(...items.map((item) => item.right)),
        scrollWidth: document.documentElement.scrollWidth,
        width: window.innerWidth,
      };
    });
    expect(layout.height, `${where}: header height`).toBeLessThanOrEqual(64);
    expect(new Set(layout.tops).size, `${where}: header items on one line`).toBe(1);
    expect(layout.rightmost, `${where}: header items inside the screen`).toBeLessThanOrEqual(layout.width);
    expect(layout.scrollWidth, `${where}: no horizontal scroll`).toBeLessThanOrEqual(layout.width);
  }

  test("is one row at 360 and 390 px in Italian, English and German, logged out and in", async ({ page }) => {
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      for (const home of HOMES) {
        await page.goto(home);
        await expectOneRow(page, `${home} at ${phone.width} px, logged out`);
      }
    }
    await registerQuietly(page.request, "Margherita");
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      for (const home of HOMES) {
        await page.goto(home);
        await expect(page.locator(".account-menu")).toBeVisible();
        await expectOneRow(page, `${home} at ${phone.width} px, logged in`);
      }
    }
    // The menus still open, and say what they are.
    await page.goto("/de-DE");
    await page.getByRole("navigation", { name: "Sprache" }).locator("summary").click();
    await expect(page.getByRole("link", { name: "Italiano" })).toBeVisible();
    await page.locator(".account-menu summary").click();
    await expect(page.getByRole("link", { name: "Persönliche Daten" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("the event list's order", () => {
  /** The cards' prices, in the order shown ("da 35,50 €" → 35.5, "from €35" → 35); no price is null. */
  async function pricesShown(page: Page) {
    const texts = await page
      .locator(".event-card")
      .evaluateAll((cards) => cards.map((card) => card.querySelector(".price-from")?.textContent ?? ""));
    return texts.map((text) => {
      const amount = /\d+(?:[.,]\d{2})?/.exec(text)?.[0];
      return amount ? Number(amount.replace(",", ".")) : null;
    });
  }
  const titlesShown = (page: Page) => page.locator(".event-card .event-title").allTextContents();
  const inOrder = (values: number[]) => values.every((value, i) => i === 0 || (values[i - 1] ?? 0) <= value);

  test("sorts by price and by name, kept in the URL, in the page's script", async ({ page }) => {
    await page.goto("/it-IT/evento");
    await hydrated(page);
    const byDate = await titlesShown(page);
    expect(byDate.length).toBeGreaterThan(3);
    await expect(page.getByLabel("Ordina per")).toHaveValue("date");

    await page.getByLabel("Ordina per").selectOption({ label: "Prezzo (dal più basso)" });
    await page.getByRole("button", { name: "Mostra eventi" }).click();
    await expect(page).toHaveURL(/[?&]sort=price(&|$)/);
    await expect(page.getByLabel("Ordina per")).toHaveValue("price");
    // The address changes as the navigation starts; the cards follow when its data has arrived.
    const sortedByPrice = async () => {
      const known = (await pricesShown(page)).filter((price) => price !== null);
      return known.length > 3 && inOrder(known);
    };
    await expect.poll(sortedByPrice).toBe(true);
    expect(await titlesShown(page)).not.toEqual(byDate);

    await page.getByLabel("Ordina per").selectOption("name");
    await page.getByRole("button", { name: "Mostra eventi" }).click();
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
    const sortedByName = async () => {
      const titles = await titlesShown(page);
      return (
        titles.join("|") === [...titles].sort((a, b) => a.localeCompare(b, "it", { sensitivity: "base" })).join("|")
      );
    };
    await expect.poll(sortedByName).toBe(true);
    expect(await titlesShown(page)).not.toEqual(byDate);
    // With a filter: the sort stays, and the language too.
    await page.getByLabel("Sport").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Mostra eventi" }).click();
    await expect(page).toHaveURL(/[?&]sport=[^&]+.*sort=name|sort=name.*sport=[^&]+/);
    await expect(page.locator("html")).toHaveAttribute("lang", "it-IT");
    await expectNoAxeViolations(page);
  });

  test("sorts without JavaScript too, and a link to a sorted list shows it sorted", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/evento");
    await page.getByLabel("Sort by").selectOption({ label: "Price (lowest first)" });
    await page.getByRole("button", { name: "Show events" }).click();
    await expect(page).toHaveURL(/[?&]sort=price(&|$)/);
    await expect(page.getByLabel("Sort by")).toHaveValue("price");
    const prices = (await pricesShown(page)).filter((price) => price !== null);
    expect(prices.length).toBeGreaterThan(3);
    expect(inOrder(prices)).toBe(true);

    await page.goto("/de-DE/evento?sort=name");
    await expect(page.getByLabel("Sortieren nach")).toHaveValue("name");
    const byName = await titlesShown(page);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, "de", { sensitivity: "base" })));
    // An order the list does not know is the default one.
    await page.goto("/evento?sort=colour");
    await expect(page.getByLabel("Sort by")).toHaveValue("date");
    await context.close();
  });
});

test.describe("a lost connection", () => {
  // Dropped on the way, or held back because the browser knew it was offline (a form: "press again").
  const notice = (page: Page) =>
    page.getByRole("alert").filter({ hasText: /La connessione si è interrotta|Offline: non è stato inviato nulla/ });

  test("keeps the visitor on the page of a link they clicked offline, and the retry follows it once online", async ({
    page,
    context,
  }) => {
    await page.goto("/it-IT/evento");
    await hydrated(page);
    await page.getByLabel("Cerca eventi").fill("Cortina");
    const card = page.locator(".event-card a").first();
    const target = await card.getAttribute("href");
    await context.setOffline(true);
    await card.click();
    await expect(notice(page)).toBeVisible();
    await expect(page).toHaveURL("/it-IT/evento");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eventi");
    await expect(page.getByLabel("Cerca eventi")).toHaveValue("Cortina");
    await expect(page.locator("html")).toHaveAttribute("lang", "it-IT");
    // Trying again while still offline says so again, and leaves everything where it was.
    await notice(page).getByRole("button", { name: "Riprova" }).click();
    await expect(notice(page)).toBeVisible();
    await expect(page).toHaveURL("/it-IT/evento");
    await expectNoAxeViolations(page);

    await context.setOffline(false);
    await notice(page).getByRole("button", { name: "Riprova" }).click();
    await expect(page).toHaveURL(target ?? "");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Eventi");
    await expect(notice(page)).toBeHidden();
    await expect(page.locator("html")).toHaveAttribute("lang", "it-IT");
  });

  test("keeps the page when a request fails on the way although the browser thinks it is online", async ({ page }) => {
    await page.goto("/it-IT/evento");
    await hydrated(page);
    await page.route("**/*.data*", (route) => route.abort("internetdisconnected"));
    const card = page.locator(".event-card a").first();
    const target = await card.getAttribute("href");
    await card.click();
    await expect(notice(page)).toBeVisible();
    await expect(page).toHaveURL("/it-IT/evento");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eventi");
    await expect(page.getByText("Errore 500")).toBeHidden();
    await page.unrouteAll();
    await notice(page).getByRole("button", { name: "Riprova" }).click();
    await expect(page).toHaveURL(target ?? "");
    await expect(notice(page)).toBeHidden();
  });

  test("keeps a signup step's form and what was typed in it, and sends it on retry", async ({ page, context }) => {
    await registerQuietly(page.request, "Grazia");
    await page.goto("/it-IT/evento/cortina-crode-trail/appuntamento/trail-32k");
    await hydrated(page);
    await page.getByRole("button", { name: "Iscriviti" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chi partecipa?");
    await hydrated(page);
    const fields: [string, string][] = [
      ["Data di nascita", "1988-04-12"],
      ["Telefono", "+39 0436 123456"],
      ["Contatto di emergenza", "Marco Lovelace"],
      ["Telefono del contatto di emergenza", "+39 333 1234567"],
      ["Certificato valido fino al", isoDay(365)],
    ];
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel("Genere", { exact: true }).selectOption("female");
    await page.getByLabel("Nazionalità", { exact: true }).selectOption("IT");
    await page.getByLabel("Taglia della maglietta", { exact: true }).selectOption("M");
    await page.getByLabel("Certificato medico").setInputFiles(CERTIFICATE);
    await page.getByRole("checkbox", { name: /accetta il regolamento/ }).check();
    await page.getByRole("checkbox", { name: /ha letto/ }).check();
    const participants = page.url();

    // Offline: the step stays, filled in, and says nothing was sent.
    await context.setOffline(true);
    await page.getByRole("button", { name: "Continua" }).click();
    await expect(notice(page)).toBeVisible();
    await expect(page).toHaveURL(participants);
    for (const [label, value] of fields) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    await expect(page.getByRole("checkbox", { name: /ha letto/ })).toBeChecked();
    await context.setOffline(false);
    await notice(page).getByRole("button", { name: "Riprova" }).click();
    await expect(page).toHaveURL(/\/iscrizione\/[\w-]+\/soggiorni$/);
    await expect(notice(page)).toBeHidden();

    // "No lodging, continue" offline: the same, no bare error page.
    await hydrated(page);
    const stays = page.url();
    await context.setOffline(true);
    await page.getByRole("button", { name: "Nessun alloggio, continua" }).click();
    await expect(notice(page)).toBeVisible();
    await expect(page).toHaveURL(stays);
    await expect(page.getByRole("link", { name: "Sport Events" })).toBeVisible();
    await expect(page.getByText("Errore 500")).toBeHidden();
    await expectNoAxeViolations(page);
    // Online again, but the request fails on the way: still the same step.
    await context.setOffline(false);
    await page.route("**/*.data*", (route) => route.abort("internetdisconnected"));
    await notice(page).getByRole("button", { name: "Riprova" }).click();
    await expect(notice(page)).toBeVisible();
    await expect(page).toHaveURL(stays);
    await page.unrouteAll();
    await notice(page).getByRole("button", { name: "Riprova" }).click();
    await expect(page).toHaveURL(/\/iscrizione\/[\w-]+\/recap$/);
    await expect(notice(page)).toBeHidden();
    await expect(page.locator("html")).toHaveAttribute("lang", "it-IT");
  });
});
