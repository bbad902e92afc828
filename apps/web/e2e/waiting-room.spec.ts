import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { organiserIn, PHONE } from "./console-fixtures.ts";
import { demoPayButton, expectNoAxeViolations, giveParticipant, pageErrors, registerQuietly } from "./fixtures.ts";
import { ownEvent } from "./own-event.ts";

/**
 * An opening's waiting room (docs/decisions/072-waiting-room.md), on this file's own copy of the
 * Bergamo event (own-event.ts), opening a minute or so after the journey starts. In the console
 * the organiser gives the room its figures (one alone is refused at its field): one runner let in
 * every five seconds. Three runners join before the opening (their places drawn then), two just
 * after it; on an Italian phone a runner finds the room from the race's page, joins after them, watches
 * her place go down, is let in, signs up and pays with the demonstration card. On an English phone
 * without JavaScript a runner's "Sign up" sends him to the room; two runners join just before him,
 * and the page reloads itself until he is let in and his "Sign up" holds his place.
 */

const EVENT_SLUG = "giro-delle-mura-con-la-coda";
const OPENS_IN_MS = 30_000;
const ROOM = { shuffleMinutes: 2, admitPerMinute: 12 };

test.describe.configure({ mode: "serial" });

let opening: Date;

let eventId: string;

test.beforeAll(async ({ browser }) => {
  const organiser = (await organiserIn(browser, {})).context;
  // On a whole minute: the console's form keeps minutes, and saving it keeps the opening as it is.
  opening = new Date(Math.ceil((Date.now() + OPENS_IN_MS) / 60_000) * 60_000);
  const event = await ownEvent(organiser.request, {
    from: "mezza-maratona-delle-mura",
    slug: EVENT_SLUG,
    title: { "it-IT": "Giro delle Mura con la coda", "en-US": "Walls Loop with a queue" },
    attributes: { signupOpensAt: opening.toISOString() },
  });
  eventId = event.id;
  await organiser.close();
});

test("in the console, in Italian: the organiser sets the opening's waiting room", async ({ browser }, testInfo) => {
  const { context, page } = await organiserIn(browser, { ...PHONE, locale: "it-IT" });
  await page.goto(`/it-IT/gestione/eventi/${eventId}`);
  const room = page.getByRole("group", { name: "Sala d'attesa all'apertura" });
  await room.getByLabel("Minuti prima dell'apertura, estratti a sorte").fill(String(ROOM.shuffleMinutes));
  await page.getByRole("button", { name: "Salva" }).click();
  await expect(room.getByLabel("Persone fatte entrare al minuto")).toHaveAccessibleDescription(
    /Indica entrambi i valori della sala d'attesa, o nessuno dei due\./,
  );
  await room.getByLabel("Persone fatte entrare al minuto").fill(String(ROOM.admitPerMinute));
  await page.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Modifiche salvate." })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("room-console-phone-it.png"), fullPage: true });
  await context.close();

  // Three runners in the room before the opening: the first three places, drawn at it.
  await joinTheLine(await runnersReady(browser, ["Gaia", "Ivo", "Lea"]));
});

/** Runners registered, each in a context of their own. */
async function runnersReady(browser: Browser, names: string[]): Promise<BrowserContext[]> {
  const runners: BrowserContext[] = [];
  for (const name of names) {
    const runner = await browser.newContext();
    await registerQuietly(runner.request, name);
    runners.push(runner);
  }
  return runners;
}

/** The runners join the line, one after the other, and are done with. */
async function joinTheLine(runners: BrowserContext[]) {
  for (const runner of runners) {
    expect((await runner.request.post(`/api/events/${eventId}/queue-entries`)).status()).toBe(201);
    await runner.close();
  }
}

/** Until the opening (the server's clock and this one are the machine's). */
async function untilTheOpening() {
  const left = opening.getTime() - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left + 500));
}

/** The place in line the page shows now. */
async function placeShown(page: Page): Promise<number> {
  const text = await page.locator(".room-position").textContent({ timeout: 15_000 });
  return Number(text?.trim());
}

