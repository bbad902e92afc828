import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { organiserForTheFile, PHONE } from "./console-fixtures.ts";
import { expectNoAxeViolations, pageErrors } from "./fixtures.ts";
import { ownEvent } from "./own-event.ts";

/**
 * A race's course: the organiser uploads its GPX in the console (a bad file is refused in the
 * organiser's language), and the public appointment page shows the figures, the elevation profile,
 * the outline, the map once it scrolls into view, and the GPX to download. On a phone, on its own
 * copy of the Bergamo event (own-event.ts: a copy has no course), with this file's organiser
 * (organisers.ts).
 */

const EVENT = {
  from: "mezza-maratona-delle-mura",
  slug: "giro-delle-mura-tracciato",
  title: { "it-IT": "Giro delle Mura tracciato", "en-US": "Walls Loop with a course" },
};

/**
 * A small GPX: a loop of about 12 km north of Bergamo climbing to 520 m and back, with two named
 * waypoints, written the way a watch exports it.
 */
function loopGpx(): string {
  const points: string[] = [];
  const steps = 120;
  for (let i = 0; i <= steps; i++) {
    const angle = (2 * Math.PI * i) / steps;
    const lat = 45.72 + 0.017 * Math.sin(angle);
    const lon = 9.66 + 0.025 * (1 - Math.cos(angle));
    const ele = 260 + 260 * Math.sin(angle / 2);
    points.push(`<trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"><ele>${ele.toFixed(1)}</ele></trkpt>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="e2e" xmlns="http://www.topografix.com/GPX/1/1">
  <wpt lat="45.737000" lon="9.685000"><ele>430</ele><name>Ristoro</name></wpt>
  <wpt lat="45.720000" lon="9.710000"><ele>520</ele><name>Colle Aperto</name></wpt>
  <trk><name>Anello delle Mura</name><trkseg>${points.join("")}</trkseg></trk>
</gpx>`;
}

test.describe.configure({ mode: "serial" });
const organiserPage = organiserForTheFile(PHONE);

let appointment: { id: string; slug: string } | undefined;

test("the organiser uploads a course's GPX in the console; a bad file is refused in Italian", async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await organiserPage(browser);
  await ownEvent(page.request, EVENT);
  const event = await page.request.get(`/api/events/${EVENT.slug}?include=appointments`);
  const { included } = (await event.json()) as {
    included: { type: string; id: string; attributes: { slug: string } }[];
  };
  const first = included.find((resource) => resource.type === "appointments");
  if (!first) throw new Error(`${EVENT.slug} has no appointment`);
  appointment = { id: first.id, slug: first.attributes.slug };

  await page.goto(`/it-IT/gestione/appuntamenti/${appointment.id}`);
  const section = page.getByRole("region", { name: "Percorso (GPX)" });
  await expect(section).toBeVisible();

  // Not a GPX: the API's refusal, on the field, in the organiser's language.
  await section.getByLabel("File GPX").setInputFiles({
    name: "percorso.gpx",
    mimeType: "application/gpx+xml",
    buffer: Buffer.from("questo non è un GPX"),
  });
  await section.getByRole("button", { name: "Carica il percorso" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Questo file non è un GPX leggibile: esporta di nuovo il percorso in GPX e riprova.",
  );
  await expect(section.getByLabel("File GPX")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await section.getByLabel("File GPX").setInputFiles({
    name: "anello.gpx",
    mimeType: "application/gpx+xml",
    buffer: Buffer.from(loopGpx()),
  });
  await section.getByRole("button", { name: "Carica il percorso" }).click();
  await expect(page.getByRole("status")).toHaveText("Il percorso è salvato: la pagina della gara lo mostra.");
  await expect(section).toContainText(/Percorso attuale: \d+,\d km, \d+ m di salita, \d+ m di discesa/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("console-course-phone.png"), fullPage: true });
});

test("the public page shows the course: figures, profile, outline, the map in view and the GPX", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  if (!appointment) throw new Error("the upload did not run");
  const context = await browser.newContext({ ...PHONE, acceptDownloads: true });
  // No network here: every tile is the same small grey square.
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#d8dde3" } })
    .png()
    .toBuffer();
  let tiles = 0;
  await context.route("https://tile.openstreetmap.org/**", (route) => {
    tiles++;
    return route.fulfill({ status: 200, contentType: "image/png", body: tile });
  });
  const page = await context.newPage();
  const leaflet: string[] = [];
  page.on("request", (request) => {
    if (/course-map-tiles/.test(request.url())) leaflet.push(request.url());
  });
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });

  await page.goto(`/it-IT/evento/${EVENT.slug}`);
  // The list of races says each one's distance and climb, in a column of its own.
  const races = page.getByRole("table", { name: "Gare e sessioni" });
  await expect(races.getByRole("columnheader", { name: "Percorso" })).toBeVisible();
  await expect(races.locator(".appointment-course").first()).toHaveText(/^\d+,\d km · \d+ m di salita$/);

  await page.goto(`/it-IT/evento/${EVENT.slug}/appuntamento/${appointment.slug}`);
  const course = page.getByRole("region", { name: "Percorso", exact: true });
  await expect(course.getByRole("heading", { name: "Percorso" })).toBeVisible();
  const summary = course.locator(".course-summary");
  await expect(summary).toHaveText(/^\d+,\d km, \d+ m di salita, \d+ m di discesa, punto più alto \d+ m$/);
  const profile = course.getByRole("img", { name: /^Profilo altimetrico: \d+,\d km/ });
  await expect(profile).toBeVisible();
  await expect(profile.locator("text").filter({ hasText: "Ristoro" })).toBeVisible();
  await expect(profile.locator("text").filter({ hasText: /km$/ }).first()).toBeVisible();
  await expect(course.getByRole("img", { name: /^Tracciato del percorso/ })).toBeVisible();
  await expect(course.getByText("Partenza e arrivo")).toBeVisible();
  // The map's code waits for the map to come into view.
  expect(leaflet).toEqual([]);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("course-phone-light.png"), fullPage: true });

  const download = page.waitForEvent("download");
  await course.getByRole("link", { name: "Scarica il GPX" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.gpx$/);
  const path = await file.path();
  const { readFile } = await import("node:fs/promises");
  expect(await readFile(path, "utf8")).toContain("<trkpt");

  await course.locator(".course-map").scrollIntoViewIfNeeded();
  await expect(course.locator(".leaflet-container")).toBeVisible({ timeout: 15_000 });
  await expect(course.locator(".course-map")).toHaveAttribute("data-map", "ready");
  await expect(course.locator(".leaflet-tile-loaded").first()).toBeVisible();
  expect(tiles).toBeGreaterThan(0);
  expect(leaflet.length).toBeGreaterThan(0);
  await expect(course.getByText("© OpenStreetMap contributors")).toBeVisible();
  expect(violations).toEqual([]);
  await expectNoAxeViolations(page);
  await course.screenshot({ path: test.info().outputPath("course-phone-map.png") });

  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: test.info().outputPath("course-phone-dark.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await course.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("course-desktop-dark.png"), fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
  await page.screenshot({ path: test.info().outputPath("course-desktop-light.png"), fullPage: true });
  await context.close();
});

