import type { BillingDocumentKind, Locale } from "@sports/domain";
import { type AccountMail, greeting, mailLocale, render } from "../mail/templates.ts";
import { COPY } from "../mail/texts.ts";

/** The mail that brings a billing document, its PDF attached, in the owner's language. */
interface DocumentMailWords {
  kinds: Record<BillingDocumentKind, string>;
  subject: (kind: string, number: string) => string;
  intro: (kind: string, number: string) => string;
  after: string;
}

const WORDS: Record<Locale, DocumentMailWords> = {
  "it-IT": {
    kinds: {
      receipt: "ricevuta",
      invoice: "fattura",
      "credit-note": "nota di credito",
      "refund-receipt": "ricevuta di rimborso",
    },
    subject: (kind, number) => `La tua ${kind} ${number}`,
    intro: (kind, number) => `In allegato trovi la ${kind} ${number}, in PDF.`,
    after: "La trovi anche in «Le mie iscrizioni», da scaricare quando vuoi.",
  },
  "en-US": {
    kinds: { receipt: "receipt", invoice: "invoice", "credit-note": "credit note", "refund-receipt": "refund receipt" },
    subject: (kind, number) => `Your ${kind} ${number}`,
    intro: (kind, number) => `Your ${kind} ${number} is attached as a PDF.`,
    after: "You can also download it from My signups whenever you need it.",
  },
  "de-DE": {
    kinds: {
      receipt: "Quittung",
      invoice: "Rechnung",
      "credit-note": "Gutschrift",
      "refund-receipt": "Erstattungsbeleg",
    },
    subject: (kind, number) => `Ihre ${kind} ${number}`,
    intro: (kind, number) => `Im Anhang finden Sie Ihre ${kind} ${number} als PDF.`,
    after: "Sie können sie jederzeit auch unter „Meine Anmeldungen“ herunterladen.",
  },
  "fr-FR": {
    kinds: { receipt: "reçu", invoice: "facture", "credit-note": "avoir", "refund-receipt": "reçu de remboursement" },
    subject: (kind, number) => `Votre ${kind} ${number}`,
    intro: (kind, number) => `Vous trouverez ci-joint votre ${kind} ${number} en PDF.`,
    after: "Vous pouvez aussi le télécharger à tout moment dans « Mes inscriptions ».",
  },
  "es-ES": {
    kinds: {
      receipt: "recibo",
      invoice: "factura",
      "credit-note": "nota de crédito",
      "refund-receipt": "recibo de reembolso",
    },
    subject: (kind, number) => `Tu ${kind} ${number}`,
    intro: (kind, number) => `Adjuntamos tu ${kind} ${number} en PDF.`,
    after: "También puedes descargarlo cuando quieras desde «Mis inscripciones».",
  },
};

export function billingDocumentMail(input: {
  locale: string;
  name: string;
  kind: BillingDocumentKind;
  number: string;
}): AccountMail {
  const locale = mailLocale(input.locale);
  const words = WORDS[locale];
  const kind = words.kinds[input.kind];
  return render(locale, {
    subject: words.subject(kind, input.number),
    greeting: greeting(COPY[locale], input.name),
    before: [words.intro(kind, input.number)],
    after: [words.after],
  });
}
