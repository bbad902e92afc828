import { expect, type Page, test } from "@playwright/test";
import { mailText, newEmail } from "./fixtures.ts";

/**
 * Accounts as a new visitor meets them, against the real server: mails are read from the outbox
 * page, as anyone running the site without SMTP_URL would. Each test has its own address.
 * Every test here comes from 127.0.0.1, as the whole suite does: the suite's server multiplies the
 * registration throttle's limit (`TEST_THROTTLE_FACTOR`, playwright.config.ts).
 */

/** Follows the newest mail to `to` whose subject matches, returning the link inside it. */
async function linkInMail(page: Page, to: string, subject: RegExp): Promise<string> {
  await mailText(page, to, subject);
  const href = await page.locator("pre.mail a").first().getAttribute("href");
  expect(href).toBeTruthy();
  return href ?? "";
}

async function register(
  page: Page,
  person: { email: string; password: string; givenName?: string },
  terms = "I accept",
) {
  await page.getByLabel(/First name|^Nome$/).fill(person.givenName ?? "Ada");
  await page.getByLabel(/Last name|Cognome/).fill("Lovelace");
  await page.getByLabel(/^E-mail$/).fill(person.email);
  await page.getByLabel(/^Password$/).fill(person.password);
  await page.getByRole("checkbox", { name: new RegExp(terms) }).check();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel(/^E-mail$/).fill(email);
  await page.getByLabel(/^Password$/).fill(password);
  await page.getByRole("button", { name: /^(Log in|Accedi)$/ }).click();
}

async function logOut(page: Page, name = "Ada") {
  await page.locator(".account-menu summary", { hasText: name }).click();
  await page.getByRole("button", { name: /^(Log out|Esci)$/ }).click();
  await expect(page).toHaveURL(/\/login\?done=logged-out$/);
}

