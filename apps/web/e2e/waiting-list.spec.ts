import { type APIRequestContext, type Browser, expect, test } from "@playwright/test";
import { confirmedPerson, organiserIn, PHONE, payThroughApi } from "./console-fixtures.ts";
import {
  CERTIFICATE,
  demoPayButton,
  expectNoAxeViolations,
  heldSignup,
  isoDay,
  JSON_API,
  mailText,
  newEmail,
  PASSWORD,
  registerQuietly,
} from "./fixtures.ts";
import { ownEvent } from "./own-event.ts";

/**
 * The waiting list, on this file's own copy of the Bergamo event (own-event.ts), with this file's
 * organiser (organisers.ts): a runner takes a place of the copy's 10 km, and the organiser fills it
 * by bringing its capacity down to the places taken; a runner on a phone joins its line, in Italian,
 * logging in on the way; the organiser adds a place, which is held for the runner at once; the
 * runner follows the offer's mail, signs up and pays. In English, a runner joins and leaves from My
 * signups. A runner whose "Sign up" comes too late, the last place gone meanwhile, is told why, in
 * Italian and in English. Before a race's signups open, a runner asks to be mailed when they do, and
 * takes it back.
 */

const EVENT = {
  from: "mezza-maratona-delle-mura",
  slug: "mezza-delle-mura-in-attesa",
  title: { "it-IT": "Giro delle Mura in lista d'attesa", "en-US": "Walls Loop with a waiting list" },
};
const APPOINTMENT_PAGE = `/evento/${EVENT.slug}/appuntamento/10k`;

test.describe.configure({ mode: "serial" });

// The copy, made before the file's first journey.
test.beforeAll(async ({ browser }) => {
  const organiser = (await organiserIn(browser, {})).context;
  await ownEvent(organiser.request, EVENT);
  await organiser.close();
});

async function tenK(request: APIRequestContext) {
  const event = (await (await request.get(`/api/events/${EVENT.slug}?include=appointments`)).json()) as {
    included: { type: string; id: string; attributes: { slug: string; capacity: number; remaining: number } }[];
  };
  const appointment = event.included.find((r) => r.type === "appointments" && r.attributes.slug === "10k");
  if (!appointment) throw new Error("The copy's 10 km is missing.");
  return appointment;
}

/** The organiser sets the copy's 10 km's capacity: its places taken plus `spare`. */
async function capacityWithSpare(browser: Browser, spare: number) {
  const organiser = (await organiserIn(browser, {})).context;
  const appointment = await tenK(organiser.request);
  const taken = appointment.attributes.capacity - appointment.attributes.remaining;
  const changed = await organiser.request.patch(`/api/appointments/${appointment.id}`, {
    headers: JSON_API,
    data: { data: { type: "appointments", id: appointment.id, attributes: { capacity: taken + spare } } },
  });
  expect(changed.status()).toBe(200);
  await organiser.close();
}

/** A runner's paid place on the copy's 10 km, made through the API. */
async function placeTaken(browser: Browser, givenName: string) {
  const context = await browser.newContext();
  await registerQuietly(context.request, givenName);
  const signupId = await heldSignup(context.request, givenName, { event: EVENT.slug, appointment: "10k" });
  await payThroughApi(context.request, signupId);
  await context.close();
}

