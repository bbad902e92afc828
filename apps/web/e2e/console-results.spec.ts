import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { confirmedPerson, organiserEmail, PHONE, payThroughApi } from "./console-fixtures.ts";
import { expectNoAxeViolations, heldSignup, pageErrors, registerQuietly } from "./fixtures.ts";
import { ownEvent } from "./own-event.ts";

/**
 * A race's results in the console, in Italian on a phone: a runner of the 10 km has paid (and so
 * wears a bib); the organiser uploads the timing company's file (`;`-separated, with a byte-order
 * mark) whose bib column the proposal cannot name ("Num. gara"), chooses it, reads the dry run,
 * applies it, opens a line's history and publishes the results as provisional. The runner, in
 * English on her phone, then finds her line by name, downloads her diploma (its text read back) and
 * opens its verification page. On its own copy of the Bergamo event (own-event.ts: its 10 km's results
 * are this file's alone, results.spec.ts imports another for the demo's), with this file's organiser
 * (organisers.ts).
 */

const EVENT = {
  from: "mezza-maratona-delle-mura",
  slug: "giro-delle-mura-cronometrato",
  title: { "it-IT": "Giro delle Mura cronometrato", "en-US": "Walls Loop with times" },
};

/** The bib the one participant of a confirmed signup wears, as its owner reads it. */
async function bibOf(request: APIRequestContext, signupId: string): Promise<number> {
  const read = await request.get(`/api/signups/${signupId}?include=participants`);
  const document = (await read.json()) as { included: { type: string; attributes: { bib?: number | null } }[] };
  const bib = document.included.find((resource) => resource.type === "participants")?.attributes.bib;
  if (!bib) throw new Error("The confirmed participant has no bib.");
  return bib;
}

