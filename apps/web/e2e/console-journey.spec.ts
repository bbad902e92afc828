import { readFileSync } from "node:fs";
import { type Browser, type BrowserContextOptions, expect, type Page, type TestInfo, test } from "@playwright/test";
import ExcelJS from "exceljs";
import sharp from "sharp";
import {
  acceptInvitation,
  confirmedPerson,
  DESKTOP,
  deskBrowser,
  organiserEmail,
  organiserIn,
  PHONE,
  payThroughApi,
} from "./console-fixtures.ts";
import {
  expectNoAxeViolations,
  heldSignup,
  isoDay,
  mailText,
  newEmail,
  payWithDemoCard,
  registerQuietly,
} from "./fixtures.ts";

/**
 * The organiser's whole race, once on a desktop and once on a phone, on the suite's server
 * (playwright.config.ts), with this file's organiser (organisers.ts): an event made in Italian and English with two
 * appointments and a stay, its cover, published; runners sign up and pay with the demonstration
 * card; the organiser approves a certificate, downloads the start list as CSV and Excel, a staff
 * member checks runners in by camera and by bib (the runner whose certificate is unchecked once
 * confirmed), and cancelling the other appointment refunds and tells its runner. Every console page
 * it opens has no axe violation.
 */

test.describe.configure({ mode: "serial" });

/** A console page the journey opens: its heading, then axe. */
async function consolePage(page: Page, heading: string | RegExp) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expectNoAxeViolations(page);
}

/**
 * A check-in desk (a browser whose camera shows `ticketCode`) on the check-in page, once its camera
 * has read the code and checked the ticket in. As at a real desk, a camera that has not read the
 * code in a while is turned off and on again. A desk that reads nothing says what it saw (its
 * video's state, console and screen, printed and attached to the test).
 */
async function deskThatCheckedIn(ticketCode: string, options: BrowserContextOptions, testInfo: TestInfo) {
  const desk = await deskBrowser(ticketCode);
  const page = await (await desk.newContext(options)).newPage();
  const log: string[] = [];
  page.on("console", (message) => log.push(`${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => log.push(`error: ${error.message}`));
  await page.goto("/gestione/check-in");
  await consolePage(page, "Check-in");
  try {
    await expect(async () => {
      const stop = page.getByRole("button", { name: "Stop the camera" });
      if (await stop.isVisible()) await stop.click();
      await page.getByRole("button", { name: "Use the camera" }).click();
      await expect(page.getByRole("status")).toContainText("Checked in now", { timeout: 15_000 });
    }).toPass({ timeout: 60_000 });
  } catch (error) {
    const video = await page
      .locator("video")
      .evaluate((v: HTMLVideoElement) => ({ width: v.videoWidth, readyState: v.readyState, paused: v.paused }));
    const report = JSON.stringify({ ticketCode, video, log, main: await page.getByRole("main").innerText() });
    console.log(`The check-in desk's camera did not check the ticket in: ${report}`);
    await testInfo.attach("desk", { body: report, contentType: "application/json" });
    await testInfo.attach("desk screen", { body: await page.screenshot(), contentType: "image/png" });
    throw error;
  }
  return { desk, page };
}

async function createEvent(page: Page, slug: string) {
  await page.goto("/gestione/eventi");
  await consolePage(page, "Events");
  await page.getByRole("link", { name: "New event" }).click();
  await consolePage(page, "New event");
  await page.getByLabel("Title (it-IT)").fill("Trail delle querce");
  await page.getByLabel("Title (en-US)").fill("Oak trail");
  await page.getByLabel("Summary (it-IT)").fill("Due percorsi tra le querce");
  await page.getByLabel("Summary (en-US)").fill("Two routes among the oaks");
  await page.getByLabel("Short address (slug)").fill(slug);
  await page.getByLabel("Start", { exact: true }).fill(`${isoDay(50)}T09:00`);
  await page.getByLabel("End", { exact: true }).fill(`${isoDay(50)}T15:00`);
  await page.getByLabel("Venue").fill("Piazza Garibaldi");
  await page.getByLabel("Town").fill("Bagno di Romagna");
  await page.getByLabel(/^Country/).fill("IT");
  await page.getByLabel("Latitude").fill("43.83");
  await page.getByLabel("Longitude").fill("11.96");
  await page.getByLabel("Medical certificate").selectOption("non-competitive");
  // Its runners are checked in below, 50 days before the race.
  await page.getByLabel("Check-in opens how many days before").fill("60");
  await page.getByRole("button", { name: "Create draft" }).click();
  await consolePage(page, "Oak trail");
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  return new URL(page.url()).pathname.split("/").at(-1) ?? "";
}

/** An appointment with a price and its own bibs (from `firstBib`, a hundred). */
async function addAppointment(page: Page, slug: string, title: string, firstBib: number) {
  const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "Add an appointment" }) });
  await form.getByLabel("Title (en-US)").fill(title);
  await form.getByLabel("Title (it-IT)").fill(title);
  await form.getByLabel("Short address (slug)").fill(slug);
  await form.getByLabel("Places").fill("100");
  await form.getByRole("button", { name: "Add an appointment" }).click();
  await expect(page.getByRole("status")).toHaveText("Changes saved.");
  // Its own screen: a price and the bibs it gives.
  await page.getByRole("link", { name: title }).click();
  await consolePage(page, title);
  await page.getByLabel("Amount (EUR)").fill("20.00");
  await page.getByLabel("First bib").fill(String(firstBib));
  await page.getByLabel("Last bib").fill(String(firstBib + 99));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Changes saved.");
  await page.getByRole("link", { name: "Oak trail" }).click();
  await consolePage(page, "Oak trail");
}

