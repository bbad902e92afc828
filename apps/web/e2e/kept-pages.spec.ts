import { expect, type Page, type Response, test } from "@playwright/test";
import { pageErrors, registerQuietly } from "./fixtures.ts";

/**
 * Pages kept for every visitor (docs/decisions/033-kept-pages-for-everyone.md): a logged-in runner
 * is answered from the page the server keeps for everyone, with the header's menu and the notices
 * filled in for them. The page must arrive already theirs (no "Log in" first), hydrate without a
 * mismatch, and stop naming them as soon as they log out.
 */

test("a logged-in runner gets the kept event list with their own menu, hydrated as sent, and logs out from it", async ({
  page,
  request,
}) => {
  const errors = pageErrors(page);
  const email = await registerQuietly(page.request, "Gaspare");
  // An anonymous visitor has the list kept, and the runner is answered from it. Other journeys on
  // the server change the catalogue, which drops every kept page: the anonymous visit keeps it again.
  const kept: { response?: Response | null } = {};
  await expect(async () => {
    await request.get("/it-IT/evento");
    expect((await request.get("/it-IT/evento")).headers()["x-page-cache"]).toBe("hit");
    kept.response = await page.goto("/it-IT/evento");
    expect(kept.response?.headers()["x-page-cache"]).toBe("hit");
  }).toPass({ timeout: 30_000 });
  const { response } = kept;
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  // Theirs from the first byte: the menu and the reminder are in the HTML, not added by a script.
  const html = (await response?.text()) ?? "";
  expect(html).toContain('<span class="header-label">Gaspare</span>');
  expect(html).toContain(email);
  expect(html).not.toContain("account-login");

  const menu = page.locator(".account-menu summary");
  await expect(menu).toHaveText("Gaspare");
  await expect(page.getByRole("status").filter({ hasText: email })).toBeVisible();
  // Hydrated: a link inside the frame navigates on the client, and the page goes on naming them.
  await page.waitForLoadState("networkidle");
  await menu.click();
  await page.getByRole("link", { name: "Dati personali" }).click();
  await expect(page).toHaveURL("/it-IT/modificaDati");
  await page
    .getByRole("navigation", { name: /principale/i })
    .getByRole("link")
    .first()
    .click();
  await expect(page).toHaveURL("/it-IT/evento");
  await expect(menu).toHaveText("Gaspare");

  // Straight from the kept page again, then out: the header says "Accedi" and nobody's name is left.
  await page.goto("/it-IT/evento");
  await page.waitForLoadState("networkidle");
  await menu.click();
  await page.getByRole("button", { name: "Esci" }).click();
  await expect(page).toHaveURL(/\/it-IT\/login\?done=logged-out$/);
  await page.goto("/it-IT/evento");
  await expect(page.getByRole("link", { name: "Accedi" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText("Gaspare");
  expect(errors).toEqual([]);
});

test("two runners logged in at once each get their own name on the same kept page", async ({ browser }) => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [first, second] = await Promise.all(contexts.map((context) => context.newPage()));
  const runners = [
    { page: first as Page, name: "Ippolita" },
    { page: second as Page, name: "Teodoro" },
  ];
  await Promise.all(runners.map(({ page, name }) => registerQuietly(page.request, name)));
  const errors = runners.map(({ page }) => pageErrors(page));
  for (let round = 0; round < 3; round++) {
    await Promise.all(runners.map(({ page }) => page.goto("/evento")));
    for (const [i, { page, name }] of runners.entries()) {
      await expect(page.locator(".account-menu summary")).toHaveText(name);
      await expect(page.locator("body")).not.toContainText(runners[1 - i]?.name as string);
    }
  }
  expect(errors.flat()).toEqual([]);
  await Promise.all(contexts.map((context) => context.close()));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a logged-in runner's kept page has their menu, whose logout works as a plain form", async ({ page }) => {
    await registerQuietly(page.request, "Eufemia");
    const response = await page.goto("/en-US/evento");
    expect(response?.headers()["x-page-cache"]).toMatch(/^(hit|miss|shared)$/);
    await page.locator(".account-menu summary").click();
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/en-US\/login\?done=logged-out$/);
    await page.goto("/en-US/evento");
    await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  });
});
