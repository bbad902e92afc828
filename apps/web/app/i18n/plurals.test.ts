import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as m from "../paraglide/messages.js";
import { LOCALES, type Locale } from "./locale.ts";

/**
 * Every message that counts something says it in the count's grammatical number, in all five
 * languages: the plural variants of apps/web/messages (Intl.PluralRules through Paraglide), never
 * "field(s)" or "campo/i".
 *
 * The counts that take the singular are written here by hand, not asked of Intl, so a message that
 * lost its variants fails: French says "0 champ", the other four "0 fields".
 */
const SINGULAR: Record<Locale, number[]> = {
  "en-US": [1],
  "it-IT": [1],
  "de-DE": [1],
  "fr-FR": [0, 1],
  "es-ES": [1],
};
const COUNTS = [0, 1, 2, 5];

/** A counted message: how to render it with the count n, and per language its [singular, plural] text ({n} the count). */
interface Counted {
  render: (n: number, locale: Locale) => string;
  forms: Record<Locale, [string, string]>;
}

const counted: Record<string, Counted> = {
  events_count: {
    render: (n, locale) => m.events_count({ count: n }, { locale }),
    forms: {
      "en-US": ["{n} event", "{n} events"],
      "it-IT": ["{n} evento", "{n} eventi"],
      "de-DE": ["{n} Veranstaltung", "{n} Veranstaltungen"],
      "fr-FR": ["{n} événement", "{n} événements"],
      "es-ES": ["{n} evento", "{n} eventos"],
    },
  },
  badge_places_left: {
    render: (n, locale) => m.badge_places_left({ count: n }, { locale }),
    forms: {
      "en-US": ["{n} place left", "{n} places left"],
      "it-IT": ["{n} posto libero", "{n} posti liberi"],
      "de-DE": ["Noch {n} Platz frei", "Noch {n} Plätze frei"],
      "fr-FR": ["{n} place restante", "{n} places restantes"],
      "es-ES": ["Queda {n} plaza", "Quedan {n} plazas"],
    },
  },
  appointment_places_left: {
    render: (n, locale) => m.appointment_places_left({ remaining: n, capacity: n }, { locale }),
    forms: {
      "en-US": ["{n} of {n} place left", "{n} of {n} places left"],
      "it-IT": ["{n} posto libero su {n}", "{n} posti liberi su {n}"],
      "de-DE": ["Noch {n} von {n} Platz frei", "Noch {n} von {n} Plätzen frei"],
      "fr-FR": ["{n} place restante sur {n}", "{n} places restantes sur {n}"],
      "es-ES": ["{n} plaza libre de {n}", "{n} plazas libres de {n}"],
    },
  },
  rule_age_range: {
    render: (n, locale) => m.rule_age_range({ min: 0, max: n }, { locale }),
    forms: {
      "en-US": ["Age 0 to {n}", "Age 0 to {n}"],
      "it-IT": ["Età da 0 a {n} anno", "Età da 0 a {n} anni"],
      "de-DE": ["0 bis {n} Jahr", "0 bis {n} Jahre"],
      "fr-FR": ["De 0 à {n} an", "De 0 à {n} ans"],
      "es-ES": ["De 0 a {n} año", "De 0 a {n} años"],
    },
  },
  rule_age_min: {
    render: (n, locale) => m.rule_age_min({ min: n }, { locale }),
    forms: {
      "en-US": ["Age {n} and over", "Age {n} and over"],
      "it-IT": ["Da {n} anno in su", "Dai {n} anni in su"],
      "de-DE": ["Ab {n} Jahr", "Ab {n} Jahren"],
      "fr-FR": ["À partir de {n} an", "À partir de {n} ans"],
      "es-ES": ["A partir de {n} año", "A partir de {n} años"],
    },
  },
  rule_age_max: {
    render: (n, locale) => m.rule_age_max({ max: n }, { locale }),
    forms: {
      "en-US": ["Up to age {n}", "Up to age {n}"],
      "it-IT": ["Fino a {n} anno", "Fino a {n} anni"],
      "de-DE": ["Bis {n} Jahr", "Bis {n} Jahre"],
      "fr-FR": ["Jusqu'à {n} an", "Jusqu'à {n} ans"],
      "es-ES": ["Hasta {n} año", "Hasta {n} años"],
    },
  },
  rule_participants: {
    render: (n, locale) => m.rule_participants({ count: n }, { locale }),
    forms: {
      "en-US": ["Up to {n} participant per", "Up to {n} participants per"],
      "it-IT": ["Fino a {n} partecipante per", "Fino a {n} partecipanti per"],
      "de-DE": ["Bis zu {n} Person pro", "Bis zu {n} Personen pro"],
      "fr-FR": ["Jusqu'à {n} participant par", "Jusqu'à {n} participants par"],
      "es-ES": ["Hasta {n} participante por", "Hasta {n} participantes por"],
    },
  },
  stay_room: {
    render: (n, locale) => m.stay_room({ name: "Doppia", guests: n, price: "€ 80" }, { locale }),
    forms: {
      "en-US": ["Doppia, {n} guest:", "Doppia, {n} guests:"],
      "it-IT": ["Doppia, {n} ospite:", "Doppia, {n} ospiti:"],
      "de-DE": ["Doppia, {n} Person:", "Doppia, {n} Personen:"],
      "fr-FR": ["Doppia, {n} personne :", "Doppia, {n} personnes :"],
      "es-ES": ["Doppia, {n} persona:", "Doppia, {n} personas:"],
    },
  },
  form_fix_fields: {
    render: (n, locale) => m.form_fix_fields({ count: n }, { locale }),
    forms: {
      "en-US": ["Please correct {n} field:", "Please correct {n} fields:"],
      "it-IT": ["Correggi {n} campo:", "Correggi {n} campi:"],
      "de-DE": ["Bitte korrigieren Sie {n} Feld:", "Bitte korrigieren Sie {n} Felder:"],
      "fr-FR": ["Veuillez corriger {n} champ :", "Veuillez corriger {n} champs :"],
      "es-ES": ["Corrija {n} campo:", "Corrija {n} campos:"],
    },
  },
  form_too_short: {
    render: (n, locale) => m.form_too_short({ min: n }, { locale }),
    forms: {
      "en-US": ["at least {n} character.", "at least {n} characters."],
      "it-IT": ["almeno {n} carattere.", "almeno {n} caratteri."],
      "de-DE": ["mindestens {n} Zeichen", "mindestens {n} Zeichen"],
      "fr-FR": ["au moins {n} caractère.", "au moins {n} caractères."],
      "es-ES": ["al menos {n} carácter.", "al menos {n} caracteres."],
    },
  },
  form_too_long: {
    render: (n, locale) => m.form_too_long({ max: n }, { locale }),
    forms: {
      "en-US": ["at most {n} character.", "at most {n} characters."],
      "it-IT": ["al massimo {n} carattere.", "al massimo {n} caratteri."],
      "de-DE": ["höchstens {n} Zeichen", "höchstens {n} Zeichen"],
      "fr-FR": ["au maximum {n} caractère.", "au maximum {n} caractères."],
      "es-ES": ["como máximo {n} carácter.", "como máximo {n} caracteres."],
    },
  },
  form_password_too_short: {
    render: (n, locale) => m.form_password_too_short({ min: n }, { locale }),
    forms: {
      "en-US": ["Use at least {n} character.", "Use at least {n} characters."],
      "it-IT": ["Usa almeno {n} carattere.", "Usa almeno {n} caratteri."],
      "de-DE": ["mindestens {n} Zeichen", "mindestens {n} Zeichen"],
      "fr-FR": ["au moins {n} caractère.", "au moins {n} caractères."],
      "es-ES": ["al menos {n} carácter.", "al menos {n} caracteres."],
    },
  },
  form_too_many_attempts: {
    render: (n, locale) => m.form_too_many_attempts({ minutes: n }, { locale }),
    forms: {
      "en-US": ["in {n} minute.", "in {n} minutes."],
      "it-IT": ["tra {n} minuto.", "tra {n} minuti."],
      "de-DE": ["in {n} Minute erneut", "in {n} Minuten erneut"],
      "fr-FR": ["dans {n} minute.", "dans {n} minutes."],
      "es-ES": ["dentro de {n} minuto.", "dentro de {n} minutos."],
    },
  },
  hold_minutes_left: {
    render: (n, locale) => m.hold_minutes_left({ minutes: n }, { locale }),
    forms: {
      "en-US": ["for {n} more minute.", "for {n} more minutes."],
      "it-IT": ["ancora per {n} minuto.", "ancora per {n} minuti."],
      "de-DE": ["noch {n} Minute reserviert", "noch {n} Minuten reserviert"],
      "fr-FR": ["encore {n} minute.", "encore {n} minutes."],
      "es-ES": ["{n} minuto más.", "{n} minutos más."],
    },
  },
  signup_recap_athletes: {
    render: (n, locale) => m.signup_recap_athletes({ count: n }, { locale }),
    forms: {
      "en-US": ["{n} athlete", "{n} athletes"],
      "it-IT": ["{n} atleta", "{n} atleti"],
      "de-DE": ["{n} Person", "{n} Personen"],
      "fr-FR": ["{n} athlète", "{n} athlètes"],
      "es-ES": ["{n} atleta", "{n} atletas"],
    },
  },
  club_entry_hold_submit: {
    render: (n, locale) => m.club_entry_hold_submit({ count: n }, { locale }),
    forms: {
      "en-US": ["the place for {n} athlete", "the places for {n} athletes"],
      "it-IT": ["il posto per {n} atleta", "i posti per {n} atleti"],
      "de-DE": ["Platz für {n} Person", "Plätze für {n} Personen"],
      "fr-FR": ["la place pour {n} athlète", "les places pour {n} athlètes"],
      "es-ES": ["la plaza para {n} atleta", "las plazas para {n} atletas"],
    },
  },
  signup_recap_stay: {
    render: (n, locale) => m.signup_recap_stay({ checkIn: "A", checkOut: "B", rooms: n, guests: n }, { locale }),
    forms: {
      "en-US": ["· {n} room · {n} guest", "· {n} rooms · {n} guests"],
      "it-IT": ["· {n} camera · {n} ospite", "· {n} camere · {n} ospiti"],
      "de-DE": ["· {n} Zimmer · {n} Gast", "· {n} Zimmer · {n} Gäste"],
      "fr-FR": ["· {n} chambre · {n} personne", "· {n} chambres · {n} personnes"],
      "es-ES": ["· {n} habitación · {n} huésped", "· {n} habitaciones · {n} huéspedes"],
    },
  },
  signup_price_stay: {
    render: (n, locale) => m.signup_price_stay({ nights: n, rooms: n, unit: "€ 80" }, { locale }),
    forms: {
      "en-US": ["{n} night × {n} room ×", "{n} nights × {n} rooms ×"],
      "it-IT": ["{n} notte × {n} camera ×", "{n} notti × {n} camere ×"],
      "de-DE": ["{n} Nacht × {n} Zimmer ×", "{n} Nächte × {n} Zimmer ×"],
      "fr-FR": ["{n} nuit × {n} chambre ×", "{n} nuits × {n} chambres ×"],
      "es-ES": ["{n} noche × {n} habitación ×", "{n} noches × {n} habitaciones ×"],
    },
  },
  payment_bank_transfer_hint: {
    render: (n, locale) => m.payment_bank_transfer_hint({ days: n }, { locale }),
    forms: {
      "en-US": ["within {n} day;", "within {n} days;"],
      "it-IT": ["entro {n} giorno;", "entro {n} giorni;"],
      "de-DE": ["innerhalb von {n} Tag;", "innerhalb von {n} Tagen;"],
      "fr-FR": ["sous {n} jour ;", "sous {n} jours ;"],
      "es-ES": ["plazo de {n} día;", "plazo de {n} días;"],
    },
  },
  payment_refund_until: {
    render: (n, locale) => m.payment_refund_until({ days: n }, { locale }),
    forms: {
      "en-US": ["until {n} day before", "until {n} days before"],
      "it-IT": ["fino a {n} giorno prima", "fino a {n} giorni prima"],
      "de-DE": ["bis {n} Tag vor", "bis {n} Tage vor"],
      "fr-FR": ["jusqu'à {n} jour avant", "jusqu'à {n} jours avant"],
      "es-ES": ["hasta {n} día antes", "hasta {n} días antes"],
    },
  },
  demo_participants: {
    render: (n, locale) => m.demo_participants({ count: n }, { locale }),
    forms: {
      "en-US": ["{n} participant", "{n} participants"],
      "it-IT": ["{n} partecipante", "{n} partecipanti"],
      "de-DE": ["{n} teilnehmende Person", "{n} teilnehmende Personen"],
      "fr-FR": ["{n} participant", "{n} participants"],
      "es-ES": ["{n} participante", "{n} participantes"],
    },
  },
};

