import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { organiserIn, PHONE, payThroughApi } from "./console-fixtures.ts";
import { expectNoAxeViolations, heldSignup, JSON_API, pageErrors, registerQuietly } from "./fixtures.ts";

/**
 * The organiser's billing in the console, in Italian on a phone: a business has paid its signup,
 * so its invoice is issued. The organiser opens Organizzazione, mistypes the VAT number (its check
 * digit is wrong), reads the Italian refusal at the field, corrects it and saves; opens Documenti,
 * finds the invoice waiting to be handed over, downloads its XML, hands the period over (the zip),
 * uploads the SdI's delivery receipt for the invoice's file, reads its preview and applies it: the
 * invoice is delivered. On the suite's server (playwright.config.ts), with this file's organiser
 * (organisers.ts).
 */

/** The SdI's delivery receipt (RC) of the example, for the file `fileName`. */
function deliveryReceipt(fileName: string): Buffer {
  const example = readFileSync(
    new URL("../../../packages/usecases/src/billing/fatturapa/example-notification-RC.xml", import.meta.url),
    "utf8",
  );
  return Buffer.from(example.replace(/<NomeFile>[^<]*<\/NomeFile>/, `<NomeFile>${fileName}</NomeFile>`), "utf8");
}

test("an organiser corrects the VAT number, downloads an invoice's XML and records its delivery", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // A business signs up and pays: the payment issues its invoice.
  await registerQuietly(page.request, "Ada");
  const signupId = await heldSignup(page.request, "Ada");
  const billing = {
    kind: "business",
    name: "Corri Veloce Srl",
    vatNumber: "IT00743110157",
    address: { street: "Via Verdi 2", postalCode: "20121", locality: "Milano", province: "MI", country: "IT" },
    recipientCode: "ABC1234",
  };
  const billed = await page.request.patch(`/api/signups/${signupId}`, {
    headers: JSON_API,
    data: { data: { type: "signups", id: signupId, attributes: { billing } } },
  });
  expect(billed.status()).toBe(200);
  await payThroughApi(page.request, signupId);
  const documents = await page.request.get(`/api/signups/${signupId}/billing-documents`);
  const { data } = (await documents.json()) as { data: { attributes: { kind: string; number: string } }[] };
  const number = data.find((document) => document.attributes.kind === "invoice")?.attributes.number ?? "";
  expect(number).not.toBe("");

  const organiser = await organiserIn(browser, PHONE);
  const olga = organiser.page;
  const errors = pageErrors(olga);
  const nav = olga.getByRole("navigation", { name: "Console" });
  await olga.goto("/it-IT/gestione");
  await nav.getByRole("link", { name: "Organizzazione" }).click();
  await expect(olga.getByRole("heading", { level: 1 })).toHaveText("Organizzazione");

  // One digit wrong: the API refuses the check digit, said at the field in Italian.
  const vatNumber = olga.getByLabel("Partita IVA");
  await vatNumber.fill("02345670225");
  await olga.getByRole("button", { name: "Salva le impostazioni" }).click();
  await expect(vatNumber).toHaveAttribute("aria-invalid", "true");
  await expect(vatNumber).toHaveAccessibleDescription(/La cifra di controllo della partita IVA non è corretta/);
  await expect(olga.getByRole("alert")).toContainText("Correggi 1 campo");
  await expectNoAxeViolations(olga);
  await olga.screenshot({ path: testInfo.outputPath("organisation-refused-phone-it.png"), fullPage: true });

  await vatNumber.fill("02345670224");
  await olga.getByRole("button", { name: "Salva le impostazioni" }).click();
  await expect(olga.getByRole("status").filter({ hasText: "Modifiche salvate." })).toBeVisible();
  await expect(vatNumber).not.toHaveAttribute("aria-invalid");

  await nav.getByRole("link", { name: "Documenti" }).click();
  await expect(olga.getByRole("heading", { level: 1 })).toHaveText("Documenti fiscali");
  // On a phone each document is a card.
  const card = olga.getByRole("listitem").filter({ has: olga.getByRole("heading", { name: `Fattura ${number}` }) });
  await expect(card).toContainText("Corri Veloce Srl");
  await expect(card).toContainText("Da consegnare");

  const [xmlDownload] = await Promise.all([
    olga.waitForEvent("download"),
    card.getByRole("link", { name: `XML del documento ${number}` }).click(),
  ]);
  const xml = readFileSync(await xmlDownload.path(), "utf8");
  expect(xml).toContain("FatturaElettronica");
  expect(xml).toContain(number);
  const fileName = xmlDownload.suggestedFilename();
  expect(fileName).toMatch(/^IT\w+_\w{5}\.xml$/);

  // The period's files for the intermediary: the invoice is handed over.
  const [zipDownload] = await Promise.all([
    olga.waitForEvent("download"),
    olga.getByRole("button", { name: "Scarica lo zip" }).click(),
  ]);
  expect(zipDownload.suggestedFilename()).toMatch(/\.zip$/);
  await olga.reload();
  await expect(card).toContainText("Consegnata all'intermediario");

  await olga.getByLabel("File della notifica").setInputFiles({
    name: fileName.replace(/\.xml$/, "_RC_001.xml"),
    mimeType: "application/xml",
    buffer: deliveryReceipt(fileName),
  });
  await olga.getByRole("button", { name: "Leggi la notifica" }).click();
  const preview = olga.getByRole("region", { name: "Cosa dice la notifica" });
  await expect(preview).toContainText("Ricevuta di consegna (RC)");
  await expect(preview).toContainText(fileName);
  await expect(preview).toContainText(number);
  await expect(preview).toContainText("Recapitata");
  // Nothing changes before it is applied.
  await expect(card).toContainText("Consegnata all'intermediario");
  await expectNoAxeViolations(olga);
  await olga.screenshot({ path: testInfo.outputPath("notification-preview-phone-it.png"), fullPage: true });

  await preview.getByRole("button", { name: "Applica la notifica" }).click();
  await expect(olga.getByRole("status").filter({ hasText: "Notifica applicata" })).toHaveText(
    `Notifica applicata: ${number} ora risulta “Recapitata”.`,
  );
  await expect(card).toContainText("Recapitata");
  await expectNoAxeViolations(olga);
  await olga.screenshot({ path: testInfo.outputPath("documents-phone-it.png"), fullPage: true });
  expect(errors).toEqual([]);
  await organiser.context.close();
});
