import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { acceptInvitation, confirmedPerson, organiserEmail, organiserForTheFile, PHONE } from "./console-fixtures.ts";
import { expectNoAxeViolations, heldSignup, JSON_API, newEmail, registerQuietly } from "./fixtures.ts";

/**
 * The organiser's console: the team, an event's overview, a message to an appointment's
 * participants and a cover image, on the suite's server (playwright.config.ts), where this file's
 * organiser (organisers.ts) is an organiser once its address is confirmed from its own session.
 */

test.describe.configure({ mode: "serial" });
const organiserPage = organiserForTheFile({});

test("the organiser invites a staff member, who registers, accepts and sees the staff's console", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await organiserPage(browser);
  await page.goto("/gestione/squadra");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team");
  await expect(page.getByRole("row", { name: new RegExp(organiserEmail()) })).toContainText("ORGANISER_EMAILS");
  await expectNoAxeViolations(page);

  const staffEmail = newEmail("staff");
  await page.getByLabel("E-mail address").fill(staffEmail);
  await page.getByLabel("Role").selectOption("staff");
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByRole("status")).toContainText(`Invitation sent to ${staffEmail}`);
  await expect(page.getByRole("row", { name: new RegExp(staffEmail) })).toContainText("Invited");

  // The invitee, on a phone, registers, confirms, and accepts through the invitation's link: the
  // console opens with the staff's sections.
  const staff = await confirmedPerson(browser, "Stan", staffEmail, PHONE);
  await acceptInvitation(staff.page, staffEmail);
  await expectNoAxeViolations(staff.page);
  await staff.page.goto("/gestione");
  const sections = staff.page.getByRole("navigation", { name: "Console" });
  await expect(sections.getByRole("link", { name: "Check-in" })).toBeVisible();
  await expect(sections.getByRole("link", { name: "Team" })).toHaveCount(0);
  await expectNoAxeViolations(staff.page);
  // Staff read an event's details, but its forms are the organiser's: a notice says so, the fields
  // are off and there is no button to send them.
  await sections.getByRole("link", { name: "Events" }).click();
  await expect(staff.page.getByRole("heading", { level: 1 })).toHaveText("Events");
  await staff.page
    .getByRole("main")
    .getByRole("link", { name: /Bergamo/ })
    .first()
    .click();
  await expect(staff.page.getByRole("navigation", { name: "Event sections" })).toBeVisible();
  await expect(staff.page.getByText("Only organisers can change these details: you can read them here.")).toBeVisible();
  await expect(staff.page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(staff.page.locator(".console-readonly input:not([type=hidden])").first()).toBeDisabled();
  await expectNoAxeViolations(staff.page);
  await staff.page.screenshot({ path: test.info().outputPath("console-staff-phone.png"), fullPage: true });
  await staff.context.close();

  await page.goto("/gestione/squadra");
  await expect(page.getByRole("row", { name: new RegExp(staffEmail) })).toContainText("Active");
  await page.screenshot({ path: test.info().outputPath("console-team.png"), fullPage: true });

  // Removing them makes them a runner again; the organiser cannot remove themselves (no button).
  await page.getByRole("button", { name: `Remove ${staffEmail} from the team` }).click();
  await expect(page.getByRole("status")).toContainText(`${staffEmail} is no longer on the team`);
  await expect(page.getByRole("row", { name: new RegExp(organiserEmail()) }).getByRole("button")).toHaveCount(0);
});

/** A runner's signup to the Bergamo 10 km, confirmed by a bank transfer the organiser marks paid. */
async function confirmedSignup(browser: Browser, organiserPage: Page) {
  const context = await browser.newContext();
  const runner = context.request;
  await registerQuietly(runner, "Rita");
  const signupId = await heldSignup(runner, "Rita");
  const submitted = await runner.patch(`/api/signups/${signupId}`, {
    headers: JSON_API,
    data: {
      data: {
        type: "signups",
        id: signupId,
        attributes: { state: "awaiting-payment", paymentMethod: "bank-transfer", termsAccepted: true },
      },
    },
  });
  expect(submitted.status()).toBe(200);
  const paid = await organiserPage.request.post(`/api/signups/${signupId}/payments`, {
    headers: JSON_API,
    data: { data: { type: "payments", attributes: {} } },
  });
  expect(paid.status()).toBe(201);
  await context.close();
  return signupId;
}