describe("counted messages", () => {
  for (const [key, { render, forms }] of Object.entries(counted)) {
    for (const locale of LOCALES) {
      it(`${key} in ${locale} agrees with 0, 1, 2 and 5`, () => {
        const [singular, plural] = forms[locale];
        for (const n of COUNTS) {
          const expected = (SINGULAR[locale].includes(n) ? singular : plural).replaceAll("{n}", String(n));
          const text = render(n, locale);
          const other = (SINGULAR[locale].includes(n) ? plural : singular).replaceAll("{n}", String(n));
          expect(text, `${key}(${n}) in ${locale}`).toContain(expected);
          if (!expected.includes(other)) expect(text, `${key}(${n}) in ${locale}`).not.toContain(other);
        }
      });
    }
  }

  it("formats a large count in the page's language", () => {
    expect(m.events_count({ count: 12345 }, { locale: "it-IT" })).toBe("12.345 eventi");
    expect(m.events_count({ count: 12345 }, { locale: "en-US" })).toBe("12,345 events");
  });

  it('no text hedges its number with "(s)", "/i" or "/e"', () => {
    for (const locale of LOCALES) {
      const file = readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), "utf8");
      expect(file, locale).not.toMatch(
        /\p{L}\((?:s|e|en|n|er|es)\)|\b(?:campo|camera|ospite|notte|partecipante)\/[ie]\b|Gast\/Gäste|Nacht\/Nächte/u,
      );
    }
  });
});