test("without tiles the outline stays, and without JavaScript the page still shows the course", async ({ browser }) => {
  test.setTimeout(60_000);
  if (!appointment) throw new Error("the upload did not run");
  const path = `/it-IT/evento/${EVENT.slug}/appuntamento/${appointment.slug}`;
  const offline = await browser.newContext(PHONE);
  await offline.route("https://tile.openstreetmap.org/**", (route) => route.abort("internetdisconnected"));
  const page = await offline.newPage();
  const errors = pageErrors(page);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  // Hydrated as rendered: nothing replaced (React says so in the console when it does).
  expect(errors).toEqual([]);
  await page.locator(".course-map").scrollIntoViewIfNeeded();
  await expect(page.locator(".leaflet-container")).toBeAttached({ timeout: 15_000 });
  // No tile drew: the map stays hidden and the outline readable.
  await expect(page.locator(".course-map")).toHaveAttribute("data-map", "loading");
  await expect(page.getByRole("img", { name: /^Tracciato del percorso/ })).toBeVisible();
  await offline.close();

  const noScript = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto(path);
  await expect(still.getByRole("img", { name: /^Profilo altimetrico/ })).toBeVisible();
  await expect(still.getByRole("img", { name: /^Tracciato del percorso/ })).toBeVisible();
  await noScript.close();
});

test("the organiser removes the course, and the page no longer shows it", async ({ browser }) => {
  test.setTimeout(60_000);
  if (!appointment) throw new Error("the upload did not run");
  const page = await organiserPage(browser);
  await page.goto(`/gestione/appuntamenti/${appointment.id}`);
  const section = page.getByRole("region", { name: "Course (GPX)" });
  await section.getByRole("button", { name: "Remove the course" }).click();
  await expect(page.getByRole("status")).toHaveText("The course is removed.");
  await expect(section).toContainText("No course yet.");
  await page.goto(`/evento/${EVENT.slug}/appuntamento/${appointment.slug}`);
  await expect(page.locator(".course-section")).toHaveCount(0);
});
