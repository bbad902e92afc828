import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, heldSignup, payWithDemoCard, registerQuietly } from "./fixtures.ts";

/**
 * What follows a signup, against the suite's server (playwright.config.ts): the organiser every
 * page names, the bank transfer's page, the recap's choices and cancelling with its refund. No
 * provider is configured there, so the demonstration card and the sample bank account are live.
 */

const ORGANISER = {
  legalName: "Sport Events S.r.l.",
  address: { "en-US": "Via Brennero 42, 38121 Trento, Italy", "it-IT": "Via Brennero 42, 38121 Trento, Italia" },
  vat: "IT02345670224",
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

const EVENT = "/evento/mezza-maratona-delle-mura";
const APPOINTMENT = `${EVENT}/appuntamento/10k`;

test.describe("on a desktop screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the Italian bank transfer page reads label, value, then Copy, and calls the sample account so in Italian", async ({
    page,
  }) => {
    await registerQuietly(page.request, "Giulia");
    const signupId = await heldSignup(page.request, "Giulia");
    await page.goto(`/it-IT${APPOINTMENT}/iscrizione/${signupId}/recap`);
    await page.getByRole("radio", { name: /Bonifico bancario/ }).check();
    await page.getByRole("checkbox", { name: /condizioni di iscrizione/ }).check();
    await page.getByRole("button", { name: "Conferma l'iscrizione" }).click();
    await expect(page).toHaveURL(/\/it-IT\/paymentResult\?payment=[\w-]+$/);

    const details = page.locator(".transfer-details");
    const beneficiary = details.locator(".transfer-line").first();
    await expect(beneficiary.getByRole("definition")).toContainText(ORGANISER.legalName);
    await expect(beneficiary.getByRole("definition")).toContainText("(conto dimostrativo");
    await expect(details).not.toContainText("demonstration");

    // Every line that can be copied, at 1280 px: its name, then its value, then the button, left to right.
    const lines = details.locator(".transfer-line").filter({ has: page.getByRole("button") });
    await expect(lines).toHaveCount(3);
    for (const line of await lines.all()) {
      const label = await line.getByRole("term").boundingBox();
      const value = await line.locator(".transfer-value, .transfer-text").boundingBox();
      const button = await line.getByRole("button").boundingBox();
      if (!label || !value || !button) throw new Error("a transfer line is not laid out");
      expect(label.x + label.width).toBeLessThanOrEqual(value.x);
      expect(value.x + value.width).toBeLessThanOrEqual(button.x);
      // One row: the three share a line.
      expect(Math.abs(label.y + label.height / 2 - (button.y + button.height / 2))).toBeLessThan(button.height);
    }
    await expectNoAxeViolations(page);
  });
});

test("the recap's way to pay, left unchosen, says so in the page's language, tied to the group, with and without JavaScript", async ({
  page,
  browser,
}) => {
  await registerQuietly(page.request, "Marco");
  const signupId = await heldSignup(page.request, "Marco");
  const recap = `/it-IT${APPOINTMENT}/iscrizione/${signupId}/recap`;
  const check = async (on: typeof page) => {
    await on.goto(recap);
    await on.getByRole("checkbox", { name: /condizioni di iscrizione/ }).check();
    await on.getByRole("button", { name: "Conferma l'iscrizione" }).click();
    const methods = on.getByRole("group", { name: "Come vuoi pagare?" });
    await expect(methods).toHaveAccessibleDescription("Scegli come vuoi pagare.");
    await expect(methods.getByRole("radio").first()).toHaveAttribute("aria-invalid", "true");
    await expect(on.getByText("Compila questo campo")).toHaveCount(0);
  };
  await check(page);
  await expectNoAxeViolations(page);

  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  await check(await noScript.newPage());
  await noScript.close();
});

/** The Cortina Crode 12 km: cancellations and full refunds until 30 days before, some 70 days away. */
const CRODE = { event: "cortina-crode-trail", appointment: "crode-12k", tshirtSize: "M", offersLodging: true };
const CRODE_RECAP = "/evento/cortina-crode-trail/appuntamento/crode-12k/iscrizione";

test("cancelling a paid signup says what it refunds before, and shows the refund after", async ({ page }) => {
  await registerQuietly(page.request, "Ada");
  const signupId = await heldSignup(page.request, "Ada", CRODE);
  await page.goto(`${CRODE_RECAP}/${signupId}/recap`);
  await payWithDemoCard(page);

  await page.goto("/modificaDati#iscrizioni");
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Cortina Crode Trail" }) });
  await item.getByText("Cancel this signup", { exact: true }).click();
  // Before the tick: what the event's refund policy gives back, from the server.
  await expect(item).toContainText("If you cancel now, you will be refunded €25, everything you paid.");
  await expectNoAxeViolations(page);
  await item.getByRole("checkbox", { name: /I want to cancel this signup/ }).check();
  await item.getByRole("button", { name: "Cancel the signup" }).click();

  await expect(page.getByRole("status").filter({ hasText: "cancelled" })).toHaveText("The signup has been cancelled.");
  await expect(item).toContainText("Cancelled");
  await expect(item).toContainText("Refunded: €25.");
  await expect(item.getByText("Cancel this signup", { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The same in Italian.
  await page.goto("/it-IT/modificaDati#iscrizioni");
  await expect(page.getByRole("listitem").filter({ hasText: "Cortina" })).toContainText("Rimborsati: 25 €.");
});

test("after a cancelled card payment the recap offers every way to pay again, and a bank transfer can be chosen", async ({
  page,
}) => {
  await registerQuietly(page.request, "Edsger");
  const signupId = await heldSignup(page.request, "Edsger");
  const recap = `${APPOINTMENT}/iscrizione/${signupId}/recap`;
  await page.goto(recap);
  await page.getByRole("radio", { name: /Card — demonstration/ }).check();
  await page.getByRole("checkbox", { name: /terms of signup/ }).check();
  await page.getByRole("button", { name: "Confirm the signup" }).click();
  await expect(page).toHaveURL(/\/en-US\/demoPayment\/[\w-]+$/);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The payment was cancelled");

  await page.goto(recap);
  const methods = page.getByRole("group", { name: "How would you like to pay?" });
  await expect(methods.getByRole("radio", { name: /Card — demonstration/ })).toBeChecked();
  await expect(methods.getByRole("radio")).toHaveCount(2);
  await expectNoAxeViolations(page);
  await methods.getByRole("radio", { name: /Bank transfer/ }).check();
  await page.getByRole("button", { name: "Pay now" }).click();

  await expect(page).toHaveURL(/\/paymentResult\?payment=[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("One last step: the bank transfer");
  await expect(page.locator(".transfer-details")).toContainText("IBAN");
  // The recap now shows the transfer's way, without the choice: an attempt is open.
  await page.goto(recap);
  await expect(page.getByRole("radio")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Show the transfer details" })).toBeVisible();
});
