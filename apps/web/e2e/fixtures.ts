import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

/** What the signup and payment journeys share: people, a certificate, dates and the axe check. */

export const PASSWORD = "ridge before sunrise 2027";

let counter = 0;
/** An address no other run of the suite has used. */
export const newEmail = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@example.org`;

/** A small but real PDF: the API recognises certificates by their content. */
export const CERTIFICATE = {
  name: "certificato-medico.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n" +
      "trailer<</Root 1 0 R>>\n%%EOF\n",
  ),
};

/** The day `offsetDays` from today, as an ISO date. */
export const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

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
