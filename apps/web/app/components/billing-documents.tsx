import type { BillingDocumentKindName } from "@sports/jsonapi";
import { formatCalendarDay, formatPrice } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";

/** A billing document as My signups lists it (`GET /api/signups/{id}/billing-documents`). */
export interface BillingDocumentItem {
  id: string;
  kind: BillingDocumentKindName;
  number: string;
  issuedOn: string;
  total: number;
  currency: string;
  /** The API's path of its PDF. */
  pdf: string;
}

/** A document's kind in the page's language. */
export function documentKindName(kind: BillingDocumentKindName): string {
  switch (kind) {
    case "receipt":
      return m.billing_document_receipt();
    case "invoice":
      return m.billing_document_invoice();
    case "credit-note":
      return m.billing_document_credit_note();
    case "refund-receipt":
      return m.billing_document_refund_receipt();
  }
}

/**
 * A signup's receipts, invoices and the documents of its refunds, in the API's order: each a link
 * to its PDF (served by the API to its owner, cookie session), with its date and total.
 */
export function SignupBillingDocuments({ documents }: { documents: readonly BillingDocumentItem[] }) {
  const { locale, apiBaseUrl } = useRootData();
  if (documents.length === 0) return null;
  const api = apiBaseUrl.replace(/\/+$/, "");
  return (
    <div className="signup-documents">
      <h4>{m.my_signups_documents()}</h4>
      <ul>
        {documents.map((document) => (
          <li key={document.id}>
            <a href={`${api}${document.pdf}`} download>
              {m.my_signups_document_link({ kind: documentKindName(document.kind), number: document.number })}
            </a>{" "}
            <span className="event-meta">
              · <time dateTime={document.issuedOn}>{formatCalendarDay(document.issuedOn, locale)}</time> ·{" "}
              {formatPrice(document.total, document.currency, locale)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
