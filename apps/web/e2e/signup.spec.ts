import { expect, type Page, test } from "@playwright/test";
import {
  blankTiles,
  CERTIFICATE,
  expectNoAxeViolations,
  isoDay,
  newEmail,
  PASSWORD,
  registerQuietly,
} from "./fixtures.ts";

/**
 * Signing up as a visitor does it on a phone, against the real server and the demo catalogue: the
 * Cortina Crode Trail asks for a competitive certificate and a T-shirt size, and offers a hotel.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const EVENT = "/evento/cortina-crode-trail";

/** From the login page the guard or the "Sign up" button led to: a new account, and on from where it started. */
async function registerFromLogin(page: Page, person: { email: string; givenName: string }, it = false) {
  await page.getByRole("link", { name: it ? "Registrati" : "Create one" }).click();
  await page.getByLabel(it ? /^Nome$/ : "First name").fill(person.givenName);
  await page.getByLabel(it ? "Cognome" : "Last name").fill("Lovelace");
  await page.getByLabel(/^E-mail$/).fill(person.email);
  await page.getByLabel(/^Password$/).fill(PASSWORD);
  await page.getByRole("checkbox", { name: it ? /Accetto/ : /I accept/ }).check();
  await page.getByRole("button", { name: it ? "Crea l'account" : "Create the account" }).click();
}

async function fillParticipant(page: Page, labels: Record<string, string | RegExp>, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) {
    const label = labels[field] ?? field;
    const input = page.getByLabel(label, { exact: typeof label === "string" });
    if ((await input.evaluate((element) => element.tagName)) === "SELECT") await input.selectOption(value);
    else await input.fill(value);
  }
}

