import { formatDateTime, formatPrice } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import type { PaymentRecord } from "../payments/records.ts";
import { methodName } from "../signup/labels.ts";

/** What was paid, for what, when and how: the lines a receipt has, from the server's payment. */
export function PaymentReceipt({ payment }: { payment: PaymentRecord }) {
  const { locale } = useRootData();
  const { signup } = payment;
  const timeZone = signup?.event.timeZone ?? "UTC";
  return (
    <section className="receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title">{m.payment_receipt_title()}</h2>
      <dl className="receipt-lines">
        <ReceiptLine label={m.payment_receipt_reference()}>
          <span className="transfer-value">{payment.reference}</span>
        </ReceiptLine>
        {signup && (
          <>
            <ReceiptLine label={m.payment_receipt_event()}>{signup.event.title}</ReceiptLine>
            <ReceiptLine label={m.payment_receipt_appointment()}>
              {!signup.appointment.implicit && `${signup.appointment.title} · `}
              <time dateTime={signup.appointment.startsAt}>
                {formatDateTime(signup.appointment.startsAt, locale, timeZone)}
              </time>
            </ReceiptLine>
            <ReceiptLine label={m.payment_receipt_participants()}>{String(signup.places)}</ReceiptLine>
          </>
        )}
        <ReceiptLine label={m.payment_receipt_amount()}>
          <strong>{formatPrice(payment.amount.amount, payment.amount.currency, locale)}</strong>
        </ReceiptLine>
        {payment.paidAt && (
          <ReceiptLine label={m.payment_receipt_paid_at()}>
            <time dateTime={payment.paidAt}>{formatDateTime(payment.paidAt, locale, timeZone)}</time>
          </ReceiptLine>
        )}
        <ReceiptLine label={m.payment_receipt_method()}>{methodName(payment.provider)}</ReceiptLine>
        {payment.refundedAmount > 0 && (
          <ReceiptLine label={m.payment_receipt_refunded()}>
            {formatPrice(payment.refundedAmount, payment.amount.currency, locale)}
          </ReceiptLine>
        )}
      </dl>
    </section>
  );
}

function ReceiptLine({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="receipt-line">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
