import { consolePath } from "@sports/jsonapi";
import { useActionData, useLoaderData } from "react-router";
import { PriceBreakdownTable } from "../../components/price-breakdown.tsx";
import { SiteLink } from "../../components/site-link.tsx";
import { requireTeamMember } from "../../console/access.server.ts";
import { actorLabel, logActionLabel } from "../../console/audit-labels.ts";
import { OutcomeNote } from "../../console/notices.tsx";
import { OrganiserForm } from "../../console/organiser-form.tsx";
import { type ActionOutcome, reviewFromForm } from "../../console/review.server.ts";
import { CertificateReview } from "../../console/review-form.tsx";
import type { SignupDocument, TransferLine } from "../../console/signup-document.ts";
import { refusalMessage, signupStateLabel } from "../../console/signup-labels.ts";
import { transferFromForm } from "../../console/transfer.server.ts";
import { ConsoleTransfer } from "../../console/transfer-form.tsx";
import { languageContext, siteContext } from "../../context.ts";
import { elided } from "../../i18n/elision.ts";
import { readApi } from "../../lib/api.ts";
import { athletePartsText } from "../../lib/athlete-parts.ts";
import { textIn } from "../../lib/catalogue-values.ts";
import { formatCalendarDay, formatDateTime, formatPrice } from "../../lib/format.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import { paymentStateName } from "../../payments/labels.ts";
import { methodName } from "../../signup/labels.ts";
import type { Route } from "./+types/signup.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(m.console_signup_title({ name: loaderData?.holder ?? "" }));
}

/** A signup's whole record for the team (`GET /api/console/signups/{id}`), and the organiser's actions on it. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const visitor = requireTeamMember(context, request);
  const document = await readApi<SignupDocument>(context, `/api/console/signups/${params.id}`);
  const first = document.included[0]?.attributes;
  const holder = first ? `${first.givenName} ${first.familyName}` : (document.data.attributes.owner?.email ?? "");
  const organiser = visitor.role === "organiser";
  // The transfers are the organiser's to read (staff see the participants as they are now).
  const transfers = organiser
    ? (await readApi<{ data: TransferLine[] }>(context, "/api/console/transfers", { "filter[signup]": params.id })).data
    : [];
  return { signup: document.data, participants: document.included, holder, organiser, transfers };
}

export async function action({ context, request, params }: Route.ActionArgs): Promise<ActionOutcome> {
  requireTeamMember(context, request);
  const { api } = context.get(siteContext);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const id = encodeURIComponent(params.id);
  const run = async (call: () => Promise<unknown>, target?: string): Promise<ActionOutcome> => {
    try {
      await call();
      return { intent, ...(target ? { target } : {}), ok: true, message: m.console_signup_done() };
    } catch (error) {
      return { intent, ...(target ? { target } : {}), ok: false, message: refusalMessage(error) };
    }
  };
  switch (intent) {
    case "review":
      return reviewFromForm(api, formData);
    case "transfer":
      return transferFromForm(api, formData, context.get(languageContext).locale);
    case "note":
      if (String(formData.get("text") ?? "").trim() === "")
        return { intent, ok: false, message: m.console_signup_note_required() };
      return run(() =>
        api.post(`/api/console/signups/${id}/notes`, {
          data: { type: "signup-notes", attributes: { text: String(formData.get("text") ?? "") } },
        }),
      );
    case "mark-paid":
      return run(() => api.post(`/api/signups/${id}/payments`, { data: { type: "payments", attributes: {} } }));
    case "cancel":
      return run(() =>
        api.post(`/api/console/signups/${id}/cancellation`, { data: { type: "cancellations", attributes: {} } }),
      );
    case "refund": {
      const raw = String(formData.get("amount") ?? "")
        .trim()
        .replace(",", ".");
      const amount = raw === "" ? undefined : Math.round(Number(raw) * 100);
      return run(() =>
        api.post(`/api/console/signups/${id}/refunds`, {
          data: {
            type: "refunds",
            attributes: amount === undefined ? {} : { amount: Number.isFinite(amount) ? amount : -1 },
          },
        }),
      );
    }
    case "resend": {
      const mailId = String(formData.get("mailId") ?? "");
      return run(
        () =>
          api.post(`/api/console/signups/${id}/mails`, {
            data: { type: "outgoing-mails", attributes: { copyOf: mailId } },
          }),
        mailId,
      );
    }
    default:
      return { intent, ok: false, message: m.console_signup_organiser_only() };
  }
}

/** What a transfer fee paid for: the transfer's two people when the organiser reads them. */
function transferFeeLabel(transfer: TransferLine["attributes"] | undefined): string {
  if (!transfer) return m.console_signup_transfer_fee();
  return m.console_signup_transfer_fee_for({
    from: `${transfer.from.givenName} ${transfer.from.familyName}`,
    to: `${transfer.to.givenName} ${transfer.to.familyName}`,
  });
}

