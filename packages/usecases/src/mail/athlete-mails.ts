import type { AthletePart, Locale } from "@sports/domain";
import { type AccountMail, checkedLink, greeting, mailLocale, render } from "./templates.ts";
import { COPY } from "./texts.ts";

/** The athlete's link's words in the five languages (docs/decisions/068-club-entries.md). */
const WORDS: Record<
  Locale,
  {
    subject(what: string): string;
    reminderSubject(what: string): string;
    intro(club: string, what: string, day: string): string;
    missing(parts: string): string;
    parts: Record<AthletePart, string>;
    until(when: string): string;
    button: string;
    noAccount: string;
  }
> = {
  "it-IT": {
    subject: (what) => `Completa la tua iscrizione: ${what}`,
    reminderSubject: (what) => `Promemoria: completa la tua iscrizione a ${what}`,
    intro: (club, what, day) => `${club} ti ha iscritto a ${what}, ${day}.`,
    missing: (parts) => `Mancano ancora i tuoi dati: ${parts}.`,
    parts: {
      consents: "l'accettazione del regolamento e dell'informativa sulla privacy",
      "emergency-contact": "un contatto per le emergenze",
      certificate: "il certificato medico",
    },
    until: (when) =>
      `Completali entro ${when} dal tuo link personale: vale una volta sola ed è solo per te. Senza questi dati non potrai fare il check-in il giorno della gara.`,
    button: "Completa la mia iscrizione",
    noAccount: "Non serve un account. Se il link non vale più, chiedine uno nuovo alla tua società.",
  },
  "en-US": {
    subject: (what) => `Complete your entry: ${what}`,
    reminderSubject: (what) => `Reminder: complete your entry for ${what}`,
    intro: (club, what, day) => `${club} has entered you for ${what}, ${day}.`,
    missing: (parts) => `Your own details are still missing: ${parts}.`,
    parts: {
      consents: "accepting the terms and the privacy notice",
      "emergency-contact": "an emergency contact",
      certificate: "the medical certificate",
    },
    until: (when) =>
      `Give them by ${when} through your own link: it works once, and only for you. Without them you cannot check in on race day.`,
    button: "Complete my entry",
    noAccount: "You need no account. If the link no longer works, ask your club for a new one.",
  },
  "de-DE": {
    subject: (what) => `Vervollständige deine Anmeldung: ${what}`,
    reminderSubject: (what) => `Erinnerung: Vervollständige deine Anmeldung für ${what}`,
    intro: (club, what, day) => `${club} hat dich für ${what} angemeldet, ${day}.`,
    missing: (parts) => `Es fehlen noch deine Angaben: ${parts}.`,
    parts: {
      consents: "die Zustimmung zu den Teilnahmebedingungen und zur Datenschutzerklärung",
      "emergency-contact": "ein Notfallkontakt",
      certificate: "das ärztliche Attest",
    },
    until: (when) =>
      `Ergänze sie bis ${when} über deinen persönlichen Link: Er gilt einmal und nur für dich. Ohne sie kannst du am Renntag nicht einchecken.`,
    button: "Anmeldung vervollständigen",
    noAccount: "Du brauchst kein Konto. Gilt der Link nicht mehr, bitte deinen Verein um einen neuen.",
  },
  "fr-FR": {
    subject: (what) => `Complétez votre inscription : ${what}`,
    reminderSubject: (what) => `Rappel : complétez votre inscription à ${what}`,
    intro: (club, what, day) => `${club} vous a inscrit à ${what}, ${day}.`,
    missing: (parts) => `Il manque encore vos informations : ${parts}.`,
    parts: {
      consents: "l'acceptation du règlement et de la politique de confidentialité",
      "emergency-contact": "un contact en cas d'urgence",
      certificate: "le certificat médical",
    },
    until: (when) =>
      `Donnez-les avant le ${when} par votre lien personnel : il ne sert qu'une fois, et à vous seul. Sans elles, vous ne pourrez pas faire le contrôle le jour de la course.`,
    button: "Compléter mon inscription",
    noAccount: "Aucun compte n'est nécessaire. Si le lien ne fonctionne plus, demandez-en un nouveau à votre club.",
  },
  "es-ES": {
    subject: (what) => `Completa tu inscripción: ${what}`,
    reminderSubject: (what) => `Recordatorio: completa tu inscripción en ${what}`,
    intro: (club, what, day) => `${club} te ha inscrito en ${what}, ${day}.`,
    missing: (parts) => `Todavía faltan tus datos: ${parts}.`,
    parts: {
      consents: "la aceptación del reglamento y de la política de privacidad",
      "emergency-contact": "un contacto de emergencia",
      certificate: "el certificado médico",
    },
    until: (when) =>
      `Complétalos antes del ${when} con tu enlace personal: sirve una sola vez y solo para ti. Sin ellos no podrás hacer el check-in el día de la carrera.`,
    button: "Completar mi inscripción",
    noAccount: "No necesitas una cuenta. Si el enlace ya no funciona, pide uno nuevo a tu club.",
  },
};

/**
 * An athlete entered by their club is asked for their own part: the race, its day, what is missing
 * and until when, and their own link; `reminder` when it is sent again before the link lapses.
 */
export function athleteLinkMail(input: {
  locale: string;
  name: string;
  club: string;
  what: string;
  startsAt: Date;
  timeZone: string;
  missing: readonly AthletePart[];
  until: Date;
  link: string;
  reminder: boolean;
}): AccountMail {
  const locale = mailLocale(input.locale);
  const words = WORDS[locale];
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: input.timeZone }).format(input.startsAt);
  const until = new Intl.DateTimeFormat(locale, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: input.timeZone,
  }).format(input.until);
  const parts = new Intl.ListFormat(locale, { type: "conjunction" }).format(
    input.missing.map((part) => words.parts[part]),
  );
  return render(locale, {
    subject: input.reminder ? words.reminderSubject(input.what) : words.subject(input.what),
    greeting: greeting(COPY[locale], input.name),
    before: [words.intro(input.club, input.what, day), words.missing(parts), words.until(until)],
    action: { label: words.button, link: checkedLink(input.link) },
    after: [words.noAccount],
  });
}
