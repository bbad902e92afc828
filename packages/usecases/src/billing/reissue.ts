import {
  type BillingDocumentRow,
  findBillingDocument,
  findOrganisation,
  findSignup,
  findUserById,
  insertBillingDocument,
  isUuid,
  replacementOf,
} from "@sports/db";
import {
  type Actor,
  type BillingDetailsInput,
  checkBillingDetails,
  type Locale,
  refuse,
  refuseProblems,
} from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import { audit } from "../console/audit.ts";
import type { Deps } from "../deps.ts";
import { queueDocumentMail } from "./issue.ts";
import { transmitterOf } from "./rules.ts";
import { sdiFileName, sdiProgressive } from "./sdi-checks.ts";
import { BILLING_PROBLEM_DETAILS } from "./signup-billing.ts";

/**
 * An invoice the SdI rejected (`NS`) was never issued: it is issued again, with its number and its
 * date, the buyer's details corrected, in a file of a new name (decision 066). Never a credit note.
 * Refused `wrong-state` for a document that is not a rejected invoice or credit note, or one issued
 * again already.
 */
export async function reissueRejected(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { documentId: string; buyer: BillingDetailsInput },
): Promise<BillingDocumentRow> {
  requireOrganiser(actor, "issues a rejected invoice again");
  const found = isUuid(input.documentId)
    ? await findBillingDocument(deps.db, input.documentId.toLowerCase())
    : undefined;
  if (!found) refuse("not-found", `No billing document ${input.documentId}.`);
  if (found.transmission?.state !== "rejected")
    refuse("wrong-state", "Only an invoice the SdI rejected is issued again.");
  const checked = checkBillingDetails({ ...input.buyer, wantsInvoice: true });
  if ("problems" in checked) {
    refuseProblems(
      checked.problems.map((problem) => ({
        attribute: `buyer/${problem.field}`,
        code: problem.code,
        detail: BILLING_PROBLEM_DETAILS[problem.code] ?? "This is not valid.",
      })),
      "The buyer's details have problems.",
    );
  }
  const buyer = "details" in checked ? checked.details : undefined;
  if (!buyer) throw new Error("Buyer neither checked nor refused.");
  const organisation = await findOrganisation(deps.db);
  if (!organisation) refuse("wrong-state", "The organisation has no fiscal identity.");
  const rejected = found.document;
  return deps.db.transaction(async (tx) => {
    if (await replacementOf(tx, rejected.id)) refuse("wrong-state", "This invoice has been issued again already.");
    const { id: _, createdAt: __, ...kept } = rejected;
    const transmitter = transmitterOf(organisation);
    const { document, transmission } = await insertBillingDocument(
      tx,
      {
        ...kept,
        revision: rejected.revision + 1,
        replacesId: rejected.id,
        content: { ...rejected.content, buyer },
        createdAt: deps.now,
      },
      (fileSequence) => sdiFileName(transmitter, sdiProgressive(fileSequence)),
    );
    await audit(tx, deps, actor, {
      action: "document-reissued",
      subjectType: "billing-documents",
      subjectId: document.id,
      before: { id: rejected.id, buyer: rejected.content.buyer },
      after: { id: document.id, buyer },
    });
    const signup = await findSignup(tx, document.signupId);
    const owner = signup?.userId ? await findUserById(tx, signup.userId) : undefined;
    if (owner) await queueDocumentMail(tx, deps, owner, document, document.content.locale as Locale);
    return { document, transmission };
  });
}
