import { expect, type Page, test } from "@playwright/test";
import { PHONE } from "./console-fixtures.ts";
import {
  CERTIFICATE,
  demoPayButton,
  expectNoAxeViolations,
  isoDay,
  mailText,
  newEmail,
  pageErrors,
  registerQuietly,
} from "./fixtures.ts";

/**
 * A club's entry, the journey (docs/decisions/068-club-entries.md), in Italian on a phone,
 * against the suite's server (playwright.config.ts): a club's secretary
 * makes the club, uploads the roster as a spreadsheet saves it (`;` between cells, a UTF-8 BOM,
 * Italian headers) for the Bergamo Walls Half Marathon's 10 km, which asks for a competitive
 * certificate; the preview shows two rows with problems, an unreadable birth date and a missing
 * gender, each at its field; she fixes both in place (the second without JavaScript), holds the
 * places, finds the club at the recap as the invoice's buyer, and pays with the demonstration card.
 * The entry's page then lists who still has their own part to give; one athlete opens the link
 * mailed to her, gives her consents, emergency contact and certificate, and sees it done.
 */

const CLUB = "ASD Podistica Aurora";
/** An Italian VAT number whose check digit is right. */
const VAT_NUMBER = "12345678903";

/**
 * The roster as a spreadsheet exports it: Windows line ends, `;`, a BOM, Italian headers, names in
 * capitals. Its cards are this file's own: the entry refuses a card already signed up for the race,
 * and other journeys on the suite's server sign up for the 10 km with theirs.
 */
