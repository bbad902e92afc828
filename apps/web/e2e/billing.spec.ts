import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { PHONE } from "./console-fixtures.ts";
import {
  CERTIFICATE,
  demoPayButton,
  expectNoAxeViolations,
  isoDay,
  JSON_API,
  newEmail,
  pageErrors,
  registerQuietly,
} from "./fixtures.ts";

/**
 * Billing details at the recap and the invoice on My signups, in Italian on a phone, against the
 * suite's server (playwright.config.ts), whose demo data gives the organiser a
 * fiscal identity. A club's treasurer has signed up two of its runners; at the recap she has the
 * invoice made out to the club, types its VAT number with a wrong check digit and is told so at the
 * field, corrects it and saves; the same form without JavaScript answers its errors at the fields
 * too. She pays with the demonstration card, and on My signups downloads the invoice, whose text
 * names the club, its VAT number and the invoice's number, and gives her own codice fiscale on the
 * profile. English screenshots of the same pages.
 */

/** The Lucca Walls Relay's open race: a team of up to four, a non-competitive certificate each. */
const EVENT = "staffetta-mura-di-lucca";
const RECAP = (id: string) => `/evento/${EVENT}/appuntamento/open/iscrizione/${id}/recap`;
const CLUB = "ASD Podistica Aurora";
/** An Italian VAT number (its check digit right), and the same with the last digit mistyped. */
const VAT_NUMBER = "12345678903";
const VAT_NUMBER_MISTYPED = "12345678904";

/** The relay held for two runners of the club, with their certificates, up to the recap. */
async function twoRunnersHeld(request: APIRequestContext): Promise<string> {
  const event = await request.get(`/api/events/${EVENT}?include=appointments`);
  const { included } = (await event.json()) as {
    included: { type: string; id: string; attributes: { slug: string } }[];
  };
  const appointment = included.find(
    (resource) => resource.type === "appointments" && resource.attributes.slug === "open",
  );
  const held = await request.post("/api/signups", {
    headers: JSON_API,
    data: {
      data: {
        type: "signups",
        attributes: { places: 2 },
        relationships: { appointment: { data: { type: "appointments", id: appointment?.id } } },
      },
    },
  });
  expect(held.status()).toBe(201);
  const signupId = ((await held.json()) as { data: { id: string } }).data.id;
  const runners = [
    { givenName: "Lucia", familyName: "Bianchi", gender: "female" },
    { givenName: "Marco", familyName: "Verdi", gender: "male" },
  ];
  const participants = [];
  for (const runner of runners) {
    const upload = await request.post(`/api/signups/${signupId}/certificates`, {
      headers: {
        Accept: "application/vnd.api+json",
        "Content-Type": CERTIFICATE.mimeType,
        "Content-Disposition": `attachment; filename="${CERTIFICATE.name}"`,
      },
      data: CERTIFICATE.buffer,
    });
    expect(upload.status()).toBe(201);
    const certificateId = ((await upload.json()) as { data: { id: string } }).data.id;
    participants.push({
      type: "participants",
      attributes: {
        ...runner,
        birthDate: "1992-03-14",
        email: newEmail(runner.givenName.toLowerCase()),
        emergencyContactName: "Teresa Hopper",
        emergencyContactPhone: "+39 035 555 0100",
        certificateId,
        certificateExpiresOn: isoDay(400),
        termsAccepted: true,
        privacyAccepted: true,
      },
    });
  }
  const saved = await request.patch(`/api/signups/${signupId}/participants`, {
    headers: JSON_API,
    data: { data: participants },
  });
  expect(saved.status()).toBe(200);
  return signupId;
}

