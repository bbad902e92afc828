import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import {
  acceptInvitation,
  confirmedPerson,
  deskBrowser,
  organiserEmail,
  PHONE,
  payThroughApi,
} from "./console-fixtures.ts";
import { expectNoAxeViolations, heldSignup, JSON_API, newEmail, registerQuietly } from "./fixtures.ts";
import { ownEvent } from "./own-event.ts";

/**
 * Race day: runners pay and find their ticket's QR code in My signups; the organiser approves their
 * certificates, downloads the start lists and checks runners in on a phone, with the camera (a fake
 * one showing the QR code) and by typing a bib. Then, in Italian, a staff member checks in a runner
 * without a certificate (told why, then confirmed), undoes it, and the event's check-in page follows.
 * On its own copy of the Bergamo event (own-event.ts: its 10 km's bibs renumbered, its runners
 * counted, its certificates taken later), with this file's organiser (organisers.ts).
 */

const EVENT = {
  from: "mezza-maratona-delle-mura",
  slug: "giro-delle-mura-giorno-di-gara",
  title: { "it-IT": "Giro delle Mura del giorno di gara", "en-US": "Walls Loop on race day" },
};
const TEN_K = { event: EVENT.slug, appointment: "10k" };

/**
 * The desk finds runners by bib and by name among every event's: this race's runners share a surname
 * no other journey's runner has, and its bibs start from a number no other race gives (the demo's
 * events number from 1, console-journey.spec.ts's from 70001 and 80001).
 */
const SURNAME = "Brembilla";
const FIRST_BIB = 90_001;

/** The one participant of a signup, as its owner reads it: their id and ticket code. */
async function participantOf(request: APIRequestContext, signupId: string) {
  const read = await request.get(`/api/signups/${signupId}?include=participants`);
  const document = (await read.json()) as {
    included: { type: string; id: string; attributes: { ticketCode: string | null } }[];
  };
  const participant = document.included.find((resource) => resource.type === "participants");
  return { id: participant?.id ?? "", ticketCode: participant?.attributes.ticketCode ?? "" };
}

/** Gives the race `appointmentId` the course of the demo event `from`'s race `slug` (the copy has none). */
async function copyCourse(request: APIRequestContext, from: string, slug: string, appointmentId: string) {
  const demo = await request.get(`/api/events/${from}?include=appointments`);
  const { included } = (await demo.json()) as {
    included: { type: string; id: string; attributes: { slug: string } }[];
  };
  const race = included.find((resource) => resource.type === "appointments" && resource.attributes.slug === slug);
  const gpx = await request.get(`/api/appointments/${race?.id}/course.gpx`);
  expect(gpx.status()).toBe(200);
  const uploaded = await request.put(`/api/appointments/${appointmentId}/course`, {
    headers: { Accept: "application/vnd.api+json", "Content-Type": "application/gpx+xml" },
    data: await gpx.body(),
  });
  expect(uploaded.status()).toBe(200);
}

