import { expect, type Page, test } from "@playwright/test";
import { PASSWORD, registerQuietly } from "./fixtures.ts";

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
