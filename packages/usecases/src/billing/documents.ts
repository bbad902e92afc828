import {
  type BillingDocumentFilter,
  type BillingDocumentRow,
  documentsNotHandedOut,
  documentsOfSignup,
  findBillingDocument,
  findPayment,
  findSignup,
  isUuid,
  listBillingDocuments,
} from "@sports/db";
import { type Actor, localDate, refuse } from "@sports/domain";
import { isTeam, mayActOn, requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { signupFor } from "../signups/find.ts";
import { documentFileName } from "./document-attachment.ts";
import { billingDocumentPdf } from "./document-pdf.ts";
import { fatturaPaXml } from "./fatturapa.ts";

/** How many days an invoice may wait to be handed out before the console warns (the legal term is twelve). */
export const HAND_OVER_WARNING_DAYS = 10;
const DAY_MS = 86_400_000;

/** A signup's documents, oldest first: for its owner (My signups) and the organisers. */
export async function signupDocuments(deps: Deps, actor: Actor, signupId: string): Promise<BillingDocumentRow[]> {
  const signup = await signupFor(deps, actor, signupId);
  return documentsOfSignup(deps.db, signup.id);
}

/** The documents issued, newest first, a page at a time, with how many invoices wait too long to be handed out. */
export async function listDocuments(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { filter: BillingDocumentFilter; page: { offset: number; limit: number } },
): Promise<{ rows: BillingDocumentRow[]; total: number; overdue: number }> {
  requireOrganiser(actor, "sees the billing documents");
  const [{ rows, total }, overdue] = await Promise.all([
    listBillingDocuments(deps.db, input.filter, input.page),
    documentsNotHandedOut(deps.db, overdueBefore(deps.now)),
  ]);
  return { rows, total, overdue };
}

/** The day before which an invoice still pending is overdue. */
export function overdueBefore(now: Date): string {
  return localDate(new Date(now.getTime() - HAND_OVER_WARNING_DAYS * DAY_MS), "Europe/Rome");
}

/** A document the actor may read: its signup's owner's, or any for an organiser. Refuses `not-found` otherwise. */
export async function readableDocument(deps: Pick<Deps, "db">, actor: Actor, id: string): Promise<BillingDocumentRow> {
  const found = isUuid(id) ? await findBillingDocument(deps.db, id.toLowerCase()) : undefined;
  if (!found) refuse("not-found", `No billing document ${id}.`);
  if (actor.kind === "organiser") return found;
  const signup = await findSignup(deps.db, found.document.signupId);
  // Staff see no money; another runner's document does not exist for them.
  if (isTeam(actor) || !signup || !mayActOn(actor, signup.userId)) refuse("not-found", `No billing document ${id}.`);
  return found;
}

/** A document's PDF, named after its kind in its language and its number. */
export async function documentPdf(
  deps: Pick<Deps, "db">,
  actor: Actor,
  id: string,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { document } = await readableDocument(deps, actor, id);
  return { bytes: await billingDocumentPdf(document.content), fileName: documentFileName(document.content) };
}

/** The FatturaPA XML of an invoice or a credit note, under the file name the SdI expects. */
export async function documentXml(
  deps: Pick<Deps, "db">,
  actor: Actor,
  id: string,
): Promise<{ xml: string; fileName: string }> {
  const row = await readableDocument(deps, actor, id);
  if (!row.transmission) refuse("not-found", "Only invoices and credit notes have an XML file.");
  return { xml: await xmlOf(deps, row), fileName: row.transmission.fileName };
}

/** Writes a transmitted document's XML with its file's transmitter and progressive. */
export async function xmlOf(deps: Pick<Deps, "db">, row: BillingDocumentRow): Promise<string> {
  const { document, transmission } = row;
  if (!transmission) throw new Error(`Document ${document.id} is not transmitted.`);
  const [id = "", progressive = ""] = transmission.fileName.replace(/\.xml$/i, "").split("_");
  const payment = document.paymentId ? await findPayment(deps.db, document.paymentId) : undefined;
  return fatturaPaXml(document.content, {
    transmitter: { country: id.slice(0, 2), code: id.slice(2) },
    progressive,
    ...(payment ? { paymentMethod: payment.provider === "bank-transfer" ? "bank-transfer" : "card" } : {}),
  });
}
