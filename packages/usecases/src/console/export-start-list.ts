import { isUuid, type StartListRow, startListAppointment, startListRows } from "@sports/db";
import { type Locale, pickText, refuse } from "@sports/domain";
import { type ConsoleActor, requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { csvStream, type Line, xlsxStream } from "../exports/spreadsheet.ts";
import { EXPORT_WORDS, type ExportWords, wordFor } from "../exports/words.ts";

export type StartListFormat = "csv" | "xlsx";

const HEADERS: Record<Locale, readonly string[]> = {
  "it-IT": [
    "Pettorale",
    "Cognome",
    "Nome",
    "Sesso",
    "Data di nascita",
    "Categoria",
    "Società",
    "Tessera federale",
    "Nazionalità",
    "Maglietta",
    "Contatto di emergenza",
    "Scadenza certificato",
    "Pagamento",
    "Codice sconto",
  ],
  "en-US": [
    "Bib",
    "Surname",
    "Name",
    "Gender",
    "Birth date",
    "Category",
    "Club",
    "Federation card",
    "Nationality",
    "T-shirt",
    "Emergency contact",
    "Certificate expiry",
    "Payment",
    "Discount code",
  ],
  "de-DE": [
    "Startnummer",
    "Nachname",
    "Vorname",
    "Geschlecht",
    "Geburtsdatum",
    "Kategorie",
    "Verein",
    "Verbandsausweis",
    "Nationalität",
    "T-Shirt",
    "Notfallkontakt",
    "Attest gültig bis",
    "Zahlung",
    "Rabattcode",
  ],
  "fr-FR": [
    "Dossard",
    "Nom",
    "Prénom",
    "Sexe",
    "Date de naissance",
    "Catégorie",
    "Club",
    "Licence fédérale",
    "Nationalité",
    "T-shirt",
    "Contact d'urgence",
    "Expiration du certificat",
    "Paiement",
    "Code de réduction",
  ],
  "es-ES": [
    "Dorsal",
    "Apellido",
    "Nombre",
    "Sexo",
    "Fecha de nacimiento",
    "Categoría",
    "Club",
    "Licencia federativa",
    "Nacionalidad",
    "Camiseta",
    "Contacto de emergencia",
    "Caducidad del certificado",
    "Pago",
    "Código de descuento",
  ],
};

/** A start list on its way out: what to call the file, its type, and its bytes as they are read. */
export interface StartListExport {
  fileName: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * The start list of an appointment as a CSV (in the dialect of the export's language) or an XLSX
 * file, its headers and words (gender, payment) in that language, for organisers and staff (without
 * the discount code column): its confirmed participants by bib then surname, read from the database
 * a batch at a time and written out as they come, so the whole list is never in memory. Refused
 * `not-found` for no such appointment.
 */
export async function exportStartList(
  deps: Pick<Deps, "db">,
  actor: ConsoleActor,
  input: { appointmentId: string; format: StartListFormat; locale: Locale; batchSize?: number },
): Promise<StartListExport> {
  requireTeam(actor);
  const appointment = isUuid(input.appointmentId)
    ? await startListAppointment(deps.db, input.appointmentId.toLowerCase())
    : undefined;
  if (!appointment) refuse("not-found", `No appointment ${input.appointmentId}.`);
  const category = pickText(appointment.title, input.locale) ?? appointment.slug;
  const batches = startListRows(deps.db, appointment.id, input.batchSize);
  // Staff read whether each participant's signup is paid, not who had a discount: that column is the organiser's.
  const columns = actor.kind === "organiser" ? HEADERS[input.locale].length : DISCOUNT_COLUMN;
  const lines = (async function* () {
    for await (const batch of batches)
      for (const row of batch) yield lineOf(row, category, EXPORT_WORDS[input.locale]).slice(0, columns);
  })();
  const headers = HEADERS[input.locale].slice(0, columns);
  const name = fileNameOf(category);
  if (input.format === "csv")
    return {
      fileName: `${name}.csv`,
      contentType: "text/csv; charset=utf-8",
      body: csvStream(headers, lines, input.locale),
    };
  return {
    fileName: `${name}.xlsx`,
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    body: xlsxStream(headers, lines, category),
  };
}

/** Where the discount code stands in a line: the last column. */
const DISCOUNT_COLUMN = 13;

function lineOf(row: StartListRow, category: string, words: ExportWords): Line {
  const emergency = [row.emergencyContactName, row.emergencyContactPhone].filter(Boolean).join(" ");
  return [
    row.bib,
    row.familyName,
    row.givenName,
    wordFor(words.gender, row.gender),
    row.birthDate,
    category,
    row.club,
    row.federationCard,
    row.nationality,
    row.tshirtSize,
    emergency || null,
    row.certificateExpiresOn,
    wordFor(words.payment, row.paymentState),
    row.discountCode,
  ];
}

/** The appointment's title as a file name: letters, digits and dashes kept, the rest made dashes. */
function fileNameOf(category: string): string {
  const slug = category
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return `start-list-${slug || "appointment"}`;
}
