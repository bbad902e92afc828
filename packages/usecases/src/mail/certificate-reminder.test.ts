import { describe, expect, it } from "vitest";
import { certificateReminderMail } from "./templates.ts";

const LOCALES = ["it-IT", "en-US", "de-DE", "fr-FR", "es-ES"] as const;

describe("the certificate reminder", () => {
  it("names the participant, the race and the days left in each language, and links to My signups", () => {
    for (const locale of LOCALES) {
      for (const days of [1, 7]) {
        const mail = certificateReminderMail({
          locale,
          name: "Ada",
          person: "Bea Runner",
          what: "Trail del lago",
          days,
          link: `https://example.org/${locale}/modificaDati#iscrizioni`,
        });
        expect(mail.subject).toContain("Trail del lago");
        expect(mail.text).toContain("Bea Runner");
        expect(mail.text).toContain(`https://example.org/${locale}/modificaDati#iscrizioni`);
        if (days === 7) expect(mail.text, locale).toContain("7");
        expect(mail.html).toContain("Bea Runner");
      }
    }
    expect(
      certificateReminderMail({
        locale: "en-US",
        name: "Ada",
        person: "Bea",
        what: "X",
        days: 1,
        link: "https://e.org",
      }).text,
    ).toContain("X is one day away");
  });
});
