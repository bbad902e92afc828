import { expect, test } from "@playwright/test";
import { confirmedPerson, DESKTOP, organiserEmail } from "./console-fixtures.ts";
import { CERTIFICATE, expectNoAxeViolations, isoDay, newEmail, payWithDemoCard, registerQuietly } from "./fixtures.ts";
import { ownEvent } from "./own-event.ts";

/**
 * A certificate uploaded after the signup, on this file's own copy of the Bergamo event
 * (own-event.ts), with this file's organiser (organisers.ts): the organiser lets the copy take the
 * certificate later; a runner signs up for its 10 km without one and pays with the demonstration
 * card; My signups says the certificate is missing and takes one; the organiser finds it to review
 * in the console's certificates and approves it.
 */

const EVENT = {
  from: "mezza-maratona-delle-mura",
  slug: "mezza-delle-mura-certificato-dopo",
  title: { "it-IT": "Giro delle Mura col certificato dopo", "en-US": "Walls Loop with certificates later" },
};
const APPOINTMENT = `/evento/${EVENT.slug}/appuntamento/10k`;

test("a runner signs up without a certificate, pays, uploads it from My signups, and the organiser approves it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context: organiserContext, page: organiser } = await confirmedPerson(
    browser,
    "Olga",
    organiserEmail(),
    DESKTOP,
  );
  const eventId = (await ownEvent(organiser.request, EVENT)).id;

  // The organiser lets the certificate come later, with two reminders.
  await organiser.goto(`/gestione/eventi/${eventId}`);
  await organiser.getByLabel("The certificate may be uploaded after the signup").check();
  await organiser.getByLabel(/^Reminders for a missing certificate/).fill("400");
  await organiser.getByRole("button", { name: "Save", exact: true }).first().click();
  await expect(organiser.getByRole("alert")).toBeVisible();
  await expect(organiser.getByText("Give at most 5 whole days from 1 to 120")).toBeVisible();
  await expectNoAxeViolations(organiser);
  await organiser.getByLabel("The certificate may be uploaded after the signup").check();
  await organiser.getByLabel(/^Reminders for a missing certificate/).fill("10, 3");
  await organiser.getByRole("button", { name: "Save", exact: true }).first().click();
  await expect(organiser.getByRole("status").filter({ hasText: "Changes saved." })).toBeVisible();
  await expect(organiser.getByLabel("The certificate may be uploaded after the signup")).toBeChecked();
  await expect(organiser.getByLabel(/^Reminders for a missing certificate/)).toHaveValue("10, 3");

  // A runner signs up without the certificate, on a phone.
  const runnerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const runner = await runnerContext.newPage();
  await registerQuietly(runner.request, "Lidia", newEmail("lidia"));
  await runner.goto(`/evento/${EVENT.slug}`);
  await expect(runner.getByText("The certificate may be uploaded after signing up, before the race")).toBeVisible();
  await runner.goto(APPOINTMENT);
  await runner.getByRole("button", { name: "Sign up" }).click();
  await expect(runner).toHaveURL(/\/iscrizione\/[\w-]+$/);
  await runner.getByLabel("Date of birth").fill("1990-05-17");
  await runner.getByLabel("Gender").selectOption("female");
  const card = runner.getByLabel("Federation card number");
  if (await card.count()) await card.fill("FIDAL-AB1234");
  await runner.getByLabel("Emergency contact", { exact: true }).fill("Howard Aiken");
  await runner.getByLabel("Emergency contact's phone").fill("+1 617 555 0100");
  await expect(runner.getByLabel("Medical certificate")).not.toHaveAttribute("required");
  await runner.getByRole("checkbox", { name: "I will upload the certificate later, from My signups" }).check();
  await runner.getByRole("checkbox", { name: /accepts the event rules/ }).check();
  await runner.getByRole("checkbox", { name: /has read the privacy notice/ }).check();
  await runner.getByRole("button", { name: "Continue" }).click();
  await expect(runner).toHaveURL(/\/recap$/);
  await expect(runner.getByText(/certificate to upload later/)).toBeVisible();
  await payWithDemoCard(runner);

  // My signups: the certificate is missing; one that lapses before race day is refused with the day.
  await runner.goto("/modificaDati#iscrizioni");
  await expect(runner.getByText("Lidia Hopper: medical certificate missing")).toBeVisible();
  await expectNoAxeViolations(runner);
  await runner.getByText("Upload Lidia Hopper's certificate").click();
  await runner.getByLabel("Certificate file (PDF, JPEG or PNG)").setInputFiles(CERTIFICATE);
  await runner.getByLabel("Valid until").evaluate((input: HTMLInputElement) => input.removeAttribute("min"));
  await runner.getByLabel("Valid until").fill(isoDay(1));
  await runner.getByRole("button", { name: "Upload the certificate" }).click();
  await expect(runner.getByRole("alert").filter({ hasText: /The certificate must be valid on / })).toBeVisible();
  await expectNoAxeViolations(runner);
  await runner.getByLabel("Certificate file (PDF, JPEG or PNG)").setInputFiles(CERTIFICATE);
  await runner.getByLabel("Valid until").fill(isoDay(400));
  await runner.getByRole("button", { name: "Upload the certificate" }).click();
  await expect(runner.getByRole("status").filter({ hasText: "Certificate uploaded" })).toBeVisible();
  await expect(runner.getByText("Lidia Hopper: medical certificate being checked")).toBeVisible();
  await runner.screenshot({ path: test.info().outputPath("my-signups-certificate-phone.png"), fullPage: true });
  await runnerContext.close();

  // The organiser finds it to review and approves it.
  await organiser.goto(`/gestione/eventi/${eventId}/certificati`);
  const item = organiser
    .getByRole("listitem")
    .filter({ has: organiser.getByRole("heading", { name: "Lidia Hopper" }) });
  await expect(item).toContainText("To review");
  await expectNoAxeViolations(organiser);
  await item.getByRole("button", { name: "Approve" }).click();
  // The approval answered before the page is left: leaving at once could cut its request short.
  await expect(item.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await organiser.goto(`/gestione/eventi/${eventId}/certificati?mostra=tutti`);
  const approved = organiser
    .getByRole("listitem")
    .filter({ has: organiser.getByRole("heading", { name: "Lidia Hopper" }) });
  await expect(approved).toContainText("Approved");
  await organiser.screenshot({ path: test.info().outputPath("console-certificates.png"), fullPage: true });
  await organiserContext.close();
});
