import type { Gender, Locale, PaymentState, ResultStatus } from "@sports/domain";

/** The columns of a race's results, in the order the export writes them (the splits follow). */
export const RESULT_COLUMNS = [
  "overallRank",
  "bib",
  "familyName",
  "givenName",
  "gender",
  "category",
  "club",
  "status",
  "gunTime",
  "netTime",
  "genderRank",
  "categoryRank",
] as const;
export type ResultColumn = (typeof RESULT_COLUMNS)[number];

/** The words an export writes for the domain's values, in the export's language (what a cell reads). */
export interface ExportWords {
  gender: Record<Gender, string>;
  payment: Record<PaymentState, string>;
  resultStatus: Record<ResultStatus, string>;
  /** The headers of the results' columns, and the name of their sheet. */
  results: Record<ResultColumn, string> & { sheet: string };
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
    resultStatus: { finished: "classificato", dnf: "ritirato", dns: "non partito", dsq: "squalificato" },
    results: {
      sheet: "Classifica",
      overallRank: "Posizione",
      bib: "Pettorale",
      familyName: "Cognome",
      givenName: "Nome",
      gender: "Sesso",
      category: "Categoria",
      club: "Società",
      status: "Stato",
      gunTime: "Tempo ufficiale",
      netTime: "Tempo netto",
      genderRank: "Posizione per sesso",
      categoryRank: "Posizione di categoria",
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
    resultStatus: { finished: "finished", dnf: "did not finish", dns: "did not start", dsq: "disqualified" },
    results: {
      sheet: "Results",
      overallRank: "Rank",
      bib: "Bib",
      familyName: "Last name",
      givenName: "First name",
      gender: "Gender",
      category: "Category",
      club: "Club",
      status: "Status",
      gunTime: "Gun time",
      netTime: "Net time",
      genderRank: "Gender rank",
      categoryRank: "Category rank",
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
    resultStatus: { finished: "im Ziel", dnf: "aufgegeben", dns: "nicht gestartet", dsq: "disqualifiziert" },
    results: {
      sheet: "Ergebnisse",
      overallRank: "Platz",
      bib: "Startnummer",
      familyName: "Nachname",
      givenName: "Vorname",
      gender: "Geschlecht",
      category: "Kategorie",
      club: "Verein",
      status: "Status",
      gunTime: "Bruttozeit",
      netTime: "Nettozeit",
      genderRank: "Platz Geschlecht",
      categoryRank: "Platz Kategorie",
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
    resultStatus: { finished: "classé", dnf: "abandon", dns: "non partant", dsq: "disqualifié" },
    results: {
      sheet: "Résultats",
      overallRank: "Classement",
      bib: "Dossard",
      familyName: "Nom",
      givenName: "Prénom",
      gender: "Sexe",
      category: "Catégorie",
      club: "Club",
      status: "Statut",
      gunTime: "Temps officiel",
      netTime: "Temps net",
      genderRank: "Classement par sexe",
      categoryRank: "Classement par catégorie",
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
    resultStatus: { finished: "clasificado", dnf: "retirado", dns: "no presentado", dsq: "descalificado" },
    results: {
      sheet: "Clasificación",
      overallRank: "Puesto",
      bib: "Dorsal",
      familyName: "Apellidos",
      givenName: "Nombre",
      gender: "Sexo",
      category: "Categoría",
      club: "Club",
      status: "Estado",
      gunTime: "Tiempo oficial",
      netTime: "Tiempo neto",
      genderRank: "Puesto por sexo",
      categoryRank: "Puesto en la categoría",
    },
  },
};

/** A value in words, or nothing for no value. */
export function wordFor<T extends string>(words: Record<T, string>, value: T | null): string | null {
  return value === null ? null : words[value];
}
