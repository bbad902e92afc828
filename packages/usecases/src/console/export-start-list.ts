import { PassThrough, pipeline, Readable } from "node:stream";
import { isUuid, type StartListRow, startListAppointment, startListRows } from "@sports/db";
import { type Locale, pickText, refuse } from "@sports/domain";
import { stringify } from "csv-stringify";
import ExcelJS from "exceljs";
import { type ConsoleActor, requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";

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
 * The start list of an appointment as a CSV (UTF-8 with a byte-order mark, so spreadsheets read its
 * accents right) or an XLSX file, for organisers and staff (without the discount code column): its
 * confirmed participants by bib then surname, read from the database a batch at a time and written
 * out as they come, so the whole list is never in memory. Refused `not-found` for no such appointment.
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
    for await (const batch of batches) for (const row of batch) yield lineOf(row, category).slice(0, columns);
  })();
  const headers = HEADERS[input.locale].slice(0, columns);
  const name = fileNameOf(category);
  if (input.format === "csv")
    return { fileName: `${name}.csv`, contentType: "text/csv; charset=utf-8", body: csvStream(headers, lines) };
  return {
    fileName: `${name}.xlsx`,
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    body: xlsxStream(headers, lines, category),
  };
}

type Line = (string | number | null)[];

/** Where the discount code stands in a line: the last column. */
const DISCOUNT_COLUMN = 13;

function lineOf(row: StartListRow, category: string): Line {
  const emergency = [row.emergencyContactName, row.emergencyContactPhone].filter(Boolean).join(" ");
  return [
    row.bib,
    row.familyName,
    row.givenName,
    row.gender,
    row.birthDate,
    category,
    row.club,
    row.federationCard,
    row.nationality,
    row.tshirtSize,
    emergency || null,
    row.certificateExpiresOn,
    row.paymentState,
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

/**
 * A runner's text as a CSV cell a spreadsheet will not run: one that starts like a formula (`=`, `+`,
 * `-`, `@`, a tab or a carriage return) gets a leading apostrophe, so `=HYPERLINK(…)` typed as a
 * club name stays text. (The XLSX writes every text as a string cell, never a formula.)
 */
export function csvSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvStream(headers: readonly string[], lines: AsyncIterable<Line>): ReadableStream<Uint8Array> {
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...headers],
    cast: { number: String, string: csvSafe },
  });
  // A failed read ends the download in error; a download given up stops the reading.
  pipeline(Readable.from(lines), csv, () => {});
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}

function xlsxStream(
  headers: readonly string[],
  lines: AsyncIterable<Line>,
  sheetName: string,
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    // A sheet's name: at most 31 characters, none of : \ / ? * [ ].
    const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Start list");
    sheet.addRow([...headers]).commit();
    for await (const line of lines) {
      // A download given up stops the reading.
      if (out.destroyed) return;
      sheet.addRow(line).commit();
      // The reader sets the pace: wait while what is written is not yet read.
      if (out.writableNeedDrain)
        await new Promise<void>((resolve) => {
          const done = () => {
            out.off("drain", done);
            out.off("close", done);
            resolve();
          };
          out.once("drain", done);
          out.once("close", done);
        });
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
