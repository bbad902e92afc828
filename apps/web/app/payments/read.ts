import { ApiError, type DataDocument, type ResourceObject } from "@sports/jsonapi";
import { type RouterContextProvider, redirect } from "react-router";
import { loginUrl } from "../auth/guard.ts";
import { languageContext, recordsContext, siteContext } from "../context.ts";
import { type PaymentRecord, paymentOf } from "./records.ts";

/**
 * Reads one of the visitor's payments, or null when there is none to show them: an unknown id and
 * someone else's payment answer the same (the pages say "not found" to both, so an id tells a
 * stranger nothing). While a card payment is open the API asks its provider before answering.
 * The document comes back too, for the browser's store (docs/decisions/016-record-store.md).
 */
export async function readPayment(
  context: Readonly<RouterContextProvider>,
  paymentId: string,
  back: string,
): Promise<{ payment: PaymentRecord; document: DataDocument } | null> {
  const { api } = context.get(siteContext);
  const { locale } = context.get(languageContext);
  try {
    const { document } = await api.get<DataDocument>(`/api/payments/${encodeURIComponent(paymentId)}`, {
      query: { locale },
    });
    const id = (document.data as ResourceObject | null)?.id;
    const payment = id === undefined ? undefined : paymentOf(context.get(recordsContext), id);
    if (!payment) throw new Error("The answer holds no payment.");
    return { payment, document };
  } catch (error) {
    if (!ApiError.is(error)) throw error;
    if (error.status === 401) throw redirect(loginUrl(context, back));
    if (error.status === 400 || error.status === 403 || error.status === 404) return null;
    throw error;
  }
}