test("on a phone, in Italian: join the line of a sold-out race, get the offer by mail, sign up and pay", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The copy starts with no place taken: a runner takes one before the organiser fills the race.
  await placeTaken(browser, "Pia");
  await capacityWithSpare(browser, 0);
  const context = await browser.newContext({ ...PHONE, locale: "it-IT" });
  const page = await context.newPage();
  const email = newEmail("lucia");
  const registered = await page.request.post("/api/users", {
    data: {
      data: {
        type: "users",
        attributes: {
          givenName: "Lucia",
          familyName: "Hopper",
          email,
          password: PASSWORD,
          acceptTerms: true,
          preferredLocale: "it-IT",
        },
      },
    },
  });
  expect(registered.status()).toBe(201);

  // Sold out: no sign-up button, the waiting list instead. Joining asks to log in first, then comes back.
  await page.goto(`/it-IT${APPOINTMENT_PAGE}`);
  const line = page.getByRole("complementary", { name: "Lista d'attesa" });
  await expect(line).toContainText("Esaurito");
  await expect(page.getByRole("button", { name: "Iscriviti" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await line.getByRole("button", { name: "Mettiti in lista d'attesa" }).click();
  await expect(page).toHaveURL(/\/it-IT\/login\?/);
  await page.getByLabel(/^E-mail$/).fill(email);
  await page.getByLabel(/^Password$/).fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Accedi" }).click();
  await expect(page).toHaveURL(new RegExp(`/it-IT${APPOINTMENT_PAGE}$`));
  await page.getByRole("button", { name: "Mettiti in lista d'attesa" }).click();
  await expect(line.getByRole("status")).toContainText("Sei il numero 1 in lista");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("waiting-list-joined-it.png"), fullPage: true });

  // The organiser sees her in the line on the console, and adds one place: it is Lucia's at once,
  // and nobody else's.
  const organiser = (await organiserIn(browser, {})).context;
  const desk = await organiser.newPage();
  await desk.goto(`/it-IT/gestione/appuntamenti/${(await tenK(organiser.request)).id}`);
  const section = desk.getByRole("region", { name: "Lista d'attesa" });
  await expect(section).toContainText("1 persona in attesa");
  await expect(section).toContainText(/Varrebbe .* al prezzo di oggi/);
  await expect(section.getByRole("figure", { name: "Lista d'attesa" })).toContainText(email);
  await expect(desk.getByRole("checkbox", { name: "Apri una lista d'attesa quando è esaurito" })).toBeChecked();
  await expectNoAxeViolations(desk);
  await desk.screenshot({ path: test.info().outputPath("waiting-list-console-it.png"), fullPage: true });
  await organiser.close();
  await capacityWithSpare(browser, 1);
  const mail = await mailText(page, email, /Si è liberato un posto/);
  expect(mail).toContain("lo teniamo per te fino a");
  const link = /https?:\/\/\S+\/iscrizione\/[\w-]+/.exec(mail)?.[0] ?? "";
  expect(link).not.toBe("");

  // She follows the mail: the signup's first step, with the place held.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByLabel("Data di nascita").fill("1991-03-14");
  await page.getByLabel("Genere").selectOption("female");
  await page.getByLabel("Numero di tessera federale").fill("FIDAL-LH1991");
  await page.getByLabel("Contatto di emergenza", { exact: true }).fill("Marco Hopper");
  await page.getByLabel("Telefono del contatto di emergenza").fill("+39 035 654321");
  await page.getByLabel("Certificato valido fino al").fill(isoDay(365));
  await page.getByLabel("Certificato medico").setInputFiles(CERTIFICATE);
  await page.getByRole("checkbox", { name: /accetta il regolamento/ }).check();
  await page.getByRole("checkbox", { name: /ha letto/ }).check();
  await page.getByRole("button", { name: "Continua" }).click();
  await expect(page).toHaveURL(/\/recap$/);
  await page.getByRole("radio", { name: /Carta — dimostrazione/ }).check();
  await page.getByRole("checkbox", { name: /condizioni di iscrizione/ }).check();
  await page.getByRole("button", { name: "Conferma l'iscrizione" }).click();
  await expect(page).toHaveURL(/\/demoPayment\/[\w-]+$/);
  await demoPayButton(page).click();
  await expect(page).toHaveURL(/\/it-IT\/paymentResult\?payment=[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagamento ricevuto: iscrizione confermata!");

  await page.goto("/it-IT/modificaDati#liste-attesa");
  await expect(page.getByRole("region", { name: "Le mie liste d'attesa" })).toContainText(
    "Iscritto dalla lista d'attesa",
  );
  await expectNoAxeViolations(page);
  await context.close();
});

test("on a phone, in English: join a line and leave it from My signups", async ({ browser }) => {
  test.setTimeout(120_000);
  await capacityWithSpare(browser, 0);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const registered = await page.request.post("/api/users", {
    data: {
      data: {
        type: "users",
        attributes: {
          givenName: "Tom",
          familyName: "Hopper",
          email: newEmail("tom"),
          password: PASSWORD,
          acceptTerms: true,
          setCookie: true,
        },
      },
    },
  });
  expect(registered.status()).toBe(201);
  await page.goto(APPOINTMENT_PAGE);
  await page.getByRole("button", { name: "Join the waiting list" }).click();
  await expect(page.getByRole("complementary", { name: "Waiting list" }).getByRole("status")).toContainText(
    "You are number 1 in line",
  );
  await page.getByRole("link", { name: "My waiting lists" }).click();
  const mine = page.getByRole("region", { name: "My waiting lists" });
  await expect(mine).toContainText("Number 1 in line");
  await expectNoAxeViolations(page);
  await mine.getByRole("button", { name: /^Leave the waiting list of Walls Loop with a waiting list/ }).click();
  await expect(page.getByRole("region", { name: "My waiting lists" })).toContainText("You left this waiting list");
  await page.screenshot({ path: test.info().outputPath("waiting-list-left-en.png"), fullPage: true });
  await context.close();
});

/** A runner on a phone for whom the race sells out meanwhile, in each language and way of browsing. */
const TOO_LATE = [
  { who: "Ilaria", locale: "it-IT", javaScriptEnabled: false },
  { who: "Irene", locale: "it-IT", javaScriptEnabled: true },
  { who: "Ian", locale: "en-US", javaScriptEnabled: true },
] as const;
const TOO_LATE_WORDS = {
  "it-IT": {
    prefix: "/it-IT",
    signUp: "Iscriviti",
    soldOut: "Ci dispiace, quando hai provato a iscriverti a questo appuntamento non c'erano più posti.",
    waitingList: "Mettiti in lista d'attesa",
  },
  "en-US": {
    prefix: "",
    signUp: "Sign up",
    soldOut: "Sorry, when you tried to sign up there were no places left for this appointment.",
    waitingList: "Join the waiting list",
  },
};

test('in Italian and English, with and without JavaScript: a "Sign up" refused because the race sold out meanwhile says why', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const { who, locale, javaScriptEnabled } of TOO_LATE) {
    const words = TOO_LATE_WORDS[locale];
    await capacityWithSpare(browser, 1);
    const context = await browser.newContext({ ...PHONE, locale, javaScriptEnabled });
    const page = await context.newPage();
    await registerQuietly(page.request, who);
    // With JavaScript the page reads its places afresh once it runs: the race sells out after that.
    const placesRead = javaScriptEnabled
      ? page.waitForResponse((answer) => /\/api\/appointments\/[^/?]+\?fields/.test(answer.url()))
      : undefined;
    await page.goto(`${words.prefix}${APPOINTMENT_PAGE}`);
    await placesRead;
    const signUp = page.getByRole("button", { name: words.signUp, exact: true });
    await expect(signUp).toBeVisible();
    // The last place goes to someone else while this runner reads the page.
    await capacityWithSpare(browser, 0);
    await signUp.click();
    await expect(page).toHaveURL(new RegExp(`${words.prefix}${APPOINTMENT_PAGE}\\?rifiuto=sold-out$`));
    await expect(page.getByRole("alert")).toHaveText(words.soldOut);
    await expect(page.getByRole("button", { name: words.waitingList })).toBeVisible();
    if (javaScriptEnabled) await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`refused-${who}.png`) });
    await context.close();
  }
});

