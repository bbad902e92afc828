import type { Locale, TeamRole } from "@sports/domain";
import { type AccountMail, checkedLink, mailLocale, render } from "./templates.ts";
import { COPY, SITE_NAME } from "./texts.ts";

/** The invitation's words in the five languages. */
const INVITATION: Record<
  Locale,
  {
    subject: string;
    intro(role: string): string;
    roles: Record<TeamRole, string>;
    accept: string;
    console: string;
    howToAccept: string;
  }
> = {
  "it-IT": {
    subject: `Sei invitato nella squadra di ${SITE_NAME}`,
    intro: (role) => `sei stato invitato a lavorare nella console dell'organizzatore di ${SITE_NAME} come ${role}.`,
    roles: { organiser: "organizzatore", staff: "staff" },
    accept: "Accetta l'invito",
    console: "Apri la console",
    howToAccept:
      "Accetta dal tuo account con questo indirizzo email (crealo se non ce l'hai; se non ricordi la password, reimpostala). Il link vale 7 giorni e una volta sola.",
  },
  "en-US": {
    subject: `You are invited to the ${SITE_NAME} team`,
    intro: (role) => `you have been invited to work in the organiser's console of ${SITE_NAME} as ${role}.`,
    roles: { organiser: "an organiser", staff: "staff" },
    accept: "Accept the invitation",
    console: "Open the console",
    howToAccept:
      "Accept it from your account at this e-mail address (create one if you have none; if you do not know its password, reset it). The link works once, for 7 days.",
  },
  "de-DE": {
    subject: `Einladung in das Team von ${SITE_NAME}`,
    intro: (role) => `du wurdest eingeladen, in der Veranstalterkonsole von ${SITE_NAME} als ${role} mitzuarbeiten.`,
    roles: { organiser: "Veranstalter", staff: "Helfer" },
    accept: "Einladung annehmen",
    console: "Konsole öffnen",
    howToAccept:
      "Nimm sie mit deinem Konto unter dieser E-Mail-Adresse an (lege eines an, wenn du keines hast; kennst du sein Passwort nicht, setze es zurück). Der Link gilt einmal, 7 Tage lang.",
  },
  "fr-FR": {
    subject: `Invitation dans l'équipe de ${SITE_NAME}`,
    intro: (role) =>
      `vous êtes invité à travailler dans la console de l'organisateur de ${SITE_NAME} en tant que ${role}.`,
    roles: { organiser: "organisateur", staff: "bénévole" },
    accept: "Accepter l'invitation",
    console: "Ouvrir la console",
    howToAccept:
      "Acceptez-la depuis votre compte à cette adresse e-mail (créez-en un si vous n'en avez pas ; si vous ne connaissez pas son mot de passe, réinitialisez-le). Le lien sert une fois, pendant 7 jours.",
  },
  "es-ES": {
    subject: `Invitación al equipo de ${SITE_NAME}`,
    intro: (role) => `te han invitado a trabajar en la consola del organizador de ${SITE_NAME} como ${role}.`,
    roles: { organiser: "organizador", staff: "personal de apoyo" },
    accept: "Aceptar la invitación",
    console: "Abrir la consola",
    howToAccept:
      "Acéptala desde tu cuenta con esta dirección de correo (crea una si no la tienes; si no sabes su contraseña, restablécela). El enlace sirve una vez, durante 7 días.",
  },
};

/** "You are invited to the team": the role, and a link to the console (the role is theirs) or to accept it. */
export function teamInvitationMail(input: {
  locale: string;
  role: TeamRole;
  leadsTo: "console" | "accept";
  link: string;
}): AccountMail {
  const locale = mailLocale(input.locale);
  const words = INVITATION[locale];
  return render(locale, {
    subject: words.subject,
    greeting: COPY[locale].hello,
    before: [capitalised(words.intro(words.roles[input.role]))],
    action: { label: input.leadsTo === "console" ? words.console : words.accept, link: checkedLink(input.link) },
    after: input.leadsTo === "console" ? [] : [words.howToAccept],
  });
}

/** A message the organiser writes to an appointment's participants, in one language, as it was written. */
export function participantMessageMail(input: {
  locale: string;
  name: string;
  subject: string;
  body: string;
}): AccountMail {
  const locale = mailLocale(input.locale);
  const copy = COPY[locale];
  return render(locale, {
    subject: input.subject,
    greeting: input.name ? copy.greet(input.name) : copy.hello,
    before: input.body
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    after: [],
  });
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
