import { useEffect, useRef, useState } from "react";
import { data, Form, useLocation, useRevalidator } from "react-router";
import { ACCOUNT_PATHS } from "../access.ts";
import { requireVisitor } from "../auth/guard.ts";
import { BankTransferDetails } from "../components/bank-transfer.tsx";
import { OutcomeIcon, type OutcomeTone } from "../components/outcome-icon.tsx";
import { PaymentReceipt } from "../components/payment-receipt.tsx";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext } from "../context.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { formatDateTime, formatPrice } from "../lib/format.ts";
import { followOnward, type Onward } from "../lib/onward.ts";
import { loadIntoStore } from "../lib/record-store.ts";
import { useRootData } from "../lib/root-data.ts";
import { privatePageMeta } from "../lib/seo.ts";
import { useLoaderRecords, useRecords } from "../lib/use-records.ts";
import * as m from "../paraglide/messages.js";
import { paymentRefusalMessage } from "../payments/labels.ts";
import { nextPollDelay, type PaymentOutcome, paymentOutcome } from "../payments/outcome.ts";
import { paymentIdOf, paymentResultPath } from "../payments/paths.ts";
import { readPayment } from "../payments/read.ts";
import { type PaymentRecord, paymentOf } from "../payments/records.ts";
import { isPaymentRefusal, type PaymentRefusal, startPayment } from "../payments/start.ts";
import { placeOf, startPath } from "../signup/paths.ts";
import type { Route } from "./+types/payment-result.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.payment_result_title());
}

/**
 * Where the visitor lands from the payment provider (`?payment={id}`). The page shows what the API
 * says of that payment, never what the URL claims; an unknown id, someone else's payment and a
 * missing or malformed parameter all get the same "not found", which tells nothing about any of them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireVisitor(context, request);
  const { prefix } = context.get(languageContext);
  const id = paymentIdOf(new URL(request.url));
  const read = id ? await readPayment(context, id, prefix + paymentResultPath(id)) : null;
  const now = new Date().toISOString();
  if (!read) return data({ paymentId: null, now, documents: [] }, { status: 404 });
  return { paymentId: read.payment.id, now, documents: [read.document] };
}

/**
 * Always the server's answer, which is the point of the page (and of its polling); the payment and
 * its signup go into the browser's store, where the page reads them (docs/decisions/016-record-store.md).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return loadIntoStore(serverLoader);
}

/** "Try again": a new payment for the same signup, and off to the provider again. */
export async function action({ request, context }: Route.ActionArgs): Promise<PaymentRefusal | Onward> {
  requireVisitor(context, request);
  const { prefix } = context.get(languageContext);
  const id = paymentIdOf(new URL(request.url));
  const back = id ? prefix + paymentResultPath(id) : `${prefix}/${ACCOUNT_PATHS.profile}`;
  const read = id ? await readPayment(context, id, back) : null;
  // A transfer's fee is paid again for the same transfer while it still waits for it.
  if (read?.payment.transfer)
    return read.payment.transfer.state === "pending"
      ? startPayment({ request, context }, { transfer: read.payment.transfer.id }, back)
      : { paymentRefusal: "wrong-state" };
  if (!read?.payment.signup) return { paymentRefusal: "unavailable" };
  return startPayment({ request, context }, read.payment.signup.id, back);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return followOnward(await serverAction());
}

export default function PaymentResult({ loaderData, actionData }: Route.ComponentProps) {
  const { paymentId, now } = loaderData;
  useLoaderRecords(loaderData.documents);
  const payment = useRecords(paymentOf, paymentId);
  return (
    <>
      <header className="site-header">
        <div className="container header-row">
          <SiteLink to="/" className="brand">
            {m.site_name()}
          </SiteLink>
        </div>
      </header>
      <main id="content" className="container section narrow payment-page">
        {payment ? (
          <PaymentState
            key={payment.id}
            payment={payment}
            outcome={paymentOutcome(payment, new Date(now))}
            refusal={isPaymentRefusal(actionData) ? actionData : undefined}
          />
        ) : (
          <NotFound />
        )}
      </main>
    </>
  );
}

function PaymentState({
  payment,
  outcome,
  refusal,
}: {
  payment: PaymentRecord;
  outcome: PaymentOutcome;
  refusal: PaymentRefusal | undefined;
}) {
  switch (outcome.kind) {
    case "paid":
      return <Paid payment={payment} />;
    case "confirming":
      return <Confirming />;
    case "bank-transfer":
      return <BankTransfer payment={payment} />;
    case "refunded":
      return <Refunded payment={payment} />;
    case "not-completed":
      return <NotCompleted payment={payment} reason={outcome.reason} retry={outcome.retry} refusal={refusal} />;
  }
}

