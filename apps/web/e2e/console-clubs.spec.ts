import { expect, test } from "@playwright/test";
import { confirmedPerson, organiserEmail, PHONE } from "./console-fixtures.ts";
import { expectNoAxeViolations, pageErrors } from "./fixtures.ts";
import { ownEvent } from "./own-event.ts";

/**
 * An event's federation cards and its clubs in the console, in Italian on a phone: the organiser
 * accepts FIDAL cards, uploads FIDAL's list (`;`-separated, with a byte-order mark and a row
 * without a card), reads the dry run and its row left out, applies it and sees the cards in force;
 * then opens the event's club entries. On its own copy of the Bergamo event (own-event.ts: the list's
 * cards are checked in every signup of the event), with this file's organiser (organisers.ts).
 */

const EVENT = {
  from: "mezza-maratona-delle-mura",
  slug: "mezza-delle-mura-tessere",
  title: { "it-IT": "Giro delle Mura dei tesserati", "en-US": "Walls Loop for card holders" },
};

const FIDAL_LIST = [
  "\uFEFFTessera;Cognome;Nome;Data di nascita;Scadenza;Società",
  "AB001;Rossi;Mario;01/02/1980;31/12/2030;Atletica Mura",
  "AB002;Bianchi;Anna;15/06/1992;31/12/2030;Atletica Mura",
  ";Senza;Tessera;;;",
].join("\r\n");

test("the organiser accepts FIDAL cards, applies FIDAL's list and opens the club entries", async ({
  browser,
}, testInfo) => {
  const organiser = await confirmedPerson(browser, "Olga", organiserEmail(), PHONE);
  const olga = organiser.page;
  const errors = pageErrors(olga);
  const event = await ownEvent(olga.request, EVENT);

  await olga.goto(`/it-IT/gestione/eventi/${event.id}`);
  const tabs = olga.getByRole("navigation", { name: "Sezioni dell'evento" });
  await tabs.getByRole("link", { name: "Tessere" }).click();
  await expect(olga.getByRole("heading", { level: 1 })).toHaveText(/^Tessere: /);
  await olga.getByRole("checkbox", { name: "FIDAL" }).check();
  await olga.getByRole("button", { name: "Salva le tessere accettate" }).click();
  await expect(olga.getByRole("status").filter({ hasText: "Modifiche salvate." })).toBeVisible();

  const list = olga.getByRole("region", { name: "Elenco tessere FIDAL" });
  await expect(list).toContainText("Nessun elenco ancora: la tessera è presa come è scritta.");
  await list.getByLabel("File dell'elenco FIDAL (CSV)").setInputFiles({
    name: "tesserati-fidal.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(FIDAL_LIST, "utf8"),
  });
  await list.getByRole("button", { name: "Leggi il file" }).click();
  const preview = olga.getByRole("region", { name: "Anteprima: cosa cambierebbe applicandolo" });
  await expect(preview.getByRole("definition").nth(1)).toHaveText("2");
  await expect(preview.getByRole("heading", { name: "1 riga scartata" })).toBeVisible();
  await expect(preview.getByRole("row", { name: /^4 / })).toContainText("Manca la tessera.");
  await expectNoAxeViolations(olga);
  await olga.screenshot({ path: testInfo.outputPath("card-list-preview-phone-it.png"), fullPage: true });

  await preview.getByRole("button", { name: "Applica" }).click();
  await expect(olga.getByRole("status").filter({ hasText: "Elenco applicato." })).toHaveText(
    "Elenco applicato. Aggiunte: 2; tolte: 0; cambiate: 0; invariate: 0.",
  );
  await expect(olga.getByRole("region", { name: "Elenco tessere FIDAL" })).toContainText(
    /2 tessere in vigore, dal file applicato il /,
  );
  await expectNoAxeViolations(olga);
  await olga.screenshot({ path: testInfo.outputPath("card-lists-phone-it.png"), fullPage: true });

  // The event's clubs: none has entered yet (club entries are made by the clubs' managers).
  await tabs.getByRole("link", { name: "Club" }).click();
  await expect(olga.getByRole("heading", { level: 1 })).toHaveText(/^Club iscritti: /);
  await expect(olga.getByText("0 iscrizioni di club")).toBeVisible();
  await expect(olga.getByText("Nessun club si è ancora iscritto a questo evento.")).toBeVisible();
  await expectNoAxeViolations(olga);
  await olga.screenshot({ path: testInfo.outputPath("club-entries-phone-it.png"), fullPage: true });
  expect(errors).toEqual([]);
  await organiser.context.close();
});
