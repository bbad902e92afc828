import type { Locale } from "@sports/domain";

/** The list a finisher is ranked in besides overall (packages/domain/src/ranking.ts `genderList`). */
type GenderList = "female" | "male" | "open";

/** What a finisher's diploma says, in the diploma's language (diploma-pdf.ts draws it). */
export interface DiplomaWords {
  title: string;
  /** Between the finisher's name and the time: "Anna Rossi / completed the race in / 1:02:03". */
  completedIn: string;
  netTime: string;
  gunTime: string;
  /** The average pace's label; its value reads `4:25 min/km`. */
  pace: string;
  overall: string;
  genderList: Record<GenderList, string>;
  category: (code: string) => string;
  bib: string;
  verifyAt: string;
  code: string;
  organisedBy: string;
  /** A rank as the language writes a place: 1st, 1°, 1., 1er, 1.º. */
  ordinal: (rank: number) => string;
}

const ENGLISH_SUFFIXES: Record<string, string> = { one: "st", two: "nd", few: "rd", other: "th" };
const englishOrdinal = new Intl.PluralRules("en-US", { type: "ordinal" });

export const DIPLOMA_WORDS: Record<Locale, DiplomaWords> = {
  "en-US": {
    title: "Finisher's certificate",
    completedIn: "completed the race in",
    netTime: "Net time",
    gunTime: "Gun time",
    pace: "Average pace",
    overall: "Overall",
    genderList: { female: "Among women", male: "Among men", open: "Open list" },
    category: (code) => `Category ${code}`,
    bib: "Bib",
    verifyAt: "Verify this diploma at",
    code: "Code",
    organisedBy: "Organised by",
    ordinal: (rank) => `${rank}${ENGLISH_SUFFIXES[englishOrdinal.select(rank)] ?? "th"}`,
  },
  "it-IT": {
    title: "Attestato di partecipazione",
    completedIn: "ha concluso la gara in",
    netTime: "Tempo netto",
    gunTime: "Tempo lordo",
    pace: "Passo medio",
    overall: "Classifica assoluta",
    genderList: { female: "Tra le donne", male: "Tra gli uomini", open: "Classifica open" },
    category: (code) => `Categoria ${code}`,
    bib: "Pettorale",
    verifyAt: "Verifica questo attestato su",
    code: "Codice",
    organisedBy: "Organizzato da",
    ordinal: (rank) => `${rank}°`,
  },
  "de-DE": {
    title: "Finisher-Urkunde",
    completedIn: "erreichte das Ziel in",
    netTime: "Nettozeit",
    gunTime: "Bruttozeit",
    pace: "Durchschnittstempo",
    overall: "Gesamtwertung",
    genderList: { female: "Bei den Frauen", male: "Bei den Männern", open: "Offene Wertung" },
    category: (code) => `Altersklasse ${code}`,
    bib: "Startnummer",
    verifyAt: "Diese Urkunde prüfen unter",
    code: "Code",
    organisedBy: "Veranstalter:",
    ordinal: (rank) => `${rank}.`,
  },
  "fr-FR": {
    title: "Diplôme de finisher",
    completedIn: "a terminé la course en",
    netTime: "Temps net",
    gunTime: "Temps brut",
    pace: "Allure moyenne",
    overall: "Classement général",
    genderList: { female: "Chez les femmes", male: "Chez les hommes", open: "Classement open" },
    category: (code) => `Catégorie ${code}`,
    bib: "Dossard",
    verifyAt: "Vérifiez ce diplôme sur",
    code: "Code",
    organisedBy: "Organisé par",
    ordinal: (rank) => (rank === 1 ? "1er" : `${rank}e`),
  },
  "es-ES": {
    title: "Diploma de finisher",
    completedIn: "completó la carrera en",
    netTime: "Tiempo neto",
    gunTime: "Tiempo bruto",
    pace: "Ritmo medio",
    overall: "Clasificación general",
    genderList: { female: "Entre las mujeres", male: "Entre los hombres", open: "Clasificación abierta" },
    category: (code) => `Categoría ${code}`,
    bib: "Dorsal",
    verifyAt: "Verifique este diploma en",
    code: "Código",
    organisedBy: "Organizado por",
    ordinal: (rank) => `${rank}.º`,
  },
};

/** A race's day (YYYY-MM-DD) written out in `locale`: "12 ottobre 2025", "October 12, 2025". */
export function diplomaDate(raceDate: string, locale: Locale): string {
  // The day itself, read and written in UTC, so no server time zone moves it to the day before.
  const day = new Date(`${raceDate}T00:00:00Z`);
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    day,
  );
}