function Outcome({ tone, title, children }: { tone: OutcomeTone; title: string; children?: React.ReactNode }) {
  return (
    <div className="outcome" data-tone={tone}>
      <div className="outcome-head">
        <OutcomeIcon tone={tone} />
        <h1>{title}</h1>
      </div>
      {children}
    </div>
  );
}

/** A transfer's fee arrived: the transfer is applied (or, if it could not be any more, the fee is being given back). */
function TransferPaid({
  payment,
  transfer,
}: {
  payment: PaymentRecord;
  transfer: NonNullable<PaymentRecord["transfer"]>;
}) {
  return (
    <>
      <Outcome tone="ok" title={m.payment_transfer_paid_title()}>
        <p role="status">{m.payment_transfer_paid_lead({ name: transfer.to })}</p>
      </Outcome>
      <section className="payment-next" aria-labelledby="next-title">
        <h2 id="next-title">{m.payment_next_title()}</h2>
        <ul className="next-list">
          <li>{m.transfer_done_mails()}</li>
          <li>
            {m.payment_next_signups()}{" "}
            <SiteLink to={`/${ACCOUNT_PATHS.profile}#iscrizioni`}>{m.nav_signups()}</SiteLink>.
          </li>
        </ul>
      </section>
      <PaymentReceipt payment={payment} />
    </>
  );
}

function Paid({ payment }: { payment: PaymentRecord }) {
  if (payment.transfer) return <TransferPaid payment={payment} transfer={payment.transfer} />;
  return <SignupPaid payment={payment} />;
}

function SignupPaid({ payment }: { payment: PaymentRecord }) {
  const { apiBaseUrl } = useRootData();
  const { signup } = payment;
  const refundDays = signup?.event.rules.refundDaysBefore ?? null;
  return (
    <>
      <Outcome tone="ok" title={m.payment_paid_title()}>
        <p role="status">{m.payment_paid_lead()}</p>
      </Outcome>
      <section className="payment-next" aria-labelledby="next-title">
        <h2 id="next-title">{m.payment_next_title()}</h2>
        <ul className="next-list">
          <li>{m.payment_next_mail()}</li>
          {signup?.state === "confirmed" && (
            <li>
              {m.payment_next_calendar()}{" "}
              <a href={`${apiBaseUrl.replace(/\/+$/, "")}/api/signups/${signup.id}/calendar`} download>
                {m.signup_calendar()}
              </a>
            </li>
          )}
          <li>
            {m.payment_next_signups()}{" "}
            <SiteLink to={`/${ACCOUNT_PATHS.profile}#iscrizioni`}>{m.nav_signups()}</SiteLink>.
          </li>
          {signup && (
            <li>{refundDays === null ? m.payment_refund_none() : m.payment_refund_until({ days: refundDays })}</li>
          )}
        </ul>
      </section>
      <PaymentReceipt payment={payment} />
    </>
  );
}

/**
 * A card payment the provider has not settled yet. The page asks the server again every 1.5 s (each
 * time the server asks the provider) for about 20 s, then says the answer will come by e-mail.
 * Without JavaScript it offers to look again.
 */
function Confirming() {
  const gaveUp = useConfirmationPolling();
  const { pathname, search } = useLocation();
  const again = (
    <p>
      <a href={pathname + search} className="button">
        {m.payment_check_again()}
      </a>
    </p>
  );
  if (gaveUp)
    return (
      <Outcome tone="wait" title={m.payment_processing_title()}>
        <p role="status">{m.payment_processing_text()}</p>
        {again}
        <p>
          <SiteLink to={`/${ACCOUNT_PATHS.profile}#iscrizioni`}>{m.nav_signups()}</SiteLink>
        </p>
      </Outcome>
    );
  return (
    <Outcome tone="wait" title={m.payment_confirming_title()}>
      <p role="status">{m.payment_confirming_text()}</p>
      <noscript>{again}</noscript>
    </Outcome>
  );
}

/** Revalidates the page's loader on a schedule while it is mounted; true once it has stopped asking. */
function useConfirmationPolling(): boolean {
  const { revalidate, state } = useRevalidator();
  const [gaveUp, setGaveUp] = useState(false);
  const started = useRef<number | null>(null);
  useEffect(() => {
    if (state !== "idle") return;
    started.current ??= Date.now();
    const delay = nextPollDelay(Date.now() - started.current);
    if (delay === null) {
      setGaveUp(true);
      return;
    }
    const timer = window.setTimeout(() => void revalidate(), delay);
    return () => window.clearTimeout(timer);
  }, [state, revalidate]);
  return gaveUp;
}

