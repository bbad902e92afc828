import { type Browser, expect, type Page, test } from "@playwright/test";
import { confirmedPerson, DESKTOP, loggedIn, organiserEmail, PHONE, payThroughApi } from "./console-fixtures.ts";
import { demoPayButton, expectNoAxeViolations, heldSignup, mailText, newEmail, registerQuietly } from "./fixtures.ts";
import { ownEvent } from "./own-event.ts";

/**
 * Transfers, on this file's own copy of the Bergamo event (own-event.ts), with this file's organiser
 * (organisers.ts): the organiser lets the copy take transfers until two days before, from the
 * console's event form; a runner on a phone, in Italian, passes her 10 km place to a friend from My
 * signups (the form's own errors first), and the friend's mail carries the new ticket code; in
 * English, a runner tries a friend too young for the race, is told so on the field, and passes the
 * place to someone else; the organiser transfers a runner's place from the console's signup page;
 * the form works without JavaScript; and, the organiser having set a fee of €5, a runner on a phone in
 * English sees it on the form, pays it with the demo card, and the result page says whose the place is.
 */

const EVENT = {
  from: "mezza-maratona-delle-mura",
  slug: "mezza-delle-mura-delle-cessioni",
  title: { "it-IT": "Giro delle Mura delle cessioni", "en-US": "Walls Loop with transfers" },
};
/** The copy's 10 km, where each runner's place is. */
const PLACE = { event: EVENT.slug, appointment: "10k" };

test.describe.configure({ mode: "serial" });

test("the organiser lets the event take transfers, from the event form", async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await confirmedPerson(browser, "Olga", organiserEmail(), {
    viewport: { width: 1280, height: 900 },
  });
  const eventId = (await ownEvent(page.request, EVENT)).id;
  await page.goto(`/gestione/eventi/${eventId}`);
  const field = page.getByLabel("Place transfers until how many days before (empty: none)");
  await expect(field).toHaveValue("");
  await field.fill("2");
  await page.getByRole("button", { name: "Save", exact: true }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Changes saved." })).toBeVisible();
  await expect(field).toHaveValue("2");
  await context.close();
});

/** A runner on a phone with a confirmed, paid signup for the copy's 10 km, logged in. */
async function runnerWithPlace(browser: Browser, name: string, locale: string) {
  const context = await browser.newContext({ ...PHONE, locale });
  const page = await context.newPage();
  await registerQuietly(page.request, name);
  const signupId = await heldSignup(page.request, name, PLACE);
  await payThroughApi(page.request, signupId);
  return { context, page };
}

/** The transfer form's labels for the friend's fields, in Italian and in English. */
const ITALIAN = {
  givenName: "Nome",
  familyName: "Cognome",
  birthDate: "Data di nascita",
  gender: "Genere",
  email: "E-mail",
  card: "Numero di tessera federale",
  emergency: "Contatto di emergenza",
  emergencyPhone: "Telefono del contatto di emergenza",
};
const ENGLISH = {
  givenName: "First name",
  familyName: "Last name",
  birthDate: "Date of birth",
  gender: "Gender",
  email: "E-mail",
  card: "Federation card number",
  emergency: "Emergency contact",
  emergencyPhone: "Emergency contact's phone",
};

async function fillFriend(page: Page, labels: Record<string, string>, friend: Record<string, string>) {
  await page.getByLabel(labels.givenName ?? "", { exact: true }).fill(friend.givenName ?? "");
  await page.getByLabel(labels.familyName ?? "", { exact: true }).fill(friend.familyName ?? "");
  await page.getByLabel(labels.birthDate ?? "").fill(friend.birthDate ?? "");
  await page.getByLabel(labels.gender ?? "").selectOption(friend.gender ?? "");
  await page.getByLabel(labels.email ?? "", { exact: true }).fill(friend.email ?? "");
  await page.getByLabel(labels.card ?? "").fill("FIDAL-MR2024");
  await page.getByLabel(labels.emergency ?? "", { exact: true }).fill("Paolo Rossi");
  await page.getByLabel(labels.emergencyPhone ?? "").fill("+39 035 111222");
}

