import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type BrowserContext, expect, type Page } from "@playwright/test";

/** What the signup and payment journeys share: people, a certificate, dates and the axe check. */

export const PASSWORD = "ridge before sunrise 2027";

let counter = 0;
/** An address no other run of the suite has used. */
/**
 * A fresh address for `label`. The stamp is digits only: in base 36 it once spelled "ada" inside
 * Cleo's address, and a console search for Ada found both.
 */
export const newEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.org`;

/** A small but real PDF: the API recognises certificates by their content. */
export const CERTIFICATE = {
  name: "certificato-medico.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n" +
      "trailer<</Root 1 0 R>>\n%%EOF\n",
  ),
};

/** A 1×1 grey PNG. */
const BLANK_TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAWk1v8QAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Answers every map tile with a blank one: a race's course map asks OpenStreetMap's tile server,
 * out of reach here, for its tiles once the page's script runs (a failed one is a console error).
 */
export function blankTiles(target: Page | BrowserContext) {
  return target.route("https://tile.openstreetmap.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "image/png", body: BLANK_TILE }),
  );
}

/** The day `offsetDays` from today, as an ISO date. */
export const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Errors the page reports from now on: a hydration mismatch is one (React logs it, then renders the page again). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !fromTileServer(message.location().url)) errors.push(message.text());
  });
  return errors;
}

/**
 * A course map's tiles come from OpenStreetMap's server, out of reach here: the browser reports each
 * one it could not load, and the map shows its outline without them (course.spec.ts). Nothing else
 * the site loads comes from another origin.
 */
const fromTileServer = (url: string) => url.startsWith("https://tile.openstreetmap.org/");

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** A new account through the API, logged in in this request context's browser (for tests about something else). */
export async function registerQuietly(
  request: APIRequestContext,
  givenName: string,
  email = newEmail(givenName.toLowerCase()),
) {
  const answer = await request.post("/api/users", {
    data: {
      data: {
        type: "users",
        attributes: { givenName, familyName: "Hopper", email, password: PASSWORD, acceptTerms: true, setCookie: true },
      },
    },
  });
  expect(answer.status()).toBe(201);
  return email;
}

export const JSON_API = { "Content-Type": "application/vnd.api+json", Accept: "application/vnd.api+json" };

/**
 * A signup made through the API up to its recap (the Bergamo 10 km unless told) (held, one participant with
 * a certificate, unless `withoutCertificate` where the event takes it later): for the journeys that are
 * about what comes after the signup's steps. The participant is `givenName` Hopper unless `familyName`
 * says otherwise (a journey that finds its runners by name among the whole suite's).
 */
export async function heldSignup(
  request: APIRequestContext,
  givenName: string,
  place: {
    event: string;
    appointment: string;
    tshirtSize?: string;
    offersLodging?: boolean;
    withoutCertificate?: boolean;
  } = {
    event: "mezza-maratona-delle-mura",
    appointment: "10k",
  },
  familyName = "Hopper",
): Promise<string> {
  const event = await request.get(`/api/events/${place.event}?include=appointments`);
  const included = ((await event.json()) as { included: { type: string; id: string; attributes: { slug: string } }[] })
    .included;
  const appointment = included.find(
    (resource) => resource.type === "appointments" && resource.attributes.slug === place.appointment,
  );
  const held = await request.post("/api/signups", {
    headers: JSON_API,
    data: {
      data: {
        type: "signups",
        attributes: {},
        relationships: { appointment: { data: { type: "appointments", id: appointment?.id } } },
      },
    },
  });
  expect(held.status()).toBe(201);
  const signupId = ((await held.json()) as { data: { id: string } }).data.id;
  await giveParticipant(request, signupId, givenName, place, familyName);
  return signupId;
}

/**
 * Fills a held signup in through the API with one participant, `givenName` and `familyName`, with a
 * certificate unless `place` says otherwise, and no lodging where the event offers it.
 */
export async function giveParticipant(
  request: APIRequestContext,
  signupId: string,
  givenName: string,
  place: { tshirtSize?: string; offersLodging?: boolean; withoutCertificate?: boolean } = {},
  familyName = "Hopper",
): Promise<void> {
  let certificate = {};
  if (!place.withoutCertificate) {
    const upload = await request.post(`/api/signups/${signupId}/certificates`, {
      headers: {
        Accept: "application/vnd.api+json",
        "Content-Type": CERTIFICATE.mimeType,
        "Content-Disposition": `attachment; filename="${CERTIFICATE.name}"`,
      },
      data: CERTIFICATE.buffer,
    });
    expect(upload.status()).toBe(201);
    const certificateId = ((await upload.json()) as { data: { id: string } }).data.id;
    certificate = { certificateId, certificateExpiresOn: isoDay(400) };
  }
  const participants = await request.patch(`/api/signups/${signupId}/participants`, {
    headers: JSON_API,
    data: {
      data: [
        {
          type: "participants",
          attributes: {
            givenName,
            familyName,
            birthDate: "1990-05-17",
            gender: "female",
            email: newEmail(`${givenName}-runner`),
            federationCard: "FIDAL-AB1234",
            emergencyContactName: "Howard Aiken",
            emergencyContactPhone: "+1 617 555 0100",
            ...certificate,
            ...(place.tshirtSize ? { tshirtSize: place.tshirtSize } : {}),
            termsAccepted: true,
            privacyAccepted: true,
          },
        },
      ],
    },
  });
  expect(participants.status()).toBe(200);
  if (place.offersLodging) {
    // An event with lodging asks about it: none.
    const stays = await request.patch(`/api/signups/${signupId}/stay-bookings`, {
      headers: JSON_API,
      data: { data: [] },
    });
    expect(stays.status()).toBe(200);
  }
}

/**
 * The demonstration page's "Pay {amount}" ("Paga" in Italian), found in that page's own form. The
 * address changes before the next page is drawn, and the recap still on screen until then offers
 * "Pay now", which would start another payment.
 */
export function demoPayButton(page: Page) {
  return page.locator(".demo-actions").getByRole("button", { name: /^(Pay|Paga) / });
}

/**
 * From a held signup's recap (in English): picks the demonstration card, accepts the terms,
 * confirms, and pays on the card's page, up to the result that says the runner is signed up.
 */
export async function payWithDemoCard(page: Page) {
  await page.getByRole("radio", { name: /Card — demonstration/ }).check();
  await page.getByRole("checkbox", { name: /terms of signup/ }).check();
  await page.getByRole("button", { name: "Confirm the signup" }).click();
  await expect(page).toHaveURL(/\/en-US\/demoPayment\/[\w-]+$/);
  await demoPayButton(page).click();
  await expect(page).toHaveURL(/\/en-US\/paymentResult\?payment=[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment received: you are signed up!");
}

/**
 * Opens the newest mail to `to` whose subject matches, from the outbox page, and answers its text.
 * The outbox is read again until the mail is listed (a background job writes it); the mail itself is
 * then opened by its address, so a slow machine's navigation is not taken for a missing mail.
 */
export async function mailText(page: Page, to: string, subject: RegExp): Promise<string> {
  let address: string | null = null;
  await expect(async () => {
    await page.goto("/outbox");
    const row = page.getByRole("row").filter({ hasText: to }).filter({ hasText: subject }).first();
    address = await row.getByRole("link").getAttribute("href", { timeout: 1_000 });
    expect(address).toMatch(/^\/outbox\//);
  }).toPass({ timeout: 30_000 });
  await page.goto(address ?? "/outbox");
  const text = (await page.locator("pre.mail").textContent()) ?? "";
  expect(text).not.toBe("");
  return text;
}
