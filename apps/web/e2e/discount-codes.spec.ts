import { type APIRequestContext, type Browser, expect, test } from "@playwright/test";
import { confirmedPerson, ORGANISER, PHONE } from "./console-fixtures.ts";
import { expectNoAxeViolations, heldSignup, JSON_API, registerQuietly } from "./fixtures.ts";

/**
 * Discount codes at the recap, against this file's own server (playwright.config.ts, project
 * discount-codes): the organiser makes codes for the Bergamo half marathon's event through the API;
 * on a phone, in Italian, a runner is told why a code is refused, applies one and sees the discount
 * line and the new total, then removes it; in English, a runner whose code makes the signup free
 * confirms it with nothing to pay.
 */

const EVENT = "mezza-maratona-delle-mura";
const RECAP = (id: string) => `/evento/${EVENT}/appuntamento/10k/iscrizione/${id}/recap`;

test.describe.configure({ mode: "serial" });

async function createCodes(browser: Browser) {
  const { context } = await confirmedPerson(browser, "Olga", ORGANISER, {});
  const request: APIRequestContext = context.request;
  const event = (await (await request.get(`/api/events/${EVENT}`)).json()) as { data: { id: string } };
  const codes = [
    { code: "PRIMAVERA20", kind: "percent", value: 20, maxUses: 50 },
    { code: "SCADUTO", kind: "percent", value: 10, maxUses: 50, validUntil: "2020-01-01T00:00:00Z" },
    { code: "GUEST100", kind: "percent", value: 100, maxUses: 5 },
  ];
  for (const attributes of codes) {
    const created = await request.post("/api/discount-codes", {
      headers: JSON_API,
      data: {
        data: {
          type: "discount-codes",
          attributes,
          relationships: { event: { data: { type: "events", id: event.data.id } } },
        },
      },
    });
    expect(created.status()).toBe(201);
  }
  await context.close();
}

test("on a phone, in Italian: a refused code says why, an applied one shows its line and the new total, and goes", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await createCodes(browser);
  const context = await browser.newContext({ ...PHONE, locale: "it-IT" });
  const page = await context.newPage();
  await registerQuietly(page.request, "Lucia");
  const signupId = await heldSignup(page.request, "Lucia");
  await page.goto(`/it-IT${RECAP(signupId)}`);
  const discount = page.getByRole("region", { name: "Codice sconto" });
  const price = page.getByRole("table", { name: "Prezzo" });
  const total = (await price.locator("tfoot td").textContent()) ?? "";

  await discount.getByLabel("Il tuo codice").fill("scaduto");
  await discount.getByRole("button", { name: "Applica" }).click();
  await expect(discount.getByRole("alert")).toHaveText("Questo codice è scaduto.");
  await expect(discount.getByLabel("Il tuo codice")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await discount.getByLabel("Il tuo codice").fill("primavera20");
  await discount.getByRole("button", { name: "Applica" }).click();
  await expect(discount.getByRole("status")).toHaveText("Codice PRIMAVERA20 applicato.");
  await expect(price.getByRole("rowheader", { name: /Codice sconto PRIMAVERA20/ })).toContainText("Sconto del 20%");
  await expect(price.locator("tfoot td")).not.toHaveText(total);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("discount-code-applied-it.png"), fullPage: true });

  await discount.getByRole("button", { name: "Rimuovi il codice" }).click();
  await expect(discount.getByLabel("Il tuo codice")).toBeVisible();
  await expect(price.getByRole("rowheader", { name: /Codice sconto/ })).toHaveCount(0);
  await expect(price.locator("tfoot td")).toHaveText(total);
  await context.close();
});

test("on a phone, in English: a code that makes the signup free confirms it with nothing to pay", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await registerQuietly(page.request, "Tom");
  const signupId = await heldSignup(page.request, "Tom");
  await page.goto(RECAP(signupId));
  const discount = page.getByRole("region", { name: "Discount code" });
  await discount.getByLabel("Your code").fill("guest100");
  await discount.getByRole("button", { name: "Apply" }).click();
  await expect(discount.getByRole("status")).toHaveText("Code GUEST100 applied.");
  const price = page.getByRole("table", { name: "Price" });
  await expect(price.getByRole("rowheader", { name: /Discount code GUEST100/ })).toContainText("100% off");
  await expect(price.locator("tfoot td")).toHaveText("€0");
  await expectNoAxeViolations(page);

  // Nothing to pay: no way to pay to choose.
  await expect(page.getByRole("radio")).toHaveCount(0);
  await expect(page.getByText("Your discount code covers the whole price")).toBeVisible();
  await page.getByRole("checkbox", { name: /terms of signup/ }).check();
  await page.getByRole("button", { name: "Confirm the signup" }).click();
  await expect(page.getByText("Your signup is confirmed. See you at the start!")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${RECAP(signupId)}$`));
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("discount-code-free-en.png"), fullPage: true });
  await context.close();
});
