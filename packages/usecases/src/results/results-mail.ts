import type { Locale, ResultLine } from "@sports/domain";
import { formatRaceTime } from "@sports/jsonapi";
import { type AccountMail, checkedLink, greeting, mailLocale, render } from "../mail/templates.ts";
import { COPY } from "../mail/texts.ts";

interface ResultsCopy {
  subject: (race: string) => string;
  intro: (race: string, time: string) => string;
  overall: (rank: number) => string;
  gender: (rank: number, list: "female" | "male" | "open") => string;
  category: (rank: number, category: string) => string;
  button: string;
  verify: (link: string) => string;
}

const RESULTS_COPY: Record<Locale, ResultsCopy> = {
  "it-IT": {
    subject: (race) => `Il tuo risultato ufficiale: ${race}`,
    intro: (race, time) => `i risultati di ${race} sono ufficiali. Il tuo tempo: ${time}.`,
    overall: (rank) => `${rank}° assoluto`,
    gender: (rank, list) =>
      `${rank}° ${list === "female" ? "tra le donne" : list === "male" ? "tra gli uomini" : "nella classifica aperta"}`,
    category: (rank, category) => `${rank}° nella categoria ${category}`,
    button: "Scarica il tuo attestato",
    verify: (link) => `Chiunque può verificare l'attestato qui: ${link}`,
  },
  "en-US": {
    subject: (race) => `Your official result: ${race}`,
    intro: (race, time) => `the results of ${race} are official. Your time: ${time}.`,
    overall: (rank) => `#${rank} overall`,
    gender: (rank, list) =>
      `#${rank} ${list === "female" ? "among women" : list === "male" ? "among men" : "in the open list"}`,
    category: (rank, category) => `#${rank} in category ${category}`,
    button: "Download your diploma",
    verify: (link) => `Anyone can verify your diploma here: ${link}`,
  },
  "de-DE": {
    subject: (race) => `Dein offizielles Ergebnis: ${race}`,
    intro: (race, time) => `die Ergebnisse von ${race} sind offiziell. Deine Zeit: ${time}.`,
    overall: (rank) => `Platz ${rank} gesamt`,
    gender: (rank, list) =>
      `Platz ${rank} ${list === "female" ? "bei den Frauen" : list === "male" ? "bei den Männern" : "in der offenen Wertung"}`,
    category: (rank, category) => `Platz ${rank} in der Altersklasse ${category}`,
    button: "Urkunde herunterladen",
    verify: (link) => `Jeder kann deine Urkunde hier prüfen: ${link}`,
  },
  "fr-FR": {
    subject: (race) => `Votre résultat officiel : ${race}`,
    intro: (race, time) => `les résultats de ${race} sont officiels. Votre temps : ${time}.`,
    overall: (rank) => `${rank}${rank === 1 ? "er" : "e"} au scratch`,
    gender: (rank, list) =>
      `${rank}${rank === 1 ? (list === "female" ? "re" : "er") : "e"} ${list === "female" ? "chez les femmes" : list === "male" ? "chez les hommes" : "au classement ouvert"}`,
    category: (rank, category) => `${rank}${rank === 1 ? "er" : "e"} dans la catégorie ${category}`,
    button: "Télécharger votre diplôme",
    verify: (link) => `Chacun peut vérifier votre diplôme ici : ${link}`,
  },
  "es-ES": {
    subject: (race) => `Tu resultado oficial: ${race}`,
    intro: (race, time) => `los resultados de ${race} son oficiales. Tu tiempo: ${time}.`,
    overall: (rank) => `${rank}.º en la general`,
    gender: (rank, list) =>
      `${rank}.º ${list === "female" ? "entre las mujeres" : list === "male" ? "entre los hombres" : "en la clasificación abierta"}`,
    category: (rank, category) => `${rank}.º en la categoría ${category}`,
    button: "Descarga tu diploma",
    verify: (link) => `Cualquiera puede verificar tu diploma aquí: ${link}`,
  },
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A finisher's official result: their time and ranks, the diploma's link and its verification page. */
export function officialResultMail(input: {
  locale: string;
  line: ResultLine;
  race: string;
  diplomaLink: string;
  verifyLink: string;
  rankBy: "gunTime" | "netTime";
}): AccountMail {
  const locale = mailLocale(input.locale);
  const words = RESULTS_COPY[locale];
  const { line } = input;
  const time = line[input.rankBy] ?? line.gunTime ?? line.netTime;
  const list = line.gender === "female" || line.gender === "male" ? line.gender : "open";
  const ranks = [
    line.ranks.overall !== null ? words.overall(line.ranks.overall) : null,
    line.ranks.gender !== null ? words.gender(line.ranks.gender, list) : null,
    line.ranks.category !== null && line.category ? words.category(line.ranks.category, line.category) : null,
  ].filter((rank): rank is string => rank !== null);
  return render(locale, {
    subject: words.subject(input.race),
    greeting: greeting(COPY[locale], line.givenName),
    before: [
      capitalize(words.intro(input.race, time === null ? "—" : formatRaceTime(time))),
      ...(ranks.length ? [ranks.join(", ")] : []),
    ],
    action: { label: words.button, link: checkedLink(input.diplomaLink) },
    after: [words.verify(checkedLink(input.verifyLink))],
  });
}