test("on a phone, in Italian: transfer a place to a friend from My signups", async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await runnerWithPlace(browser, "Lucia", "it-IT");
  await page.goto("/it-IT/modificaDati#iscrizioni");
  const before = page.locator(".signup-item").first();
  const oldCode = (await before.locator(".ticket-code").textContent()) ?? "";
  expect(oldCode).toMatch(/^[2-9A-Z]{10}$/);
  await page.getByRole("link", { name: "Cedi il posto di Lucia Hopper" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cedi un posto");
  await expect(page.getByText(/Il posto di Lucia Hopper a Giro delle Mura delle cessioni/)).toBeVisible();
  await expect(page.getByText(/carica quello della nuova persona da Le mie iscrizioni/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Nothing filled in: each required field says so, in Italian.
  await page.getByRole("button", { name: "Cedi il posto" }).click();
  await expect(page.getByLabel("Nome", { exact: true })).toHaveAccessibleDescription("Compila questo campo.");
  await expect(page.getByLabel("Data di nascita")).toHaveAccessibleDescription("Compila questo campo.");
  await page.screenshot({ path: test.info().outputPath("transfer-form-it.png"), fullPage: true });

  const friend = newEmail("marta");
  await fillFriend(page, ITALIAN, {
    givenName: "Marta",
    familyName: "Rossi",
    birthDate: "1994-07-02",
    gender: "female",
    email: friend,
  });
  await page.getByRole("checkbox", { name: /accetta il regolamento/ }).check();
  await page.getByRole("checkbox", { name: /ha letto/ }).check();
  await page.getByRole("button", { name: "Cedi il posto" }).click();
  const done = page.getByRole("status").filter({ hasText: "Fatto: il posto ora è di Marta Rossi." });
  await expect(done).toBeVisible();
  const newCode = /Nuovo codice del biglietto: ([2-9A-Z]{10})/.exec((await done.textContent()) ?? "")?.[1] ?? "";
  expect(newCode).not.toBe("");
  expect(newCode).not.toBe(oldCode);
  await page.screenshot({ path: test.info().outputPath("transfer-done-it.png"), fullPage: true });
  await expectNoAxeViolations(page);

  // My signups shows the new person with the new ticket; the friend's mail carries it too.
  await page.getByRole("link", { name: "Torna a Le mie iscrizioni" }).click();
  await expect(page.locator(".signup-item").first()).toContainText("Marta Rossi");
  await expect(page.locator(".signup-item").first().locator(".ticket-code")).toHaveText(newCode);
  const mail = await mailText(page, friend, /Cambio di partecipante/);
  expect(mail).toContain("Lucia Hopper ti ha ceduto il suo posto");
  expect(mail).toContain(newCode);
  await context.close();
});

test("on a phone, in English: a friend too young is refused on the field, then the place goes to another", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await runnerWithPlace(browser, "Nora", "en-US");
  await page.goto("/en-US/modificaDati#iscrizioni");
  await page.getByRole("link", { name: "Transfer Nora Hopper's place" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transfer a place");
  const young = {
    givenName: "Tom",
    familyName: "Young",
    birthDate: "2016-01-01",
    gender: "male",
    email: newEmail("tom"),
  };
  await fillFriend(page, ENGLISH, young);
  await page.getByRole("checkbox", { name: /accepts the/ }).check();
  await page.getByRole("checkbox", { name: /has read the/ }).check();
  await page.getByRole("button", { name: "Transfer the place" }).click();
  await expect(page.getByLabel("Date of birth")).toHaveAccessibleDescription(
    "This participant is younger than this appointment allows.",
  );
  await expectNoAxeViolations(page);

  await page.getByLabel("Date of birth").fill("1988-11-23");
  await page.getByRole("checkbox", { name: /accepts the/ }).check();
  await page.getByRole("checkbox", { name: /has read the/ }).check();
  await page.getByRole("button", { name: "Transfer the place" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Done: the place now belongs to Tom Young." })).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});

test("the organiser transfers a runner's place from the console's signup page", async ({ browser }) => {
  test.setTimeout(180_000);
  const runner = await browser.newContext();
  await registerQuietly(runner.request, "Ida");
  const signupId = await heldSignup(runner.request, "Ida", PLACE);
  await payThroughApi(runner.request, signupId);
  await runner.close();

  const { context, page } = await loggedIn(browser, organiserEmail(), DESKTOP);
  await page.goto(`/gestione/iscrizioni/${signupId}`);
  await page.getByText("Transfer Ida Hopper's place").click();
  const form = page.locator(".console-transfer");
  await form.getByLabel("First name").fill("Ugo");
  await form.getByLabel("Last name").fill("Bianchi");
  await form.getByLabel("Date of birth").fill("1985-02-03");
  await form.getByLabel("Gender").selectOption("male");
  await form.getByLabel("E-mail").fill(newEmail("ugo"));
  await form.getByLabel("Federation card number").fill("FIDAL-UB1985");
  await form.getByLabel("Emergency contact", { exact: true }).fill("Eva Bianchi");
  await form.getByRole("button", { name: "Transfer the place" }).click();
  // Without the consents, then without the emergency phone the event asks for, the API refuses and says which.
  await expect(page.getByRole("alert")).toContainText("The new person accepts the event rules");
  await form.getByLabel("The new person accepts the event rules and has read the privacy notice").check();
  await form.getByRole("button", { name: "Transfer the place" }).click();
  await expect(page.getByRole("alert")).toHaveText("Emergency contact's phone: Fill in this field.");
  await expect(page.getByRole("alert")).toBeFocused();
  await expect(form.getByLabel("Emergency contact's phone")).toHaveAccessibleDescription("Fill in this field.");
  await form.getByLabel("Emergency contact's phone").fill("+39 035 333444");
  await form.getByRole("button", { name: "Transfer the place" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /^Place transferred to Ugo Bianchi\. New ticket code: [2-9A-Z]{10}\.$/ }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ugo Bianchi", level: 3 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Place transfers" })).toContainText("From Ida Hopper to Ugo Bianchi");
  await expect(page.getByRole("region", { name: "Place transfers" })).toContainText("by the organiser");
  await expectNoAxeViolations(page);
  await context.close();
});

test("without JavaScript, on a phone: the transfer form is a plain form and its answer a page", async ({ browser }) => {
  test.setTimeout(180_000);
  const setup = await browser.newContext();
  const email = await registerQuietly(setup.request, "Rita");
  const signupId = await heldSignup(setup.request, "Rita", PLACE);
  await payThroughApi(setup.request, signupId);
  const { cookies } = await setup.storageState();
  await setup.close();

  const context = await browser.newContext({ ...PHONE, locale: "en-US", javaScriptEnabled: false });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto("/en-US/modificaDati#iscrizioni");
  await expect(page.getByText(`Your address: ${email}`)).toBeVisible();
  await page.getByRole("link", { name: "Transfer Rita Hopper's place" }).click();
  await fillFriend(page, ENGLISH, {
    givenName: "Sara",
    familyName: "Neri",
    birthDate: "1979-09-09",
    gender: "female",
    email: newEmail("sara"),
  });
  // The consents left out: the server's answer names them, on the page it sends back.
  await page.getByRole("button", { name: "Transfer the place" }).click();
  await expect(page.getByRole("checkbox", { name: /accepts the/ })).toHaveAccessibleDescription(
    "The participant must accept the event rules.",
  );
  await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Sara");
  await page.getByRole("checkbox", { name: /accepts the/ }).check();
  await page.getByRole("checkbox", { name: /has read the/ }).check();
  await page.getByRole("button", { name: "Transfer the place" }).click();
  await expect(page.getByText("Done: the place now belongs to Sara Neri.")).toBeVisible();
  await context.close();
});

test("on a phone, in English: a transfer with a fee, paid with the demo card", async ({ browser }) => {
  test.setTimeout(180_000);
  // The organiser (registered by the first test) sets a fee of €5 in the event form.
  const desk = await loggedIn(browser, organiserEmail(), DESKTOP);
  const eventId = (await ownEvent(desk.page.request, EVENT)).id;
  await desk.page.goto(`/gestione/eventi/${eventId}`);
  const fee = desk.page.getByLabel(/^Transfer fee paid online by the runner/);
  await fee.fill("5");
  await desk.page.getByRole("button", { name: "Save", exact: true }).first().click();
  await expect(desk.page.getByRole("status").filter({ hasText: "Changes saved." })).toBeVisible();
  // Read again: the event keeps 500 minor units, shown as 5.00.
  await desk.page.reload();
  await expect(fee).toHaveValue("5.00");
  await desk.context.close();

  const { context, page } = await runnerWithPlace(browser, "Nora", "en-US");
  await page.goto("/en-US/modificaDati#iscrizioni");
  await page.getByRole("link", { name: "Transfer Nora Hopper's place" }).click();
  await expect(page.getByText(/^Transferring this place costs €5(\.00)?, paid online/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("transfer-fee-form-en.png"), fullPage: true });
  await expectNoAxeViolations(page);
  const friend = newEmail("tea");
  await fillFriend(page, ENGLISH, {
    givenName: "Tea",
    familyName: "Galli",
    birthDate: "1988-08-08",
    gender: "female",
    email: friend,
  });
  await page.getByRole("checkbox", { name: /accepts the/ }).check();
  await page.getByRole("checkbox", { name: /has read the/ }).check();
  await page.getByRole("button", { name: /^Transfer and pay €5/ }).click();

  // Off to pay, as a signup's payment step sends one. Nora steps away from the card page first: My
  // signups says the place is on its way to Tea, and leads back to paying, not to a second transfer.
  await expect(page).toHaveURL(/\/demoPayment\/[\w-]+$/);
  await page.goto("/en-US/modificaDati#iscrizioni");
  await expect(page.getByText(/^Nora Hopper's place is being passed to Tea Galli: the fee is due by/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Transfer Nora Hopper's place" })).toHaveCount(0);
  await page.getByRole("link", { name: "Pay the transfer fee" }).click();
  await expect(page.getByText(/^Nora Hopper's place passes to Tea Galli once the fee of €5/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("transfer-fee-pending-en.png"), fullPage: true });
  await page.getByRole("button", { name: "Pay the transfer fee" }).click();
  // The demo card, then the result page.
  await expect(page).toHaveURL(/\/demoPayment\/[\w-]+$/);
  await expectNoAxeViolations(page);
  await demoPayButton(page).click();
  await expect(page).toHaveURL(/\/en-US\/paymentResult\?payment=[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transfer paid");
  await expect(page.getByRole("status")).toHaveText("The place is now Tea Galli's.");
  await page.screenshot({ path: test.info().outputPath("transfer-fee-paid-en.png"), fullPage: true });
  await expectNoAxeViolations(page);

  // The place is Tea's in My signups, and her mail carries the new ticket code.
  await page.goto("/en-US/modificaDati#iscrizioni");
  await expect(page.locator(".signup-item").first()).toContainText("Tea Galli");
  const mail = await mailText(page, friend, /Change of participant/);
  expect(mail).toContain("The new ticket code, to show at check-in:");
  await context.close();
});