test("the organiser opens an event's overview from the console's first screen: the chart, places and money", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await organiserPage(browser);
  await confirmedSignup(browser, page);
  await page.goto("/gestione");
  const upcoming = page.getByRole("region", { name: "Coming up" });
  await expect(upcoming.getByRole("row", { name: /Bergamo Walls/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await upcoming.getByRole("link", { name: /Bergamo Walls/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Overview:");
  await expect(page.getByRole("img", { name: /Bar chart of signups per day/ })).toBeVisible();
  await expect(page.locator("svg rect.console-chart-bar")).not.toHaveCount(0);
  await expect(page.getByRole("region", { name: "Money in" })).toContainText("Bank transfer");
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("console-dashboard-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
});

test("the organiser writes to an appointment's participants: the count first, then one mail per confirmed signup", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await organiserPage(browser);
  await page.goto("/gestione");
  await page
    .getByRole("region", { name: "Coming up" })
    .getByRole("link", { name: /Bergamo Walls/ })
    .click();
  await page.getByRole("link", { name: "Message the participants of 10 km" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Message the participants");
  await expect(page.getByText(/The message goes to the accounts? of \d+ confirmed signups?\./)).toBeVisible();
  await expectNoAxeViolations(page);
  const english = page.getByRole("group", { name: "English" });
  await english.getByLabel("Subject").fill("Start moved to 9:30");
  await english.getByLabel("Text").fill("The 10 km starts at 9:30.\n\nSee you there!");
  // Half a language is not a message.
  await page.getByRole("group", { name: "Italiano" }).getByLabel("Subject").fill("Partenza alle 9:30");
  await page.getByRole("button", { name: "Send the message" }).click();
  await expect(page.getByRole("alert")).toContainText("In Italiano, the subject or the text is missing.");
  await expect(english.getByLabel("Subject")).toHaveValue("Start moved to 9:30");
  await page.getByRole("group", { name: "Italiano" }).getByLabel("Subject").fill("");
  await page.getByRole("button", { name: "Send the message" }).click();
  await expect(page.getByRole("status")).toContainText(/Message sent to \d+ signups?\./);
  await page.screenshot({ path: test.info().outputPath("console-message.png"), fullPage: true });
  await expect(async () => {
    await page.goto("/outbox");
    await expect(page.getByRole("row").filter({ hasText: "Start moved to 9:30" }).first()).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 10_000 });
});

test("the organiser uploads a cover, which the public event page shows in every size", async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await organiserPage(browser);
  await page.goto("/gestione");
  await page
    .getByRole("region", { name: "Coming up" })
    .getByRole("link", { name: /Bergamo Walls/ })
    .click();
  await page.getByRole("link", { name: "Cover image" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Cover image:");
  await expectNoAxeViolations(page);

  // A text file called a JPEG is refused by what it is.
  await page.getByLabel("Image file").setInputFiles({
    name: "cover.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("this is not a picture"),
  });
  await page.getByRole("button", { name: "Upload the cover" }).click();
  await expect(page.getByRole("alert")).toHaveText("This file is not a JPEG, PNG or WebP image.");

  const png = await sharp({ create: { width: 1800, height: 1000, channels: 3, background: "#1d6f42" } })
    .png()
    .toBuffer();
  await page.getByLabel("Image file").setInputFiles({ name: "copertina.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Upload the cover" }).click();
  await expect(page.getByRole("status")).toHaveText("The new cover is on the event's page.");
  await expect(page.locator("img.console-cover")).toHaveAttribute("srcset", /\/media\/covers\/[\w-]+-1600\.jpg 1600w/);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("console-cover-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto("/evento/mezza-maratona-delle-mura");
  const hero = page.locator("img.event-hero-image");
  await expect(hero).toHaveAttribute("width", "1600");
  await expect(hero).toHaveAttribute("height", "889");
  await expect(hero).toHaveAttribute("srcset", /-480\.webp 480w/);
  await expect
    .poll(() => hero.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  const source = await hero.evaluate((image: HTMLImageElement) => image.currentSrc);
  const served = await page.request.get(source);
  expect(served.status()).toBe(200);
  expect(served.headers()["cache-control"]).toContain("immutable");
});