function rosterFile(emails: { lucia: string; marco: string; giulia: string; paolo: string }) {
  const lines = [
    "Nome;Cognome;Data di nascita;Sesso;Email;Tessera",
    `Lucia;Bianchi;14/03/1992;F;${emails.lucia};FIDAL-LB1992`,
    `MARCO;VERDI;02/11/88;M;${emails.marco};FIDAL-MV1988`,
    `Giulia;Neri;31/02/1990;F;${emails.giulia};FIDAL-GN1990`,
    `Paolo;Russo;07/07/1985;;${emails.paolo};FIDAL-PR1985`,
  ];
  return { name: "atleti.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`) };
}

/** The page's width holds its content: nothing scrolls sideways on the phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a club's secretary enters the roster, fixes two rows, holds and pays; an athlete gives her part", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ ...PHONE, locale: "it-IT" });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await registerQuietly(page.request, "Teresa");
  const emails = {
    lucia: newEmail("lucia"),
    marco: newEmail("marco"),
    giulia: newEmail("giulia"),
    paolo: newEmail("paolo"),
  };

  // The club, made on "I miei club".
  await page.goto("/it-IT/club");
  const create = page.getByRole("region", { name: "Crea un club" });
  await create.getByLabel("Nome della società").fill(CLUB);
  await create.getByLabel("Federazione o ente di promozione").fill("FIDAL");
  await create.getByLabel("Email di contatto").fill("segreteria@aurora.example");
  await create.getByRole("button", { name: "Crea il club" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(CLUB);
  const clubUrl = page.url();

  // A new entry for the 10 km, from the roster file.
  const entry = page.getByRole("region", { name: "Nuova iscrizione" });
  const race = entry.getByLabel("Gara").locator("option", { hasText: /^10 km, Mezza Maratona delle Mura · / });
  await entry.getByLabel("Gara").selectOption((await race.getAttribute("value")) ?? "");
  await entry.getByLabel("File dell'elenco (CSV o Excel)").setInputFiles(rosterFile(emails));
  await expectNoAxeViolations(page);
  await entry.getByRole("button", { name: "Vedi l'anteprima" }).click();
  await expect(page).toHaveURL(/\/it-IT\/club\/[\w-]+\/iscrizioni\/[\w-]+$/);
  const entryUrl = page.url();

  // The preview: four rows, two ready, two to fix, each problem at its field.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anteprima dell'iscrizione");
  const summary = page.locator(".entry-summary");
  await expect(summary).toContainText("Righe4");
  await expect(summary).toContainText("Pronte2");
  await expect(summary).toContainText("Con problemi2");
  const ready = page.getByRole("region", { name: /^Pronti/ });
  await expect(ready).toContainText("Lucia Bianchi");
  await expect(ready).toContainText("Marco Verdi");
  await expect(ready).toContainText("tessera FIDAL-LB1992");
  const giulia = page.getByRole("listitem", { name: "Riga 4 · Giulia Neri" });
  await expect(giulia.getByLabel("Data di nascita")).toHaveAttribute("aria-invalid", "true");
  await expect(giulia.getByLabel("Data di nascita")).toHaveAccessibleDescription(
    "Nel file questa data non si legge: inseriscila qui.",
  );
  const paolo = page.getByRole("listitem", { name: "Riga 5 · Paolo Russo" });
  await expect(paolo.getByLabel("Genere")).toHaveAttribute("aria-invalid", "true");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("club-entry-preview-phone-it.png"), fullPage: true });
  await page.waitForLoadState("networkidle");
  await page.goto(entryUrl.replace("/it-IT/", "/en-US/"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entry preview");
  await expect(
    page.getByRole("listitem", { name: "Row 4 · Giulia Neri" }).getByLabel("Date of birth"),
  ).toHaveAccessibleDescription("This date cannot be read in the file: enter it here.");
  await page.screenshot({ path: testInfo.outputPath("club-entry-preview-phone-en.png"), fullPage: true });
  await page.waitForLoadState("networkidle");
  await page.goto(entryUrl);

  // Fixed in place: the birth date here, the gender without JavaScript.
  await giulia.getByLabel("Data di nascita").fill("1990-02-28");
  await giulia.getByRole("button", { name: "Salva la riga 4" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Riga 4 corretta: ora è pronta.");
  await expect(summary).toContainText("Pronte3");
  await page.waitForLoadState("networkidle");
  const plain = await browser.newContext({
    ...PHONE,
    locale: "it-IT",
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto(entryUrl);
  const paoloPlain = noScript.getByRole("listitem", { name: "Riga 5 · Paolo Russo" });
  await paoloPlain.getByLabel("Genere").selectOption("male");
  await paoloPlain.getByRole("button", { name: "Salva la riga 5" }).click();
  await expect(noScript.getByRole("main").getByRole("status")).toHaveText("Riga 5 corretta: ora è pronta.");
  await plain.close();

  // All four held at once, on to the recap.
  await page.reload();
  await expect(summary).toContainText("Pronte4");
  await expect(page.getByRole("region", { name: /^Da correggere/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Tieni i posti per 4 atleti" }).click();
  await expect(page).toHaveURL(
    /\/it-IT\/evento\/mezza-maratona-delle-mura\/appuntamento\/10k\/iscrizione\/[\w-]+\/recap$/,
  );
  const recapUrl = page.url();
  const athletes = page.getByRole("region", { name: "Atleti della società" });
  await expect(athletes).toContainText(`${CLUB} · 4 atleti`);
  await expect(athletes).toContainText("Giulia Neri");
  await expect(athletes.getByRole("link", { name: /Modifica/ })).toHaveCount(0);
  // The invoice names the club: the details open on it, its VAT number and address to give.
  const billing = page.getByRole("region", { name: "Dati di fatturazione" });
  await expect(billing.getByRole("radio", { name: /Un'azienda, una società sportiva/ })).toBeChecked();
  await expect(billing.getByLabel("Ragione sociale")).toHaveValue(CLUB);
  await billing.getByLabel("Partita IVA").fill(VAT_NUMBER);
  await billing.getByLabel("Via e numero civico").fill("Via Borgo Palazzo 12");
  await billing.getByLabel("CAP").fill("24125");
  await billing.getByLabel("Città").fill("Bergamo");
  await billing.getByLabel("Provincia").fill("BG");
  await billing.getByLabel("Codice destinatario SDI").fill("0000000");
  await billing.getByRole("button", { name: "Salva i dati di fatturazione" }).click();
  await expect(billing.getByRole("status")).toHaveText("Dati di fatturazione salvati.");
  await expect(billing.locator("summary")).toHaveText(`Fattura a nome di ${CLUB} · Modifica`);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("club-recap-phone-it.png"), fullPage: true });
  await page.waitForLoadState("networkidle");
  await page.goto(recapUrl.replace("/it-IT/", "/en-US/"));
  await expect(page.getByRole("region", { name: "The club's athletes" })).toContainText(`${CLUB} · 4 athletes`);
  await page.screenshot({ path: testInfo.outputPath("club-recap-phone-en.png"), fullPage: true });
  await page.waitForLoadState("networkidle");

  // Paid with the demonstration card.
  await page.goto(recapUrl);
  await page.getByRole("radio", { name: /Carta — dimostrazione/ }).check();
  await page.getByRole("checkbox", { name: /condizioni di iscrizione/ }).check();
  await page.getByRole("button", { name: "Conferma l'iscrizione" }).click();
  await expect(page).toHaveURL(/\/it-IT\/demoPayment\/[\w-]+$/);
  await demoPayButton(page).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagamento ricevuto: iscrizione confermata!");
  await page.waitForLoadState("networkidle");

  // My signups shows the club's entry; the club's page leads to it, which lists who is still missing a part.
  await page.goto("/it-IT/modificaDati#iscrizioni");
  const signup = page.getByRole("listitem", { name: "Mezza Maratona delle Mura" });
  await expect(signup).toContainText(`${CLUB} · 4 atleti`);
  await expectNoAxeViolations(page);
  await page.goto(clubUrl);
  await page
    .getByRole("region", { name: "Iscrizioni della società" })
    .getByRole("link", { name: /^10 km/ })
    .click();
  await expect(page).toHaveURL(entryUrl);
  const missing = page.getByRole("region", { name: /^Chi deve ancora completare la sua parte/ });
  await expect(missing).toContainText("(4)");
  await expect(missing.getByRole("listitem").filter({ hasText: "Lucia Bianchi" })).toContainText(
    "manca: consensi, contatto di emergenza, certificato medico",
  );
  // Her link went a moment ago: asking for it again so soon is refused at her row, with when to try.
  const lucia = missing.getByRole("listitem").filter({ hasText: "Lucia Bianchi" });
  await expect(lucia).toContainText("link inviato");
  await lucia.getByRole("button", { name: "Invia di nuovo il link a Lucia Bianchi" }).click();
  await expect(lucia.getByRole("alert")).toContainText(
    "Un link è partito per questo atleta pochi minuti fa: riprova tra",
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("club-entry-held-phone-it.png"), fullPage: true });

  // Lucia opens the link mailed to her, on her own phone, without an account.
  const athleteContext = await browser.newContext({ ...PHONE, locale: "it-IT" });
  const athlete = await athleteContext.newPage();
  const athleteErrors = pageErrors(athlete);
  // The outbox in a page of its own: it is no page of the site's, and has no icon.
  const mail = await mailText(await athleteContext.newPage(), emails.lucia, /Completa la tua iscrizione/);
  const link = /https?:\/\/\S+\/atleta\?token=[\w-]+/.exec(mail)?.[0] ?? "";
  expect(link).not.toBe("");
  await athlete.goto(link);
  await athlete.getByRole("checkbox", { name: /regolamento/ }).check();
  await athlete.getByRole("checkbox", { name: /privacy/ }).check();
  await athlete.getByLabel("Contatto di emergenza", { exact: true }).fill("Anna Bianchi");
  await athlete.getByLabel("Telefono del contatto di emergenza").fill("+39 035 555 0100");
  await athlete.getByLabel("Certificato medico", { exact: true }).setInputFiles(CERTIFICATE);
  await athlete.getByLabel("Certificato valido fino al").fill(isoDay(400));
  await expectNoAxeViolations(athlete);
  await athlete.getByRole("button", { name: "Conferma i miei dati" }).click();
  await expect(athlete.getByRole("heading", { level: 1 })).toHaveText("Grazie, Lucia!");
  await expect(athlete.getByRole("main").getByRole("status")).toContainText("I tuoi dati sono registrati");
  await expectNoAxeViolations(athlete);
  await athlete.screenshot({ path: testInfo.outputPath("athlete-done-phone-it.png"), fullPage: true });
  expect(athleteErrors).toEqual([]);
  await athleteContext.close();

  // The entry's page no longer lists her.
  await page.reload();
  await expect(missing).toContainText("(3)");
  await expect(missing).not.toContainText("Lucia Bianchi");
  await page.waitForLoadState("networkidle");

  // The held athletes are in the club's roster now: picked again for the same race, the preview says so.
  await page.goto(clubUrl);
  const again = page.getByRole("region", { name: "Nuova iscrizione" });
  await again.getByLabel("Gara").selectOption((await race.getAttribute("value")) ?? "");
  await again
    .getByRole("group", { name: "Oppure scegli dall'elenco della società (4 atleti)" })
    .getByLabel(/^Bianchi Lucia/)
    .check();
  await again.getByRole("button", { name: "Vedi l'anteprima" }).click();
  await expect(page.getByRole("listitem", { name: "Riga 1 · Lucia Bianchi" })).toContainText(
    "Questo atleta è già iscritto a questa gara.",
  );
  await expect(page.getByRole("region", { name: "Tieni i posti" })).toContainText("Nessuna riga è pronta");
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
  await context.close();
});
