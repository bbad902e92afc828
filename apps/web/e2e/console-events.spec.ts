import { expect, type Page, test } from "@playwright/test";
import { organiserIn } from "./console-fixtures.ts";
import {
  expectNoAxeViolations,
  heldSignup,
  isoDay,
  mailText,
  newEmail,
  pageErrors,
  payWithDemoCard,
  registerQuietly,
} from "./fixtures.ts";
import { ownEvent } from "./own-event.ts";

/**
 * The console's events: an organiser creates and publishes one, edits the site's information pages
 * (and gives the FAQ its title back: after-signup.spec.ts reads it), cancels a race of their own copy
 * of the Bergamo event (own-event.ts), and is told at each field what to fix, in Italian.
 */

// Both journeys are the one organiser's: the second logs in with the account the first made.
test.describe.configure({ mode: "serial" });

async function fillEvent(page: Page, slug: string) {
  await page.getByLabel("Title (it-IT)").fill("Trail dei castagni");
  await page.getByLabel("Title (en-US)").fill("Chestnut trail");
  await page.getByLabel("Summary (it-IT)").fill("Dodici chilometri nel bosco");
  await page.getByLabel("Summary (en-US)").fill("Twelve kilometres in the woods");
  await page.getByLabel("Short address (slug)").fill(slug);
  await page.getByLabel("Start", { exact: true }).fill(`${isoDay(40)}T09:00`);
  await page.getByLabel("End", { exact: true }).fill(`${isoDay(40)}T14:00`);
  await page.getByLabel("Venue").fill("Piazza del Mercato");
  await page.getByLabel("Town").fill("Marradi");
  await page.getByLabel(/^Country/).fill("IT");
  await page.getByLabel("Latitude").fill("44.07");
  await page.getByLabel("Longitude").fill("11.61");
  await page.getByLabel("Medical certificate").selectOption("non-competitive");
  await page.getByLabel("Refund until (days before; empty: never)").fill("7");
  await page.getByLabel("T-shirt sizes (comma separated)").fill("S, M, L");
}

async function addAppointment(page: Page, slug: string, title: string, capacity: string) {
  const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "Add an appointment" }) });
  await form.getByLabel("Title (en-US)").fill(title);
  await form.getByLabel("Title (it-IT)").fill(title);
  await form.getByLabel("Short address (slug)").fill(slug);
  await form.getByLabel("Places").fill(capacity);
  await form.getByRole("button", { name: "Add an appointment" }).click();
  await expect(page.getByRole("status")).toHaveText("Changes saved.");
}

