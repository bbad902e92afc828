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
    register: string;
    console: string;
    logIn: string;
    confirm: string;
  }
> = {
  "it-IT": {
    subject: `Sei invitato nella squadra di ${SITE_NAME}`,
    intro: (role) => `sei stato invitato a lavorare nella console dell'organizzatore di ${SITE_NAME} come ${role}.`,
    roles: { organiser: "organizzatore", staff: "staff" },
    register: "Crea il tuo account",
    logIn: "Accedi",
    console: "Apri la console",
    confirm: "Il ruolo vale quando l'indirizzo email del tuo account, questo, è confermato.",
  },
  "en-US": {
    subject: `You are invited to the ${SITE_NAME} team`,
    intro: (role) => `you have been invited to work in the organiser's console of ${SITE_NAME} as ${role}.`,
    roles: { organiser: "an organiser", staff: "staff" },
    register: "Create your account",
    logIn: "Log in",
    console: "Open the console",
    confirm: "The role applies once your account's e-mail address, this one, is confirmed.",
  },
  "de-DE": {
    subject: `Einladung in das Team von ${SITE_NAME}`,
    intro: (role) => `du wurdest eingeladen, in der Veranstalterkonsole von ${SITE_NAME} als ${role} mitzuarbeiten.`,
    roles: { organiser: "Veranstalter", staff: "Helfer" },
    register: "Konto erstellen",
    logIn: "Anmelden",
    console: "Konsole öffnen",
    confirm: "Die Rolle gilt, sobald die E-Mail-Adresse deines Kontos, diese hier, bestätigt ist.",
  },
  "fr-FR": {
    subject: `Invitation dans l'équipe de ${SITE_NAME}`,
    intro: (role) =>
      `vous êtes invité à travailler dans la console de l'organisateur de ${SITE_NAME} en tant que ${role}.`,
    roles: { organiser: "organisateur", staff: "bénévole" },
    register: "Créer votre compte",
    logIn: "Se connecter",
    console: "Ouvrir la console",
    confirm: "Le rôle s'applique dès que l'adresse e-mail de votre compte, celle-ci, est confirmée.",
  },
  "es-ES": {
    subject: `Invitación al equipo de ${SITE_NAME}`,
    intro: (role) => `te han invitado a trabajar en la consola del organizador de ${SITE_NAME} como ${role}.`,
    roles: { organiser: "organizador", staff: "personal de apoyo" },
    register: "Crea tu cuenta",
    logIn: "Inicia sesión",
    console: "Abrir la consola",
    confirm: "El rol se aplica cuando la dirección de correo de tu cuenta, esta, está confirmada.",
  },
};

/** "You are invited to the team": the role, and a link to the console, to log in or to register. */
export function teamInvitationMail(input: {
  locale: string;
  role: TeamRole;
  /** Where the link leads: the console (the role is theirs), the login (an account), the registration. */
  leadsTo: "console" | "log-in" | "register";
  link: string;
}): AccountMail {
  const locale = mailLocale(input.locale);
  const words = INVITATION[locale];
  return render(locale, {
    subject: words.subject,
    greeting: COPY[locale].hello,
    before: [capitalised(words.intro(words.roles[input.role]))],
    action: {
      label: input.leadsTo === "console" ? words.console : input.leadsTo === "log-in" ? words.logIn : words.register,
      link: checkedLink(input.link),
    },
    after: [words.confirm],
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
