import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, registerQuietly } from "./fixtures.ts";

/**
 * The event page's main action chooses among the event's appointments (docs/behaviour.md#the-event-page):
 * a table of races with today's price and places left, a "Sign up" per open race that names it,
 * and a "from" price that is the card's, the lowest of today's prices of what is still open.
 */
const EVENT = "/evento/cortina-crode-trail";

interface ApiAppointment {
  attributes: { title: string; state: string; currentPrice: { amount: number; currency: string } | null };
}

/** The appointments the API reports for the event, in Italian. */
async function appointmentsOf(page: Page, slug: string) {
  const answer = await page.request.get(`/api/events/${slug}?include=appointments&locale=it-IT`);
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { included: (ApiAppointment & { type: string })[] };
  return body.included.filter((resource) => resource.type === "appointments").map((a) => a.attributes);
}

const euros = (amount: number) =>
  new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR", minimumFractionDigits: 0 })
    .format(amount / 100)
    .replace(/[\u2009\u202f]/g, " ");

test("an event with several races offers a table to choose from, its 'from' the cheapest open race's price today", async ({
  page,
}) => {
  const appointments = await appointmentsOf(page, "cortina-crode-trail");
  const open = appointments.filter((a) => a.state === "open" && a.currentPrice);
  expect(open.length).toBeGreaterThan(1);
  const cheapest = Math.min(...open.map((a) => a.currentPrice?.amount ?? Number.POSITIVE_INFINITY));

  await page.goto(`/it-IT${EVENT}`);
  const table = page.getByRole("table", { name: "Gare e sessioni" });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Gara o categoria",
    "Percorso",
    "Partenza",
    "Prezzo oggi",
    "Posti",
    "Iscrizione",
  ]);
  await expect(table.getByRole("rowheader")).toHaveText(appointments.map((a) => a.title));
  for (const appointment of open) {
    const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: appointment.title }) });
    // The demo's races with a course say its distance and climb; the others a dash.
    await expect(row.getByRole("cell").nth(0)).toHaveText(/^(\d+,\d km · [\d.]+ m di salita|—)$/);
    await expect(row.getByRole("cell").nth(2)).toHaveText(euros(appointment.currentPrice?.amount ?? 0));
    await expect(row.getByRole("cell").nth(3)).toHaveText(/posti liberi|posto libero/);
    // Each row's button names its race, and is at least 44 px high, as is the row.
    const button = row.getByRole("button", { name: `Iscriviti a ${appointment.title}` });
    await expect(button).toBeVisible();
    expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect((await row.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  }

  // The main action leads to the table, under the true "from": the cheapest open race today.
  const bar = page.locator(".signup-bar");
  await expect(bar).toContainText(`da ${euros(cheapest)}`);
  await expect(bar).not.toContainText("05:00");
  await bar.getByRole("link", { name: "Scegli e iscriviti" }).click();
  await expect(page).toHaveURL(`/it-IT${EVENT}#appointments`);
  await expectNoAxeViolations(page);

  // The list's card says the same "from".
  await page.goto("/it-IT/evento?sport=trail-running");
  const card = page.locator(".event-card").filter({ hasText: "Cortina Crode Trail" });
  await expect(card.locator(".price-from")).toHaveText(`da ${euros(cheapest)}`);
});

test("every event's page says the same 'from' as its card in the list", async ({ page }) => {
  await page.goto("/evento");
  const cards = page.locator(".event-card");
  const seen: { href: string; from: string | null }[] = [];
  for (const card of await cards.all()) {
    const href = await card.getByRole("link").first().getAttribute("href");
    const from = (await card.locator(".price-from").count()) ? await card.locator(".price-from").textContent() : null;
    if (href) seen.push({ href, from });
  }
  expect(seen.length).toBeGreaterThan(3);
  for (const { href, from } of seen) {
    await page.goto(href);
    const bar = page.locator(".signup-bar");
    if (from && (await bar.count())) await expect(bar, href).toContainText(from);
  }
});

test("a race's row signs up for that race, not the first one: anywhere on the row, or its button", async ({ page }) => {
  await page.goto(`/it-IT${EVENT}`);
  const table = page.getByRole("table", { name: "Gare e sessioni" });
  // Anonymous: the row's target leads to the login, which comes back to the race chosen.
  const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Crode 12 km" }) });
  // A tap on the price, not on the button, as a thumb would.
  await row.scrollIntoViewIfNeeded();
  const price = await row.getByRole("cell").nth(2).boundingBox();
  if (!price) throw new Error("The price cell is not shown");
  await page.mouse.click(price.x + price.width / 2, price.y + price.height / 2);
  await expect(page).toHaveURL(
    `/it-IT/login?redirectTo=${encodeURIComponent(`/it-IT${EVENT}/appuntamento/crode-12k`)}&signup`,
  );

  await registerQuietly(page.request, "Tenzing");
  await page.goto(`/it-IT${EVENT}`);
  await page.getByRole("button", { name: "Iscriviti a Trail 32 km" }).click();
  await expect(page).toHaveURL(/\/it-IT\/evento\/cortina-crode-trail\/appuntamento\/trail-32k\/iscrizione\/[\w-]+$/);
});

test("on a 390 px phone the table fits without scrolling the page sideways", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  for (const path of [`/it-IT${EVENT}`, EVENT, "/it-IT/evento/rimini-padel-cup"]) {
    await page.goto(path);
    const table = page.getByRole("table");
    await expect(table).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
    for (const button of await table.getByRole("button").all()) {
      const box = await button.boundingBox();
      expect(box?.height, path).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? 0) + (box?.width ?? 0), path).toBeLessThanOrEqual(390);
    }
    await expectNoAxeViolations(page);
  }
  await context.close();
});
