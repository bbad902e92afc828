import { ApiError, type DataDocument, type PaymentMethod, type ResourceObject } from "@sports/jsonapi";
import { type RouterContextProvider, redirect } from "react-router";
import { loginUrl } from "../auth/guard.ts";
import { languageContext, recordsContext, siteContext } from "../context.ts";
import { goOnward, type Onward } from "../lib/onward.ts";
import { paymentResultPath } from "./paths.ts";
import { paymentOf } from "./records.ts";

/** Why a payment could not be started, in words the page has messages for. */
export type PaymentRefusalCode = "wrong-state" | "already-paid" | "method-not-offered" | "unavailable";

export interface PaymentRefusal {
  paymentRefusal: PaymentRefusalCode;
}

const REFUSALS: readonly string[] = ["wrong-state", "already-paid", "method-not-offered"];

/**
 * Starts paying a signup that waits for payment, or a pending transfer's fee (`POST /api/payments`, with the method the signup
 * was submitted with, or `method` when another is chosen after an attempt that took no money) and sends the browser on: to the provider's page (Stripe's, outside the site,
 * or the demonstration page), or for a bank transfer straight to the result page with its
 * instructions. A refusal comes back for the page to show; `back` is where a lapsed session returns.
 * The payment's answer carries its signup, now waiting for payment: it goes on to the browser's
 * store with the visitor (lib/onward.ts), so no screen there still shows the signup as held.
 */
export async function startPayment(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  /** The signup to pay, or `{ transfer }`: a pending transfer whose fee to pay (docs/decisions/028-transfers.md). */
  what: string | { transfer: string },
  back: string,
  method?: PaymentMethod,
): Promise<PaymentRefusal | Onward> {
  const relationships =
    typeof what === "string"
      ? { signup: { data: { type: "signups", id: what } } }
      : { transfer: { data: { type: "transfers", id: what.transfer } } };
  const { api } = context.get(siteContext);
  const { prefix, locale } = context.get(languageContext);
  let document: DataDocument | undefined;
  try {
    // The page's language: the API builds the provider's page and the way back in it.
    ({ document } = await api.post(
      "/api/payments",
      {
        data: {
          type: "payments",
          ...(method ? { attributes: { provider: method } } : {}),
          relationships,
        },
      },
      { query: { locale } },
    ));
  } catch (error) {
    if (!ApiError.is(error)) throw error;
    // The provider did not answer: nothing was started, the visitor may simply try again.
    if (error.status === 502 || error.status === 503) return { paymentRefusal: "unavailable" };
    if (error.status >= 500) throw error;
    if (error.status === 401) throw redirect(loginUrl(context, back));
    const code = error.errors[0]?.code ?? "";
    return { paymentRefusal: (REFUSALS.includes(code) ? code : "unavailable") as PaymentRefusalCode };
  }
  const id = (document?.data as ResourceObject | null | undefined)?.id;
  const payment = id === undefined ? undefined : paymentOf(context.get(recordsContext), id);
  if (!payment) throw new Error("The API started a payment without answering it.");
  // An absolute URL elsewhere (Stripe) makes React Router load that page as a document; the
  // demonstration's page is a path of this site, so the visitor stays on the origin they are on.
  return goOnward(request, payment.redirectUrl ?? prefix + paymentResultPath(payment.id), [document]);
}

export function isPaymentRefusal(value: unknown): value is PaymentRefusal {
  return typeof value === "object" && value !== null && "paymentRefusal" in value;
}