test("on an Italian phone: a runner waits in line, her place going down, is let in, signs up and pays", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ ...PHONE, locale: "it-IT" });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await registerQuietly(page.request, "Nives");

  // The race's page names the room and leads there.
  await page.goto(`/it-IT/evento/${EVENT_SLUG}/appuntamento/10k`);
  const notice = page.getByRole("region", { name: "Una sala d'attesa all'apertura" });
  await expect(notice).toContainText("2 minuti prima delle iscrizioni");
  await notice.getByRole("link", { name: "Vai alla sala d'attesa" }).click();
  await expect(page).toHaveURL(new RegExp(`/it-IT/evento/${EVENT_SLUG}/coda$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sala d'attesa");
  await expect(page.getByText(/^Le iscrizioni aprono /)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("room-join-phone-it.png"), fullPage: true });

  // After the opening, behind the three drawn at it and two who join just before her: those drawn
  // may all be in by the time a slow journey gets here, the two give her a wait however late.
  const justBefore = await runnersReady(browser, ["Rita", "Sara"]);
  await untilTheOpening();
  await page.reload();
  await expect(page.getByText(/^Le iscrizioni sono aperte\./)).toBeVisible();
  await joinTheLine(justBefore);
  await page.getByRole("button", { name: "Mettiti in coda" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sei in coda");
  const first = await placeShown(page);
  expect(first).toBeGreaterThan(1);
  await expect(page.getByRole("status").filter({ hasText: "Il tuo posto in coda" })).toContainText(/prima di te/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("room-in-line-phone-it.png"), fullPage: true });
  // The page reads its place again by itself, from its signed standing (decision 074), and it goes down.
  const standingRead = page.waitForResponse(
    (answer) => answer.url().includes("/api/queue-entries/") && answer.url().includes("?standing="),
  );
  await expect.poll(() => placeShown(page), { timeout: 30_000 }).toBeLessThan(first);
  expect((await standingRead).status()).toBe(200);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tocca a te!", { timeout: 45_000 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("room-admitted-phone-it.png"), fullPage: true });
  await page.getByRole("link", { name: "Iscriviti ora" }).click();
  await page.getByRole("button", { name: "Iscriviti a 10 km" }).click();
  await expect(page).toHaveURL(/\/iscrizione\/[\w-]+$/);
  const signupId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  await giveParticipant(page.request, signupId, "Nives", {}, "Brembati");
  await page.goto(`/it-IT/evento/${EVENT_SLUG}/appuntamento/10k/iscrizione/${signupId}/recap`);
  await page.getByRole("radio", { name: /Carta — dimostrazione/ }).check();
  await page.getByRole("checkbox", { name: /condizioni di iscrizione/ }).check();
  await page.getByRole("button", { name: "Conferma l'iscrizione" }).click();
  await expect(page).toHaveURL(/\/it-IT\/demoPayment\/[\w-]+$/);
  await demoPayButton(page).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagamento ricevuto: iscrizione confermata!");

  // Her pass is used: the room says so, and offers the line again.
  await page.goto(`/it-IT/evento/${EVENT_SLUG}/coda`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hai usato il tuo pass");
  expect(errors).toEqual([]);
  await context.close();
});

test("on an English phone without JavaScript: Sign up leads to the room, which lets the runner in", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await untilTheOpening();
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await registerQuietly(page.request, "Otto");

  // No pass yet: the race's "Sign up" leads to the room, which says why.
  await page.goto(`/en-US/evento/${EVENT_SLUG}/appuntamento/10k`);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(new RegExp(`/en-US/evento/${EVENT_SLUG}/coda\\?rifiuto=queue-pass-required$`));
  await expect(page.getByRole("alert")).toHaveText(
    "This opening has a waiting room: take your place in line to sign up.",
  );
  // Two runners just before him: his turn comes ten seconds on.
  await joinTheLine(await runnersReady(browser, ["Pia", "Ugo"]));
  await page.getByRole("button", { name: "Join the line" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're in line");
  // Its words and markup are the Italian journey's, checked there with axe (this browser runs no script).
  await page.screenshot({ path: testInfo.outputPath("room-no-script-phone-en.png"), fullPage: true });

  // The page reloads itself until his turn comes.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("It's your turn!", { timeout: 90_000 });
  await page.getByRole("link", { name: "Sign up now" }).click();
  await page.getByRole("button", { name: "Sign up for 10 km" }).click();
  await expect(page).toHaveURL(/\/en-US\/evento\/[\w-]+\/appuntamento\/10k\/iscrizione\/[\w-]+$/);
  await context.close();
});
