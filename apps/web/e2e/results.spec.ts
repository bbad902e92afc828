import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DESKTOP, organiserIn, PHONE, payThroughApi } from "./console-fixtures.ts";
import { expectNoAxeViolations, heldSignup, JSON_API, pageErrors } from "./fixtures.ts";

/**
 * A race's public results, on the suite's server (playwright.config.ts), with this file's organiser
 * (organisers.ts): she signs up for the 10 km herself (a woman wearing bib 7),
 * imports the timing company's file with six more runners and publishes the results. A visitor on
 * a phone finds them from the event's page in Italian, lists the women, searches a name, opens a
 * finisher, and checks a diploma's code in English.
 */

const EVENT = "mezza-maratona-delle-mura";
const RACE = "10k";

const TIMING_FILE = [
  "Pettorale;Cognome;Nome;Società;5 km;Tempo ufficiale;Stato",
  "7;Hopper;Olga;;0:21:10;0:44:10,3;",
  "101;Bianchi;Marco;Atletica Bergamo;0:18:02;0:37:41;",
  "102;Rossi;Luca;Runners Bergamo;0:18:40;0:38:55,2;",
  "103;Ferrari;Sara;Atletica Bergamo;0:19:30;0:41:07;",
  "104;Colombo;Andrea;;0:20:15;0:42:30;",
  "105;Ricci;Elena;Runners Bergamo;;;Ritirato",
  "106;Marino;Davide;;;;Non partito",
].join("\n");

const patch = (request: APIRequestContext, path: string, type: string, id: string, attributes: object) =>
  request.patch(path, { headers: JSON_API, data: { data: { type, id, attributes } } });

/** The organiser's race: her own place with bib 7, the timing file applied, the results provisional. */
async function publishedRace(request: APIRequestContext) {
  const event = (await (await request.get(`/api/events/${EVENT}?include=appointments`)).json()) as {
    included: { type: string; id: string; attributes: { slug: string } }[];
  };
  const appointmentId = event.included.find((resource) => resource.attributes.slug === RACE)?.id ?? "";
  const signupId = await heldSignup(request, "Olga");
  await payThroughApi(request, signupId);
  const signup = (await (await request.get(`/api/signups/${signupId}?include=participants`)).json()) as {
    included: { type: string; id: string }[];
  };
  const participantId = signup.included.find((resource) => resource.type === "participants")?.id ?? "";
  expect(
    (await patch(request, `/api/participants/${participantId}`, "participants", participantId, { bib: 7 })).status(),
  ).toBe(200);

  const uploaded = await request.post(`/api/appointments/${appointmentId}/result-imports`, {
    headers: { Accept: JSON_API.Accept, "Content-Type": "text/csv" },
    data: Buffer.from(TIMING_FILE),
  });
  expect(uploaded.status()).toBe(201);
  const importId = ((await uploaded.json()) as { data: { id: string } }).data.id;
  const applied = await patch(request, `/api/result-imports/${importId}`, "result-imports", importId, {
    state: "applied",
  });
  expect(applied.status()).toBe(200);
  const published = await patch(request, `/api/appointments/${appointmentId}`, "appointments", appointmentId, {
    resultsState: "provisional",
    resultsClaimsUntil: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  });
  expect(published.status()).toBe(200);
}

const rows = (page: Page) => page.locator(".results-table tbody tr");

test("a visitor finds a race's results on a phone, filters and searches them, opens a finisher and checks a diploma", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const organiser = await organiserIn(browser, PHONE);
  await publishedRace(organiser.page.request);
  await organiser.context.close();

  const visitor = await browser.newContext(PHONE);
  const page = await visitor.newPage();
  const errors = pageErrors(page);
  await page.goto(`/it-IT/evento/${EVENT}`);
  await page.getByRole("link", { name: "Classifica: 10 km" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Classifica: 10 km");
  await expect(page.getByText("Classifica provvisoria", { exact: true })).toBeVisible();
  await expect(page.getByText(/i reclami sono accettati fino a/)).toBeVisible();
  await expect(rows(page)).toHaveCount(7);
  await expect(rows(page).first()).toContainText("Bianchi Marco");
  await expect(rows(page).last()).toContainText("Mancata partenza");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("results-phone-it.png"), fullPage: true });

  // The women: Olga alone, ranked first among them.
  await page.getByLabel("Genere").selectOption("female");
  await page.getByRole("button", { name: "Mostra la classifica" }).click();
  await expect(page).toHaveURL(/\?gender=female$/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Hopper Olga");
  // A name, among everyone.
  await page.getByRole("link", { name: "Azzera filtri" }).click();
  await expect(rows(page)).toHaveCount(7);
  await page.getByLabel("Nome, pettorale o società").fill("ferrari");
  await page.getByRole("button", { name: "Mostra la classifica" }).click();
  await expect(page).toHaveURL(/\?q=ferrari$/);
  await expect(rows(page)).toHaveCount(1);

  await rows(page).getByRole("link", { name: "Ferrari Sara" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sara Ferrari");
  await expect(page.locator(".result-facts")).toContainText("41:07");
  await expect(page.getByRole("table", { name: "Sara Ferrari: tempi intermedi" })).toContainText("19:30");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("result-phone-it.png"), fullPage: true });
  expect(errors).toEqual([]);

  // A code no diploma has: said so, with the form to type another.
  const unknown = await page.goto("/en-US/attestato/ABCDEFGHJK");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No diploma has this code");
  await expect(page.getByLabel("Diploma code")).toHaveValue("ABCDEFGHJK");
  await page.screenshot({ path: test.info().outputPath("diploma-phone-en.png"), fullPage: true });
  await visitor.close();

  // Without JavaScript, on a desktop in English: the filters' form and the sorting links still work.
  const plain = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  const desk = await plain.newPage();
  await desk.goto(`/en-US/evento/${EVENT}/appuntamento/${RACE}/classifica`);
  await desk.getByLabel("Club", { exact: true }).selectOption("Runners Bergamo");
  await desk.getByRole("button", { name: "Show results" }).click();
  await expect(desk).toHaveURL(/\?club=Runners\+Bergamo$/);
  await expect(rows(desk)).toHaveCount(2);
  await desk.getByRole("link", { name: /^Name/ }).click();
  await expect(rows(desk).first()).toContainText("Ricci Elena");
  await desk.screenshot({ path: test.info().outputPath("results-desktop-en.png"), fullPage: true });
  await plain.close();
});
