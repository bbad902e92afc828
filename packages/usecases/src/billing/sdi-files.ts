import {
  type BillingDocumentRow,
  changeTransmission,
  findBillingDocument,
  lockedTransmissionByFile,
  markHandedOut,
  type TransmissionState,
  transmittedDocuments,
} from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import { audit } from "../console/audit.ts";
import type { Deps } from "../deps.ts";
import { xmlOf } from "./documents.ts";
import { readSdiNotification, type SdiNotification } from "./sdi-notifications.ts";
import { zipFiles } from "./zip-writer.ts";

/**
 * The invoices' way through the SdI by the organiser's intermediary (decision 066): the console
 * hands out a period's XML files as a zip, and records what the SdI answered from its notification
 * files.
 */

/** The XML files of the invoices and credit notes issued in a period, as a zip; those pending become handed out. */
export async function exportInvoices(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { from: string; to: string },
): Promise<{ zip: Uint8Array; fileName: string; count: number }> {
  requireOrganiser(actor, "hands out the invoices");
  if (input.from > input.to)
    refuse("invalid-input", "The period ends before it starts.", { field: { attribute: "to" } });
  const rows = await transmittedDocuments(deps.db, input.from, input.to);
  const files = await Promise.all(
    rows.map(async (row: BillingDocumentRow) => ({
      name: row.transmission?.fileName ?? `${row.document.id}.xml`,
      content: new TextEncoder().encode(await xmlOf(deps, row)),
    })),
  );
  const pending = rows.filter((row) => row.transmission?.state === "pending").map((row) => row.document.id);
  await deps.db.transaction(async (tx) => {
    await markHandedOut(tx, pending, deps.now);
    if (pending.length > 0) {
      await audit(tx, deps, actor, {
        action: "documents-handed-out",
        subjectType: "billing-documents",
        subjectId: pending[0] ?? "",
        after: { from: input.from, to: input.to, documents: pending.length },
      });
    }
  });
  return { zip: zipFiles(files, deps.now), fileName: `fatture-${input.from}-${input.to}.zip`, count: files.length };
}

/** What each notification makes of an invoice: delivered, not delivered (issued all the same), rejected (never issued), a public body's outcome. */
const STATE_OF: Record<SdiNotification["kind"], TransmissionState> = {
  RC: "delivered",
  MC: "not-delivered",
  NS: "rejected",
  NE: "outcome",
};

export interface NotificationOutcome {
  kind: SdiNotification["kind"];
  fileName: string;
  state: TransmissionState;
  documentId: string;
  number: string;
  /** Whether it changes (or, previewed, would change) the invoice's state: the same file twice changes nothing. */
  changes: boolean;
}

/** What the SdI said of a rejection or an outcome, in one line. */
function reasonOf(notification: SdiNotification): string | null {
  if (notification.kind === "NS") {
    return notification.errors.map((error) => `${error.code} ${error.description}`).join("; ") || null;
  }
  if (notification.kind === "NE") return notification.outcome ?? null;
  return null;
}

/**
 * Reads an SdI notification file (DOCTYPE refused) and records it on the invoice whose file it
 * names; with `preview`, says what it would do and changes nothing. `not-found` when no invoice has
 * that file name.
 */
export async function applySdiNotification(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { content: Uint8Array; preview: boolean },
): Promise<NotificationOutcome> {
  requireOrganiser(actor, "records the SdI's notifications");
  const notification = readSdiNotification(input.content);
  const state = STATE_OF[notification.kind];
  return deps.db.transaction(async (tx) => {
    const transmission = await lockedTransmissionByFile(tx, notification.fileName);
    if (!transmission) refuse("not-found", `No invoice was sent as ${notification.fileName}.`);
    const found = await findBillingDocument(tx, transmission.documentId);
    if (!found) throw new Error(`The document of ${notification.fileName} is missing.`);
    const reason = reasonOf(notification);
    const changes = transmission.state !== state || transmission.sdiId !== notification.sdiId;
    const outcome = {
      kind: notification.kind,
      fileName: transmission.fileName,
      state,
      documentId: found.document.id,
      number: found.document.number,
      changes,
    };
    if (input.preview || !changes) return outcome;
    await changeTransmission(tx, transmission.documentId, { state, sdiId: notification.sdiId, reason }, deps.now);
    await audit(tx, deps, actor, {
      action: "sdi-notification",
      subjectType: "billing-documents",
      subjectId: found.document.id,
      before: { state: transmission.state },
      after: { state, notification: notification.kind, sdiId: notification.sdiId, reason },
    });
    return outcome;
  });
}
