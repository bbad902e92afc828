import {
  DEFAULT_HOLD_MINUTES,
  DEFAULT_PAYMENT_TERM_DAYS,
  LOCALES,
  type LocalizedText,
  refundOnCancel,
} from "@sports/domain";
import { describe, expect, it } from "vitest";
import { clock } from "./dates.ts";
import { ORGANISER } from "./organiser.ts";
import { DEMO_EVENTS, DEMO_PAGES } from "./seed.ts";

/** Every translatable text of the demo catalogue, named by where it sits. */
function catalogueTexts(): [string, LocalizedText][] {
  const texts: [string, LocalizedText][] = [];
  for (const build of DEMO_EVENTS) {
    const { event, appointments, stays } = build(clock(new Date()));
    for (const field of ["title", "summary", "description", "coverAlt"] as const)
      texts.push([`${event.slug} ${field}`, event[field]]);
    for (const a of appointments) {
      texts.push([`${event.slug}/${a.slug} title`, a.title], [`${event.slug}/${a.slug} description`, a.description]);
    }
    for (const stay of stays) {
      texts.push([`${stay.slug} name`, stay.name], [`${stay.slug} description`, stay.description]);
      for (const room of stay.roomTypes) texts.push([`${stay.slug} room ${room.name["en-US"]}`, room.name]);
    }
  }
  return texts;
}

const pageTexts = LOCALES.flatMap((locale) =>
  Object.entries(DEMO_PAGES[locale]).map(([slug, page]) => ({ locale, slug, text: `${page.title}\n${page.body}` })),
);
const allTexts = [...catalogueTexts().flatMap(([, text]) => Object.values(text)), ...pageTexts.map((p) => p.text)];

describe("the demo catalogue's texts", () => {
  it("exist in every language the site speaks", () => {
    const texts = catalogueTexts();
    expect(texts.length).toBeGreaterThan(100);
    for (const [where, text] of texts) {
      for (const locale of LOCALES) expect(text[locale]?.trim(), `${where} in ${locale}`).toBeTruthy();
    }
    for (const locale of LOCALES) {
      expect(Object.keys(DEMO_PAGES[locale]).sort(), locale).toEqual(["about", "faq", "privacy", "terms"]);
      for (const [slug, page] of Object.entries(DEMO_PAGES[locale])) {
        expect(page.title.trim(), `${slug} in ${locale}`).toBeTruthy();
        expect(page.body.length, `${slug} in ${locale}`).toBeGreaterThan(800);
      }
    }
  });

  it("are each written in their own language, not copied from English", () => {
    for (const locale of LOCALES.filter((l) => l !== "en-US")) {
      for (const slug of ["about", "faq", "privacy", "terms"] as const) {
        expect(DEMO_PAGES[locale][slug].body, `${slug} in ${locale}`).not.toBe(DEMO_PAGES["en-US"][slug].body);
      }
      const copied = catalogueTexts().filter(
        ([, text]) => (text[locale] ?? "").length > 40 && text[locale] === text["en-US"],
      );
      expect(
        copied.map(([where]) => where),
        locale,
      ).toEqual([]);
    }
  });

  it("speak for one organiser: its name, its company, its one mail address, nobody else's", () => {
    for (const text of allTexts) {
      expect(text).not.toMatch(/vetta/i);
      for (const mail of text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? []) expect(mail).toBe(ORGANISER.email);
      // A company form (S.r.l., S.p.A., GmbH…) only ever follows the organiser's own name.
      for (const company of text.match(/[\p{L}\d ]+ (S\.r\.l\.|S\.p\.A\.|GmbH|SARL|S\.L\.)/gu) ?? [])
        expect(company.trim().endsWith(ORGANISER.legalName), company).toBe(true);
    }
    for (const { locale, slug, text } of pageTexts.filter((p) => p.slug === "about" || p.slug === "privacy")) {
      expect(text, `${slug} in ${locale}`).toContain(ORGANISER.legalName);
      expect(text, `${slug} in ${locale}`).toContain(ORGANISER.vatNumber);
      expect(text, `${slug} in ${locale}`).toContain(`](mailto:${ORGANISER.email})`);
    }
    for (const { locale, text } of pageTexts.filter((p) => p.slug === "about")) {
      expect(text, locale).toContain(ORGANISER.name);
      expect(text, locale).toContain(`${ORGANISER.postalCode} ${ORGANISER.locality}`);
    }
  });
});

describe("the pages' tone", () => {
  // The site's messages address the reader formally in German and Spanish: the pages do too.
  const informal: Partial<Record<string, RegExp>> = {
    "de-DE": /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|kannst|bekommst|zahlst|wählst)\b/iu,
    "es-ES": /(?<![\p{L}])(tú|tu|tus|ti|te|contigo|puedes|eliges|pagas|subes|has|escríbenos|llámanos)(?![\p{L}])/iu,
  };

  it("says Sie in German and usted in Spanish, never du or tú", () => {
    for (const { locale, slug, text } of pageTexts) {
      const pattern = informal[locale];
      if (pattern) expect(text.match(pattern)?.[0], `${slug} in ${locale}`).toBeUndefined();
    }
  });
});

describe("what the FAQ and the terms promise", () => {
  const promises = pageTexts.filter((p) => p.slug === "faq" || p.slug === "terms");
  const startsAt = new Date("2031-06-01T08:00:00Z");

  it("refunds in full, with no fee, as the domain does", () => {
    // The domain's refund: everything paid until the event's refund deadline, nothing after.
    expect(
      refundOnCancel({ amountPaid: 4500, startsAt, now: new Date("2031-04-01T08:00:00Z"), refundDaysBefore: 30 }),
    ).toBe(4500);
    expect(
      refundOnCancel({ amountPaid: 4500, startsAt, now: new Date("2031-05-31T08:00:00Z"), refundDaysBefore: 30 }),
    ).toBe(0);
    // So no page names a fee: no sum of money at all.
    for (const { locale, slug, text } of promises) {
      expect(text, `${slug} in ${locale}`).not.toMatch(/€|\bEUR\b|\d+([.,]\d+)?\s*euro/i);
    }
  });

  it("hold places for the domain's default times", () => {
    for (const { locale, text } of pageTexts.filter((p) => p.slug === "faq")) {
      expect(text, locale).toContain(`${DEFAULT_HOLD_MINUTES} `);
      expect(text, locale).toContain(`${DEFAULT_PAYMENT_TERM_DAYS} `);
    }
  });

  it("never promise what the site does not do: a certificate later, or passing a signup on", () => {
    const untrue = [
      /later from your account/i,
      /transfer your place\b/i,
      /oppure in seguito/i,
      /cedere (il tuo|la tua) (posto|iscrizione) a/i,
      /später in deinem Konto/i,
      /plus tard depuis votre compte/i,
      /más tarde desde tu cuenta/i,
    ];
    for (const { locale, slug, text } of promises)
      for (const claim of untrue) expect(text, `${slug} in ${locale}`).not.toMatch(claim);
  });
});
