import { ApiError } from "@sports/jsonapi";
import { data, Form, redirect, useNavigation } from "react-router";
import { ACCOUNT_PATHS, safeRedirect } from "../access.ts";
import { loginUrl, requireVisitor } from "../auth/guard.ts";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext, siteContext } from "../context.ts";
import { z } from "../forms/zod.ts";
import { formatDateTime, formatPrice } from "../lib/format.ts";
import { useOnline } from "../lib/network.ts";
import { useRootData } from "../lib/root-data.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import { paymentStateName } from "../payments/labels.ts";
import { isOpen } from "../payments/outcome.ts";
import { demoPaymentPath, isPaymentId, paymentResultPath } from "../payments/paths.ts";
import { readPayment } from "../payments/read.ts";
import type { PaymentRecord } from "../payments/records.ts";
import type { Route } from "./+types/demo-payment.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.demo_title());
}

/**
 * The built-in demonstration provider's "hosted page": it stands where Stripe's page would, so the
 * whole journey can be tried without a card. It says at the top, in so many words, that no money
 * moves. Only the visitor's own open demo payments are shown; anything else is "not found".
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireVisitor(context, request);
  const { prefix } = context.get(languageContext);
  const read = isPaymentId(params.id)
    ? await readPayment(context, params.id, prefix + demoPaymentPath(params.id))
    : null;
  const payment = read?.payment ?? null;
  if (payment?.provider !== "demo") return data({ payment: null }, { status: 404 });
  return { payment };
}

const decisionForm = z.object({ decision: z.enum(["pay", "decline", "cancel"]) });

/** The visitor's decision goes to the demo provider, which says where to go next (the result page's path). */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireVisitor(context, request);
  const { prefix, locale } = context.get(languageContext);
  const { api } = context.get(siteContext);
  const back = prefix + demoPaymentPath(params.id);
  const parsed = decisionForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success || !isPaymentId(params.id)) return { refused: true };
  let redirectUrl: unknown;
  try {
    const { document } = await api.post(
      `/api/demo-payments/${encodeURIComponent(params.id)}`,
      { data: { type: "demo-payments", attributes: { decision: parsed.data.decision } } },
      { query: { locale } },
    );
    redirectUrl = document?.meta?.redirectUrl;
  } catch (error) {
    if (!ApiError.is(error) || error.status >= 500) throw error;
    if (error.status === 401) throw redirect(loginUrl(context, back));
    // No longer pending (decided in another tab, or expired): the page, read again, says so.
    return { refused: true };
  }
  // A page of this site, as a path: the visitor stays on the origin they are on.
  throw redirect(safeRedirect(redirectUrl, prefix + paymentResultPath(params.id)));
}

export default function DemoPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { payment } = loaderData;
  return (
    <main id="content" className="demo-page">
      <div className="demo-banner" role="note">
        <strong>{m.demo_banner_title()}</strong> {m.demo_banner_text()}
      </div>
      <div className="demo-checkout">
        <p className="demo-provider">
          <svg
            aria-hidden="true"
            width="22"
            height="22"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <rect x="2" y="5" width="20" height="14" rx="2" />
            <path d="M2 10h20" />
          </svg>
          {m.demo_provider()}
        </p>
        {!payment ? (
          <section className="demo-card">
            <h1>{m.payment_not_found_title()}</h1>
            <p>{m.payment_not_found_text()}</p>
            <p>
              <SiteLink to={`/${ACCOUNT_PATHS.profile}#iscrizioni`}>{m.nav_signups()}</SiteLink>
            </p>
          </section>
        ) : isOpen(payment.state) ? (
          <Checkout payment={payment} refused={Boolean(actionData?.refused)} />
        ) : (
          <section className="demo-card">
            <h1>{m.demo_closed_title()}</h1>
            <p>{m.demo_closed_text({ state: paymentStateName(payment.state) })}</p>
            <p>
              <SiteLink to={paymentResultPath(payment.id)} className="button button-primary">
                {m.demo_to_result()}
              </SiteLink>
            </p>
          </section>
        )}
      </div>
    </main>
  );
}

function Checkout({ payment, refused }: { payment: PaymentRecord; refused: boolean }) {
  const { locale } = useRootData();
  const navigation = useNavigation();
  const online = useOnline();
  const busy = navigation.state !== "idle" || !online;
  const amount = formatPrice(payment.amount.amount, payment.amount.currency, locale);
  const { signup } = payment;
  return (
    <section className="demo-card" aria-labelledby="demo-title">
      <p className="demo-merchant">{m.site_name()}</p>
      <h1 id="demo-title" className="demo-amount">
        <span className="sr-only">{m.demo_amount_label()} </span>
        {amount}
      </h1>
      <dl className="receipt-lines">
        {signup && (
          <div className="receipt-line">
            <dt>{m.demo_paying_for()}</dt>
            <dd>
              {signup.event.title}
              {!signup.appointment.implicit && ` · ${signup.appointment.title}`}
              <span className="price-detail">
                <time dateTime={signup.appointment.startsAt}>
                  {formatDateTime(signup.appointment.startsAt, locale, signup.event.timeZone)}
                </time>
                {" · "}
                {m.demo_participants({ count: signup.places })}
              </span>
            </dd>
          </div>
        )}
        <div className="receipt-line">
          <dt>{m.payment_receipt_reference()}</dt>
          <dd>
            <span className="transfer-value">{payment.reference}</span>
          </dd>
        </div>
      </dl>
      {refused && (
        <p className="notice notice-warning" role="alert">
          {m.demo_refused()}
        </p>
      )}
      <Form method="post" className="demo-actions">
        {(
          [
            { decision: "pay", className: "button button-primary", label: m.demo_pay({ amount }) },
            { decision: "decline", className: "button", label: m.demo_decline() },
            { decision: "cancel", className: "button button-quiet", label: m.demo_cancel() },
          ] as const
        ).map(({ decision, className, label }) => (
          <button
            key={decision}
            type="submit"
            name="decision"
            value={decision}
            className={className}
            aria-disabled={busy || undefined}
            onClick={(event) => busy && event.preventDefault()}
          >
            {label}
          </button>
        ))}
      </Form>
      <p className="field-hint">{m.demo_choices_hint()}</p>
    </section>
  );
}
