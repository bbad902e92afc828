import { type Database, findBillingDocument, type OutgoingMailRecord } from "@sports/db";
import { type BillingDocumentContent, FALLBACK_LOCALE, isLocale } from "@sports/domain";
import type { MailAttachment } from "../mail/mailer.ts";
import { billingDocumentPdf } from "./document-pdf.ts";
import { DOCUMENT_WORDS } from "./document-words.ts";

/**
 * The files that go with a mail of the outbox: the PDF of the billing document it names, drawn now
 * (a document never changes once issued), or none. A document that cannot be found is an error, so
 * the mail is tried again rather than sent without it.
 */
export async function attachmentsOf(
  db: Database,
  mail: Pick<OutgoingMailRecord, "attachedDocumentId">,
): Promise<MailAttachment[]> {
  if (!mail.attachedDocumentId) return [];
  const found = await findBillingDocument(db, mail.attachedDocumentId);
  if (!found) throw new Error(`the billing document ${mail.attachedDocumentId} to attach does not exist`);
  const { content } = found.document;
  return [
    { filename: documentFileName(content), contentType: "application/pdf", content: await billingDocumentPdf(content) },
  ];
}

/**
 * A document's PDF's name: its kind in the buyer's language (English when it is none the site
 * speaks), in lower case without accents or spaces, then its number: `fattura-F-2026-0001.pdf`.
 */
export function documentFileName(content: Pick<BillingDocumentContent, "kind" | "number" | "locale">): string {
  const locale = isLocale(content.locale) ? content.locale : FALLBACK_LOCALE;
  return `${slug(DOCUMENT_WORDS[locale].kinds[content.kind])}-${fileSafe(content.number)}.pdf`;
}

/** Lower case, accents dropped, every run of other characters than letters and digits one `-`. */
function slug(words: string): string {
  return words
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** A document number as it is, but for each run of characters besides letters, digits, `-` and `_`, made one `-`. */
function fileSafe(number: string): string {
  return number.replace(/[^A-Za-z0-9_-]+/g, "-");
}
