import { expect, type Page, test } from "@playwright/test";

/**
 * Places left as the API says them now, over a page that may come from a cache: an anonymous page is
 * kept for PAGE_CACHE_SECONDS (5 s on this server) and a CDN may keep it about as long, so once the
 * page runs in the browser it reads the places from the API. The API's answer is changed here (as if
 * others had signed up since the page was rendered), so the test does not take real places.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const EVENT = "cortina-crode-trail";
const APPOINTMENT = "ultra-72k";

interface Counts {
  capacity: number;
  remaining: number;
  state: string;
}

/** The appointment's id and counts, as the API says now. */
async function appointmentNow(page: Page) {
  const answer = await page.request.get(`/api/events/${EVENT}?include=appointments`);
  const document = (await answer.json()) as {
    included: { type: string; id: string; attributes: Counts & { slug: string } }[];
  };
  const appointment = document.included.find((resource) => resource.attributes.slug === APPOINTMENT);
  if (!appointment) throw new Error(`${APPOINTMENT} is not in the demo catalogue`);
  return appointment;
}

type Attributes = Counts & { availability?: Counts | null };

/** The API's answers for `pattern` with the counts (an appointment's, an event's availability) `change` makes. */
async function answerPlaces(page: Page, pattern: RegExp, change: (counts: Counts) => void) {
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    const document = (await response.json()) as {
      data: { attributes: Attributes };
      included?: { attributes: Attributes }[];
    };
    for (const { attributes } of [document.data, ...(document.included ?? [])])
      change(attributes.availability ?? attributes);
    await route.fulfill({ response, json: document });
  });
}

test("the appointment page shows the places the API says now, not those it was rendered with", async ({ page }) => {
  const path = `/evento/${EVENT}/appuntamento/${APPOINTMENT}`;
  const { id, attributes } = await appointmentNow(page);
  const fresh = attributes.remaining === 7 ? 8 : 7;

  const places = page.waitForResponse((response) => response.url().includes(`/api/appointments/${id}`));
  await answerPlaces(page, new RegExp(`/api/appointments/${id}\\?`), (counts) => {
    counts.remaining = fresh;
  });
  const document = await page.goto(path);
  // The page as the server keeps it, in gzip spliced around this answer's nonce.
  expect(document?.headers()["content-encoding"]).toBe("gzip");
  expect(document?.headers()["x-page-cache"]).toMatch(/^(hit|miss|shared)$/);
  expect(await document?.text()).not.toContain(`${fresh} of ${attributes.capacity} places left`);
  expect((await places).headers()["cache-control"]).toBe("no-cache");
  await expect(page.getByText(`${fresh} of ${attributes.capacity} places left`)).toBeVisible();
  await expect(page.locator(".badge-open").first()).toHaveText(`${fresh} places left`);
});

test("an Italian event page turns a sold-out appointment's badge and drops its sign-up button", async ({ page }) => {
  await answerPlaces(page, /\/api\/events\/[^/?]+\?.*fields/, (counts) => {
    counts.remaining = 0;
    counts.state = "sold-out";
  });
  await page.goto(`/it-IT/evento/${EVENT}`);
  const appointments = page.locator(".appointment-row");
  await expect(appointments.first().locator(".badge")).toHaveText("Esaurito");
  await expect(appointments.locator(".badge-open")).toHaveCount(0);
  await expect(appointments.getByRole("button")).toHaveCount(0);
  await expect(page.locator(".event-hero .badge")).toHaveText("Esaurito");
  await expect(page.locator(".signup-bar")).toHaveCount(0);
});
