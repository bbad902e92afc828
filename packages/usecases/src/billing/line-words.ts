import type { Locale } from "@sports/domain";

/**
 * What a document's lines say, in the buyer's language (the document's legal wording is Italian
 * whatever the language: billing/document-words.ts).
 */
interface LineWords {
  entryFee: (what: string) => string;
  lodging: (room: string, nights: number) => string;
  transferFee: (what: string) => string;
  discount: (code: string) => string;
  stampDuty: string;
  refund: (number: string) => string;
}

const nights = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const LINE_WORDS: Record<Locale, LineWords> = {
  "it-IT": {
    entryFee: (what) => `Iscrizione – ${what}`,
    lodging: (room, n) => `Soggiorno – ${room}, ${nights(n, "notte", "notti")}`,
    transferFee: (what) => `Diritti di cessione dell'iscrizione – ${what}`,
    discount: (code) => `Sconto (codice ${code})`,
    stampDuty: "Imposta di bollo",
    refund: (number) => `Rimborso relativo al documento ${number}`,
  },
  "en-US": {
    entryFee: (what) => `Entry – ${what}`,
    lodging: (room, n) => `Lodging – ${room}, ${nights(n, "night", "nights")}`,
    transferFee: (what) => `Entry transfer fee – ${what}`,
    discount: (code) => `Discount (code ${code})`,
    stampDuty: "Stamp duty",
    refund: (number) => `Refund of document ${number}`,
  },
  "de-DE": {
    entryFee: (what) => `Anmeldung – ${what}`,
    lodging: (room, n) => `Unterkunft – ${room}, ${nights(n, "Nacht", "Nächte")}`,
    transferFee: (what) => `Gebühr für die Übertragung der Anmeldung – ${what}`,
    discount: (code) => `Rabatt (Code ${code})`,
    stampDuty: "Stempelsteuer",
    refund: (number) => `Erstattung zum Beleg ${number}`,
  },
  "fr-FR": {
    entryFee: (what) => `Inscription – ${what}`,
    lodging: (room, n) => `Hébergement – ${room}, ${nights(n, "nuit", "nuits")}`,
    transferFee: (what) => `Frais de cession de l'inscription – ${what}`,
    discount: (code) => `Remise (code ${code})`,
    stampDuty: "Droit de timbre",
    refund: (number) => `Remboursement du document ${number}`,
  },
  "es-ES": {
    entryFee: (what) => `Inscripción – ${what}`,
    lodging: (room, n) => `Alojamiento – ${room}, ${nights(n, "noche", "noches")}`,
    transferFee: (what) => `Tasa de cesión de la inscripción – ${what}`,
    discount: (code) => `Descuento (código ${code})`,
    stampDuty: "Impuesto de timbre",
    refund: (number) => `Reembolso del documento ${number}`,
  },
};