test("an organiser imports a timing file and publishes it; a runner finds her result and checks her diploma", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const organiser = await confirmedPerson(browser, "Olga", organiserEmail(), PHONE);
  const errors = pageErrors(organiser.page);
  const event = await ownEvent(organiser.page.request, EVENT);
  const raceId = event.appointments["10k"];
  if (!raceId) throw new Error(`${EVENT.slug} has no 10 km`);

  await registerQuietly(page.request, "Ada");
  const signupId = await heldSignup(page.request, "Ada", { event: EVENT.slug, appointment: "10k" });
  await payThroughApi(page.request, signupId);
  const bib = await bibOf(page.request, signupId);

  const olga = organiser.page;
  await olga.goto(`/it-IT/gestione/appuntamenti/${raceId}`);
  await olga
    .getByRole("navigation", { name: "Sezioni dell'appuntamento" })
    .getByRole("link", { name: "Classifica" })
    .click();
  await expect(olga.getByRole("heading", { level: 1 })).toHaveText(/^Classifica: /);
  await expect(olga.getByText("Ancora nessun risultato: importa il file del cronometraggio.")).toBeVisible();

  const file = `\uFEFFNum. gara;Atleta;Tempo;Stato\n${bib};Hopper Ada;0:45:12,3;\n9001;Rossi Mario;0:50:01;\n9002;Verdi Bea;;Rit.\n`;
  await olga.getByLabel("File dei tempi").setInputFiles({
    name: "tempi.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(file, "utf8"),
  });
  await olga.getByRole("button", { name: "Leggi il file" }).click();
  const preview = olga.getByRole("region", { name: "Anteprima del file" });
  await expect(preview).toContainText("File CSV, 3 righe lette.");
  // The proposal names no bib column: every row is left out, and says why.
  const bibColumn = preview.getByLabel("Pettorale", { exact: true });
  await expect(bibColumn).toHaveValue("");
  await expect(preview.getByLabel("Tempo ufficiale", { exact: true })).toHaveValue("2");
  await expect(preview.getByRole("heading", { name: "3 righe scartate" })).toBeVisible();
  await expect(preview.getByRole("cell", { name: "Manca il pettorale." })).toHaveCount(3);

  await bibColumn.selectOption({ label: "Num. gara" });
  await preview.getByRole("button", { name: "Rifai l'anteprima" }).click();
  const dryRun = olga.getByRole("region", { name: "Cosa cambierebbe applicandolo" });
  await expect(dryRun.getByRole("heading", { name: "2 pettorali senza partecipante" })).toBeVisible();
  await expect(dryRun).toContainText("9001, 9002");
  await expect(dryRun).not.toContainText("righe scartate");
  await expect(olga.getByLabel("Pettorale", { exact: true })).toHaveValue("0");
  await expectNoAxeViolations(olga);
  await olga.screenshot({ path: testInfo.outputPath("results-preview-phone-it.png"), fullPage: true });

  await olga.getByRole("button", { name: "Applica il file" }).click();
  await expect(olga.getByRole("status").filter({ hasText: "File applicato." })).toHaveText(
    "File applicato. Nuovi: 3; cambiati: 0; invariati: 0.",
  );
  const table = olga.getByRole("figure", { name: "Risultati" });
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByRole("row", { name: /Ada Hopper/ })).toContainText("45:12.3");
  await expect(table.getByRole("row", { name: /Verdi Bea/ })).toContainText("Ritiro (DNF)");

  // A line's own screen: what it says, and the raw time it came from.
  await table.getByRole("link", { name: /Ada Hopper/ }).click();
  await expect(olga.getByRole("heading", { level: 1 })).toHaveText(`Pettorale ${bib} · Ada Hopper`);
  await expect(olga.getByRole("region", { name: "Storico" })).toContainText("File, riga 2");
  await expectNoAxeViolations(olga);
  await olga.getByRole("link", { name: "Torna alla classifica" }).click();

  await olga.getByLabel("Stato della classifica").selectOption("provisional");
  await olga.getByRole("button", { name: "Salva le impostazioni" }).click();
  await expect(olga.getByText("Stato della classifica: Provvisoria.")).toBeVisible();
  await expect(olga.getByRole("status").filter({ hasText: "Modifiche salvate." })).toBeVisible();
  // Published results never go back to unpublished: the choice is gone.
  await expect(olga.getByLabel("Stato della classifica").locator("option")).toHaveText(["Provvisoria", "Ufficiale"]);
  await expectNoAxeViolations(olga);
  await olga.screenshot({ path: testInfo.outputPath("results-phone-it.png"), fullPage: true });
  expect(errors).toEqual([]);
  await organiser.context.close();

  // Ada, in English on her phone, finds her line by name, opens it, downloads her diploma from My
  // signups, and checks it where its QR code leads.
  const ada = page;
  const adaErrors = pageErrors(ada);
  await ada.setViewportSize(PHONE.viewport);
  await ada.goto(`/en-US/evento/${EVENT.slug}/appuntamento/10k/classifica`);
  await ada.getByLabel("Name, bib or club").fill("hopper");
  await ada.getByRole("button", { name: "Show results" }).click();
  await ada.getByRole("link", { name: "Hopper Ada" }).click();
  await expect(ada.getByRole("heading", { level: 1 })).toHaveText("Ada Hopper");
  await expect(ada.getByRole("main")).toContainText("45:12.3");
  await expectNoAxeViolations(ada);

  await ada.goto("/en-US/modificaDati");
  const [download] = await Promise.all([
    ada.waitForEvent("download"),
    ada.getByRole("link", { name: "Diploma (PDF)" }).click(),
  ]);
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(await download.path())));
  const { text } = await extractText(pdf, { mergePages: true });
  expect(text).toContain("Ada Hopper");
  expect(text).toContain("45:12.3");
  const code = /\/attestato\/([0-9A-Z]{10})/.exec(text)?.[1];
  expect(code).toBeDefined();
  await ada.goto(`/en-US/attestato/${code}`);
  await expect(ada.getByRole("heading", { level: 1 })).toContainText("This diploma is genuine");
  await expect(ada.getByRole("main")).toContainText("Ada Hopper");
  await expectNoAxeViolations(ada);
  expect(adaErrors).toEqual([]);
});
