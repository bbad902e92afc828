import { expect, test } from "@playwright/test";

test("an event page carries its title, canonical URL, language alternates, Open Graph and SportsEvent data", async ({
  page,
  baseURL,
}) => {
  await page.goto("/it-IT/evento/cortina-crode-trail");
  await expect(page).toHaveTitle(/·/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${baseURL}/it-IT/evento/cortina-crode-trail`,
  );
  const alternates = page.locator('link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(6);
  await expect(page.locator('link[rel="alternate"][hreflang="en-US"]')).toHaveAttribute(
    "href",
    `${baseURL}/evento/cortina-crode-trail`,
  );
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "it_IT");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http.*\.svg$/);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd["@type"]).toBe("SportsEvent");
  expect(jsonLd.location.address.addressLocality).toBeTruthy();
  expect(jsonLd.offers.length).toBeGreaterThan(0);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
});

test("sitemap.xml lists every page in every language, and robots.txt points to it", async ({ request, baseURL }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${baseURL}/it-IT/evento/cortina-crode-trail</loc>`);
  expect(xml).toContain(`hreflang="de-DE" href="${baseURL}/de-DE/about"`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
