import { DEFAULT_HOLD_MINUTES, DEFAULT_PAYMENT_TERM_DAYS } from "@sports/domain";
import { md } from "./model.ts";
import { ORGANISER, ORGANISER_EMAIL_LINK, organiserAddress } from "./organiser.ts";

const address = organiserAddress("de-DE");

/** The editorial pages in German, keyed by slug; what they say of signups is what the site does. */
export const PAGES_DE = {
  about: {
    title: "Über uns",
    body: md(
      `${ORGANISER.name} ist aus einer Gruppe von Läufern, Radfahrern und Trainern entstanden, die seit Jahren Rennen und Camps in ganz Italien veranstalten. Wir möchten jede Veranstaltung so ausrichten, wie wir sie selbst als Teilnehmer vorfinden wollen: gut markierte Strecken, klare Informationen und keine Überraschungen am Renntag.`,
      "## Was wir veranstalten",
      "- **Laufen**: Bergtrails, Halbmarathons in der Stadt, Staffeln und Abendläufe.\n- **Radsport**: Granfondos auf der Straße und Mountainbike-Marathons.\n- **Wasser**: Freiwasserschwimmen und Triathlons.\n- **Rückschlagsport**: Padelturniere und Tenniswochenenden.\n- **Camps**: Multisportwochen für Mädchen und Jungen von 8 bis 14 Jahren.",
      "## Wie wir arbeiten",
      "Jede Veranstaltung hat eine Rennleitung, die die Strecke Meter für Meter kennt und die Sie am Start antreffen. Wir arbeiten mit Sportvereinen, Gemeinden und Freiwilligen vor Ort zusammen, und ein Teil jeder Startgebühr bleibt bei den Orten, die uns aufnehmen.",
      "Sicherheit geht vor. Auf jeder Strecke gibt es Sanitätspersonal, Funk und Erste-Hilfe-Punkte; beim Schwimmen kommt auf zwanzig Schwimmer ein Sicherheitskajak. Wenn Wetter oder Gelände kein sicheres Rennen zulassen, kürzen wir die Strecke oder verschieben, und diese Entscheidung treffen wir nie leichtfertig.",
      "## Einfache Anmeldung",
      "Auf dieser Seite wählen Sie Veranstaltung und Rennen, geben die Daten der Teilnehmer ein, buchen auf Wunsch eine Unterkunft dazu und zahlen online oder per Überweisung. Ihre Plätze werden reserviert, während Sie die Anmeldung abschließen, damit sie Ihnen niemand auf halbem Weg wegnimmt. In Ihrem Konto sehen Sie jederzeit Ihre Anmeldungen und was Sie bezahlt haben.",
      "## Kontakt",
      `Schreiben Sie uns an ${ORGANISER_EMAIL_LINK} oder rufen Sie uns an unter ${ORGANISER.phone}, Montag bis Freitag von 9 bis 13 Uhr (italienische Zeit).`,
      `${ORGANISER.legalName}, ${address}. USt-IdNr. ${ORGANISER.vatNumber}.`,
    ),
  },
  privacy: {
    title: "Datenschutzerklärung",
    body: md(
      `Diese Erklärung beschreibt, wie ${ORGANISER.legalName} („wir“) die personenbezogenen Daten der Nutzer dieser Seite und der Teilnehmer unserer Veranstaltungen nach der EU-Datenschutz-Grundverordnung (DSGVO) verarbeitet.`,
      "## Verantwortlicher",
      `Verantwortlich ist ${ORGANISER.legalName}, ${address}, USt-IdNr. ${ORGANISER.vatNumber}. Für alle Fragen zum Datenschutz schreiben Sie an ${ORGANISER_EMAIL_LINK}.`,
      "## Welche Daten wir erheben",
      "- **Kontodaten**: Name, E-Mail-Adresse und Passwort (nur als sicherer Hash gespeichert).\n- **Teilnehmerdaten**: Geburtsdatum, Geschlecht, wenn ein Rennen es verlangt, Verein und Mitgliedsnummer.\n- **Ärztliche Atteste**: Gesundheitsdaten, die besonders geschützt werden (siehe unten).\n- **Zahlungsdaten**: Beträge und Zahlungsstatus. Kartendaten gehen direkt an den Zahlungsanbieter; wir sehen und speichern sie nie.",
      "## Wozu wir sie nutzen",
      "Wir nutzen Ihre Daten, um Anmeldungen, Zahlungen und Unterkünfte abzuwickeln und unsere gesetzlichen Pflichten (Buchhaltung und Versicherung) zu erfüllen. Rechtsgrundlage ist der Vertrag, den Sie mit der Anmeldung schließen; bei ärztlichen Attesten unsere gesetzliche Pflicht, die Sporttauglichkeit zu prüfen. Ohne Ihre ausdrückliche Einwilligung nutzen wir Ihre Daten nie für Werbung.",
      "## Ärztliche Atteste",
      "Das Attest laden Sie bei der Anmeldung als PDF-, JPEG- oder PNG-Datei hoch. Es bleibt bei Ihrer Anmeldung, nur Sie und die Mitarbeiter, die die Teilnahmevoraussetzungen prüfen, sehen es, und es wird nie veröffentlicht.",
      "## Wie lange wir sie speichern",
      "Kontodaten bleiben gespeichert, solange Ihr Konto besteht. Anmelde- und Zahlungsdaten werden zehn Jahre aufbewahrt, wie es das italienische Steuerrecht verlangt.",
      "## Cookies",
      "Diese Seite verwendet nur notwendige Cookies: eines für Ihre Sitzung und eines für Ihre Sprache. Es gibt keine Werbe-Cookies und kein Tracking durch Dritte.",
      "## Ihre Rechte",
      "Sie können jederzeit Auskunft, Berichtigung oder Löschung Ihrer Daten verlangen, ihre Verarbeitung einschränken lassen oder sie in einem übertragbaren Format erhalten. Wenn Sie Ihre Rechte verletzt sehen, können Sie sich bei der italienischen Datenschutzbehörde (Garante per la protezione dei dati personali) oder bei der Behörde Ihres Wohnsitzlandes beschweren.",
    ),
  },
  terms: {
    title: "Allgemeine Geschäftsbedingungen",
    body: md(
      `Diese Bedingungen gelten für Anmeldungen auf dieser Seite zu Veranstaltungen von ${ORGANISER.legalName}. Jede Veranstaltung hat zudem ihr eigenes Reglement, das auf ihrer Seite steht; wo beide voneinander abweichen, gilt das Reglement der Veranstaltung.`,
      "## Anmeldung",
      `Eine Anmeldung ist persönlich und gilt für das gewählte Rennen, die Einheit oder das Camp. Sobald Sie beginnen, werden Ihre Plätze **für begrenzte Zeit reserviert**, meist ${DEFAULT_HOLD_MINUTES} Minuten, angezeigt durch den Countdown; wird die Anmeldung nicht rechtzeitig abgeschlossen, werden die Plätze wieder frei. Bestätigt ist Ihre Anmeldung, wenn Ihre Zahlung eingeht, und wir bestätigen sie Ihnen per E-Mail.`,
      "Mit der Anmeldung bestätigen Sie, dass Ihre Angaben stimmen und jeder Teilnehmer die Alters-, Mitgliedschafts- und Attestvoraussetzungen der Veranstaltung erfüllt. Verlangt eine Veranstaltung ein ärztliches Attest, laden Sie es bei der Anmeldung hoch: Ohne Attest lässt sich die Anmeldung nicht abschließen. Melden Sie andere Personen an, etwa Ihren Doppelpartner, Ihr Staffelteam oder Ihr Kind, bestätigen Sie, dass sie oder ihre Erziehungsberechtigten einverstanden sind.",
      "## Preise und Zahlung",
      `Die Preise sind in Euro und enthalten die Mehrwertsteuer, wo sie anfällt. Bei vielen Rennen **steigen die Preise, je näher der Termin rückt**: Sie zahlen den Preis, der am Tag des Anmeldebeginns gilt. Sie können per Karte auf der Seite des Zahlungsanbieters oder per Überweisung zahlen; bei einer Überweisung bleiben Ihre Plätze für die in der Übersicht genannte Zahlungsfrist reserviert, meist ${DEFAULT_PAYMENT_TERM_DAYS} Tage, und die Anmeldung verfällt, wenn die Überweisung bis dahin nicht eingegangen ist.`,
      "Kommt eine Kartenzahlung an, nachdem Ihre Plätze wieder frei wurden, wird die Anmeldung bestätigt, wenn noch Plätze frei sind; sonst wird die Zahlung vollständig erstattet.",
      "## Stornierung",
      "- Eine noch nicht bezahlte Anmeldung können Sie jederzeit in Ihrem Konto aufgeben.\n- Eine bezahlte Anmeldung können Sie in Ihrem Konto bis zu der Frist stornieren, die die Veranstaltung festlegt; manche Veranstaltungen nehmen nach der Zahlung keine Stornierungen an.\n- Bis zur Erstattungsfrist der Veranstaltung erhalten Sie **alles zurück, was Sie bezahlt haben**, Unterkunft inbegriffen, auf dasselbe Zahlungsmittel und **ohne Gebühr**. Danach wird nichts erstattet.\n- Bevor Sie eine Stornierung bestätigen, zeigt Ihnen die Seite, was erstattet wird.",
      "Eine Anmeldung kann nicht auf eine andere Person übertragen werden: Stornieren Sie Ihre, und die andere Person meldet sich selbst an.",
      "Das 14-tägige Widerrufsrecht der EU gilt nicht für Freizeitdienstleistungen, die für einen bestimmten Termin gebucht werden, wie Rennen und Camps.",
      "## Wenn wir absagen",
      "Sagen wir eine Veranstaltung ab, informieren wir Sie per E-Mail und erstatten **den vollen Betrag**, Unterkunft inbegriffen, auf dasselbe Zahlungsmittel. Ändern sich Strecke oder Zeitplan aus Sicherheitsgründen, bleibt Ihre Anmeldung gültig, und wir informieren Sie per E-Mail.",
      "## Haftung",
      "Sie nehmen auf eigene Verantwortung teil und befolgen das Reglement und die Anweisungen unserer Mitarbeiter. Jede Veranstaltung ist haftpflichtversichert; eine persönliche Unfallversicherung besteht über die Verbandsmitgliedschaft, wo diese verlangt wird.",
    ),
  },
  faq: {
    title: "Häufige Fragen",
    body: md(
      "## Wie melde ich mich an?",
      "Melden Sie sich an (oder legen Sie ein Konto an), öffnen Sie die Seite der Veranstaltung, wählen Sie das Rennen oder die Einheit und klicken Sie auf **Anmelden**. Geben Sie die Daten der Teilnehmer ein, buchen Sie auf Wunsch eine Unterkunft, prüfen Sie die Übersicht und zahlen Sie. Camps werden für die ganze Woche gebucht, daher gibt es keine Einheit zu wählen.",
      "## Kann ich jemand anderen anmelden?",
      "Ja. Bei Doppelturnieren und Staffeln gilt eine Anmeldung für das ganze Paar oder Team; bei Camps melden Sie Ihr Kind mit den Daten eines Elternteils an. Jeder Teilnehmer muss trotzdem die Voraussetzungen der Veranstaltung erfüllen.",
      "## Welches ärztliche Attest brauche ich?",
      "Das hängt von der Veranstaltung ab, und ihre Seite sagt Ihnen, welches:\n\n- **Wettkampf**: für Rennen mit Zeitnahme und Wertung, ausgestellt von einem Sportarzt für die jeweilige Sportart;\n- **kein Wettkampf**: für Freizeitveranstaltungen und Camps, ausgestellt von Haus- oder Kinderarzt;\n- **keines**: für einige Schnupperangebote.",
      "Das Attest laden Sie bei der Anmeldung hoch (eine PDF-, JPEG- oder PNG-Datei) und geben sein Ablaufdatum an: Ohne Attest geht die Anmeldung nicht weiter, und es muss am Renntag noch gültig sein.",
      "## Wie lange bleiben meine Plätze reserviert?",
      `Ab dem Beginn der Anmeldung meist ${DEFAULT_HOLD_MINUTES} Minuten: Der Countdown oben in der Anmeldung zeigt die verbleibende Zeit. Zahlen Sie per Überweisung, bleiben Ihre Plätze für die Zahlungsfrist der Veranstaltung reserviert, meist ${DEFAULT_PAYMENT_TERM_DAYS} Tage.`,
      "## Wie kann ich bezahlen?",
      "Mit Kredit- oder Debitkarte auf der sicheren Seite des Zahlungsanbieters oder per Überweisung; die Übersicht zeigt, welche Zahlungsarten die Veranstaltung annimmt. Der Gesamtbetrag wird in der Übersicht berechnet und umfasst alle Teilnehmer und eine eventuelle Unterkunft.",
      "## Ich habe die Seite beim Bezahlen geschlossen. Ist mein Platz weg?",
      "Ihre Plätze bleiben reserviert, bis der Countdown abläuft. Ist die Zahlung durchgegangen, bekommen Sie trotzdem eine Bestätigung per E-Mail; kommt sie nach Ablauf der Zeit an, bestätigen wir Ihre Anmeldung, wenn noch Plätze frei sind, und erstatten sonst den vollen Betrag.",
      "## Kann ich stornieren und bekomme ich mein Geld zurück?",
      "Eine unbezahlte Anmeldung können Sie jederzeit aufgeben. Eine bezahlte stornieren Sie in Ihrem Konto bis zur Frist der Veranstaltung: Bis zu ihrer Erstattungsfrist bekommen Sie alles zurück, was Sie bezahlt haben, ohne Gebühr, danach nichts. Die Seite zeigt Ihnen den Betrag, bevor Sie bestätigen. Die Einzelheiten stehen in den Allgemeinen Geschäftsbedingungen.",
      "## Kann ich meine Anmeldung an jemand anderen übertragen?",
      "Nein, eine Anmeldung lässt sich nicht übertragen. Stornieren Sie Ihre, und die andere Person meldet sich selbst an.",
      "## Wie funktioniert die Unterkunft?",
      "Manche Veranstaltungen bieten ein Partnerhotel oder eine Herberge an: Bei der Anmeldung wählen Sie Zimmerart und Nächte. Die Preise gelten pro Zimmer und Nacht, und die Beschreibung sagt, was inbegriffen ist, etwa das Frühstück. Die Unterkunft gehört zur Anmeldung: Sie wird mit ihr storniert und erstattet.",
    ),
  },
} as const;
