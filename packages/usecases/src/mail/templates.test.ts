import { describe, expect, it } from "vitest";
import {
  type AccountMail,
  escapeHtml,
  mailLocale,
  passwordChangedMail,
  passwordResetMail,
  paymentConfirmedMail,
  SITE_NAME,
  verificationMail,
} from "./templates.ts";
import { COPY } from "./texts.ts";

const LOCALES = ["it-IT", "en-US", "de-DE", "fr-FR", "es-ES"] as const;
const LINK = "https://sport-events.test/account/verify?token=abc123&next=%2F";
const NAME = "<script>alert(1)</script>";

/** A word or two each subject has to contain, to show it is written in the mail's language. */
const SUBJECT_WORDS: Record<string, Record<(typeof LOCALES)[number], RegExp>> = {
  verification: {
    "it-IT": /conferma/i,
    "en-US": /confirm/i,
    "de-DE": /bestätigen/i,
    "fr-FR": /confirmez/i,
    "es-ES": /confirma/i,
  },
  reset: {
    "it-IT": /reimposta/i,
    "en-US": /reset/i,
    "de-DE": /zurück/i,
    "fr-FR": /réinitialisez/i,
    "es-ES": /restablece/i,
  },
  changed: {
    "it-IT": /cambiata/i,
    "en-US": /changed/i,
    "de-DE": /geändert/i,
    "fr-FR": /modifié/i,
    "es-ES": /cambiado/i,
  },
};

const TEMPLATES: Record<string, (locale: string) => AccountMail> = {
  verification: (locale) => verificationMail({ locale, name: NAME, link: LINK }),
  reset: (locale) => passwordResetMail({ locale, name: NAME, link: LINK, validMinutes: 60 }),
  changed: (locale) => passwordChangedMail({ locale, name: NAME }),
};

describe.each(Object.entries(TEMPLATES))("the %s mail", (template, build) => {
  const mails = LOCALES.map((locale) => ({ locale, mail: build(locale) }));

  it("has a subject of its own in each of the five languages", () => {
    for (const { locale, mail } of mails) expect(mail.subject).toMatch(SUBJECT_WORDS[template]?.[locale] ?? /^$/);
    expect(new Set(mails.map(({ mail }) => mail.subject)).size).toBe(LOCALES.length);
  });

  it.each(LOCALES)("is a complete HTML document in %s, with the name escaped", (locale) => {
    const { html, text } = build(locale);
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="[a-z]{2}-[A-Z]{2}">/);
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain("</html>");
    expect(html).not.toMatch(/<style|<link|class=/);
    expect(html).toContain(escapeHtml(SITE_NAME));
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script");
    expect(text).toContain(NAME);
  });

  it("falls back to en-US for a language the site does not speak", () => {
    expect(build("xx-YY")).toEqual(build("en-US"));
    expect(build("")).toEqual(build("en-US"));
  });
});

describe.each([
  ["verification", (locale: string) => verificationMail({ locale, name: "Anna", link: LINK })],
  ["reset", (locale: string) => passwordResetMail({ locale, name: "Anna", link: LINK, validMinutes: 60 })],
])("the %s mail's link", (_template, build) => {
  it.each(LOCALES)("is in the text on a line of its own and in the HTML as a button and as text (%s)", (locale) => {
    const { text, html } = build(locale);
    expect(text.split("\n")).toContain(LINK);
    const escaped = escapeHtml(LINK);
    expect(html.split(`href="${escaped}"`)).toHaveLength(3);
    expect(html).toContain(`>${escaped}</a>`);
    expect(html).toMatch(/<a href="[^"]+" style="display:inline-block;[^"]*background-color:/);
  });

  it("is refused unless it is an absolute http(s) URL", () => {
    for (const link of ["javascript:alert(1)", "/account/verify", "not a url"])
      expect(() => verificationMail({ locale: "en-US", name: "Anna", link })).toThrow(/absolute http/);
  });
});

describe("the password reset mail", () => {
  it.each([
    ["it-IT", "60 minuti"],
    ["en-US", "60 minutes"],
    ["de-DE", "60 Minuten"],
    ["fr-FR", "60 minutes"],
    ["es-ES", "60 minutos"],
  ])("says how long the link is valid and that the password is unchanged (%s)", (locale, duration) => {
    const { text, html } = passwordResetMail({ locale, name: "Anna", link: LINK, validMinutes: 60 });
    expect(text).toContain(duration);
    expect(html).toContain(duration);
    expect(text).toMatch(/unchanged|invariata|unverändert|inchangé|no ha cambiado/);
  });

  it("uses the singular for one minute", () => {
    expect(passwordResetMail({ locale: "en-US", name: "Anna", link: LINK, validMinutes: 1 }).text).toContain(
      "valid for 1 minute.",
    );
  });
});

describe("the greeting", () => {
  it("names the person, or greets without a name", () => {
    expect(passwordChangedMail({ locale: "en-US", name: " Anna " }).text).toMatch(/^Hi Anna,\n/);
    expect(passwordChangedMail({ locale: "es-ES", name: "Ana" }).text).toMatch(/^Hola, Ana:\n/);
    expect(passwordChangedMail({ locale: "de-DE", name: "" }).text).toMatch(/^Hallo,\n/);
  });
});

describe("escapeHtml", () => {
  it("escapes the five characters that matter in text and attributes", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
    );
  });
});

describe("mailLocale", () => {
  it("keeps the five languages and falls back to en-US", () => {
    for (const locale of LOCALES) expect(mailLocale(locale)).toBe(locale);
    expect(mailLocale("pt-BR")).toBe("en-US");
  });
});

describe("Italian dates", () => {
  it("elide the article before a day read with a vowel, and only then", () => {
    const { nights } = COPY["it-IT"].details;
    expect([1, 8, 11, 18, 2, 10, 21, 31].map((day) => nights(`${day} maggio`, `${day} giugno`))).toEqual([
      "dall'1 maggio all'1 giugno",
      "dall'8 maggio all'8 giugno",
      "dall'11 maggio all'11 giugno",
      "dal 18 maggio al 18 giugno",
      "dal 2 maggio al 2 giugno",
      "dal 10 maggio al 10 giugno",
      "dal 21 maggio al 21 giugno",
      "dal 31 maggio al 31 giugno",
    ]);
  });

  it("say when a payment came with the article the day takes", () => {
    const paidOn = (day: string) =>
      paymentConfirmedMail({
        locale: "it-IT",
        name: "Anna",
        what: "Trail 32 km",
        details: { startsAt: new Date("2027-06-20T07:00:00Z"), timeZone: "Europe/Rome", place: [], stays: [] },
        reference: "SE-1",
        amount: { amount: 4500, currency: "EUR" },
        paidAt: new Date(`2027-05-${day}T10:00:00Z`),
        timeZone: "Europe/Rome",
        link: LINK,
      }).text;
    expect(paidOn("11")).toContain(", l'11 maggio 2027.");
    expect(paidOn("12")).toContain(", il 12 maggio 2027.");
  });
});
