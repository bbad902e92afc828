import { type Browser, expect, test } from "@playwright/test";
import { organiserIn } from "./console-fixtures.ts";
import { expectNoAxeViolations, heldSignup, newEmail, payWithDemoCard, registerQuietly } from "./fixtures.ts";

/**
 * The organiser's console, signups and certificates, on the suite's server (playwright.config.ts),
 * with this file's organiser (organisers.ts): a runner signs up and pays with the
 * demonstration card; the organiser finds the signup, opens it, reviews the certificate and writes
 * a note, on a desktop and on a phone. The Bergamo Walls Half Marathon's 10 km asks for a
 * competitive certificate.
 */

const EVENT = "/evento/mezza-maratona-delle-mura";
const APPOINTMENT = `${EVENT}/appuntamento/10k`;

/** A runner whose signup is paid with the demonstration card; answers the signup's id. */
async function paidRunner(browser: Browser, givenName: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerQuietly(page.request, givenName, newEmail(givenName.toLowerCase()));
  const signupId = await heldSignup(page.request, givenName);
  await page.goto(`${APPOINTMENT}/iscrizione/${signupId}/recap`);
  await payWithDemoCard(page);
  await context.close();
  return signupId;
}

test.describe.configure({ mode: "serial" });

test("the organiser finds a paid signup, approves the certificate and writes a note (desktop)", async ({ browser }) => {
  test.setTimeout(120_000);
  const signupId = await paidRunner(browser, "Ottavia");
  const { context, page } = await organiserIn(browser, { viewport: { width: 1280, height: 900 } });
  const event = await page.request.get("/api/events/mezza-maratona-delle-mura");
  const eventId = ((await event.json()) as { data: { id: string } }).data.id;

  await page.goto(`/gestione/eventi/${eventId}/iscrizioni`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signups");
  await expectNoAxeViolations(page);
  await page.getByLabel("Name or e-mail").fill("Ottavia");
  await page.getByLabel("Payment").selectOption("paid");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=Ottavia/);
  await expect(page.getByText("1 signup", { exact: true })).toBeVisible();
  await expect(page.getByRole("row", { name: /Ottavia Hopper/ })).toContainText("To review");
  await page.screenshot({ path: test.info().outputPath("console-signups-desktop.png"), fullPage: true });
  await page.getByRole("table").getByRole("link", { name: "Ottavia Hopper" }).click();

  await expect(page).toHaveURL(new RegExp(`/gestione/iscrizioni/${signupId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signup of Ottavia Hopper");
  await expect(page.getByText("To review")).toBeVisible();
  await expectNoAxeViolations(page);
  const file = await page.request.get(
    (await page.getByRole("link", { name: "View Ottavia Hopper's certificate" }).getAttribute("href")) ?? "",
  );
  expect(file.status()).toBe(200);
  expect(file.headers()["cache-control"]).toBe("private, no-store");

  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Done." })).toBeVisible();
  await expect(page.getByText("Approved", { exact: true })).toBeVisible();

  await page.getByLabel("New note").fill("Phoned about the T-shirt size.");
  await page.getByRole("button", { name: "Add the note" }).click();
  await expect(page.getByRole("region", { name: "Notes" })).toContainText("Phoned about the T-shirt size.");
  await expect(page.getByRole("region", { name: "History" })).toContainText("Certificate approved");
  await expect(page.getByRole("region", { name: "Mails sent" })).toContainText("Medical certificate approved");
  await page.screenshot({ path: test.info().outputPath("console-signup-desktop.png"), fullPage: true });

  await page.goto(`/gestione/eventi/${eventId}/certificati?mostra=tutti`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Medical certificates");
  await expectNoAxeViolations(page);
  await context.close();
});

test("on a phone the organiser rejects a certificate with a reason, from the certificates to review", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await paidRunner(browser, "Pietra");
  const { context, page } = await organiserIn(browser, { viewport: { width: 390, height: 844 } });
  const event = await page.request.get("/api/events/mezza-maratona-delle-mura");
  const eventId = ((await event.json()) as { data: { id: string } }).data.id;

  await page.goto(`/gestione/eventi/${eventId}/iscrizioni?q=Pietra`);
  await expect(page.getByRole("table")).toBeHidden();
  await expect(page.getByRole("link", { name: "Pietra Hopper" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("console-signups-phone.png"), fullPage: true });

  await page.goto(`/gestione/eventi/${eventId}/certificati`);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Pietra Hopper" }) });
  await card.getByRole("button", { name: "Reject" }).click();
  await expect(card.getByRole("alert")).toHaveText("Write why it is rejected.");
  await card.getByLabel("Reason for rejecting").fill("The certificate is not signed.");
  await card.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByRole("heading", { name: "Pietra Hopper" })).toBeHidden();
  await page.goto(`/gestione/eventi/${eventId}/certificati?mostra=tutti`);
  const rejected = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Pietra Hopper" }) });
  await expect(rejected).toContainText("Rejected");
  await expect(rejected).toContainText("The certificate is not signed.");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("console-certificates-phone.png"), fullPage: true });
  await context.close();
});
