import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const PAGES = [
  "/",
  "/evento",
  "/evento/cortina-crode-trail",
  "/evento/cortina-crode-trail/appuntamento/ultra-72k",
  "/evento/camp-multisport-molveno",
  "/about",
  "/evento/no-such-event",
  "/login",
  "/registrazione",
  "/resetPassword",
  "/noAuth",
];

for (const prefix of ["", "/it-IT"]) {
  for (const path of PAGES) {
    const url = prefix && path === "/" ? prefix : `${prefix}${path}`;
    test(`${url} has no WCAG 2.2 AA violations`, async ({ page }) => {
      await page.goto(url);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
        [],
      );
    });
  }
}

test("the registration form with its errors shown has no WCAG 2.2 AA violations", async ({ page }) => {
  await page.goto("/it-IT/registrazione");
  await page.getByRole("button", { name: "Crea l'account" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
