import type { Locale } from "@sports/domain";
import { type AccountMail, checkedLink, mailLocale, render } from "./templates.ts";
import { COPY, SITE_NAME } from "./texts.ts";

/** The words of the invitation to manage a club, in the five languages. */
const CLUB_INVITATION: Record<
  Locale,
  { subject(club: string): string; intro(inviter: string, club: string): string; accept: string; howToAccept: string }
> = {
  "it-IT": {
    subject: (club) => `Invito a gestire ${club} su ${SITE_NAME}`,
    intro: (inviter, club) =>
      `${inviter} ti ha invitato a gestire la società ${club} su ${SITE_NAME}: i suoi atleti, le loro iscrizioni e gli altri gestori.`,
    accept: "Accetta l'invito",
    howToAccept:
      "Accetta dal tuo account con questo indirizzo email (crealo se non ce l'hai; se non ricordi la password, reimpostala). Il link vale 7 giorni e una volta sola.",
  },
  "en-US": {
    subject: (club) => `Invitation to manage ${club} on ${SITE_NAME}`,
    intro: (inviter, club) =>
      `${inviter} has invited you to manage the club ${club} on ${SITE_NAME}: its athletes, their entries and its other managers.`,
    accept: "Accept the invitation",
    howToAccept:
      "Accept it from your account at this e-mail address (create one if you have none; if you do not know its password, reset it). The link works once, for 7 days.",
  },
  "de-DE": {
    subject: (club) => `Einladung, ${club} auf ${SITE_NAME} zu verwalten`,
    intro: (inviter, club) =>
      `${inviter} hat dich eingeladen, den Verein ${club} auf ${SITE_NAME} zu verwalten: seine Athleten, ihre Anmeldungen und die anderen Verwalter.`,
    accept: "Einladung annehmen",
    howToAccept:
      "Nimm sie mit deinem Konto unter dieser E-Mail-Adresse an (lege eines an, wenn du keines hast; kennst du sein Passwort nicht, setze es zurück). Der Link gilt einmal, 7 Tage lang.",
  },
  "fr-FR": {
    subject: (club) => `Invitation à gérer ${club} sur ${SITE_NAME}`,
    intro: (inviter, club) =>
      `${inviter} vous invite à gérer le club ${club} sur ${SITE_NAME} : ses athlètes, leurs inscriptions et ses autres gestionnaires.`,
    accept: "Accepter l'invitation",
    howToAccept:
      "Acceptez-la depuis votre compte à cette adresse e-mail (créez-en un si vous n'en avez pas ; si vous ne connaissez pas son mot de passe, réinitialisez-le). Le lien sert une fois, pendant 7 jours.",
  },
  "es-ES": {
    subject: (club) => `Invitación a gestionar ${club} en ${SITE_NAME}`,
    intro: (inviter, club) =>
      `${inviter} te ha invitado a gestionar el club ${club} en ${SITE_NAME}: sus atletas, sus inscripciones y sus otros gestores.`,
    accept: "Aceptar la invitación",
    howToAccept:
      "Acéptala desde tu cuenta con esta dirección de correo (crea una si no la tienes; si no sabes su contraseña, restablécela). El enlace sirve una vez, durante 7 días.",
  },
};

/** "You are invited to manage the club": who invites, which club, and the link to accept from the invited account. */
export function clubManagerInvitationMail(input: {
  locale: string;
  inviter: string;
  club: string;
  link: string;
}): AccountMail {
  const locale = mailLocale(input.locale);
  const words = CLUB_INVITATION[locale];
  return render(locale, {
    subject: words.subject(input.club),
    greeting: COPY[locale].hello,
    before: [words.intro(input.inviter, input.club)],
    action: { label: words.accept, link: checkedLink(input.link) },
    after: [words.howToAccept],
  });
}