test("on a phone, in Italian: before signups open, ask to be mailed when they do, then take it back", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...PHONE, locale: "it-IT" });
  const page = await context.newPage();
  const email = newEmail("nina");
  await (await confirmedPerson(browser, "Nina", email, {})).context.close();
  const intermediate = "/it-IT/evento/tennis-weekend-garda/appuntamento/intermedio";
  await page.goto(intermediate);
  const alert = page.getByRole("complementary", { name: "Le iscrizioni non sono ancora aperte" });
  await expect(alert).toContainText("Possiamo mandarti una mail appena si aprono.");
  await expectNoAxeViolations(page);
  // Asking logs in first, then comes back to the race.
  await alert.getByRole("button", { name: "Avvisami quando si aprono le iscrizioni" }).click();
  await expect(page).toHaveURL(/\/it-IT\/login\?/);
  await page.getByLabel(/^E-mail$/).fill(email);
  await page.getByLabel(/^Password$/).fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Accedi" }).click();
  await expect(page).toHaveURL(new RegExp(`${intermediate}$`));
  await alert.getByRole("button", { name: "Avvisami quando si aprono le iscrizioni" }).click();
  await expect(alert.getByRole("status")).toHaveText("Fatto: ti manderemo una mail quando si aprono le iscrizioni.");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("opening-alert-it.png"), fullPage: true });
  const mine = await page.request.get("/api/opening-alerts");
  expect(((await mine.json()) as { data: unknown[] }).data).toHaveLength(1);

  await alert.getByRole("button", { name: "Non avvisarmi" }).click();
  await expect(alert.getByRole("status")).toHaveText("Non riceverai mail per questa gara.");
  const none = await page.request.get("/api/opening-alerts");
  expect(((await none.json()) as { data: unknown[] }).data).toEqual([]);
  await context.close();
});
