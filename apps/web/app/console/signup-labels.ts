import { ApiError } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";

/** The words the console shows for a signup's state and a certificate's status. */
export function signupStateLabel(state: string): string {
  switch (state) {
    case "held":
      return m.console_signup_state_held();
    case "awaiting-payment":
      return m.console_signup_state_awaiting_payment();
    case "confirmed":
      return m.console_signup_state_confirmed();
    case "expired":
      return m.console_signup_state_expired();
    case "cancelled":
      return m.console_signup_state_cancelled();
    default:
      return state;
  }
}

export function certificateStatusLabel(status: string): string {
  switch (status) {
    case "missing":
      return m.console_certificates_status_missing();
    case "pending":
      return m.console_certificates_status_pending();
    case "approved":
      return m.console_certificates_status_approved();
    case "rejected":
      return m.console_certificates_status_rejected();
    case "expired":
      return m.console_certificates_status_expired();
    default:
      return status;
  }
}

export const SIGNUP_STATE_VALUES = ["held", "awaiting-payment", "confirmed", "expired", "cancelled"] as const;
export const CERTIFICATE_STATUS_VALUES = ["missing", "pending", "approved", "rejected", "expired"] as const;
export const PAYMENT_VALUES = ["paid", "unpaid", "refunded"] as const;

export function paymentLabel(value: string): string {
  if (value === "paid") return m.console_signups_payment_paid();
  if (value === "unpaid") return m.console_signups_payment_unpaid();
  if (value === "refunded") return m.console_signups_payment_refunded();
  return value;
}

/** What an API refusal says, in the page's language, for a console form's message. */
export function refusalMessage(error: unknown): string {
  if (!ApiError.is(error)) throw error;
  const codes = error.errors.map((entry) => entry.code);
  if (codes.includes("refund-above-paid")) return m.console_signup_refund_too_much();
  if (codes.includes("already-paid")) return m.console_signup_already_paid();
  if (codes.includes("not-cancellable")) return m.console_signup_not_cancellable();
  if (codes.includes("wrong-state")) return m.console_signup_wrong_state();
  if (codes.includes("not-organiser")) return m.console_signup_organiser_only();
  if (codes.includes("already-checked-in")) return m.form_already_checked_in();
  return m.console_signup_refused();
}
