import { type APIRequestContext, type Browser, expect, test } from "@playwright/test";
import { confirmedPerson, DESKTOP, loggedIn, organiserEmail, PHONE } from "./console-fixtures.ts";
import { expectNoAxeViolations, heldSignup, JSON_API, registerQuietly } from "./fixtures.ts";
import { ownEvent } from "./own-event.ts";

/**
 * Discount codes at the recap, on the spec's own copy of the Bergamo event (own-event.ts: an event's
 * codes show at every recap of its races): the organiser makes codes for the copy, on the console's
 * page and through the API; on a phone, in Italian, a runner is told why a code is refused, applies one and sees the discount
 * line and the new total, then removes it; in English, a runner whose code makes the signup free
 * confirms it with nothing to pay; the organiser sees the code's use on the console's page, raises
 * its limit and switches it off.
 */

const EVENT = {
  from: "mezza-maratona-delle-mura",
  slug: "giro-delle-mura-scontato",
  title: { "it-IT": "Giro delle Mura scontato", "en-US": "Walls Loop with discounts" },
};
const TEN_K = { event: EVENT.slug, appointment: "10k" };
const RECAP = (id: string) => `/evento/${EVENT.slug}/appuntamento/10k/iscrizione/${id}/recap`;

test.describe.configure({ mode: "serial" });

let eventId = "";

/** The organiser makes one code on the console's page, the others (with dates) through the API. */
async function createCodes(browser: Browser) {
  const { context, page } = await confirmedPerson(browser, "Olga", organiserEmail(), DESKTOP);
  const request: APIRequestContext = context.request;
  eventId = (await ownEvent(request, EVENT)).id;
  await page.goto(`/gestione/eventi/${eventId}/codici-sconto`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Discount codes: /);
  await expect(page.getByText("This event has no discount codes yet.")).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill("primavera20");
  await page.getByLabel("Kind of discount").selectOption("percent");
  await page.getByLabel("Discount", { exact: true }).fill("20");
  await page.getByLabel("Valid for").selectOption({ label: "10 km" });
  await page.getByLabel("Valid until").fill("2099-12-31T23:59");
  await page.getByLabel("Total uses").fill("50");
  await page.getByRole("button", { name: "Create the code" }).click();
  await expect(page.getByRole("status")).toHaveText("Code PRIMAVERA20 created.");
  const row = page.getByRole("row", { name: /PRIMAVERA20/ });
  await expect(row).toContainText("20%");
  await expect(row).toContainText("0 of 50 uses");
  await expect(row).toContainText("10 km");
  await expect(row).toContainText("2099");
  await expectNoAxeViolations(page);
  const codes = [
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
          relationships: { event: { data: { type: "events", id: eventId } } },
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
  const signupId = await heldSignup(page.request, "Lucia", TEN_K);
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

  // The same forms without JavaScript: plain posts, the page answered again.
  const noScript = await browser.newContext({
    ...PHONE,
    locale: "it-IT",
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto(`/it-IT${RECAP(signupId)}`);
  const plainDiscount = plain.getByRole("region", { name: "Codice sconto" });
  await plainDiscount.getByLabel("Il tuo codice").fill("nessuno");
  await plainDiscount.getByRole("button", { name: "Applica" }).click();
  await expect(plainDiscount.getByRole("alert")).toHaveText(
    "Questo codice non esiste per questo evento. Controlla come è scritto.",
  );
  await plainDiscount.getByLabel("Il tuo codice").fill("Primavera20");
  await plainDiscount.getByRole("button", { name: "Applica" }).click();
  await expect(
    plain.getByRole("table", { name: "Prezzo" }).getByRole("rowheader", { name: /PRIMAVERA20/ }),
  ).toBeVisible();
  await noScript.close();
  await context.close();
});

test("on a phone, in English: a code that makes the signup free confirms it with nothing to pay", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await registerQuietly(page.request, "Tom");
  const signupId = await heldSignup(page.request, "Tom", TEN_K);
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
  // My signups shows the same total, with the code.
  await page.goto("/modificaDati#iscrizioni");
  await expect(page.getByText(/Total: €0 · Discount code GUEST100/)).toBeVisible();
  await context.close();
});

test("on the console: the organiser sees a code's uses against its limit, raises it and switches the code off", async ({
  browser,
}) => {
  const { context, page } = await loggedIn(browser, organiserEmail(), DESKTOP);
  await page.goto(`/gestione/eventi/${eventId}/codici-sconto`);
  const row = page.getByRole("row", { name: /GUEST100/ });
  await expect(row).toContainText("1 of 5 uses");
  // Used: it can be switched off, not deleted.
  await expect(row.getByRole("button", { name: "Delete GUEST100" })).toHaveCount(0);
  // Used: its text and discount stay as they are, its limit goes up.
  const change = page.locator("details", { hasText: "Change GUEST100" });
  await change.getByText("Change GUEST100").click();
  await expect(change.getByText(/This code has been used: its text and discount no longer change/)).toBeVisible();
  await expect(change.getByLabel("Code", { exact: true })).toHaveCount(0);
  await expect(change.getByLabel("Total uses")).toHaveValue("5");
  await change.getByLabel("Total uses").fill("8");
  await change.getByRole("button", { name: "Save the changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Code GUEST100 saved.");
  await expect(page.getByRole("row", { name: /GUEST100/ })).toContainText("1 of 8 uses");
  await row.getByRole("button", { name: "Switch off GUEST100" }).click();
  await expect(page.getByRole("row", { name: /GUEST100/ })).toContainText("Switched off");
  await expectNoAxeViolations(page);
  await context.close();
});
