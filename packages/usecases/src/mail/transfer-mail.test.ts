import { describe, expect, it } from "vitest";
import { transferMail } from "./templates.ts";

const LOCALES = ["it-IT", "en-US", "de-DE", "fr-FR", "es-ES"] as const;
const base = {
  name: "Anna",
  what: "Mezza Maratona – 10 km",
  from: "Anna Rossi",
  person: "Bea Verdi",
  ticketCode: "W3ZBYHTSD6",
  certificateDue: true,
  link: null,
};

describe("the transfer mails", () => {
  it("tell the person taking the place its new ticket code and the certificate to upload, in five languages", () => {
    const subjects = new Set<string>();
    for (const locale of LOCALES) {
      const mail = transferMail({ ...base, locale, to: "taking" });
      subjects.add(mail.subject);
      expect(mail.subject).toContain(base.what);
      expect(mail.text).toContain("W3ZBYHTSD6");
      expect(mail.text).toContain("Anna Rossi");
      expect(mail.html).toContain("W3ZBYHTSD6");
      expect(mail.text).not.toMatch(
        /previous ticket|biglietto precedente|bisherige Ticket|ancien billet|entrada anterior/,
      );
    }
    expect(subjects.size).toBe(LOCALES.length);
  });

  it("tell the person leaving it to whom it went, without the new ticket code or the certificate", () => {
    const mail = transferMail({ ...base, locale: "en-US", to: "leaving" });
    expect(mail.text).toContain("Your place at Mezza Maratona – 10 km has been transferred to Bea Verdi.");
    expect(mail.text).not.toContain("W3ZBYHTSD6");
    expect(mail.text).not.toContain("medical certificate");
    expect(mail.text).toContain("The previous ticket no longer works; the bib stays the same.");
  });

  it("give the owner the signup's link, and say nothing of a certificate where the race asks none", () => {
    const link = "https://events.example.org/it-IT/evento/x/appuntamento/10k/iscrizione/s1/recap";
    const mail = transferMail({ ...base, locale: "it-IT", to: "owner", link, certificateDue: false });
    expect(mail.text).toContain("Il posto di Anna Rossi a Mezza Maratona – 10 km è ora di Bea Verdi.");
    expect(mail.text).toContain(link);
    expect(mail.text).not.toContain("certificato");
  });
});