async function addStay(page: Page) {
  const stay = page.locator("form").filter({ has: page.getByRole("heading", { name: "Add a stay" }) });
  await stay.getByLabel("Name (it-IT)").fill("Rifugio");
  await stay.getByLabel("Name (en-US)").fill("Mountain hut");
  await stay.getByLabel("Short address (slug)").fill("rifugio");
  await stay.getByLabel("First night").fill(isoDay(49));
  await stay.getByLabel("Last night").fill(isoDay(50));
  await stay.getByRole("button", { name: "Add a stay" }).click();
  await consolePage(page, "Mountain hut");
  const room = page.locator("form").filter({ has: page.getByRole("heading", { name: "Add a room type" }) });
  await room.getByLabel("Name (en-US)").fill("Bunk room");
  await room.getByLabel("Price per night (EUR)").fill("35");
  await room.getByRole("button", { name: "Add a room type" }).click();
  await expect(page.getByRole("status")).toHaveText("Changes saved.");
  await page.getByRole("link", { name: "Oak trail" }).click();
  await consolePage(page, "Oak trail");
}

async function uploadCover(page: Page) {
  await page.getByRole("link", { name: "Cover image" }).click();
  await consolePage(page, /^Cover image:/);
  const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#4a6b2f" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel("Image file").setInputFiles({ name: "querce.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await page.getByRole("button", { name: "Upload the cover" }).click();
  await expect(page.getByRole("status")).toHaveText("The new cover is on the event's page.");
  await expectNoAxeViolations(page);
}

/** A runner with their own account, signed up for one of the event's appointments and paid. */
async function paidRunner(browser: Browser, options: BrowserContextOptions, name: string, place: object) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const email = await registerQuietly(page.request, name, newEmail(name.toLowerCase()));
  const signupId = await heldSignup(page.request, name, place as Parameters<typeof heldSignup>[2]);
  return { context, page, email, signupId };
}

