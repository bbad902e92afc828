import { type Browser, expect, type Page, test } from "@playwright/test";
import { organiserEmail } from "./console-fixtures.ts";
import {
  blankTiles,
  CERTIFICATE,
  expectNoAxeViolations,
  heldSignup,
  isoDay,
  JSON_API,
  mailText,
  newEmail,
  PASSWORD,
  registerQuietly,
} from "./fixtures.ts";

/**
 * Paying for a signup on a phone (playwright.config.ts, project payments): no provider is configured
 * on the suite's server, so the demonstration card and the sample bank account are live. These
 * journeys browse it by localhost while its PUBLIC_URL names 127.0.0.1: mails lead there, but every
 * step of a payment on the site stays on the origin the visitor is on.
 * The Bergamo Walls Half Marathon's 10 km asks for a federation card and a competitive certificate,
 * and offers no lodging.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const EVENT = "/evento/mezza-maratona-delle-mura";
const APPOINTMENT = `${EVENT}/appuntamento/10k`;

/** On the recap of a held signup: pick how to pay, accept the terms, confirm (English). */
async function confirmRecap(page: Page, signupId: string, method: RegExp) {
  await page.goto(`${APPOINTMENT}/iscrizione/${signupId}/recap`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check and confirm");
  await page.getByRole("radio", { name: method }).check();
  await page.getByRole("checkbox", { name: /terms of signup/ }).check();
  await page.getByRole("button", { name: "Confirm the signup" }).click();
}

async function newVisitor(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  return { context, page: await context.newPage() };
}

test("an Italian visitor finds a race, signs up, pays with the demonstration card and gets the receipt", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  // The 10 km's page shows its course's map.
  await blankTiles(page);
  const email = newEmail("lucia");

  // Browse: the event list, the event, its 10 km.
  await page.goto("/it-IT/evento");
  const origin = new URL(page.url()).origin;
  await page.getByRole("link", { name: "Mezza Maratona delle Mura" }).click();
  await expect(page).toHaveURL(`/it-IT${EVENT}`);
  await page.getByRole("link", { name: "10 km", exact: true }).click();
  await expect(page).toHaveURL(`/it-IT${APPOINTMENT}`);
  await page.getByRole("button", { name: "Iscriviti", exact: true }).click();

  // Not logged in: a new account, and on with the signup.
  await expect(page).toHaveURL(/\/it-IT\/login\?redirectTo=/);
  await page.getByRole("link", { name: "Registrati" }).click();
  await page.getByLabel(/^Nome$/).fill("Lucia");
  await page.getByLabel("Cognome").fill("Galli");
  await page.getByLabel(/^E-mail$/).fill(email);
  await page.getByLabel(/^Password$/).fill(PASSWORD);
  await page.getByRole("checkbox", { name: /Accetto/ }).check();
  await page.getByRole("button", { name: "Crea l'account" }).click();

  // The participant, with the certificate the race asks for.
  await expect(page).toHaveURL(/\/iscrizione\/[\w-]+$/);
  const signupUrl = page.url();
  await page.getByLabel("Data di nascita").fill("1991-09-03");
  await page.getByLabel("Genere").selectOption("female");
  await page.getByLabel("Numero di tessera federale").fill("FIDAL-CD5678");
  await page.getByLabel("Contatto di emergenza", { exact: true }).fill("Paolo Galli");
  await page.getByLabel("Telefono del contatto di emergenza").fill("+39 035 123456");
  await page.getByLabel("Certificato valido fino al").fill(isoDay(365));
  await page.getByLabel("Certificato medico").setInputFiles(CERTIFICATE);
  await page.getByRole("checkbox", { name: /accetta il regolamento/ }).check();
  await page.getByRole("checkbox", { name: /ha letto/ }).check();
  await page.getByRole("button", { name: "Continua" }).click();

  // No lodging here: straight to the recap, which offers exactly the event's ways of paying.
  await expect(page).toHaveURL(`${signupUrl}/recap`);
  const methods = page.getByRole("group", { name: "Come vuoi pagare?" });
  await expect(methods.getByRole("radio")).toHaveCount(2);
  await expect(methods.getByRole("radio", { name: /Carta — dimostrazione/ })).toHaveAccessibleDescription(
    /Nessun movimento di denaro/,
  );
  await expect(methods.getByRole("radio", { name: /Bonifico bancario/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await methods.getByRole("radio", { name: /Carta — dimostrazione/ }).check();
  await page.getByRole("checkbox", { name: /condizioni di iscrizione/ }).check();
  await page.getByRole("button", { name: "Conferma l'iscrizione" }).click();

  // The demonstration provider's page, on this origin: unmistakably a demonstration, with what is being paid.
  await expect(page).toHaveURL(/\/it-IT\/demoPayment\/[\w-]+$/);
  expect(new URL(page.url()).origin).toBe(origin);
  await expect(page.getByRole("note")).toContainText("Dimostrazione — nessun movimento di denaro.");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("15 €");
  await expect(page.getByText("Mezza Maratona delle Mura · 10 km")).toBeVisible();
  const reference = (await page.locator(".receipt-line .transfer-value").textContent()) ?? "";
  expect(reference).toMatch(/^SE-[0-9A-F]{8}$/);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Paga 15 €" }).click();

  // Back on the site, on the same origin: what the server says, the receipt, the calendar file.
  await expect(page).toHaveURL(/\/it-IT\/paymentResult\?payment=[\w-]+$/);
  expect(new URL(page.url()).origin).toBe(origin);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagamento ricevuto: iscrizione confermata!");
  const receipt = page.getByRole("region", { name: "Ricevuta" });
  await expect(receipt).toContainText(reference);
  await expect(receipt).toContainText("Mezza Maratona delle Mura");
  await expect(receipt).toContainText("15 €");
  await expect(receipt).toContainText("Carta — dimostrazione");
  await expect(page.getByRole("link", { name: "Aggiungi al calendario (.ics)" })).toHaveAttribute(
    "href",
    /\/api\/signups\/[\w-]+\/calendar$/,
  );
  await expectNoAxeViolations(page);

  // The recap now shows the signup as confirmed.
  await page.goto(signupUrl);
  await expect(page).toHaveURL(`${signupUrl}/recap`);
  await expect(page.getByRole("status")).toContainText("confermata");

  expect(errors).toEqual([]);

  // The confirmation, with the reference, in the mail (the outbox is a plain page of the server's).
  const mail = await mailText(page, email, /Iscrizione confermata: Mezza Maratona delle Mura/);
  expect(mail).toContain(`Riferimento: ${reference}.`);
});

test("a declined card can be tried again, and then paid; the result page waits for the provider's word", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await registerQuietly(page.request, "Grace");
  const signupId = await heldSignup(page.request, "Grace");
  await confirmRecap(page, signupId, /Card — demonstration/);

  await expect(page).toHaveURL(/\/en-US\/demoPayment\/[\w-]+$/);
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page).toHaveURL(/\/en-US\/paymentResult\?payment=[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The payment did not go through");
  await expect(page.getByText("No money has been taken.")).toBeVisible();
  await expect(page.getByText(/Your places are still held until/)).toBeVisible();
  await expectNoAxeViolations(page);

  // The old demonstration page says it has nothing more to decide.
  const declined = new URL(page.url()).searchParams.get("payment");
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/demoPayment/${declined}$`));
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This payment is no longer waiting");
  await page.getByRole("link", { name: "See the result" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The payment did not go through");

  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/en-US\/demoPayment\/[\w-]+$/);
  const demoUrl = page.url();
  const retried = demoUrl.split("/").pop() ?? "";
  expect(retried).not.toBe(declined);
  const resultUrl = `/en-US/paymentResult?payment=${retried}`;

  // Back before the provider decided: the result page keeps asking for about 20 s, then says the
  // answer will come by e-mail (on a clock the test runs).
  const waiting = await page.context().newPage();
  await waiting.clock.install();
  await waiting.goto(resultUrl);
  await expect(waiting.getByRole("heading", { level: 1 })).toHaveText("Confirming your payment…");
  await expectNoAxeViolations(waiting);
  await expect(async () => {
    await waiting.clock.fastForward(2_000);
    await expect(waiting.getByRole("heading", { level: 1 })).toHaveText("Your payment is still being processed", {
      timeout: 500,
    });
  }).toPass({ timeout: 60_000 });
  await expect(waiting.getByRole("status")).toContainText("we will send you an e-mail");
  await expect(waiting.getByRole("link", { name: "Check again" })).toBeVisible();
  await waiting.close();

  // Another tab on the result page, asking on its own schedule.
  const watching = await page.context().newPage();
  await watching.goto(resultUrl);
  await expect(watching.getByRole("heading", { level: 1 })).toHaveText("Confirming your payment…");

  // The demonstration page works without JavaScript too.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
  });
  const noScript = await plain.newPage();
  await noScript.goto(demoUrl);
  await expect(noScript.getByRole("note")).toHaveText(/^Demonstration — no money moves\./);
  await noScript.getByRole("button", { name: /^Pay / }).click();
  await expect(noScript).toHaveURL(resultUrl);
  await expect(noScript.getByRole("heading", { level: 1 })).toHaveText("Payment received: you are signed up!");
  await plain.close();

  // The watching tab learns it by itself.
  await expect(watching.getByRole("heading", { level: 1 })).toHaveText("Payment received: you are signed up!", {
    timeout: 10_000,
  });
  await expect(watching.getByRole("region", { name: "Receipt" })).toContainText("Card — demonstration");
  await expect(watching.getByRole("region", { name: "Receipt" })).toContainText("€15");
});

test("a bank transfer shows its instructions until an organiser marks it paid", async ({ page, browser }) => {
  await registerQuietly(page.request, "Mary");
  const signupId = await heldSignup(page.request, "Mary");
  await confirmRecap(page, signupId, /Bank transfer/);

  await expect(page).toHaveURL(/\/paymentResult\?payment=[\w-]+$/);
  const resultUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("One last step: the bank transfer");
  const details = page.getByRole("region", { name: "Bank transfer details" });
  await expect(details.getByRole("term")).toHaveText([
    /^Beneficiary/,
    /^IBAN/,
    /^Reason for payment/,
    "Amount",
    "Pay by",
  ]);
  // Each value is followed by its copy button (its text, "Copy", is part of the definition's).
  await expect(details.getByRole("definition")).toHaveText([
    /\S/,
    /^[A-Z]{2}\d\d( [A-Z0-9]{1,4})+(Copy)?$/,
    new RegExp(`^SE-${signupId.slice(0, 8).toUpperCase()}(Copy)?$`),
    "€15",
    /\d{4}/,
  ]);
  await expect(details.getByRole("button", { name: "Copy: IBAN" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Coming back to the recap, the transfer's details are one press away.
  await page.goto(`${APPOINTMENT}/iscrizione/${signupId}/recap`);
  await expect(page.getByRole("status")).toContainText("waits for payment");
  await page.getByRole("button", { name: "Show the transfer details" }).click();
  await expect(page).toHaveURL(resultUrl);

  // The organiser sees the money arrive and says so, once the organiser's address is confirmed:
  // registering it is not enough.
  const organiser = await newVisitor(browser);
  await registerQuietly(organiser.page.request, "Olga", organiserEmail());
  const markPaid = () =>
    organiser.page.request.post(`/api/signups/${signupId}/payments`, {
      headers: JSON_API,
      data: { data: { type: "payments", attributes: {} } },
    });
  expect((await markPaid()).status()).toBe(403);
  const confirmation = /https?:\/\/\S+verifica=[\w-]+/.exec(
    await mailText(organiser.page, organiserEmail(), /Confirm your e-mail address/),
  )?.[0];
  // A mail leaves the site: its link is on PUBLIC_URL (127.0.0.1 here), not on the address browsed by (localhost).
  // Followed where the organiser is logged in (the role needs the account's own session), by its path.
  expect(confirmation).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  expect(new URL(organiser.page.url()).hostname).toBe("localhost");
  const link = new URL(confirmation ?? "/", "http://site.invalid");
  await organiser.page.goto(link.pathname + link.search);
  await organiser.page.getByRole("button", { name: "Confirm the address" }).click();
  await expect(organiser.page.getByText("Thank you: your e-mail address is confirmed.")).toBeVisible();
  expect((await markPaid()).status()).toBe(201);
  await organiser.context.close();

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment received: you are signed up!");
  await expect(page.getByRole("region", { name: "Receipt" })).toContainText("Bank transfer");
});

test("a payment's result is only its owner's: anyone else, or a made-up address, finds nothing", async ({
  page,
  browser,
}) => {
  await registerQuietly(page.request, "Ada");
  const signupId = await heldSignup(page.request, "Ada");
  await confirmRecap(page, signupId, /Bank transfer/);
  await expect(page).toHaveURL(/\/paymentResult\?payment=[\w-]+$/);
  const paymentId = new URL(page.url()).searchParams.get("payment") ?? "";
  const reference = `SE-${signupId.slice(0, 8).toUpperCase()}`;
  await expect(page.getByText(reference).first()).toBeVisible();

  const stranger = await newVisitor(browser);
  await registerQuietly(stranger.page.request, "Eve");
  const notFound = async (path: string) => {
    const response = await stranger.page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(stranger.page.getByRole("heading", { level: 1 })).toHaveText("We could not find this payment");
    await expect(stranger.page.getByRole("link", { name: "My signups" })).toHaveAttribute(
      "href",
      "/modificaDati#iscrizioni",
    );
    // Nothing of it on the page, nor in the data the page carries for the browser.
    const html = await stranger.page.content();
    for (const secret of [reference, signupId, "IBAN", "Bergamo", "€15"]) expect(html).not.toContain(secret);
    return stranger.page.locator("body").innerText();
  };
  const theirs = await notFound(`/paymentResult?payment=${paymentId}`);
  await expectNoAxeViolations(stranger.page);
  // An unknown id, a malformed one and none at all read exactly the same.
  expect(await notFound("/paymentResult?payment=00000000-0000-4000-8000-000000000000")).toBe(theirs);
  expect(await notFound("/paymentResult?payment=not%20an%20id")).toBe(theirs);
  expect(await notFound("/paymentResult")).toBe(theirs);
  await stranger.context.close();

  // Anonymous: the login page first, coming back to the same address.
  const anonymous = await newVisitor(browser);
  await anonymous.page.goto(`/paymentResult?payment=${paymentId}`);
  await expect(anonymous.page).toHaveURL(
    `/login?redirectTo=${encodeURIComponent(`/paymentResult?payment=${paymentId}`)}`,
  );
  await anonymous.context.close();
});
