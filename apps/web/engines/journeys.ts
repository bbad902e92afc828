import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Account, APPOINTMENT, approveCertificates, EVENT, ORGANISER, PASSWORD } from "./backstage.ts";
import { at, hasText, hydrated, same, see, until } from "./steps.ts";
import type { Tab } from "./tab.ts";

/**
 * The journeys every engine runs (docs/engines.md), written once against a Tab: a runner browses in
 * two languages, signs up two people with a hotel room, pays with the demonstration card and opens
 * the ticket; the organiser checks one of them in by the bib; the progress bar and the error pages.
 */

export interface Journey {
  name: string;
  /** The errors the page reports that the journey means to cause (the browser's word for a 404, say). */
  expectedErrors?: RegExp;
  run(tab: Tab, world: World): Promise<void>;
}

/** What the journeys of one engine share: the organiser's API session, and what earlier journeys left. */
export interface World {
  organiser: Account;
  /** Family name of this engine's runners, so each engine's people are told apart on the one server. */
  family: string;
  signupId?: string;
  bib?: string;
}

/** A small but real PDF: the API recognises certificates by their content. */
const CERTIFICATE = (() => {
  const path = join(mkdtempSync(join(tmpdir(), "engines-certificate-")), "certificato-medico.pdf");
  writeFileSync(
    path,
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n" +
      "trailer<</Root 1 0 R>>\n%%EOF\n",
  );
  return path;
})();

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Marks the document, so a later look tells a client-side navigation (still marked) from a page load. */
const mark = (tab: Tab) =>
  tab.run(() => {
    (window as unknown as { journeyMark: boolean }).journeyMark = true;
  });
const stillMarked = (tab: Tab) => tab.run(() => (window as unknown as { journeyMark?: boolean }).journeyMark === true);

const browse: Journey = {
  name: "browse the list and an event in two languages",
  async run(tab) {
    await tab.goto("/it-IT/evento");
    await hasText(tab, "h1", "Eventi");
    same(tab, "the list's language", await tab.run(() => document.documentElement.lang), "it-IT");
    const title = await hasText(tab, ".event-card .event-title", /\w/);
    await hydrated(tab, ".event-card .event-title a");
    await mark(tab);
    await tab.click({ css: ".event-card .event-title a" });
    await hasText(tab, "h1", title);
    await see(tab, { css: "h2", text: "Regolamento" });
    same(tab, "a client-side navigation (the same document)", await stillMarked(tab), true);
    await until(tab, "the tab's title names the event", (name: string) => document.title.startsWith(name), title);
    const eventPath = new URL(await tab.url()).pathname;

    // The language switch: a page load, the same page in English, remembered for the home page.
    await tab.click({ css: "nav.language-switcher summary" });
    await tab.click({ css: "nav.language-switcher a[hreflang='en-US']" });
    await at(tab, new RegExp(`^${eventPath.replace("/it-IT", "")}$`));
    await see(tab, { css: "h2", text: "Rules" });
    same(tab, "the event's language", await tab.run(() => document.documentElement.lang), "en-US");
    await hydrated(tab, "nav.main-nav a");
    await mark(tab);
    await tab.click({ css: "nav.main-nav a", text: "Events" });
    await at(tab, /^\/evento$/);
    await hasText(tab, "h1", "Events");
    same(tab, "back to the list client-side", await stillMarked(tab), true);
  },
};

