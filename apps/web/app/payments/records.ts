import type { PaymentAttributes, ResourceObject } from "@sports/jsonapi";
import { type SignupRecord, signupsOf } from "../signup/records.ts";

/** A payment as the screens show it: its attributes, and the signup it pays with what that is for. */
export interface PaymentRecord extends PaymentAttributes {
  id: string;
  /** null when the answer left the signup (or its event or appointment) out: the page then shows less. */
  signup: SignupRecord | null;
}

interface PaymentDocument {
  data: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
}

/**
 * The one payment of a `GET /api/payments/{id}` or `POST /api/payments` answer, with its signup
 * from `included` (which carries the signup's appointment and event, as a signup's own answer does).
 */
export function paymentOf(document: PaymentDocument): PaymentRecord {
  const data = Array.isArray(document.data) ? document.data[0] : document.data;
  if (data?.type !== "payments") throw new Error("The answer holds no payment.");
  const linkage = data.relationships?.signup?.data;
  const signupId = linkage && !Array.isArray(linkage) ? linkage.id : undefined;
  const resource = (document.included ?? []).find((found) => found.type === "signups" && found.id === signupId);
  const [signup] = resource ? signupsOf({ data: resource, included: document.included ?? [] }) : [];
  return { id: data.id, ...(data.attributes as unknown as PaymentAttributes), signup: signup ?? null };
}