test("race day: the ticket's QR code, the start lists, and the check-in by camera and by bib", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // The organiser's copy of the event: its 10 km numbers bibs from FIRST_BIB, and has the demo 10 km's course.
  const organiser = await confirmedPerson(browser, "Olga", organiserEmail(), PHONE);
  const event = await ownEvent(organiser.page.request, EVENT);
  const tenKId = event.appointments["10k"] ?? "";
  const bibs = await organiser.page.request.patch(`/api/appointments/${tenKId}`, {
    headers: JSON_API,
    data: {
      data: { type: "appointments", id: tenKId, attributes: { bibFirst: FIRST_BIB, bibLast: FIRST_BIB + 1199 } },
    },
  });
  expect(bibs.status()).toBe(200);
  await copyCourse(organiser.page.request, EVENT.from, "10k", tenKId);

  // Two runners sign up for the 10 km and pay.
  await page.setViewportSize(PHONE.viewport);
  await registerQuietly(page.request, "Mary");
  const marySignup = await heldSignup(page.request, "Mary", TEN_K, SURNAME);
  await payThroughApi(page.request, marySignup);
  const ada = await browser.newContext(PHONE);
  const adaPage = await ada.newPage();
  await registerQuietly(adaPage.request, "Ada");
  const adaSignup = await heldSignup(adaPage.request, "Ada", TEN_K, SURNAME);
  await payThroughApi(adaPage.request, adaSignup);
  const adaParticipant = await participantOf(adaPage.request, adaSignup);
  await ada.close();

  // Mary finds her ticket in My signups: its QR code and its code.
  await page.goto("/modificaDati#iscrizioni");
  const qr = page.getByRole("img", { name: `QR code of Mary ${SURNAME}'s ticket` });
  await expect(qr).toBeVisible();
  const code = ((await page.locator(".ticket-code").first().textContent()) ?? "").trim();
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
  await page.screenshot({ path: testInfo.outputPath("my-ticket.png"), fullPage: false });

  // The organiser downloads the 10 km's start list as CSV and as XLSX.
  // The race asks for a medical certificate: the organiser approves both (the desk checks them in only then).
  for (const participantId of [(await participantOf(page.request, marySignup)).id, adaParticipant.id]) {
    const review = await organiser.page.request.patch(`/api/console/participants/${participantId}`, {
      headers: JSON_API,
      data: { data: { type: "participants", id: participantId, attributes: { certificateReview: "approved" } } },
    });
    expect(review.status()).toBe(200);
  }
  await organiser.page.goto(`/gestione/eventi/${event.id}/liste-partenza`);
  await expect(organiser.page.getByRole("heading", { level: 1 })).toHaveText("Start lists");
  const tenK = organiser.page
    .getByRole("listitem")
    .filter({ has: organiser.page.getByRole("heading", { name: "10 km" }) });
  await expect(tenK).toContainText("2 confirmed participants");
  await expectNoAxeViolations(organiser.page);
  // Numbered again by surname: Ada before Mary.
  await tenK.getByRole("radio", { name: "By surname" }).check();
  await tenK.getByRole("button", { name: "Assign bibs" }).click();
  await expect(tenK.getByRole("status")).toHaveText("Bibs given: 2; without a bib: 0.");
  const [csvDownload] = await Promise.all([
    organiser.page.waitForEvent("download"),
    tenK.getByRole("link", { name: /Download CSV/ }).click(),
  ]);
  const csv = readFileSync((await csvDownload.path()) ?? "").toString("utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const adaLine = csv.split(/\r?\n/).find((line) => line.includes(`,${SURNAME},Ada,`));
  const adaBib = adaLine?.split(",")[0] ?? "";
  expect(adaBib).toBe(String(FIRST_BIB));
  const [xlsxDownload] = await Promise.all([
    organiser.page.waitForEvent("download"),
    tenK.getByRole("link", { name: /Download Excel/ }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await xlsxDownload.path()) ?? "");
  const sheet = workbook.worksheets[0];
  expect(sheet?.getRow(1).getCell(1).value).toBe("Bib");
  const surnames = [2, 3].map((row) => sheet?.getRow(row).getCell(2).value);
  expect(surnames).toEqual([SURNAME, SURNAME]);
  await organiser.page.screenshot({ path: testInfo.outputPath("start-lists.png"), fullPage: true });

  // Mary opens her ticket from My signups: her bib now, the race, the start, the QR code; printable.
  await page.goto("/modificaDati#iscrizioni");
  await page.getByRole("link", { name: `Open the ticket of Mary ${SURNAME}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Mary ${SURNAME}`);
  await expect(page.locator(".ticket-bib")).toHaveText(String(FIRST_BIB + 1));
  await expect(page.getByText(`${EVENT.title["en-US"]} – 10 km`)).toBeVisible();
  await expect(page.getByRole("img", { name: `QR code of Mary ${SURNAME}'s ticket` })).toBeVisible();
  await expect(page.locator(".ticket-code")).toHaveText(code);
  await expect(page.getByRole("link", { name: "Open on a map" })).toHaveAttribute("href", /openstreetmap\.org/);
  await expect(page.getByRole("button", { name: "Print the ticket" })).toBeVisible();
  // The 10 km's course (the demo 10 km's, copied above): its profile, drawn in the page, and the GPX.
  const course = page.getByRole("region", { name: "Course" });
  await expect(course.getByRole("img", { name: /^Elevation profile: 10\.0 km, \d+ m up/ }).first()).toBeAttached();
  await expect(course.getByRole("link", { name: "Download GPX" })).toHaveAttribute("href", /\/course\.gpx$/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("ticket-phone.png"), fullPage: true });
  // In Italian; and a ticket that is not hers (or not there) is not found.
  const ticketUrl = new URL(page.url()).pathname;
  await page.goto(`/it-IT${ticketUrl}`);
  await expect(page.locator(".ticket-facts")).toContainText("Pettorale");
  await expect(page.locator(".ticket-facts")).toContainText("Partenza");
  await page.screenshot({ path: testInfo.outputPath("ticket-it.png"), fullPage: true });
  const missing = await page.goto("/modificaDati/biglietto/00000000-0000-4000-8000-000000000000");
  expect(missing?.status()).toBe(404);

  // At the desk, on a phone whose camera sees Mary's QR code.
  const desk = await deskBrowser(code);
  const deskContext = await desk.newContext({
    ...PHONE,
    baseURL: testInfo.project.use.baseURL,
    storageState: await organiser.context.storageState(),
    permissions: ["camera"],
  });
  const deskPage = await deskContext.newPage();
  await deskPage.goto("/gestione/check-in");
  await expect(deskPage.getByRole("heading", { level: 1 })).toHaveText("Check-in");
  await expectNoAxeViolations(deskPage);
  await deskPage.getByRole("button", { name: "Use the camera" }).click();
  const outcome = deskPage.getByRole("status");
  await expect(outcome).toContainText("Checked in now", { timeout: 20_000 });
  await expect(outcome).toContainText(`Mary ${SURNAME}`);
  await deskPage.screenshot({ path: testInfo.outputPath("checked-in.png") });
  // Scanned again (the camera turned off and on): already checked in, and when.
  await deskPage.getByRole("button", { name: "Stop the camera" }).click();
  await deskPage.getByRole("button", { name: "Use the camera" }).click();
  await expect(outcome).toContainText(/Already checked in at \d{1,2}[:.]\d{2}/, { timeout: 20_000 });
  await expect(outcome).toContainText(`Mary ${SURNAME}`);
  await deskPage.getByRole("button", { name: "Stop the camera" }).click();
  await deskPage.screenshot({ path: testInfo.outputPath("already.png") });

  // Ada's bib, typed.
  await deskPage.getByLabel("Ticket code, bib or name").fill(adaBib);
  await deskPage.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(outcome).toContainText("Checked in now");
  await expect(outcome).toContainText(`Ada ${SURNAME}`);
  // A name lists whom it may be, to pick from.
  await deskPage.getByLabel("Ticket code, bib or name").fill(SURNAME.toLowerCase());
  await deskPage.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(deskPage.getByRole("heading", { name: "Whom do you mean?" })).toBeVisible();
  await expect(deskPage.getByRole("button", { name: new RegExp(`^Check in .* ${SURNAME}$`) })).toHaveCount(2);
  await expectNoAxeViolations(deskPage);
  await deskPage.getByRole("button", { name: `Check in Ada ${SURNAME}` }).click();
  await expect(outcome).toContainText("Already checked in at");
  await expect(outcome).toContainText(`Ada ${SURNAME}`);
  await desk.close();

  // Without JavaScript the typed form works too: an unknown ticket says so.
  const noScript = await browser.newContext({
    ...PHONE,
    javaScriptEnabled: false,
    storageState: await organiser.context.storageState(),
  });
  const noScriptPage = await noScript.newPage();
  await noScriptPage.goto("/gestione/check-in");
  await noScriptPage.getByLabel("Ticket code, bib or name").fill("ZZZZZZZZZZ");
  await noScriptPage.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(noScriptPage.getByRole("status")).toContainText("Unknown ticket");
  await noScriptPage.getByLabel("Ticket code, bib or name").fill(code);
  await noScriptPage.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(noScriptPage.getByRole("status")).toContainText("Already checked in at");
  await noScript.close();

  // The organiser lets certificates come later; Carla signs up for the 10 km without one and pays.
  const later = await organiser.page.request.patch(`/api/events/${event.id}`, {
    headers: JSON_API,
    data: { data: { type: "events", id: event.id, attributes: { certificateLater: true } } },
  });
  expect(later.status()).toBe(200);
  const carla = await browser.newContext(PHONE);
  const carlaPage = await carla.newPage();
  await registerQuietly(carlaPage.request, "Carla");
  const carlaSignup = await heldSignup(carlaPage.request, "Carla", { ...TEN_K, withoutCertificate: true }, SURNAME);
  await payThroughApi(carlaPage.request, carlaSignup);
  const carlaTicket = (await participantOf(carlaPage.request, carlaSignup)).ticketCode;
  await carla.close();

  // A staff member, in Italian on a phone, follows the event's check-in race by race.
  const staffEmail = newEmail("staff-race-day");
  const invited = await organiser.page.request.post("/api/team-members", {
    headers: { ...JSON_API, "Accept-Language": "en-US" },
    data: { data: { type: "team-members", attributes: { email: staffEmail, role: "staff" } } },
  });
  expect(invited.status()).toBe(201);
  const staff = await confirmedPerson(browser, "Stan", staffEmail, PHONE);
  await acceptInvitation(staff.page, staffEmail);
  const overview = await staff.context.newPage();
  await overview.goto(`/it-IT/gestione/eventi/${event.id}/check-in`);
  await expect(overview.getByRole("heading", { level: 1 })).toHaveText(`Arrivi: ${EVENT.title["it-IT"]}`);
  const tenKArrivals = overview.getByRole("region", { name: "10 km" });
  await expect(tenKArrivals).toContainText("Arrivati: 2");
  await expect(tenKArrivals).toContainText("Da arrivare: 1");
  await tenKArrivals.getByText("Chi deve ancora arrivare").click();
  await expect(tenKArrivals.getByRole("listitem")).toHaveText(
    new RegExp(`^Carla ${SURNAME} · Pettorale \\d+ · Certificato: Mancante$`),
  );
  await expectNoAxeViolations(overview);
  await overview.screenshot({ path: testInfo.outputPath("arrivals-it.png"), fullPage: true });

  // At the desk: Carla's ticket typed; no certificate, so the desk is told why and asked to confirm.
  const staffDesk = await staff.context.newPage();
  await staffDesk.goto("/it-IT/gestione/check-in");
  await expect(staffDesk.getByRole("heading", { level: 1 })).toHaveText("Check-in");
  await expect(staffDesk.getByRole("link", { name: `Arrivi: ${EVENT.title["it-IT"]}` })).toBeVisible();
  await expectNoAxeViolations(staffDesk);
  const staffOutcome = staffDesk.getByRole("status");
  await staffDesk.getByLabel("Codice del biglietto, pettorale o nome").fill(carlaTicket);
  await staffDesk.getByRole("button", { name: "Registra l'arrivo", exact: true }).click();
  await expect(staffOutcome).toContainText("Certificato medico non approvato");
  await expect(staffOutcome).toContainText(`Carla ${SURNAME}`);
  await expect(staffOutcome).toContainText("Il certificato medico non è stato caricato.");
  await expectNoAxeViolations(staffDesk);
  await staffDesk.screenshot({ path: testInfo.outputPath("certificate-missing-it.png") });
  // Checked in anyway, and the event's page follows by itself.
  await staffDesk.getByRole("button", { name: "Registra comunque l'arrivo" }).click();
  await expect(staffOutcome).toContainText("Arrivo registrato ora");
  await expect(staffOutcome).toContainText("Arrivo registrato senza certificato medico approvato.");
  await expectNoAxeViolations(staffDesk);
  await staffDesk.screenshot({ path: testInfo.outputPath("checked-in-anyway-it.png") });
  await overview.bringToFront();
  await expect(tenKArrivals).toContainText("Arrivati: 3", { timeout: 15_000 });
  await expect(tenKArrivals).toContainText("Sono arrivati tutti.");
  // A mistake: undone at the desk, Carla is to come again.
  await staffDesk.bringToFront();
  await staffDesk.getByRole("button", { name: "Annulla l'arrivo" }).click();
  await expect(staffOutcome).toContainText("Arrivo annullato");
  await expect(staffOutcome).toContainText(`Carla ${SURNAME}`);
  await expectNoAxeViolations(staffDesk);
  await staffDesk.screenshot({ path: testInfo.outputPath("undone-it.png") });
  await overview.bringToFront();
  await expect(tenKArrivals).toContainText("Da arrivare: 1", { timeout: 15_000 });
  await expectNoAxeViolations(overview);
  await staff.context.close();
  await organiser.context.close();
});