// Each journey's event numbers its bibs apart from the other's and from the demo catalogue's (each
// of its events numbers from 1), so a typed bib names one runner on the suite's server.
for (const [device, options, bibs] of [
  ["desktop", DESKTOP, 70_000],
  ["phone", PHONE, 80_000],
] as const) {
  test(`an organiser's race from the first draft to the start line, on a ${device}`, async ({ browser }, testInfo) => {
    test.setTimeout(480_000);
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: testInfo.outputPath(`${device}-${name}.png`), fullPage: true });
    const organiser = (await organiserIn(browser, options)).page;
    const slug = `oak-trail-${device}-${Date.now().toString(36)}`;

    // The event, in Italian and English, with two appointments, a stay and a cover; then published.
    const eventId = await createEvent(organiser, slug);
    await addAppointment(organiser, "long", "Long 24 km", bibs + 1);
    await addAppointment(organiser, "short", "Short 11 km", bibs + 501);
    await addStay(organiser);
    await uploadCover(organiser);
    await organiser.goto(`/gestione/eventi/${eventId}`);
    await organiser.getByRole("button", { name: "Publish" }).click();
    await expect(organiser.getByText("Published", { exact: true })).toBeVisible();
    await shot(organiser, "event");

    // The public site shows it, in each language, with its cover.
    await organiser.goto(`/it-IT/evento/${slug}`);
    await expect(organiser.getByRole("heading", { level: 1 })).toHaveText("Trail delle querce");
    await expect(organiser.locator("img.event-hero-image")).toHaveAttribute("srcset", /\.webp 480w/);
    await organiser.goto(`/evento/${slug}`);
    await expect(organiser.getByRole("heading", { level: 1 })).toHaveText("Oak trail");
    await expect(organiser.getByRole("row").filter({ hasText: "Short 11 km" })).toBeVisible();

    // Two runners for the long race, one for the short; the first pays on the recap's page.
    const place = { event: slug, offersLodging: true };
    const ada = await paidRunner(browser, options, "Ada", { ...place, appointment: "long" });
    await ada.page.goto(`/evento/${slug}/appuntamento/long/iscrizione/${ada.signupId}/recap`);
    await payWithDemoCard(ada.page);
    const bea = await paidRunner(browser, options, "Bea", { ...place, appointment: "long" });
    await payThroughApi(bea.page.request, bea.signupId);
    const cleo = await paidRunner(browser, options, "Cleo", { ...place, appointment: "short" });
    await payThroughApi(cleo.page.request, cleo.signupId);

    // The organiser finds Ada's signup and approves her certificate.
    await organiser.goto(`/gestione/eventi/${eventId}/iscrizioni`);
    await consolePage(organiser, "Signups");
    await organiser.getByLabel("Name or e-mail").fill("Ada");
    await organiser.getByRole("button", { name: "Apply" }).click();
    await expect(organiser.getByText("1 signup", { exact: true })).toBeVisible();
    await organiser.getByRole("link", { name: "Ada Hopper" }).first().click();
    await consolePage(organiser, "Signup of Ada Hopper");
    await organiser.getByRole("button", { name: "Approve" }).click();
    await expect(organiser.getByText("Approved", { exact: true })).toBeVisible();
    await shot(organiser, "signup");
    // The long race's own list, sorted by name: Ada, then Bea.
    await organiser.getByRole("link", { name: "Signups for the appointment" }).click();
    await consolePage(organiser, /Signups/);
    await organiser.getByLabel("Sort by").selectOption("cognome");
    await organiser.getByRole("button", { name: "Apply" }).click();
    await expect(organiser.getByText("2 signups", { exact: true })).toBeVisible();

    // The long race's start list: bibs by surname, then CSV and Excel, the workbook read back.
    await organiser.goto(`/gestione/eventi/${eventId}/liste-partenza`);
    await consolePage(organiser, "Start lists");
    const long = organiser
      .getByRole("listitem")
      .filter({ has: organiser.getByRole("heading", { name: "Long 24 km" }) });
    await expect(long).toContainText("2 confirmed participants");
    await long.getByRole("button", { name: "Assign bibs" }).click();
    await expect(long.getByRole("status")).toHaveText("Bibs given: 2; without a bib: 0.");
    const [csv] = await Promise.all([
      organiser.waitForEvent("download"),
      long.getByRole("link", { name: /Download CSV/ }).click(),
    ]);
    const beaLine = readFileSync((await csv.path()) ?? "", "utf8")
      .split(/\r?\n/)
      .find((line) => line.includes(",Hopper,Bea,"));
    const beaBib = beaLine?.split(",")[0] ?? "";
    expect([String(bibs + 1), String(bibs + 2)]).toContain(beaBib);
    const [xlsx] = await Promise.all([
      organiser.waitForEvent("download"),
      long.getByRole("link", { name: /Download Excel/ }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await xlsx.path()) ?? "");
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe("Bib");
    expect([2, 3].map((row) => sheet?.getRow(row).getCell(3).value).sort()).toEqual(["Ada", "Bea"]);

    // A staff member, invited from the team page, checks Ada in with the camera and Bea by her bib.
    await organiser.goto("/gestione/squadra");
    await consolePage(organiser, "Team");
    const staffEmail = newEmail(`staff-${device}`);
    await organiser.getByLabel("E-mail address").fill(staffEmail);
    await organiser.getByLabel("Role").selectOption("staff");
    await organiser.getByRole("button", { name: "Send the invitation" }).click();
    await expect(organiser.getByRole("status")).toContainText(`Invitation sent to ${staffEmail}`);
    const staff = await confirmedPerson(browser, "Stan", staffEmail, options);
    await acceptInvitation(staff.page, staffEmail);
    await ada.page.goto("/modificaDati#iscrizioni");
    await expect(ada.page.getByRole("img", { name: "QR code of Ada Hopper's ticket" })).toBeVisible();
    const adaCode = ((await ada.page.locator(".ticket-code").first().textContent()) ?? "").trim();
    const { desk, page: deskPage } = await deskThatCheckedIn(
      adaCode,
      {
        ...options,
        baseURL: testInfo.project.use.baseURL,
        storageState: await staff.context.storageState(),
        permissions: ["camera"],
      },
      testInfo,
    );
    const outcome = deskPage.getByRole("status");
    await expect(outcome).toContainText("Ada Hopper");
    await deskPage.getByRole("button", { name: "Stop the camera" }).click();
    await deskPage.getByLabel("Ticket code, bib or name").fill(beaBib);
    await deskPage.getByRole("button", { name: "Check in", exact: true }).click();
    // Bea's certificate is still to be checked: the desk is told so, and checks her in anyway.
    await expect(outcome).toContainText("The medical certificate has not been checked yet.");
    await deskPage.getByRole("button", { name: "Check in anyway" }).click();
    await expect(outcome).toContainText("Bea Hopper");
    await expect(outcome).toContainText("Checked in now");
    await shot(deskPage, "check-in");
    await desk.close();
    await staff.context.close();

    // Cancelling the short race refunds Cleo in full and tells her.
    await organiser.goto(`/gestione/eventi/${eventId}`);
    await organiser.getByRole("link", { name: "Short 11 km" }).click();
    await consolePage(organiser, "Short 11 km");
    const cancel = organiser.locator("form.console-cancel");
    await cancel.getByRole("checkbox", { name: /I confirm: cancel this appointment/ }).check();
    await cancel.getByRole("button", { name: "Cancel the appointment" }).click();
    await expect(organiser.getByText("This appointment is cancelled", { exact: false })).toBeVisible();
    await expectNoAxeViolations(organiser);
    await cleo.page.goto("/modificaDati#iscrizioni");
    const cleoSignup = cleo.page
      .getByRole("listitem")
      .filter({ has: cleo.page.getByRole("heading", { name: "Oak trail" }) });
    await expect(cleoSignup).toContainText("Cancelled");
    await expect(cleoSignup).toContainText("Refunded: €20");
    expect(await mailText(cleo.page, cleo.email, /Race cancelled/)).toContain("The organiser has cancelled Oak trail");
    // Ada's race goes on.
    await ada.page.goto(`/evento/${slug}`);
    await expect(ada.page.getByRole("row").filter({ hasText: "Short 11 km" })).toContainText("Cancelled");
    await expect(ada.page.getByRole("row").filter({ hasText: "Long 24 km" })).not.toContainText("Cancelled");

    // The change log has each step, by whom.
    await organiser.goto("/gestione/registro");
    await consolePage(organiser, "Change log");
    await expect(organiser.getByRole("main")).toContainText("Cancellation");
    await expect(organiser.getByRole("main")).toContainText(organiserEmail());

    // The console in Italian keeps its language from screen to screen.
    await organiser.goto("/it-IT/gestione");
    await organiser.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Eventi" }).click();
    await expect(organiser.getByRole("heading", { level: 1 })).toHaveText("Eventi");
    await expect(organiser.locator("html")).toHaveAttribute("lang", "it-IT");
    await organiser
      .getByRole("main")
      .getByRole("link", { name: /Trail delle querce/ })
      .first()
      .click();
    await expect(organiser).toHaveURL(new RegExp(`/it-IT/gestione/eventi/${eventId}$`));
    await expect(organiser.getByRole("heading", { level: 1 })).toHaveText("Trail delle querce");
    await expectNoAxeViolations(organiser);
    await shot(organiser, "console-it");

    for (const runner of [ada, bea, cleo]) await runner.context.close();
    await organiser.context().close();
  });
}
