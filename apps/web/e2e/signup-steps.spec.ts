import { expect, test } from "@playwright/test";
import { CERTIFICATE, expectNoAxeViolations, isoDay, newEmail, PASSWORD, registerQuietly } from "./fixtures.ts";

/**
 * The signup's steps as a visitor meets them, against the real server and the demo catalogue (the
 * Cortina Crode Trail: a competitive certificate, a T-shirt size, a partner hotel).
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const EVENT = "/evento/cortina-crode-trail";
const CRODE = `${EVENT}/appuntamento/crode-12k`;

test.describe("signing up while logged out", () => {
  test("says what the login is for, and after registering goes on with the signup", async ({ page }) => {
    await page.goto(`/it-IT${CRODE}`);
    await page.getByRole("button", { name: "Iscriviti" }).click();

    await expect(page).toHaveURL(/\/it-IT\/login\?/);
    await expect(page.getByText("Accedi o registrati per iscriverti a Crode 12 km.", { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Registrati" }).click();
    await expect(
      page.getByText(/Crea un account per iscriverti a Crode 12 km\. Subito dopo passi ai partecipanti/),
    ).toBeVisible();
    await page.getByLabel(/^Nome$/).fill("Grazia");
    await page.getByLabel("Cognome").fill("Deledda");
    await page.getByLabel(/^E-mail$/).fill(newEmail("crode"));
    await page.getByLabel(/^Password$/).fill(PASSWORD);
    await page.getByRole("checkbox", { name: /Accetto/ }).check();
    await page.getByRole("button", { name: "Crea l'account" }).click();

    // Straight on: places held, the participants step of Crode 12 km.
    await expect(page).toHaveURL(/\/it-IT\/evento\/cortina-crode-trail\/appuntamento\/crode-12k\/iscrizione\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chi partecipa?");
    await expect(page.getByRole("timer")).toBeVisible();
    await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Grazia");
  });

  test("without JavaScript, logging in goes on with the signup too", async ({ browser, request }) => {
    const email = await registerQuietly(request, "Nojs");
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(CRODE);
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByText("Log in or register to sign up for Crode 12 km.", { exact: false })).toBeVisible();
    await page.getByLabel(/^E-mail$/).fill(email);
    await page.getByLabel(/^Password$/).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/evento\/cortina-crode-trail\/appuntamento\/crode-12k\/iscrizione\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Who is taking part?");
    await context.close();
  });

  test("the login page's own link, and a redirect elsewhere, start no signup", async ({ page, request }) => {
    const email = await registerQuietly(request, "Plain");
    // The mark with a page that is not a "Sign up" button's, or another site: an ordinary login.
    await page.goto(`/login?redirectTo=${encodeURIComponent("//evil.example/evento/x")}&signup`);
    await expect(page.getByText(/to sign up for/)).toHaveCount(0);
    await page.goto(`/login?redirectTo=${encodeURIComponent(CRODE)}`);
    await expect(page.getByText(/to sign up for/)).toHaveCount(0);
    await page.getByLabel(/^E-mail$/).fill(email);
    await page.getByLabel(/^Password$/).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(CRODE);
  });
});

test("the participants step marks its required fields before anything is sent, as the race's rules say", async ({
  page,
}) => {
  await registerQuietly(page.request, "Marked");
  // The half marathon asks for a federation card and a competitive certificate, but no T-shirt size.
  await page.goto("/it-IT/evento/mezza-maratona-delle-mura/appuntamento/10k");
  await page.getByRole("button", { name: "Iscriviti" }).click();
  await expect(page).toHaveURL(/\/iscrizione\/[\w-]+$/);
  await expect(page.getByText("I campi contrassegnati con l'asterisco sono obbligatori.")).toBeVisible();

  const required = [
    "Nome",
    "Cognome",
    "Data di nascita",
    "Genere",
    "E-mail",
    "Numero di tessera federale",
    "Contatto di emergenza",
    "Telefono del contatto di emergenza",
    "Certificato medico",
    "Certificato valido fino al",
  ];
  for (const label of required) {
    const field = page.getByLabel(label, { exact: true });
    await expect(field, label).toHaveAttribute("required", "");
    // The mark is beside the label, for the eye; the control says "required" to a screen reader.
    const id = await field.getAttribute("id");
    await expect(page.locator(`.field-label:has(label[for="${id}"]) .required-mark`), label).toBeVisible();
  }
  await expect(page.getByRole("checkbox", { name: /accetta il regolamento/ })).toHaveAttribute("required", "");
  await expect(page.getByRole("checkbox", { name: /ha letto/ })).toHaveAttribute("required", "");
  for (const label of ["Telefono", "Nazionalità", "Società o squadra"]) {
    await expect(page.getByLabel(label, { exact: true }), label).not.toHaveAttribute("required");
  }
  await expectNoAxeViolations(page);
});

test("filling in someone signed up before moves the focus to their fields, and offers their certificate again", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerQuietly(page.request, "Reuse");
  // A first signup, with a certificate valid for a year.
  await page.goto(CRODE);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/iscrizione\/[\w-]+$/);
  await page.getByLabel("Date of birth").fill("1990-05-17");
  await page.getByLabel("Gender").selectOption("female");
  await page.getByLabel("T-shirt size").selectOption("M");
  await page.getByLabel("Emergency contact", { exact: true }).fill("Charles Babbage");
  await page.getByLabel("Emergency contact's phone").fill("+44 20 7946 0000");
  await page.getByLabel("Medical certificate").setInputFiles(CERTIFICATE);
  await page.getByLabel("Certificate valid until").fill(isoDay(365));
  await page.getByRole("checkbox", { name: /accepts the event rules/ }).check();
  await page.getByRole("checkbox", { name: /has read the privacy notice/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/soggiorni$/);

  // Another race of the same day: the same person, filled in with one click.
  await page.goto(`${EVENT}/appuntamento/trail-32k`);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/iscrizione\/[\w-]+$/);
  const signupUrl = page.url();
  await expect(page.getByLabel("Date of birth")).toHaveValue("");
  await page.getByLabel("Fill in with someone you signed up before").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Fill in", exact: true }).click();
  await expect(page.getByLabel("First name", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Date of birth")).toHaveValue("1990-05-17");
  await expect(page.getByRole("status").filter({ hasText: /Filled in with Reuse Hopper/ })).toBeVisible();
  await expect(
    page.getByText(/The certificate uploaded before for this participant, valid until .+, will be used again/),
  ).toBeVisible();
  await expect(page.getByLabel("Replace the medical certificate")).not.toHaveAttribute("required");
  await expect(page.getByLabel("Certificate valid until")).toHaveValue(isoDay(365));
  await expectNoAxeViolations(page);
  await page.getByRole("checkbox", { name: /accepts the event rules/ }).check();
  await page.getByRole("checkbox", { name: /has read the privacy notice/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/soggiorni$/);
  // Kept with this signup: the participants step says so.
  await page.goto(signupUrl);
  await expect(page.getByText("A certificate has been uploaded for this participant.")).toBeVisible();
  await expect(page.getByLabel("Certificate valid until")).toHaveValue(isoDay(365));
});

test("lodging starts with the one range of nights offered, flags a departure before the arrival on the departure, and its room choices fit a phone", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerQuietly(page.request, "Lodger");
  await page.goto(`/it-IT${CRODE}`);
  await page.getByRole("button", { name: "Iscriviti" }).click();
  await expect(page).toHaveURL(/\/iscrizione\/[\w-]+$/);
  await page.getByLabel("Data di nascita").fill("1990-05-17");
  await page.getByLabel("Genere").selectOption("female");
  await page.getByLabel("Taglia della maglietta").selectOption("M");
  await page.getByLabel("Contatto di emergenza", { exact: true }).fill("Marco Rossi");
  await page.getByLabel("Telefono del contatto di emergenza").fill("+39 333 1234567");
  await page.getByLabel("Certificato medico").setInputFiles(CERTIFICATE);
  await page.getByLabel("Certificato valido fino al").fill(isoDay(365));
  await page.getByRole("checkbox", { name: /accetta il regolamento/ }).check();
  await page.getByRole("checkbox", { name: /ha letto/ }).check();
  await page.getByRole("button", { name: "Continua" }).click();
  await expect(page).toHaveURL(/\/soggiorni$/);

  // The hotel offers one range (the two nights around the race): the dates start there.
  const checkIn = page.getByLabel("Arrivo");
  const checkOut = page.getByLabel("Partenza");
  const firstNight = (await checkIn.getAttribute("min")) ?? "";
  const lastMorning = (await checkOut.getAttribute("max")) ?? "";
  expect(firstNight).not.toBe("");
  await expect(checkIn).toHaveValue(firstNight);
  await expect(checkOut).toHaveValue(lastMorning);

  // Every room's whole text is in sight on a phone: choices that wrap, none wider than the page.
  const rooms = page.getByRole("group", { name: "Camera" }).getByRole("radio");
  await expect(rooms).toHaveCount(3);
  const family = page.locator("label").filter({ hasText: "Camera familiare (4 posti), 4 ospiti: 230 € a notte" });
  await expect(family).toBeVisible();
  const box = await family.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  // A departure before the arrival: said on the departure, even before a room is chosen.
  await checkIn.fill(dayAfterIso(firstNight));
  await checkOut.fill(firstNight);
  await page.getByRole("button", { name: "Prenota e continua" }).click();
  await expect(checkOut).toHaveAttribute("aria-invalid", "true");
  await expect(checkOut).toHaveAccessibleDescription(/La partenza deve essere dopo l'arrivo\./);
});

function dayAfterIso(day: string) {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

test.describe("the personal data page", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`refuses a phone that is no phone and a birth date to come, then says "saved" under Save, focused (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({
      browser,
      request,
    }) => {
      const email = await registerQuietly(request, javaScriptEnabled ? "Profiled" : "Plainform");
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto("/it-IT/modificaDati");
      await page.getByLabel(/^E-mail$/).fill(email);
      await page.getByLabel(/^Password$/).fill(PASSWORD);
      await page.getByRole("button", { name: "Accedi" }).click();
      await expect(page).toHaveURL("/it-IT/modificaDati");
      const personal = page.getByRole("region", { name: "Chi sei" });
      const phone = personal.getByLabel("Telefono", { exact: true });
      const birthDate = personal.getByLabel("Data di nascita");
      const save = personal.getByRole("button", { name: "Salva" });

      await phone.fill("12ab");
      await birthDate.fill("2030-01-01");
      await save.click();
      await expect(phone).toHaveAttribute("aria-invalid", "true");
      await expect(phone).toHaveAccessibleDescription(/Inserisci un numero di telefono/);
      await expect(birthDate).toHaveAccessibleDescription(/futuro/);
      await expect(personal.getByRole("status")).toHaveCount(0);

      await phone.fill("+39 051 123456");
      await birthDate.fill("1990-05-17");
      await save.click();
      const saved = personal.getByRole("status").filter({ hasText: "I tuoi dati sono stati salvati." });
      await expect(saved).toBeFocused();
      await expect(saved).toBeInViewport();
      // Right under the button pressed, not at the top of the section.
      const [button, message] = [await save.boundingBox(), await saved.boundingBox()];
      expect((message?.y ?? 0) - ((button?.y ?? 0) + (button?.height ?? 0))).toBeLessThan(60);
      await expect(phone).toHaveValue("+39 051 123456");
      // axe runs in the page: only with JavaScript.
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await context.close();
    });
  }
});
