import type { Gender, Locale, PaymentState } from "@sports/domain";

/** The words an export writes for the domain's values, in the export's language (what a cell reads). */
export interface ExportWords {
  gender: Record<Gender, string>;
  payment: Record<PaymentState, string>;
}

export const EXPORT_WORDS: Record<Locale, ExportWords> = {
  "it-IT": {
    gender: { female: "femmina", male: "maschio", "non-binary": "non binario", unspecified: "non indicato" },
    payment: {
      created: "non avviato",
      pending: "in attesa",
      processing: "in elaborazione",
      paid: "pagato",
      failed: "non riuscito",
      cancelled: "annullato",
      expired: "scaduto",
      refunded: "rimborsato",
    },
  },
  "en-US": {
    gender: { female: "female", male: "male", "non-binary": "non-binary", unspecified: "not stated" },
    payment: {
      created: "not started",
      pending: "pending",
      processing: "being processed",
      paid: "paid",
      failed: "failed",
      cancelled: "cancelled",
      expired: "expired",
      refunded: "refunded",
    },
  },
  "de-DE": {
    gender: { female: "weiblich", male: "männlich", "non-binary": "nicht-binär", unspecified: "keine Angabe" },
    payment: {
      created: "nicht begonnen",
      pending: "ausstehend",
      processing: "in Bearbeitung",
      paid: "bezahlt",
      failed: "fehlgeschlagen",
      cancelled: "abgebrochen",
      expired: "abgelaufen",
      refunded: "erstattet",
    },
  },
  "fr-FR": {
    gender: { female: "femme", male: "homme", "non-binary": "non binaire", unspecified: "non précisé" },
    payment: {
      created: "non commencé",
      pending: "en attente",
      processing: "en cours de traitement",
      paid: "payé",
      failed: "échoué",
      cancelled: "annulé",
      expired: "expiré",
      refunded: "remboursé",
    },
  },
  "es-ES": {
    gender: { female: "mujer", male: "hombre", "non-binary": "no binario", unspecified: "sin indicar" },
    payment: {
      created: "sin iniciar",
      pending: "pendiente",
      processing: "en proceso",
      paid: "pagado",
      failed: "fallido",
      cancelled: "cancelado",
      expired: "caducado",
      refunded: "reembolsado",
    },
  },
};

/** A value in words, or nothing for no value. */
export function wordFor<T extends string>(words: Record<T, string>, value: T | null): string | null {
  return value === null ? null : words[value];
}