test("a club's treasurer has the invoice made out to the club, fixes its VAT number, pays and downloads it", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...PHONE, locale: "it-IT" });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await registerQuietly(page.request, "Teresa");
  const signupId = await twoRunnersHeld(page.request);

  await page.goto(`/it-IT${RECAP(signupId)}`);
  await expect(page.getByText("Lucia Bianchi")).toBeVisible();
  const billing = page.getByRole("region", { name: "Dati di fatturazione" });
  // Folded to one line: without other details, the receipt names the account's holder.
  const fold = billing.locator("summary");
  await expect(fold).toHaveText("Ricevuta a nome di Teresa Hopper · Modifica");
  await expect(billing.getByLabel("Nome e cognome")).toBeHidden();
  await fold.click();
  await expect(billing.getByLabel("Nome e cognome")).toHaveValue("Teresa Hopper");
  // A person's invoice needs no VAT number: none is asked for until the club is chosen.
  await expect(billing.getByLabel("Partita IVA")).toBeHidden();

  await billing.getByRole("radio", { name: "Un'azienda, una società sportiva o un'associazione" }).check();
  await expect(billing.getByLabel("Nome e cognome")).toBeHidden();
  await billing.getByLabel("Ragione sociale").fill(CLUB);
  await billing.getByLabel("Partita IVA").fill(VAT_NUMBER_MISTYPED);
  await billing.getByLabel("Via e numero civico").fill("Via Borgo Palazzo 12");
  await billing.getByLabel("CAP").fill("24125");
  await billing.getByLabel("Città").fill("Bergamo");
  await billing.getByLabel("Provincia").fill("BG");
  await expect(billing.getByLabel("Paese")).toHaveValue("IT");
  await billing.getByLabel("Codice destinatario SDI").fill("0000000");
  await billing.getByRole("button", { name: "Salva i dati di fatturazione" }).click();

  const vatNumber = billing.getByLabel("Partita IVA");
  await expect(vatNumber).toHaveAttribute("aria-invalid", "true");
  await expect(vatNumber).toHaveAccessibleDescription(
    /La cifra di controllo della partita IVA non è corretta: controlla di averla scritta bene\.$/,
  );
  await expect(billing.getByRole("alert")).toContainText("Partita IVA");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("billing-refused-phone-it.png"), fullPage: true });

  await vatNumber.fill(VAT_NUMBER);
  await billing.getByRole("button", { name: "Salva i dati di fatturazione" }).click();
  await expect(billing.getByRole("status")).toHaveText("Dati di fatturazione salvati.");
  await expect(fold).toHaveText(`Fattura a nome di ${CLUB} · Modifica`);
  await expect(billing.getByLabel("Ragione sociale")).toBeHidden();

  // Without JavaScript the same form is a plain post, answered with its errors at their fields.
  const plain = await browser.newContext({
    ...PHONE,
    locale: "it-IT",
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto(`/it-IT${RECAP(signupId)}`);
  const plainBilling = noScript.getByRole("region", { name: "Dati di fatturazione" });
  await plainBilling.locator("summary").click();
  await expect(plainBilling.getByLabel("Ragione sociale")).toHaveValue(CLUB);
  await plainBilling.getByLabel("PEC").fill("aurora-at-pec");
  await plainBilling.getByRole("button", { name: "Salva i dati di fatturazione" }).click();
  await expect(plainBilling.getByLabel("PEC")).toHaveAccessibleDescription(/Questo non è un indirizzo PEC/);
  await expect(plainBilling.getByLabel("Partita IVA")).toHaveValue(`IT${VAT_NUMBER}`);
  await plain.close();

  // The English recap, folded, for the screenshot.
  await page.waitForLoadState("networkidle");
  await page.goto(`/en-US${RECAP(signupId)}`);
  await expect(page.getByRole("region", { name: "Billing details" }).locator("summary")).toHaveText(
    `Invoice in the name of ${CLUB} · Edit`,
  );
  await page.screenshot({ path: testInfo.outputPath("billing-saved-phone-en.png"), fullPage: true });

  await page.waitForLoadState("networkidle");
  await page.goto(`/it-IT${RECAP(signupId)}`);
  await page.getByRole("radio", { name: /Carta — dimostrazione/ }).check();
  await page.getByRole("checkbox", { name: /condizioni di iscrizione/ }).check();
  await page.getByRole("button", { name: "Conferma l'iscrizione" }).click();
  await expect(page).toHaveURL(/\/it-IT\/demoPayment\/[\w-]+$/);
  await demoPayButton(page).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagamento ricevuto: iscrizione confermata!");
  await page.waitForLoadState("networkidle");

  // My signups: the invoice, issued as the payment settled, to download.
  await page.goto("/it-IT/modificaDati#iscrizioni");
  const signup = page.getByRole("listitem", { name: "Staffetta delle Mura di Lucca" });
  const invoice = signup.getByRole("link", { name: /^Fattura n\. \S+ \(PDF\)$/ });
  await expect(invoice).toBeVisible();
  const number = /^Fattura n\. (\S+) \(PDF\)$/.exec((await invoice.textContent()) ?? "")?.[1] ?? "";
  expect(number).not.toBe("");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("my-signups-invoice-phone-it.png"), fullPage: true });
  const [download] = await Promise.all([page.waitForEvent("download"), invoice.click()]);
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(await download.path())));
  const { text } = await extractText(pdf, { mergePages: true });
  expect(text).toContain(CLUB);
  expect(text).toContain(`IT${VAT_NUMBER}`);
  expect(text).toContain(number);

  // Her own codice fiscale on the profile: checked by the API, told at the field, kept tidied.
  const personal = page.getByRole("region", { name: "Chi sei" });
  await personal.getByLabel("Codice fiscale").fill("hppTRS80a41h501x");
  await personal.getByRole("button", { name: "Salva" }).click();
  await expect(personal.getByLabel("Codice fiscale")).toHaveAccessibleDescription(
    /La lettera di controllo del codice fiscale non è corretta/,
  );
  await personal.getByLabel("Codice fiscale").fill("rssmra 85t10 a562s");
  await personal.getByRole("button", { name: "Salva" }).click();
  await expect(personal.getByRole("status")).toHaveText("I tuoi dati sono stati salvati.");
  // The save's revalidation done first: a reload in its middle aborts it, and the page says so.
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(page.getByRole("region", { name: "Chi sei" }).getByLabel("Codice fiscale")).toHaveValue(
    "RSSMRA85T10A562S",
  );

  await page.waitForLoadState("networkidle");
  await page.goto("/en-US/modificaDati#iscrizioni");
  await expect(page.getByRole("link", { name: `Invoice no. ${number} (PDF)` })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("my-signups-invoice-phone-en.png"), fullPage: true });
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
  await context.close();
});