/** The whole account life, from registration to a password reset; once with JavaScript and once without. */
async function accountJourney(page: Page) {
  const email = newEmail("journey");
  const password = "trail at dawn 2027";
  const newPassword = "ridge before sunrise 88";

  await page.goto("/registrazione");
  await register(page, { email, password });
  await page.getByRole("button", { name: "Create the account" }).click();
  await expect(page).toHaveURL(/\/modificaDati\?done=registered$/);
  await expect(page.getByRole("status").filter({ hasText: "Welcome! Your account is ready." })).toBeVisible();
  await expect(page.getByText(`Please confirm your e-mail address: we sent a link to ${email}.`)).toBeVisible();

  // The verification mail, from the outbox; the link asks for a press of a button.
  const verification = await linkInMail(page, email, /Confirm your e-mail address/);
  expect(verification).toMatch(/\/en-US\/registrazione\?verifica=[\w-]{40,}$/);
  await page.goto(verification);
  await page.getByRole("button", { name: "Confirm the address" }).click();
  await expect(page.getByText("Thank you: your e-mail address is confirmed.")).toBeVisible();
  await expect(page.getByText("Please confirm your e-mail address")).toHaveCount(0);

  await logOut(page);
  await expect(page.getByText("You have logged out.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();

  await logIn(page, email, password);
  await expect(page.locator(".account-menu summary")).toHaveText("Ada");

  // Personal data, saved and still there after a fresh load.
  await page.locator(".account-menu summary").click();
  await page.getByRole("link", { name: "Personal data" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Personal data" })).toBeVisible();
  await page.getByLabel("Phone").fill("+39 051 123456");
  await page.getByLabel("Club or team").fill("Trail Runners Bologna");
  await page.getByLabel("Gender").selectOption("female");
  await page.getByLabel("Country").selectOption("IT");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your data has been saved.")).toBeVisible();
  await page.goto("/modificaDati");
  await expect(page.getByLabel("Phone")).toHaveValue("+39 051 123456");
  await expect(page.getByLabel("Club or team")).toHaveValue("Trail Runners Bologna");
  await expect(page.getByLabel("Gender")).toHaveValue("female");
  await expect(page.getByLabel("Country")).toHaveValue("IT");

  // Forgotten password: the mail's link opens the same page with a token.
  await logOut(page);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reset the password" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText(`If ${email} has an account`)).toBeVisible();
  const reset = await linkInMail(page, email, /Reset your password/);
  expect(reset).toMatch(/\/en-US\/resetPassword\?token=[\w-]{40,}$/);
  await page.goto(reset);
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("Your password has been changed. Log in with the new one.")).toBeVisible();

  // The link is spent; the old password is gone; the new one works.
  await page.goto(reset);
  await page.getByLabel("New password").fill("yet another passphrase");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("This link is not valid any more")).toBeVisible();
  await page.goto("/login");
  await logIn(page, email, password);
  await expect(page.getByText("The e-mail address or the password is not right.")).toBeVisible();
  await logIn(page, email, newPassword);
  await expect(page.locator(".account-menu summary")).toHaveText("Ada");

  // A new address counts once it is confirmed from the mail sent to it.
  const moved = newEmail("moved");
  await page.goto("/modificaDati");
  const section = page.getByRole("region", { name: "E-mail address" });
  await section.getByLabel("New e-mail address").fill(moved);
  await section.getByLabel("Current password").fill(newPassword);
  await section.getByRole("button", { name: "Change the address" }).click();
  await expect(page.getByText(`We sent a link to ${moved}: the address changes once you follow it.`)).toBeVisible();
  await page.goto(await linkInMail(page, moved, /Confirm your e-mail address/));
  await page.getByRole("button", { name: "Confirm the address" }).click();
  await expect(page.getByText("Thank you: your e-mail address is confirmed.")).toBeVisible();
  await page.goto("/modificaDati");
  await expect(page.getByText(`Your address: ${moved}`)).toBeVisible();

  // The data download is a JSON:API document of the account, as a file.
  const download = await page.request.get("/api/users/me?download");
  expect(download.headers()["content-disposition"]).toBe('attachment; filename="personal-data.json"');
  expect((await download.json()).data.attributes).toMatchObject({ email: moved, club: "Trail Runners Bologna" });

  // Deletion asks for a tick first, then ends the session and the account.
  const deletion = page.getByRole("region", { name: "Delete the account" });
  await deletion.getByRole("button", { name: "Delete my account" }).click();
  await expect(deletion.getByRole("checkbox")).toHaveAccessibleDescription("Tick the box to confirm.");
  await deletion.getByRole("checkbox").check();
  await deletion.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your account has been deleted.")).toBeVisible();
  await logIn(page, moved, newPassword);
  await expect(page.getByText("The e-mail address or the password is not right.")).toBeVisible();
}

test.describe("an account", () => {
  test("is registered, confirmed from the mail, used, edited and recovered", async ({ page }) => {
    await accountJourney(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("goes through the same journey with plain forms", async ({ page }) => {
      await accountJourney(page);
    });
  });
});

test.describe("the authentication guard", () => {
  test("sends an anonymous visitor to log in, in their language, and brings them back", async ({ page }) => {
    const email = newEmail("guard");
    const password = "sentiero all'alba 2027";
    await page.goto("/it-IT/modificaDati");
    await expect(page).toHaveURL("/it-IT/login?redirectTo=%2Fit-IT%2FmodificaDati");
    await expect(page.getByRole("heading", { level: 1, name: "Accedi" })).toBeVisible();

    // No account yet: registering from here returns to the same place.
    await page.getByRole("link", { name: "Registrati" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Crea un account" })).toBeVisible();
    await register(page, { email, password, givenName: "Grazia" }, "Accetto");
    await page.getByRole("button", { name: "Crea l'account" }).click();
    await expect(page).toHaveURL("/it-IT/modificaDati");
    await expect(page.getByRole("heading", { level: 1, name: "Dati personali" })).toBeVisible();

    await logOut(page, "Grazia");
    await page.goto("/it-IT/modificaDati");
    await logIn(page, email, password);
    await expect(page).toHaveURL("/it-IT/modificaDati");

    // A login never leads off the site, whatever redirectTo says.
    await logOut(page, "Grazia");
    await page.goto(`/it-IT/login?redirectTo=${encodeURIComponent("//evil.example/phish")}`);
    await logIn(page, email, password);
    await expect(page).toHaveURL("/it-IT");
  });

  test("shows /noAuth with HTTP 403 and a way back", async ({ page }) => {
    const response = await page.goto("/it-IT/noAuth");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Accesso non consentito" })).toBeVisible();
    await page.getByRole("link", { name: "Torna alla home page" }).click();
    await expect(page).toHaveURL("/it-IT");
  });
});

test.describe("account forms", () => {
  test("show the browser's checks next to each field, in English", async ({ page }) => {
    await page.goto("/registrazione");
    await page.getByRole("button", { name: "Create the account" }).click();
    await expect(page.getByLabel("First name")).toHaveAccessibleDescription("Fill in this field.");
    await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription("Fill in this field.");
    await expect(page.getByRole("checkbox")).toHaveAccessibleDescription(
      "Accept the terms and the privacy notice to create the account.",
    );
    await expect(page.getByRole("alert")).toContainText("Please correct 5 fields:");
    // Corrected as it is typed.
    await page.getByLabel("E-mail").fill("ada@");
    await page.getByLabel("E-mail").blur();
    await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription(
      "Enter an e-mail address such as name@example.org.",
    );
    await page.getByLabel("E-mail").fill("ada@example.org");
    await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription("");
  });

  test("show the API's refusals next to each field, in Italian, and keep what was typed", async ({ page }) => {
    const email = newEmail("taken");
    await page.goto("/it-IT/registrazione");
    await register(page, { email, password: "password123" }, "Accetto");
    await page.getByRole("button", { name: "Crea l'account" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
      /Questa password è tra le più usate/,
    );
    await expect(page.getByLabel("E-mail")).toHaveValue(email);

    // The address is taken once registered; a second registration says so by the e-mail field.
    await page.getByLabel("Password", { exact: true }).fill("sentiero all'alba 2027");
    await page.getByRole("button", { name: "Crea l'account" }).click();
    await expect(page).toHaveURL(/\/it-IT\/modificaDati/);
    await logOut(page);
    await page.goto("/it-IT/registrazione");
    await register(page, { email, password: "un'altra frase lunga" }, "Accetto");
    await page.getByRole("button", { name: "Crea l'account" }).click();
    await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription(/Questo indirizzo ha già un account/);

    await page.goto("/it-IT/login");
    await logIn(page, email, "sbagliata");
    await expect(page.getByRole("alert")).toContainText("L'indirizzo e-mail o la password non sono corretti.");
  });
});