test("an organiser creates an event in Italian and English, with two appointments and a stay, and publishes it", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = (await organiserIn(browser, { viewport: { width: 1280, height: 900 } })).page;
  const slug = `chestnut-trail-${Date.now().toString(36)}`;

  await page.goto("/gestione/eventi");
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "New event" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New event" })).toBeVisible();
  await expectNoAxeViolations(page);
  await fillEvent(page, slug);
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Chestnut trail" })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  await expect(page.getByText("Missing in: German, French, Spanish").first()).toBeVisible();
  const eventId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  await expect(page.getByLabel("T-shirt sizes (comma separated)")).toHaveValue("S, M, L");
  await expect(page.getByLabel("Medical certificate")).toHaveValue("non-competitive");

  // Published too soon, on a phone: refused, the list of what to fix at the top, focused.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "The event cannot be published yet:" });
  await expect(refusal).toBeFocused();
  await expect(refusal.getByRole("listitem")).toHaveText(["Add at least one appointment."]);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("console-publish-refused-phone.png") });
  await page.setViewportSize({ width: 1280, height: 900 });

  await addAppointment(page, "long", "Long 21 km", "150");
  await addAppointment(page, "short", "Short 12 km", "200");
  await expect(page.getByText(/Long 21 km/)).toBeVisible();
  await expect(page.getByText(/Short 12 km/)).toBeVisible();

  // The appointment's own screen: its capacity, prices by date and bibs.
  await page.getByRole("link", { name: "Long 21 km" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Long 21 km" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Places").fill("160");
  // Prices by date, a row each: 25.00 until a day, then 30.00 until the start.
  const firstPrice = page.getByRole("group", { name: "Price 1" });
  await firstPrice.getByLabel("Last day").fill(isoDay(20));
  await firstPrice.getByLabel("Amount (EUR)").fill("25.00");
  await page.getByRole("button", { name: "Add a price" }).click();
  await page.getByRole("group", { name: "Price 2" }).getByLabel("Amount (EUR)").fill("30.00");
  await page.getByLabel("First bib").fill("1");
  await page.getByLabel("Last bib").fill("160");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Changes saved.");
  await expect(page.getByText("0 of 160 places taken")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("group", { name: "Price 2" }).getByLabel("Amount (EUR)")).toHaveValue("30.00");
  await page.getByRole("link", { name: "Chestnut trail" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Chestnut trail" })).toBeVisible();

  const stayForm = page.locator("form").filter({ has: page.getByRole("heading", { name: "Add a stay" }) });
  await stayForm.getByLabel("Name (it-IT)").fill("Locanda");
  await stayForm.getByLabel("Name (en-US)").fill("Inn");
  await stayForm.getByLabel("Short address (slug)").fill("locanda");
  await stayForm.getByLabel("First night").fill(isoDay(39));
  await stayForm.getByLabel("Last night").fill(isoDay(40));
  await stayForm.getByRole("button", { name: "Add a stay" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inn" })).toBeVisible();
  const roomForm = page.locator("form").filter({ has: page.getByRole("heading", { name: "Add a room type" }) });
  await roomForm.getByLabel("Name (en-US)").fill("Double room");
  await roomForm.getByLabel("Price per night (EUR)").fill("80");
  await roomForm.getByRole("button", { name: "Add a room type" }).click();
  await expect(page.getByRole("status")).toHaveText("Changes saved.");
  await expect(page.getByRole("form", { name: "Double room" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Chestnut trail" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Chestnut trail" })).toBeVisible();
  await expect(page.getByText(/^Inn/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("console-event-desktop.png"), fullPage: true });

  // On a phone the languages stack, each labelled with its own.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByLabel("Title (de-DE)").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("console-event-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Not public while a draft.
  expect((await page.request.get(`/api/events/${slug}`)).status()).toBe(404);
  // The organiser previews the draft; nobody else sees it.
  await page.getByRole("link", { name: "Preview (it-IT)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Trail dei castagni" })).toBeVisible();
  const anonymous = await browser.newContext();
  expect((await anonymous.request.get(`/it-IT/evento/${slug}?anteprima=1`)).status()).toBe(404);
  await anonymous.close();
  await page.goto(`/gestione/eventi/${eventId}`);
  // Over ten times the demo's largest appointment: publishing asks first, and works without JavaScript.
  await addAppointment(page, "open", "Open 5 km", "30000");
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
  });
  const noScript = await plain.newPage();
  await noScript.goto(`/gestione/eventi/${eventId}`);
  await noScript.getByRole("button", { name: "Publish", exact: true }).click();
  const check = noScript.getByRole("alert").filter({ hasText: "Check the places before publishing:" });
  await expect(check).toBeFocused();
  await expect(check.getByRole("listitem")).toHaveText([/^Open 5 km: 30,000 places, over ten times/]);
  await noScript.screenshot({ path: test.info().outputPath("console-publish-confirm-phone.png") });
  await check.getByRole("button", { name: "Publish with these places" }).click();
  await expect(noScript.getByText("Published", { exact: true })).toBeVisible();
  await plain.close();
  await page.reload();
  await expect(page.getByText("Published", { exact: true })).toBeVisible();

  await page.goto("/evento");
  await expect(page.getByRole("link", { name: /Chestnut trail/ }).first()).toBeVisible();
  await page.goto(`/evento/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: "Chestnut trail" })).toBeVisible();
  await expect(page.getByText(/Long 21 km/).first()).toBeVisible();

  await page.goto("/gestione/eventi");
  await expect(page.getByRole("row").filter({ hasText: "Chestnut trail" }).first()).toContainText("Published");
  await expect(page.getByRole("row").filter({ hasText: "Chestnut trail" }).first()).not.toContainText("Past");
  // The demo's Gran Fondo was ridden four weeks ago.
  await expect(page.getByRole("row").filter({ hasText: "Trabocchi Coast Gran Fondo" })).toContainText("Published Past");

  // The information pages, edited in every language.
  await page.goto("/gestione/pagine");
  await expect(page.getByRole("heading", { level: 1, name: "Information pages" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Title (it-IT)").fill("Come arrivare");
  await page.getByLabel("Title (en-US)").fill("Getting there");
  await page.getByLabel("Short address (slug)").fill("come-arrivare");
  await page.getByRole("button", { name: "Add a page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Getting there" })).toBeVisible();
  await page.goto("/gestione/pagine/faq");
  await expectNoAxeViolations(page);
  const title = page.getByLabel("Title (en-US)");
  const faqTitle = await title.inputValue();
  await title.fill(`${faqTitle} and answers`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Changes saved.");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("and answers");
  // The FAQ is the whole site's: its title as it was, for the journeys that read it.
  await title.fill(faqTitle);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText("and answers");
  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(faqTitle);
  await page.context().close();
});

/** The 10 km of the spec's own copy of the Bergamo event: a race among others of its event. */
const EVENT = {
  from: "mezza-maratona-delle-mura",
  slug: "giro-delle-mura-ridotto",
  title: { "it-IT": "Giro delle Mura ridotto", "en-US": "Walls Loop cut short" },
};
const APPOINTMENT_PAGE = `/evento/${EVENT.slug}/appuntamento/10k`;

test("the organiser cancels one appointment: its paid runner is refunded and told, the public pages say so", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = (await organiserIn(browser, { viewport: { width: 390, height: 844 } })).page;
  const event = await ownEvent(page.request, EVENT);
  const appointmentId = event.appointments["10k"];

  // A runner signs up for the 10 km and pays with the demonstration card.
  const runnerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const runner = await runnerContext.newPage();
  const runnerEmail = await registerQuietly(runner.request, "Katherine", newEmail("katherine"));
  const signupId = await heldSignup(runner.request, "Katherine", { event: EVENT.slug, appointment: "10k" });
  await runner.goto(`${APPOINTMENT_PAGE}/iscrizione/${signupId}/recap`);
  await payWithDemoCard(runner);

  // The organiser cancels the 10 km from its console screen, on a phone.
  await page.goto(`/gestione/appuntamenti/${appointmentId}`);
  await expect(page.getByRole("heading", { level: 1, name: "10 km" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .locator("form.console-cancel")
    .screenshot({ path: test.info().outputPath("console-appointment-cancel-form.png") });
  // The cancel form works without JavaScript: a plain POST and the page the server answers.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
  });
  const noScript = await plain.newPage();
  await noScript.goto(`/gestione/appuntamenti/${appointmentId}`);
  const cancelForm = noScript.locator("form.console-cancel");
  await cancelForm.getByRole("checkbox", { name: /I confirm: cancel this appointment/ }).check();
  await cancelForm.getByRole("button", { name: "Cancel the appointment" }).click();
  await expect(noScript.getByRole("status")).toHaveText("Changes saved.");
  await expect(noScript.getByText("This appointment is cancelled", { exact: false })).toBeVisible();
  await expect(noScript.locator("form.console-cancel")).toHaveCount(0);
  await plain.close();
  await page.reload();
  await expect(page.getByText("This appointment is cancelled", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("console-appointment-cancelled-phone.png"), fullPage: true });

  // The event's console screen marks it.
  await page.goto(`/gestione/eventi/${event.id}`);
  await expect(page.getByRole("listitem").filter({ hasText: "10 km" })).toContainText("Cancelled");
  await expectNoAxeViolations(page);

  // The runner's signups show it cancelled, with its refund; the mail says so.
  await runner.goto("/modificaDati#iscrizioni");
  const item = runner
    .getByRole("listitem")
    .filter({ has: runner.getByRole("heading", { name: EVENT.title["en-US"] }) });
  await expect(item).toContainText("Cancelled");
  await expect(item).toContainText(/Refunded: €\d+/);
  const mail = await mailText(runner, runnerEmail, /Race cancelled/);
  expect(mail).toContain(`The organiser has cancelled ${EVENT.title["en-US"]} – 10 km`);

  // The public event page shows the 10 km cancelled, with no sign-up button; its own page too.
  await runner.goto(`/evento/${EVENT.slug}`);
  const row = runner.getByRole("row").filter({ hasText: "10 km" });
  await expect(row).toContainText("Cancelled");
  await expect(row.getByRole("button")).toHaveCount(0);
  await row.screenshot({ path: test.info().outputPath("public-appointment-cancelled-row.png") });
  await runner.goto(APPOINTMENT_PAGE);
  await expect(runner.getByText("The organiser has cancelled this appointment", { exact: false })).toBeVisible();
  await expect(runner.getByRole("button", { name: /Sign up/ })).toHaveCount(0);
  await runnerContext.close();
  await page.context().close();
});

test("on a phone in Italian, each refused form says what to fix at its field, in Italian, and focuses its summary", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = (await organiserIn(browser, { viewport: { width: 390, height: 844 } })).page;
  const errors = pageErrors(page);
  const slug = `trail-del-lago-${Date.now().toString(36)}`;
  /** The form's summary of what to fix: focused, counting the fields, and the page accessible. */
  const refused = async (form: string, count: number) => {
    const summary = page.locator(`#${form}-error`);
    await expect(summary).toBeFocused();
    await expect(summary).toContainText(count === 1 ? "Correggi 1 campo:" : `Correggi ${count} campi:`);
    await expectNoAxeViolations(page);
  };
  /** What the organiser sees once refused: the summary, where the focus went. */
  const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`console-it-${name}-phone.png`) });

  // The event: first what the browser checks (the title, the slug, a number of days)...
  await page.goto("/it-IT/gestione/eventi/nuovo");
  await expect(page.getByRole("heading", { level: 1, name: "Nuovo evento" })).toBeVisible();
  await page.getByLabel("Indirizzo breve (slug)").fill("Trail Del Lago!");
  await page.getByLabel("Inizio", { exact: true }).fill(`${isoDay(45)}T09:00`);
  await page.getByLabel("Fine", { exact: true }).fill(`${isoDay(44)}T15:00`);
  await page.getByLabel("Luogo", { exact: true }).fill("Lungolago");
  await page.getByLabel("Località", { exact: true }).fill("Bellagio");
  await page.getByLabel(/^Check-in aperto/).fill("-1");
  await page.getByRole("button", { name: "Crea bozza" }).click();
  await refused("event", 3);
  await expect(page.getByRole("group", { name: "Titolo", exact: true })).toHaveAccessibleDescription(
    /Indica il titolo in almeno una lingua\./,
  );
  await expect(page.getByLabel("Indirizzo breve (slug)")).toHaveAccessibleDescription(
    /Usa lettere minuscole, cifre e trattini singoli, come trail-del-lago\.$/,
  );
  await expect(page.getByLabel(/^Check-in aperto/)).toHaveAccessibleDescription("Inserisci 0 o più.");
  await shot("event-checked");
  // ...then what the API refuses: the end before the start, at the end.
  await page.getByLabel("Titolo (it-IT)").fill("Trail del lago");
  await page.getByLabel("Indirizzo breve (slug)").fill(slug);
  await page.getByLabel(/^Check-in aperto/).fill("1");
  await page.getByRole("button", { name: "Crea bozza" }).click();
  await refused("event", 1);
  await expect(page.getByLabel("Fine", { exact: true })).toHaveAccessibleDescription(
    "Non può finire prima di iniziare.",
  );
  await expect(page.getByLabel("Indirizzo breve (slug)")).toHaveValue(slug);
  await shot("event-refused");
  await page.getByLabel("Fine", { exact: true }).fill(`${isoDay(45)}T15:00`);
  await page.getByRole("button", { name: "Crea bozza" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Trail del lago" })).toBeVisible();
  const eventId = new URL(page.url()).pathname.split("/").at(-1) ?? "";

  // A race: its slug, places and price.
  const race = page.locator("form").filter({ has: page.getByRole("heading", { name: "Aggiungi un appuntamento" }) });
  await race.getByLabel("Indirizzo breve (slug)").fill("Lungo 21");
  await race.getByLabel("Posti").fill("-5");
  await race.getByLabel("Prezzo (EUR)").fill("venti");
  await race.getByRole("button", { name: "Aggiungi un appuntamento" }).click();
  await refused("appointment-new", 3);
  await expect(race.getByLabel("Posti")).toHaveAccessibleDescription("Inserisci 0 o più.");
  await expect(race.getByLabel("Prezzo (EUR)")).toHaveAccessibleDescription("Inserisci un importo come 25 o 25,50.");
  await shot("race");
  await race.getByLabel("Indirizzo breve (slug)").fill("lungo");
  await race.getByLabel("Posti").fill("150");
  await race.getByLabel("Prezzo (EUR)").fill("25");
  await race.getByRole("button", { name: "Aggiungi un appuntamento" }).click();
  await expect(page.getByRole("status")).toHaveText("Modifiche salvate.");

  // Its prices by date: a second row, refused at its own fields.
  await page.getByRole("link", { name: "lungo", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "lungo" })).toBeVisible();
  await page.getByRole("button", { name: "Aggiungi un prezzo" }).click();
  const second = page.getByRole("group", { name: "Prezzo 2" });
  await second.getByLabel("Importo (EUR)").fill("trenta");
  await page.getByRole("button", { name: "Salva", exact: true }).click();
  await refused("appointment", 2);
  await expect(second.getByLabel("Ultimo giorno")).toHaveAccessibleDescription(
    /Solo un prezzo può valere fino alla partenza: indica l'ultimo giorno di questo\.$/,
  );
  await expect(second.getByLabel("Importo (EUR)")).toHaveAccessibleDescription("Inserisci un importo come 25 o 25,50.");
  await shot("prices");
  const appointmentUrl = page.url();

  // Without JavaScript: a row added and removed by the server, a refusal at its row, the summary focused.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
  });
  const noScript = await plain.newPage();
  await noScript.goto(appointmentUrl);
  await noScript.getByRole("button", { name: "Aggiungi un prezzo" }).click();
  const row = noScript.getByRole("group", { name: "Prezzo 2" });
  await row.getByLabel("Ultimo giorno").fill(isoDay(30));
  await row.getByLabel("Importo (EUR)").fill("20,00");
  await noScript.getByRole("group", { name: "Prezzo 1" }).getByLabel("Importo (EUR)").fill("");
  await noScript.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(noScript.locator("#appointment-error")).toBeFocused();
  await expect(
    noScript.getByRole("group", { name: "Prezzo 1" }).getByLabel("Importo (EUR)"),
  ).toHaveAccessibleDescription("Compila questo campo.");
  await expect(row.getByLabel("Importo (EUR)")).toHaveValue("20,00");
  await noScript.screenshot({ path: test.info().outputPath("console-it-prices-no-script-phone.png") });
  await noScript.getByRole("button", { name: "Rimuovi il prezzo 1" }).click();
  await expect(noScript.getByRole("group", { name: /^Prezzo \d$/ })).toHaveCount(1);
  await expect(noScript.getByRole("group", { name: "Prezzo 1" }).getByLabel("Importo (EUR)")).toHaveValue("20,00");
  await noScript.getByRole("button", { name: "Salva", exact: true }).click();
  await expect(noScript.getByRole("status")).toHaveText("Modifiche salvate.");
  await plain.close();

  // A stay, and a room type with too few guests and rooms and no price.
  await page.goto(`/it-IT/gestione/eventi/${eventId}`);
  const stay = page.locator("form").filter({ has: page.getByRole("heading", { name: "Aggiungi un soggiorno" }) });
  await stay.getByLabel("Nome (it-IT)").fill("Locanda");
  await stay.getByLabel("Indirizzo breve (slug)").fill("locanda");
  await stay.getByLabel("Prima notte").fill(isoDay(44));
  await stay.getByLabel("Ultima notte").fill(isoDay(45));
  await stay.getByRole("button", { name: "Aggiungi un soggiorno" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Locanda" })).toBeVisible();
  const room = page.locator("form").filter({ has: page.getByRole("heading", { name: "Aggiungi un tipo di camera" }) });
  await room.getByLabel("Ospiti per camera").fill("0");
  await room.getByLabel("Camere per notte").fill("-1");
  await room.getByRole("button", { name: "Aggiungi un tipo di camera" }).click();
  await refused("room-new", 3);
  await expect(room.getByLabel("Ospiti per camera")).toHaveAccessibleDescription("Inserisci 1 o più.");
  await expect(room.getByLabel("Camere per notte")).toHaveAccessibleDescription("Inserisci 0 o più.");
  await expect(room.getByLabel("Prezzo per notte (EUR)")).toHaveAccessibleDescription("Compila questo campo.");
  await shot("room");

  // A discount code of 150%: its own message, the code's rules beside its field.
  await page.goto(`/it-IT/gestione/eventi/${eventId}/codici-sconto`);
  const code = page.locator("form").filter({ has: page.getByLabel("Codice", { exact: true }) });
  await expect(code.getByLabel("Codice", { exact: true })).toHaveAccessibleDescription(
    /^Da 3 a 32 lettere, cifre o trattini; .* Ogni codice una sola volta per evento\.$/,
  );
  await code.getByLabel("Codice", { exact: true }).fill("estate 20");
  await code.getByLabel("Sconto", { exact: true }).fill("150");
  await code.getByLabel("Utilizzi in tutto").fill("5");
  await code.getByRole("button", { name: "Crea il codice" }).click();
  await refused("discount-code", 1);
  await expect(code.getByLabel("Sconto", { exact: true })).toHaveAccessibleDescription(
    /Una percentuale è un numero intero da 1 a 100\.$/,
  );
  await shot("discount");
  expect(errors).toEqual([]);
  await page.context().close();
});