test("an Italian visitor signs up from the appointment page: login, participant, certificate, hotel, recap", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const email = newEmail("giro");
  // The click scrolls the page to the course's map, which asks the tile server (OpenStreetMap's,
  // out of reach here) for its tiles once the page's script runs: a blank tile each.
  await blankTiles(page);
  await page.goto(`/it-IT${EVENT}/appuntamento/trail-32k`);
  await page.getByRole("button", { name: "Iscriviti" }).click();

  // Not logged in: the login page, and after registering, on with the signup.
  await expect(page).toHaveURL(
    `/it-IT/login?redirectTo=${encodeURIComponent(`/it-IT${EVENT}/appuntamento/trail-32k`)}&signup`,
  );
  await registerFromLogin(page, { email, givenName: "Grazia" }, true);

  // Participants: the steps, the countdown, the visitor's own data to start with.
  await expect(page).toHaveURL(/\/it-IT\/evento\/cortina-crode-trail\/appuntamento\/trail-32k\/iscrizione\/[\w-]+$/);
  const steps = page.getByRole("navigation", { name: "Passaggi dell'iscrizione" });
  await expect(steps.getByRole("listitem")).toHaveText([/Partecipanti/, /Alloggio/, /Controllo e conferma/]);
  await expect(steps.locator('[aria-current="step"]')).toContainText("Partecipanti");
  await expect(page.getByRole("timer")).toHaveText(/Posti riservati per te: (19|20):\d\d/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chi partecipa?");
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Grazia");
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expectNoAxeViolations(page);

  // The recap without an id is "the signup I am filling in": here, still at its first step.
  const signupUrl = page.url();
  await page.goto(`/it-IT${EVENT}/appuntamento/trail-32k/iscrizione/recap`);
  await expect(page).toHaveURL(signupUrl);

  await fillParticipant(
    page,
    {
      birthDate: "Data di nascita",
      gender: "Genere",
      phone: "Telefono",
      nationality: "Nazionalità",
      tshirtSize: "Taglia della maglietta",
      emergencyContactName: "Contatto di emergenza",
      emergencyContactPhone: "Telefono del contatto di emergenza",
      certificateExpiresOn: "Certificato valido fino al",
    },
    {
      birthDate: "1988-04-12",
      gender: "female",
      phone: "+39 0436 123456",
      nationality: "IT",
      tshirtSize: "M",
      emergencyContactName: "Marco Lovelace",
      emergencyContactPhone: "+39 333 1234567",
      certificateExpiresOn: isoDay(365),
    },
  );
  await page.getByLabel("Certificato medico").setInputFiles(CERTIFICATE);
  await page.getByRole("checkbox", { name: /accetta il regolamento/ }).check();
  await page.getByRole("checkbox", { name: /ha letto/ }).check();
  await page.getByRole("button", { name: "Continua" }).click();

  // Lodging: a double room for the night before the race.
  await expect(page).toHaveURL(/\/iscrizione\/[\w-]+\/soggiorni$/);
  await expect(steps.locator('[aria-current="step"]')).toContainText("Alloggio");
  await expect(page.getByRole("heading", { level: 2, name: "Hotel Larice Bianco" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("radio", { name: "Camera doppia, 2 ospiti: 148 € a notte" }).check();
  const checkIn = page.getByLabel("Arrivo");
  const firstNight = (await checkIn.getAttribute("min")) ?? "";
  await checkIn.fill(firstNight);
  const nextDay = new Date(`${firstNight}T12:00:00Z`);
  nextDay.setUTCDate(nextDay.getUTCDate() + 1);
  await page.getByLabel("Partenza").fill(nextDay.toISOString().slice(0, 10));
  await page.getByLabel("Ospiti", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Prenota e continua" }).click();

  // Recap: what was entered, the server's price, the confirmation.
  await expect(page).toHaveURL(/\/iscrizione\/[\w-]+\/recap$/);
  await expect(steps.locator('[aria-current="step"]')).toContainText("Controllo e conferma");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Controllo e conferma");
  await expect(page.getByText("Grazia Lovelace", { exact: true })).toBeVisible();
  await expect(page.getByText(/certificato caricato/)).toBeVisible();
  await expect(page.getByText(/Camera doppia, Hotel Larice Bianco/).first()).toBeVisible();
  const price = page.getByRole("table", { name: "Prezzo" });
  await expect(price.getByRole("row", { name: /Iscrizione: 1 ×/ })).toContainText("€");
  await expect(price.getByRole("row", { name: /1 notte × 1 camera × 148 €/ })).toContainText("148 €");
  await expect(price.locator("tfoot")).toContainText("Totale");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Modifica: Partecipanti" }).click();
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Grazia");
  await expect(page.getByText("Per questo partecipante è già stato caricato un certificato.")).toBeVisible();
  await page.getByRole("button", { name: "Continua" }).click();
  await expect(page).toHaveURL(/\/soggiorni$/);
  await page.getByRole("link", { name: /Controllo e conferma/ }).click();

  await page.getByRole("radio", { name: /Bonifico bancario/ }).check();
  await page.getByRole("checkbox", { name: /condizioni di iscrizione/ }).check();
  const recapUrl = page.url();
  await page.getByRole("button", { name: "Conferma l'iscrizione" }).click();
  // Submitted: the transfer's instructions (payments.spec.ts follows them), then the recap again.
  await expect(page).toHaveURL(/\/it-IT\/paymentResult\?payment=[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ultimo passo: il bonifico");
  await page.goto(recapUrl);
  await expect(page.getByRole("status")).toContainText("in attesa di pagamento");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("La tua iscrizione");
  await expect(page.getByRole("timer")).toHaveCount(0);

  // My signups, on the personal data page.
  await page.getByRole("link", { name: "Le mie iscrizioni" }).click();
  await expect(page).toHaveURL("/it-IT/modificaDati#iscrizioni");
  const mine = page.getByRole("region", { name: "Le mie iscrizioni" });
  await expect(mine.getByRole("listitem")).toHaveCount(1);
  await expect(mine.getByRole("listitem").first()).toContainText("In attesa di pagamento");
  await expect(mine.getByRole("listitem").first()).toContainText("Trail 32 km");
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test("an English visitor signs up for a whole camp from its page, without lodging, then cancels", async ({ page }) => {
  const camp = "/evento/camp-multisport-molveno";
  const email = newEmail("walk");
  await page.goto(camp);
  // The camp takes signups for the whole week: the button is on the event's page.
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(camp)}&signup`);
  await registerFromLogin(page, { email, givenName: "Ada" });
  // Its one implicit appointment is left out of the signup's address.
  await expect(page).toHaveURL(/\/evento\/camp-multisport-molveno\/appuntamento\/iscrizione\/[\w-]+$/);
  const signupUrl = page.url();
  await expect(page.getByRole("timer")).toHaveText(/Places held for you: (14|15):\d\d/);
  await expect(page.getByRole("navigation", { name: "Signup steps" }).getByRole("listitem")).toHaveCount(3);
  await expectNoAxeViolations(page);

  await fillParticipant(
    page,
    {
      givenName: "First name",
      birthDate: "Date of birth",
      gender: "Gender",
      emergencyContactName: "Emergency contact",
      emergencyContactPhone: "Emergency contact's phone",
      certificateExpiresOn: "Certificate valid until",
    },
    {
      givenName: "Byron",
      birthDate: `${new Date().getFullYear() - 10}-03-01`,
      gender: "male",
      emergencyContactName: "Ada Lovelace",
      emergencyContactPhone: "+44 20 7946 0000",
      certificateExpiresOn: isoDay(200),
    },
  );
  await expect(page.getByLabel("Medical certificate")).toHaveAccessibleDescription(
    /Non-competitive sports medical certificate/,
  );
  await page.getByLabel("Medical certificate").setInputFiles(CERTIFICATE);
  await page.getByRole("checkbox", { name: /accepts the event rules/ }).check();
  await page.getByRole("checkbox", { name: /has read the privacy notice/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/soggiorni$/);
  await expect(page.getByRole("heading", { level: 2, name: "Camp Lodge" })).toBeVisible();
  await page.getByRole("button", { name: "No lodging, continue" }).click();
  await expect(page).toHaveURL(/\/recap$/);
  await expect(page.getByText("Byron Lovelace")).toBeVisible();
  await expect(page.getByText("No lodging.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Price" }).locator("tfoot")).toContainText("€");

  // The recap asks for a payment method and the terms, each beside its field.
  await page.getByRole("button", { name: "Confirm the signup" }).click();
  await expect(page.getByRole("group", { name: "How would you like to pay?" })).toHaveAccessibleDescription(
    "Choose how you want to pay.",
  );
  await expect(page.getByRole("checkbox", { name: /terms of signup/ })).toHaveAccessibleDescription(
    "Accept the terms of the signup to go on.",
  );
  await expectNoAxeViolations(page);
  await page.getByRole("radio", { name: /Card — demonstration/ }).check();
  await page.getByRole("checkbox", { name: /terms of signup/ }).check();
  await page.getByRole("button", { name: "Confirm the signup" }).click();
  // Submitted: on to the demonstration card's page (payments.spec.ts pays there); not paid here.
  await expect(page).toHaveURL(/\/demoPayment\/[\w-]+$/);

  // The participants step now leads to the recap, which shows the signup as it stands.
  await page.goto(signupUrl);
  await expect(page).toHaveURL(/\/recap$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your signup");
  await expect(page.getByRole("status")).toContainText("waits for payment");
  await expect(page.getByRole("button", { name: "Pay now" })).toBeVisible();

  await page.getByRole("link", { name: "My signups" }).click();
  const mine = page.getByRole("region", { name: "My signups" });
  const item = mine.getByRole("listitem").first();
  await expect(item).toContainText("Awaiting payment");
  await expect(item).toContainText("Lake Molveno Multisport Camp");
  await item.getByText("Cancel this signup", { exact: true }).click();
  await item.getByRole("button", { name: "Cancel the signup" }).click();
  await expect(item.getByRole("checkbox")).toHaveAccessibleDescription("Tick the box to confirm.");
  await item.getByRole("checkbox").check();
  await item.getByRole("button", { name: "Cancel the signup" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The signup has been cancelled." })).toBeVisible();
  await expect(mine.getByRole("listitem").first()).toContainText("Cancelled");
});

test("the participants form shows errors beside their fields, with and without JavaScript; a hold runs out; someone else's signup is not shown", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await registerQuietly(page.request, "Grace");
  await page.goto(`${EVENT}/appuntamento/trail-32k`);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/iscrizione\/[\w-]+$/);
  const signupUrl = page.url();

  // The browser's checks, before anything is sent.
  await page.getByLabel("First name", { exact: true }).fill("");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("First name", { exact: true })).toHaveAccessibleDescription("Fill in this field.");
  await expect(page.getByLabel("Date of birth")).toHaveAccessibleDescription("Fill in this field.");
  await expect(page.getByLabel("Medical certificate")).toHaveAccessibleDescription(
    /Competitive sports medical certificate: a PDF, JPEG or PNG file of at most 5 MB\. Upload the medical certificate\./,
  );
  const summary = page.getByRole("alert").filter({ hasText: "Please correct" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link", { name: "Date of birth" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The API's checks: too young for the 32 km (18 and over), a certificate that lapses before the race.
  await fillParticipant(
    page,
    {
      givenName: "First name",
      birthDate: "Date of birth",
      gender: "Gender",
      tshirtSize: "T-shirt size",
      emergencyContactName: "Emergency contact",
      emergencyContactPhone: "Emergency contact's phone",
      certificateExpiresOn: "Certificate valid until",
    },
    {
      givenName: "Grace",
      birthDate: isoDay(-15 * 365),
      gender: "female",
      tshirtSize: "L",
      emergencyContactName: "Howard Aiken",
      emergencyContactPhone: "+1 617 555 0100",
      certificateExpiresOn: isoDay(10),
    },
  );
  await page.getByLabel("Medical certificate").setInputFiles(CERTIFICATE);
  await page.getByRole("checkbox", { name: /accepts the event rules/ }).check();
  await page.getByRole("checkbox", { name: /has read the privacy notice/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("Date of birth")).toHaveAccessibleDescription(
    "This participant is younger than this appointment allows.",
  );
  await expect(page.getByLabel("Certificate valid until")).toHaveAccessibleDescription(
    "It must still be valid on the day of the event. The certificate must still be valid on the day of the appointment.",
  );
  // The file went up already: it is kept, and not asked for again.
  await expect(page.getByText("Certificate uploaded: certificato-medico.pdf")).toBeVisible();
  await expect(page.getByLabel("Date of birth")).toHaveValue(isoDay(-15 * 365));

  // Without JavaScript the same form posts and answers with the server's messages.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
  });
  const noScript = await plain.newPage();
  await noScript.goto(signupUrl);
  await expect(noScript.getByText(/Places held for you until \d/)).toBeVisible();
  await noScript.getByLabel("Emergency contact", { exact: true }).fill("");
  await noScript.getByRole("button", { name: "Continue" }).click();
  await expect(noScript.getByLabel("Emergency contact", { exact: true })).toHaveAccessibleDescription(
    "Someone we can call on the day if something happens. Fill in this field.",
  );
  await expect(noScript.getByRole("alert").filter({ hasText: "Please correct" })).toBeVisible();
  await plain.close();

  // The hold's countdown, on a clock the test runs: the demo trail holds places for 20 minutes.
  await page.clock.install();
  await page.reload();
  await expect(page.getByRole("timer")).toHaveText(/1?\d:\d\d/);
  await page.clock.fastForward("19:00");
  await expect(page.getByRole("timer")).toHaveText(/0:\d\d/);
  await page.clock.fastForward("01:00");
  await expect(page.getByRole("heading", { level: 1, name: "Your hold has lapsed" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("the places have been released");
  await expect(page.getByRole("timer")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Start again" }).click();
  await expect(page).toHaveURL(`${EVENT}/appuntamento/trail-32k`);

  // Another visitor who has the address sees the not-authorised page.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const stranger = await other.newPage();
  await registerQuietly(stranger.request, "Katherine");
  await stranger.goto(signupUrl);
  await expect(stranger).toHaveURL("/noAuth");
  await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("You may not see this page");
  await other.close();
});

/** The signup steps need a login, and send an anonymous visitor to it, in their language. */
test("the signup steps send an anonymous visitor to log in", async ({ page }) => {
  const recap = `/it-IT${EVENT}/appuntamento/trail-32k/iscrizione/recap`;
  await page.goto(recap);
  await expect(page).toHaveURL(`/it-IT/login?redirectTo=${encodeURIComponent(recap)}`);
});