function BankTransfer({ payment }: { payment: PaymentRecord }) {
  const { locale } = useRootData();
  const timeZone = payment.signup?.event.timeZone ?? "UTC";
  const instructions = payment.bankTransfer;
  return (
    <>
      <Outcome tone="wait" title={m.payment_transfer_title()}>
        {instructions && (
          <p role="status">{m.payment_transfer_lead({ date: formatDateTime(instructions.dueAt, locale, timeZone) })}</p>
        )}
      </Outcome>
      {instructions ? (
        <section className="transfer" aria-labelledby="transfer-title">
          <h2 id="transfer-title">{m.payment_transfer_details()}</h2>
          <BankTransferDetails instructions={instructions} timeZone={timeZone} />
          <p className="field-hint transfer-hint">{m.payment_transfer_hint()}</p>
        </section>
      ) : (
        <p className="notice notice-warning">{m.payment_transfer_missing()}</p>
      )}
      <p className="recap-aside">
        <SiteLink to={`/${ACCOUNT_PATHS.profile}#iscrizioni`}>{m.nav_signups()}</SiteLink>
      </p>
    </>
  );
}

const NOT_COMPLETED_TITLES = {
  failed: () => m.payment_failed_title(),
  cancelled: () => m.payment_cancelled_title(),
  expired: () => m.payment_expired_title(),
} as const;

function NotCompleted({
  payment,
  reason,
  retry,
  refusal,
}: {
  payment: PaymentRecord;
  reason: keyof typeof NOT_COMPLETED_TITLES;
  retry: boolean;
  refusal: PaymentRefusal | undefined;
}) {
  const { locale } = useRootData();
  const { signup, transfer } = payment;
  return (
    <Outcome tone="stop" title={NOT_COMPLETED_TITLES[reason]()}>
      <p>{m.payment_not_taken()}</p>
      {refusal && (
        <p className="notice notice-warning" role="alert">
          {paymentRefusalMessage(refusal.paymentRefusal)}
        </p>
      )}
      {transfer ? (
        <>
          <p>{m.payment_transfer_not_made({ name: transfer.to })}</p>
          {transfer.state === "pending" && (
            <Form method="post" className="outcome-actions">
              <SubmitButton>{m.payment_retry()}</SubmitButton>
            </Form>
          )}
          <p>
            <SiteLink to={`/${ACCOUNT_PATHS.profile}#iscrizioni`}>{m.nav_signups()}</SiteLink>
          </p>
        </>
      ) : signup?.state === "confirmed" ? (
        <p>
          {m.payment_paid_anyway()} <SiteLink to={`/${ACCOUNT_PATHS.profile}#iscrizioni`}>{m.nav_signups()}</SiteLink>
        </p>
      ) : retry && signup ? (
        <>
          {signup.paymentDueAt && (
            <p>
              {m.payment_retry_text({
                date: formatDateTime(signup.paymentDueAt, locale, signup.event.timeZone),
              })}
            </p>
          )}
          <Form method="post" className="outcome-actions">
            <SubmitButton>{m.payment_retry()}</SubmitButton>
          </Form>
        </>
      ) : (
        <>
          <p>{signup?.state === "cancelled" ? m.payment_signup_cancelled() : m.payment_released_text()}</p>
          {signup && (
            <p className="outcome-actions">
              <SiteLink to={startPath(placeOf(signup.event, signup.appointment))} className="button button-primary">
                {m.payment_start_over()}
              </SiteLink>
            </p>
          )}
        </>
      )}
    </Outcome>
  );
}

function Refunded({ payment }: { payment: PaymentRecord }) {
  const { locale } = useRootData();
  const refunded = payment.refundedAmount || payment.amount.amount;
  return (
    <>
      <Outcome tone="info" title={m.payment_refunded_title()}>
        <p>{m.payment_refunded_text({ amount: formatPrice(refunded, payment.amount.currency, locale) })}</p>
        <p>
          <SiteLink to={`/${ACCOUNT_PATHS.profile}#iscrizioni`}>{m.nav_signups()}</SiteLink>
        </p>
      </Outcome>
      <PaymentReceipt payment={payment} />
    </>
  );
}

function NotFound() {
  return (
    <Outcome tone="info" title={m.payment_not_found_title()}>
      <p>{m.payment_not_found_text()}</p>
      <p className="outcome-actions">
        <SiteLink to={`/${ACCOUNT_PATHS.profile}#iscrizioni`} className="button button-primary">
          {m.nav_signups()}
        </SiteLink>
      </p>
    </Outcome>
  );
}