function Outcome({ outcome, intent, target }: { outcome: ActionOutcome | undefined; intent: string; target?: string }) {
  if (!outcome || outcome.intent !== intent || (target !== undefined && outcome.target !== target)) return null;
  return <OutcomeNote ok={outcome.ok}>{outcome.message}</OutcomeNote>;
}

export default function ConsoleSignup() {
  const { signup, participants, holder, organiser, transfers } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const { locale } = useRootData();
  const a = signup.attributes;
  const when = (iso: string) => formatDateTime(iso, locale, "Europe/Rome");
  // A transfer's fee is not the signup's own payment: it gives nothing to refund here.
  const paid = a.payments.some((payment) => payment.state === "paid" && !payment.transferId);
  const transferOf = (id: string) => transfers.find((transfer) => transfer.id === id)?.attributes;
  return (
    <main id="content" className="console-main console-signup">
      <h1>{m.console_signup_title({ name: holder })}</h1>
      <p>
        <strong>{signupStateLabel(a.state)}</strong> · {m.console_signups_col_places()}: {a.places} ·{" "}
        {when(a.createdAt)}
      </p>
      {a.owner ? <p>{m.console_signup_owner({ email: a.owner.email })}</p> : null}
      <p>
        <SiteLink to={consolePath("appointmentSignups", { id: a.appointmentId })}>
          {m.console_signups_appointment_title()}
        </SiteLink>
      </p>

      <section aria-labelledby="signup-participants">
        <h2 id="signup-participants">{m.console_signup_participants()}</h2>
        <ul className="console-cards">
          {participants.map((participant) => {
            const p = participant.attributes;
            const name = `${p.givenName} ${p.familyName}`;
            return (
              <li key={participant.id} className="console-card">
                <h3 className="console-card-title">{name}</h3>
                {p.email ? <p>{p.email}</p> : null}
                <p>{p.bib ? m.console_signup_bib({ number: String(p.bib) }) : m.console_signup_no_bib()}</p>
                {p.missing && p.missing.length > 0 ? (
                  <p className="notice notice-warning">
                    {m.console_signup_athlete_missing({ parts: athletePartsText(p.missing, locale) })}
                  </p>
                ) : null}
                <CertificateReview
                  participantId={participant.id}
                  name={name}
                  facts={p}
                  locale={locale}
                  organiser={organiser}
                  outcome={outcome}
                  label
                />
                {organiser && a.state === "confirmed" ? (
                  <ConsoleTransfer participantId={participant.id} name={name} outcome={outcome} />
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      {transfers.length > 0 ? (
        <section aria-labelledby="signup-transfers">
          <h2 id="signup-transfers">{m.console_signup_transfers()}</h2>
          <ul>
            {transfers.map((transfer) => {
              const { from, to, by, at, state } = transfer.attributes;
              return (
                <li key={transfer.id}>
                  {m.console_signup_transfer_line({
                    from: `${from.givenName} ${from.familyName}`,
                    to: `${to.givenName} ${to.familyName}`,
                  })}{" "}
                  · <time dateTime={at}>{when(at)}</time> ·{" "}
                  {by === "organiser" ? m.console_signup_transfer_by_organiser() : m.console_signup_transfer_by_owner()}
                  {state === "pending" && <> · {m.console_signup_transfer_pending()}</>}
                  {state === "lapsed" && <> · {m.console_signup_transfer_lapsed()}</>}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="signup-stays">
        <h2 id="signup-stays">{m.console_signup_stays()}</h2>
        {a.stays.length === 0 ? (
          <p>{m.console_signup_no_stays()}</p>
        ) : (
          <ul>
            {a.stays.map((stay) => (
              <li key={`${stay.roomTypeId}-${stay.checkIn}`}>
                {elided(
                  m.console_signup_stay_line({
                    rooms: String(stay.rooms),
                    roomType: textIn(stay.roomType, locale, "—"),
                    checkIn: formatCalendarDay(stay.checkIn, locale),
                    checkOut: formatCalendarDay(stay.checkOut, locale),
                  }),
                  locale,
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {organiser ? (
        <section aria-labelledby="signup-price">
          <h2 id="signup-price">{m.signup_price_title()}</h2>
          {a.price ? (
            <PriceBreakdownTable price={a.price} locale={locale} />
          ) : (
            <>
              <p>{m.signup_price_unavailable()}</p>
              {a.discountCode ? <p>{m.signup_price_discount({ code: a.discountCode.code })}</p> : null}
            </>
          )}
        </section>
      ) : null}

      <section aria-labelledby="signup-payments">
        <h2 id="signup-payments">{m.console_signup_payments()}</h2>
        {a.payments.length === 0 ? (
          <p>{m.console_signup_no_payments()}</p>
        ) : (
          <ul>
            {a.payments.map((payment) => (
              <li key={payment.id}>
                {/* Staff read no amounts: the payment's way, state and day. */}
                {payment.amount !== null ? `${formatPrice(payment.amount, payment.currency, locale)} · ` : null}
                {methodName(payment.provider)} · {paymentStateName(payment.state)} · {when(payment.createdAt)}
                {payment.transferId ? ` · ${transferFeeLabel(transferOf(payment.transferId))}` : null}
                {payment.refundedAmount
                  ? ` · ${m.console_signup_refunded({ amount: formatPrice(payment.refundedAmount, payment.currency, locale) })}`
                  : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {organiser ? (
        <section aria-labelledby="signup-actions">
          <h2 id="signup-actions">{m.console_signup_actions()}</h2>
          <div className="console-actions">
            {a.state === "awaiting-payment" || a.state === "expired" ? (
              <OrganiserForm method="post">
                <input type="hidden" name="intent" value="mark-paid" />
                <button type="submit" className="button button-primary">
                  {m.console_signup_mark_paid()}
                </button>
                <Outcome outcome={outcome} intent="mark-paid" />
              </OrganiserForm>
            ) : null}
            {paid ? (
              <OrganiserForm method="post" className="console-inline-form">
                <input type="hidden" name="intent" value="refund" />
                <div className="console-field">
                  <label htmlFor="refund-amount">{m.console_signup_refund_amount()}</label>
                  <input id="refund-amount" name="amount" inputMode="decimal" pattern="[0-9]+([.,][0-9]{1,2})?" />
                </div>
                <button type="submit" className="button">
                  {m.console_signup_refund()}
                </button>
                <Outcome outcome={outcome} intent="refund" />
              </OrganiserForm>
            ) : null}
            {a.state !== "cancelled" && a.state !== "expired" ? (
              <OrganiserForm method="post">
                <input type="hidden" name="intent" value="cancel" />
                <button type="submit" className="button button-danger">
                  {m.console_signup_cancel()}
                </button>
                <Outcome outcome={outcome} intent="cancel" />
              </OrganiserForm>
            ) : null}
          </div>
        </section>
      ) : null}

      <section aria-labelledby="signup-notes">
        <h2 id="signup-notes">{m.console_signup_notes()}</h2>
        {a.notes.length === 0 ? (
          <p>{m.console_signup_no_notes()}</p>
        ) : (
          <ul>
            {a.notes.map((note) => (
              <li key={note.id}>
                <time dateTime={note.at}>{when(note.at)}</time>: {note.text}
              </li>
            ))}
          </ul>
        )}
        {organiser ? (
          <OrganiserForm method="post" className="console-inline-form" noValidate>
            <input type="hidden" name="intent" value="note" />
            <div className="console-field">
              <label htmlFor="note-text">{m.console_signup_note_label()}</label>
              <textarea key={a.notes.length} id="note-text" name="text" required maxLength={2000} rows={3} />
            </div>
            <button type="submit" className="button button-primary">
              {m.console_signup_add_note()}
            </button>
            <Outcome outcome={outcome} intent="note" />
          </OrganiserForm>
        ) : null}
      </section>

      <section aria-labelledby="signup-mails">
        <h2 id="signup-mails">{m.console_signup_mails()}</h2>
        {a.mails.length === 0 ? (
          <p>{m.console_signup_no_mails()}</p>
        ) : (
          <ul className="console-list">
            {a.mails.map((mail) => (
              <li key={mail.id}>
                <span>
                  {mail.subject} · {mail.to} · {mail.sentAt ? when(mail.sentAt) : m.console_signup_not_sent()}
                </span>
                {organiser ? (
                  <OrganiserForm method="post" className="console-inline">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="mailId" value={mail.id} />
                    <button type="submit" className="button">
                      {m.console_signup_resend()}
                    </button>
                    <Outcome outcome={outcome} intent="resend" target={mail.id} />
                  </OrganiserForm>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="signup-log">
        <h2 id="signup-log">{m.console_signup_log()}</h2>
        <ol className="console-list">
          {a.log.map((line) => (
            <li key={`${line.source}-${line.at}-${line.action}-${line.toState ?? ""}`}>
              <time dateTime={line.at}>{when(line.at)}</time> · {actorLabel(line.actorKind)} ·{" "}
              {logActionLabel(line.action)}
              {line.toState ? ` → ${signupStateLabel(line.toState)}` : null}
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}
