import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./fixtures.ts";

/**
 * What follows a signup, against this file's own server (playwright.config.ts): the organiser every
 * page names, the bank transfer's page, the recap's choices and cancelling with its refund. No
 * provider is configured there, so the demonstration card and the sample bank account are live.
 */

const ORGANISER = {
  legalName: "Sport Events S.r.l.",
  address: { "en-US": "Via Brennero 42, 38121 Trento, Italy", "it-IT": "Via Brennero 42, 38121 Trento, Italia" },
  vat: "IT02345670226",
  email: "info@sport-events.example",
};

test("every page's footer names the organiser, with a mail link, in the page's language", async ({ page }) => {
  for (const [path, locale, vat] of [
    ["/evento", "en-US", "VAT number"],
    ["/it-IT/about", "it-IT", "Partita IVA"],
  ] as const) {
    await page.goto(path);
    const organiser = page.getByRole("contentinfo").locator("address");
    await expect(organiser).toContainText(ORGANISER.legalName);
    await expect(organiser).toContainText(ORGANISER.address[locale]);
    await expect(organiser).toContainText(`${vat} ${ORGANISER.vat}`);
    await expect(organiser.getByRole("link", { name: ORGANISER.email })).toHaveAttribute(
      "href",
      `mailto:${ORGANISER.email}`,
    );
  }
  // The about page says the same, in its own words, and never another name.
  await expect(page.getByRole("main")).toContainText(ORGANISER.legalName);
  await expect(page.getByRole("main").getByRole("link", { name: ORGANISER.email })).toHaveAttribute(
    "href",
    `mailto:${ORGANISER.email}`,
  );
  await expect(page.getByRole("main")).not.toContainText("Vetta");
  await expectNoAxeViolations(page);
});

test("the FAQ speaks German, French and Spanish, not English", async ({ page }) => {
  for (const [locale, heading] of [
    ["de-DE", "Häufige Fragen"],
    ["fr-FR", "Questions fréquentes"],
    ["es-ES", "Preguntas frecuentes"],
  ] as const) {
    await page.goto(`/${locale}/faq`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("main")).not.toContainText("How do I sign up?");
  }
});
