import { expect, test } from "@playwright/test";
import { PHONE } from "./console-fixtures.ts";
import { expectNoAxeViolations, pageErrors, registerQuietly } from "./fixtures.ts";

/**
 * "I miei club" in Italian on a phone (docs/decisions/068-club-entries.md): a club's secretary makes
 * the club from the account menu's link, is told at the field what is wrong with its address, then
 * adds an athlete to the roster, told at the field that a birth date cannot be in the future; the
 * roster stays readable on the phone without scrolling sideways.
 */
test("a club's secretary makes the club and adds an athlete on a phone", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ ...PHONE, locale: "it-IT" });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await registerQuietly(page.request, "Teresa");

  await page.goto("/it-IT/");
  await page.locator(".account-menu summary", { hasText: "Teresa" }).click();
  await page.getByRole("link", { name: "I miei club" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("I miei club");
  // The header's menu stays open across the site's own navigation: closed, it covers nothing.
  await page.locator(".account-menu summary").click();
  const create = page.getByRole("region", { name: "Crea un club" });
  await create.getByLabel("Nome della società").fill("ASD Podistica Aurora");
  await create.getByLabel("Federazione o ente di promozione").fill("FIDAL");
  await create.getByLabel("Email di contatto").fill("segreteria@aurora");
  await create.getByRole("button", { name: "Crea il club" }).click();
  await expect(create.getByLabel("Email di contatto")).toHaveAccessibleDescription(
    "Inserisci un indirizzo e-mail come nome@esempio.it.",
  );
  await create.getByLabel("Email di contatto").fill("segreteria@aurora.example");
  await create.getByRole("button", { name: "Crea il club" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ASD Podistica Aurora");
  const roster = page.getByRole("region", { name: "Atleti" });
  await roster.getByLabel("Nome", { exact: true }).fill("Lucia");
  await roster.getByLabel("Cognome").fill("Bianchi");
  await roster.getByLabel("Data di nascita").fill("2099-03-14");
  await roster.getByLabel("Taglia della maglietta").fill("S donna");
  await roster.getByRole("button", { name: "Aggiungi l'atleta" }).click();
  const birthDate = roster.getByLabel("Data di nascita");
  await expect(birthDate).toHaveAttribute("aria-invalid", "true");
  await birthDate.fill("1992-03-14");
  await roster.getByRole("button", { name: "Aggiungi l'atleta" }).click();
  await expect(roster.getByRole("status")).toHaveText("Atleta aggiunto all'elenco: Lucia Bianchi.");
  const row = roster.getByRole("row", { name: /Bianchi Lucia/ });
  await expect(row).toContainText("14 marzo 1992");
  await expect(row).toContainText("S donna");
  await expect(row.getByRole("link", { name: "Modifica Bianchi Lucia" })).toBeVisible();

  // The roster's card fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("club-phone-it.png"), fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});