/** Records every state the progress bar takes from now on, in the page. */
const recordProgress = (tab: Tab) =>
  tab.run(() => {
    const states: string[] = [];
    (window as unknown as { progressStates: string[] }).progressStates = states;
    new MutationObserver(() => {
      const state = document.querySelector(".progress")?.getAttribute("data-state");
      if (state && states[states.length - 1] !== state) states.push(state);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"], childList: true });
  });

/**
 * Holds the page's data requests (React Router's `.data`) for `delayMs`, then lets them through or
 * answers 500: done in the page, the one way every driver can (classic WebDriver intercepts nothing).
 */
const slowData = (tab: Tab, delayMs: number, fail: boolean) =>
  tab.run(
    (delay: number, failing: boolean) => {
      const real = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (!/\.data(\?|$)/.test(new URL(url, location.href).pathname + new URL(url, location.href).search))
          return real(input, init);
        await new Promise((resolve) => setTimeout(resolve, delay));
        return failing ? new Response("boom", { status: 500 }) : real(input, init);
      };
    },
    delayMs,
    fail,
  );

const progressStates = (tab: Tab) => tab.run(() => (window as unknown as { progressStates: string[] }).progressStates);

const progress: Journey = {
  name: "the progress bar, and the error page when a navigation fails",
  expectedErrors: /status of 500/,
  async run(tab) {
    await tab.goto("/");
    await hydrated(tab, "nav.main-nav a");
    await until(tab, "the bar idle", () => document.querySelector(".progress")?.getAttribute("data-state") === "idle");
    await recordProgress(tab);
    await slowData(tab, 1200, false);
    await tab.click({ css: "nav.main-nav a", text: "Events" });
    await hasText(tab, "h1", "Events");
    await until(
      tab,
      "the bar idle again",
      () => document.querySelector(".progress")?.getAttribute("data-state") === "idle",
    );
    const states = (await progressStates(tab)).filter((state, index) => index > 0 || state !== "idle");
    same(tab, "the bar's states on a slow navigation", states, ["running", "idle"]);

    // A navigation whose data fails: the bar says so, and the page is the error page.
    await hydrated(tab, ".event-card .event-title a");
    await recordProgress(tab);
    await slowData(tab, 300, true);
    await tab.click({ css: ".event-card .event-title a" });
    await until(tab, "the bar failed", () =>
      (window as unknown as { progressStates: string[] }).progressStates.includes("failed"),
    );
    await hasText(tab, ".error-status", "Error 500");
    await hasText(tab, "h1", "Error");
  },
};

const errorPages: Journey = {
  name: "the error pages",
  expectedErrors: /status of 404/,
  async run(tab) {
    await tab.goto("/evento/no-such-event");
    await see(tab, { css: "main", text: /Error 404/ });
    await until(tab, "the tab's title says 404", () => document.title === "Error 404 · Sport Events");
    await tab.click({ css: "main a", text: "Back to the home page" });
    await at(tab, /^\/$/);
    await tab.goto("/it-IT/pagina-che-non-esiste");
    await see(tab, { css: "main a", text: "Torna alla home page" });
    await until(tab, "the Italian title", () => document.title === "Errore 404 · Sport Events");
  },
};

/** One participant's fields on the participants step (the `index`th). */
async function participant(
  tab: Tab,
  index: number,
  person: { givenName?: string; familyName?: string; email?: string; birthDate: string; gender: string },
) {
  const field = (name: string) => ({ css: `[name="participants[${index}].${name}"]` });
  for (const [name, value] of Object.entries({
    ...person,
    tshirtSize: "M",
    emergencyContactName: "Marco Lovelace",
    emergencyContactPhone: "+39 333 1234567",
    certificateExpiresOn: isoDay(365),
  }))
    if (value !== undefined) await tab.type(field(name), value);
  await tab.upload(field("certificateId"), CERTIFICATE);
  await tab.click(field("termsAccepted"));
  await tab.click(field("privacyAccepted"));
}

const signup: Journey = {
  name: "sign up two participants with lodging, and pay with the demonstration card",
  async run(tab, world) {
    const appointment = `/evento/${EVENT}/appuntamento/${APPOINTMENT}`;
    await tab.goto(appointment);
    await tab.click({ css: "main button", text: "Sign up" });
    await at(tab, /^\/login\?redirectTo=/);
    await tab.click({ css: "main a", text: "Create one" });
    await tab.type({ label: "First name" }, "Ada");
    await tab.type({ label: "Last name" }, world.family);
    await tab.type({ label: "E-mail" }, `ada-${world.family.toLowerCase()}-${Date.now()}@example.org`);
    await tab.type({ label: "Password" }, PASSWORD);
    await tab.click({ css: "main input[type=checkbox]" });
    await tab.click({ css: "main button[type=submit]", text: "Create the account" });

    // The participants: the visitor (named already) and a second person the event now allows.
    await at(tab, /\/iscrizione\/[\w-]+$/);
    world.signupId = new URL(await tab.url()).pathname.split("/").pop();
    await see(tab, { css: "h1", text: "Who is taking part?" });
    await participant(tab, 0, { birthDate: "1988-04-12", gender: "female" });
    await tab.click({ css: "main button", text: "Add another participant" });
    await see(tab, { css: "legend", text: "Participant 2" });
    await participant(tab, 1, {
      givenName: "Bea",
      familyName: world.family,
      email: `bea-${world.family.toLowerCase()}-${Date.now()}@example.org`,
      birthDate: "1990-09-03",
      gender: "female",
    });
    await tab.click({ css: "main button[type=submit]", text: "Continue" });

    // Lodging: a double room for the first night the hotel offers.
    await at(tab, /\/soggiorni$/);
    await see(tab, { css: "h2", text: "Hotel Larice Bianco" });
    await tab.click({ label: /^Double room, 2 guests/ });
    const firstNight = await tab.run(
      () => document.querySelector<HTMLInputElement>("input[type=date][min]")?.min ?? "",
    );
    await tab.type({ label: "Check-in" }, firstNight);
    const nextDay = new Date(`${firstNight}T12:00:00Z`);
    nextDay.setUTCDate(nextDay.getUTCDate() + 1);
    await tab.type({ label: "Check-out" }, nextDay.toISOString().slice(0, 10));
    await tab.type({ label: "Guests" }, "2");
    await tab.click({ css: "main button[type=submit]", text: /^Book/ });

    // The recap, then the demonstration card.
    await at(tab, /\/recap$/);
    await see(tab, { css: "main", text: new RegExp(`Bea ${world.family}`) });
    await tab.click({ label: /Card — demonstration/ });
    await tab.click({ label: /terms of signup/ });
    await tab.click({ css: "main button[type=submit]", text: "Confirm the signup" });
    await at(tab, /\/demoPayment\/[\w-]+$/);
    // The page itself: the recap, drawn until it comes, offers "Pay now".
    await tab.click({ css: ".demo-actions button", text: /^Pay / });
    await at(tab, /\/paymentResult\?payment=[\w-]+$/);
    await hasText(tab, "h1", "Payment received: you are signed up!");
  },
};

const ticket: Journey = {
  name: "My signups and the ticket",
  async run(tab, world) {
    // From the payment's result, by its link (a client-side navigation to the page's section).
    await tab.click({ css: "main a", text: "My signups" });
    await at(tab, /^\/(en-US\/)?modificaDati#iscrizioni$/);
    await see(tab, { css: "main li", text: /Confirmed/ });
    await tab.click({ css: "main a", text: `Open the ticket of Bea ${world.family}` });
    await hasText(tab, "h1", `Bea ${world.family}`);
    await see(tab, { css: "main img, main svg", hidden: false });
    world.bib = await hasText(tab, ".ticket-bib", /^\d+$/);
    await hasText(tab, ".ticket-code", /^[2-9A-HJKMNP-Z]{10}$/);
  },
};

const checkIn: Journey = {
  name: "the console's check-in by typing a bib",
  async run(tab, world) {
    if (!world.signupId || !world.bib) throw new Error("the signup journey left no signup, or the ticket no bib");
    await approveCertificates(world.organiser, world.signupId);
    // The runner logs out; the organiser logs in on the same browser.
    await tab.click({ css: ".account-menu summary" });
    await tab.click({ css: ".account-menu button", text: "Log out" });
    await see(tab, { css: "main", text: /You have logged out/ });
    await tab.type({ label: "E-mail" }, ORGANISER);
    await tab.type({ label: "Password" }, PASSWORD);
    await tab.click({ css: "main button[type=submit]", text: "Log in" });
    await see(tab, { css: ".account-menu summary", text: /Olga/ });
    await tab.goto("/gestione/check-in");
    await hasText(tab, "h1", "Check-in");
    await tab.type({ label: "Ticket code, bib or name" }, world.bib);
    await tab.click({ css: "main button", text: "Check in" });
    await see(tab, { css: "[role=status]", text: /Checked in now/ });
    await see(tab, { css: "[role=status]", text: new RegExp(`Bea ${world.family}`) });
  },
};

export const JOURNEYS: Journey[] = [browse, signup, ticket, checkIn, progress, errorPages];
