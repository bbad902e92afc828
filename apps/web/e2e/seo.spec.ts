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
  expect(jsonLd.organizer).toEqual({ "@type": "Organization", name: "Sport Events", url: baseURL });
  // Each distance is signed up for on its own page, in the page's language; signups opened months ago.
  for (const offer of jsonLd.offers) {
    expect(offer.url).toMatch(new RegExp(`^${baseURL}/it-IT/evento/cortina-crode-trail/appuntamento/[\\w-]+$`));
    expect(offer.availability).toBe("https://schema.org/InStock");
    expect(Date.parse(offer.validFrom)).toBeLessThan(Date.now());
  }
  const firstLink = await page.locator(".appointment-name a").first().getAttribute("href");
  expect(jsonLd.offers.map((offer: { url: string }) => offer.url)).toContain(`${baseURL}${firstLink}`);
});

test("the SportsEvent offers say whether signups are open, sold out, not open yet, or over", async ({
  page,
  baseURL,
}) => {
  const sportsEvent = async (slug: string) => {
    await page.goto(`/evento/${slug}`);
    return JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  };
  const availabilities = (data: { offers?: { availability: string }[] }) =>
    new Set(data.offers?.map((offer) => offer.availability));

  // Every place of the open-water swim is taken.
  expect(availabilities(await sportsEvent("traversata-isola-di-san-giulio"))).toEqual(
    new Set(["https://schema.org/SoldOut"]),
  );
  // The tennis weekend's signups open in twelve days: on sale from then.
  const tennis = await sportsEvent("tennis-weekend-garda");
  expect(availabilities(tennis)).toEqual(new Set(["https://schema.org/PreOrder"]));
  for (const offer of tennis.offers) expect(Date.parse(offer.validFrom)).toBeGreaterThan(Date.now());
  // The cancelled marathon stays described, its closed appointments offered no more.
  const cancelled = await sportsEvent("grappa-bike-marathon");
  expect(cancelled.eventStatus).toBe("https://schema.org/EventCancelled");
  expect(cancelled.offers).toBeUndefined();
  // The camp takes signups as a whole, on its own page.
  const camp = await sportsEvent("camp-multisport-molveno");
  expect(camp.offers.map((offer: { url: string }) => offer.url)).toEqual([`${baseURL}/evento/camp-multisport-molveno`]);
  expect(camp.organizer.url).toBe(baseURL);
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
