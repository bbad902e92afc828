import { getFormProps } from "@conform-to/react";
import type { RecordStore } from "@sports/jsonapi";
import { clubPath, eventPath, ticketPath, transferPath } from "@sports/jsonapi";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { CheckboxField } from "../forms/fields.tsx";
import { cancelSignupForm } from "../forms/signup.ts";
import { useSiteForm } from "../forms/use-site-form.ts";
import { formatDateTime, formatPrice, formatTime } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import { useRecords } from "../lib/use-records.ts";
import * as m from "../paraglide/messages.js";
import { stateName } from "../signup/labels.ts";
import { placeOf, signupPath } from "../signup/paths.ts";
import { type SignupRecord, signupsOf } from "../signup/records.ts";
import { type BillingDocumentItem, SignupBillingDocuments } from "./billing-documents.tsx";
import { type MyResult, MyResults } from "./my-results.tsx";
import { type CertificateAnswer, Certificates } from "./signup-certificates.tsx";
import { SiteLink } from "./site-link.tsx";

type LastResult = Parameters<typeof useSiteForm>[0]["lastResult"];

const STATE_BADGE: Record<SignupRecord["state"], string> = {
  held: "badge-soon",
  "awaiting-payment": "badge-soon",
  confirmed: "badge-open",
  expired: "badge-closed",
  cancelled: "badge-closed",
};

const listed = (store: RecordStore, ids: readonly string[] | null) => ids && signupsOf(store, ids);

/**
 * The visitor's signups on the personal data page (`#iscrizioni`): what, when, where it stands and
 * what it costs; a held one to go on with, a confirmed one's calendar file, and a cancellation.
 * The signups are read from the record store, so a change taken there shows here at once.
 */
export function MySignups({
  signupIds,
  results,
  billingDocuments,
  clubNames = {},
  cancelled,
  lastResult,
  certificate,
}: {
  /** The published results of the visitor's participants, each under its signup. */
  results: readonly MyResult[];
  /** The receipts and invoices of each signup paid for, by signup id. */
  billingDocuments: Readonly<Record<string, readonly BillingDocumentItem[]>>;
  /** The names of the clubs whose entries are among the signups, by club id. */
  clubNames?: Readonly<Record<string, string>>;
  /** The answer of a certificate upload: done, or why not. */
  certificate?: CertificateAnswer | undefined;
  /** The visitor's signups, newest first; null when the list could not be read: the rest of the page still works. */
  signupIds: readonly string[] | null;
  /** The signup just cancelled, to say so; and the answer of a cancellation that failed. */
  cancelled: string | undefined;
  lastResult: { signupId: string; result: LastResult } | undefined;
}) {
  const signups = useRecords(listed, signupIds);
  return (
    <section className="profile-section my-signups" id="iscrizioni" aria-labelledby="iscrizioni-title">
      <h2 id="iscrizioni-title">{m.nav_signups()}</h2>
      {cancelled && (
        <p className="notice notice-ok" role="status">
          {m.signup_cancel_done()}
        </p>
      )}
      {signups === null ? (
        <p className="notice notice-warning">{m.my_signups_unavailable()}</p>
      ) : signups.length === 0 ? (
        <p className="my-signups-empty">
          {m.my_signups_empty()} <SiteLink to="/evento">{m.home_all_events()}</SiteLink>
        </p>
      ) : (
        <ul className="signup-list">
          {signups.map((signup) => (
            <SignupItem
              key={signup.id}
              signup={signup}
              certificate={certificate?.signupId === signup.id ? certificate : undefined}
              results={results.filter((result) => result.signupId === signup.id)}
              billingDocuments={billingDocuments[signup.id] ?? []}
              clubName={signup.clubId ? (clubNames[signup.clubId] ?? null) : null}
              lastResult={lastResult?.signupId === signup.id ? lastResult.result : undefined}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function SignupItem({
  signup,
  results,
  billingDocuments,
  clubName,
  lastResult,
  certificate,
}: {
  signup: SignupRecord;
  /** A club's signup: the club's name, when known. */
  clubName: string | null;
  results: readonly MyResult[];
  billingDocuments: readonly BillingDocumentItem[];
  lastResult: LastResult;
  certificate: CertificateAnswer | undefined;
}) {
  const { locale, apiBaseUrl } = useRootData();
  const { event, appointment } = signup;
  const tz = event.timeZone;
  const place = placeOf(event, appointment);
  const titleId = `signup-${signup.id}-title`;
  return (
    <li className="signup-item" aria-labelledby={titleId}>
      <div className="signup-item-head">
        <h3 id={titleId}>
          <SiteLink to={eventPath(event.slug)}>{event.title}</SiteLink>
        </h3>
        <span className={`badge ${STATE_BADGE[signup.state]}`}>{stateName(signup.state)}</span>
      </div>
      <p className="event-meta">
        {!appointment.implicit && `${appointment.title} · `}
        <time dateTime={appointment.startsAt}>{formatDateTime(appointment.startsAt, locale, tz)}</time>
      </p>
      {signup.clubId !== null ? (
        <ClubEntryLine clubId={signup.clubId} clubName={clubName} count={signup.participants.length} />
      ) : (
        signup.participants.length > 0 && (
          <p className="event-meta">
            {signup.participants.map((person) => `${person.givenName} ${person.familyName}`).join(", ")}
          </p>
        )
      )}
      {signup.price && (
        <p className="signup-total">
          {m.signup_price_total()}:{" "}
          <strong>{formatPrice(signup.price.total.amount, signup.price.total.currency, locale)}</strong>
          {signup.price.discount && <> · {m.signup_price_discount({ code: signup.price.discount.code })}</>}
        </p>
      )}
      {signup.state === "held" && (
        <p className="event-meta">
          {m.hold_until()} <time dateTime={signup.holdExpiresAt}>{formatTime(signup.holdExpiresAt, locale, tz)}</time>
        </p>
      )}
      {signup.state === "awaiting-payment" && signup.paymentDueAt && (
        <p className="event-meta">{m.my_signups_pay_by({ date: formatDateTime(signup.paymentDueAt, locale, tz) })}</p>
      )}
      {/* A club's athletes give their certificates by their own links; the entry's page follows them. */}
      {signup.clubId === null && <Certificates signup={signup} answer={certificate} />}
      <MyResults results={results} event={event} appointment={appointment} />
      {signup.state === "confirmed" && results.length === 0 && (
        <FoldedForClub signup={signup} summary={m.my_signups_club_tickets({ count: signup.participants.length })}>
          <Tickets signup={signup} />
        </FoldedForClub>
      )}
      <SignupBillingDocuments documents={billingDocuments} />
      <div className="signup-actions">
        {signup.state === "held" && (
          // The recap sends the visitor on to the first step still to do.
          <SiteLink to={signupPath(place, signup.id, "recap")} className="button button-primary">
            {m.my_signups_continue()}
          </SiteLink>
        )}
        {(signup.state === "awaiting-payment" || signup.state === "confirmed") && (
          <SiteLink to={signupPath(place, signup.id, "recap")} className="button">
            {m.my_signups_details()}
          </SiteLink>
        )}
        {signup.state === "confirmed" && (
          <a className="button" href={`${apiBaseUrl.replace(/\/+$/, "")}/api/signups/${signup.id}/calendar`} download>
            {m.signup_calendar()}
          </a>
        )}
      </div>
      {signup.transferable && (
        <FoldedForClub signup={signup} summary={m.my_signups_club_transfers()}>
          <ul className="signup-transfers">
            {signup.participants.map((person) => {
              const name = `${person.givenName} ${person.familyName}`;
              // A transfer waiting for its fee: say so, and lead to paying it rather than to a second transfer.
              const pending = signup.pendingTransfers.find((transfer) => transfer.participant === person.id);
              return (
                <li key={person.id}>
                  {pending ? (
                    <>
                      {m.my_signups_transfer_pending({
                        name,
                        to: `${pending.to.givenName} ${pending.to.familyName}`,
                        until: pending.expiresAt ? formatTime(pending.expiresAt, locale, tz) : "",
                      })}{" "}
                      <SiteLink to={transferPath(person.id)}>{m.transfer_pay_fee()}</SiteLink>
                    </>
                  ) : (
                    <SiteLink to={transferPath(person.id)}>{m.my_signups_transfer({ name })}</SiteLink>
                  )}
                </li>
              );
            })}
          </ul>
        </FoldedForClub>
      )}
      {signup.state === "cancelled" && <CancelledRefund signup={signup} />}
      {signup.cancellable && <CancelSignup signup={signup} lastResult={lastResult} />}
    </li>
  );
}

/** A club's signup in one line: the club, with a link to its page (its entries there), and how many athletes. */
function ClubEntryLine({ clubId, clubName, count }: { clubId: string; clubName: string | null; count: number }) {
  return (
    <p className="event-meta">
      <SiteLink to={clubPath(clubId)}>{clubName ?? m.my_signups_club()}</SiteLink> ·{" "}
      {m.signup_recap_athletes({ count })}
    </p>
  );
}

/** What lists every participant, folded for a club's signup, whose athletes may be hundreds. */
function FoldedForClub({ signup, summary, children }: { signup: SignupRecord; summary: string; children: ReactNode }) {
  if (signup.clubId === null) return children;
  return (
    <details className="signup-club-fold">
      <summary>{summary}</summary>
      {children}
    </details>
  );
}

/**
 * A confirmed signup's tickets: each participant's code and its QR code, drawn by the server as SVG
 * (the API's `ticketQr`), so no QR library is sent to the browser.
 */
function Tickets({ signup }: { signup: SignupRecord }) {
  const tickets = signup.participants.filter((person) => person.ticketCode);
  if (tickets.length === 0) return null;
  return (
    <div className="signup-tickets">
      <h4>{m.ticket_heading()}</h4>
      <p className="event-meta">
        {m.ticket_show_at_start()} {m.ticket_offline_hint()}
      </p>
      <ul className="ticket-list">
        {tickets.map((person) => {
          const name = `${person.givenName} ${person.familyName}`;
          return (
            <li key={person.id} className="ticket">
              {person.ticketQr && (
                <div
                  className="ticket-qr"
                  role="img"
                  aria-label={m.ticket_qr_label({ name })}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: the API draws this SVG itself from the ticket code (packages/usecases/src/signups/ticket-qr.ts).
                  dangerouslySetInnerHTML={{ __html: person.ticketQr }}
                />
              )}
              <p>
                <strong>{name}</strong>
                <br />
                {m.ticket_code()}: <code className="ticket-code">{person.ticketCode}</code>
                <br />
                <SiteLink to={ticketPath(person.id)}>{m.ticket_open({ name })}</SiteLink>
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** What cancelling now gives back, as the server's refund policy says: shown before the tick. */
function refundBefore(signup: SignupRecord, locale: string): string | null {
  const { refund } = signup;
  if (refund?.state !== "if-cancelled") return null;
  switch (refund.reason) {
    case "in-full":
      return m.signup_cancel_refund_full({ amount: formatPrice(refund.amount.amount, refund.amount.currency, locale) });
    case "deadline-passed":
      return m.signup_cancel_refund_late({
        date: refund.refundableUntil ? formatDateTime(refund.refundableUntil, locale, signup.event.timeZone) : "",
      });
    case "no-refunds":
      return m.signup_cancel_refund_never();
    case "nothing-paid":
      return m.signup_cancel_refund_unpaid();
  }
}

/** What a cancelled signup's cancellation gave back, and whether it has gone back yet; nothing when nothing was paid. */
function CancelledRefund({ signup }: { signup: SignupRecord }) {
  const { locale } = useRootData();
  const { refund } = signup;
  if (!refund || refund.reason === "nothing-paid") return null;
  const amount = formatPrice(refund.amount.amount, refund.amount.currency, locale);
  const text =
    refund.state === "refunded"
      ? m.signup_refund_done({ amount })
      : refund.state === "owed"
        ? m.signup_refund_owed({ amount })
        : refund.reason === "no-refunds"
          ? m.signup_refund_never()
          : m.signup_refund_late();
  return <p className="signup-refund">{text}</p>;
}

/** A cancellation says what it gives back and asks for a tick first; it releases the places at once. */
function CancelSignup({ signup, lastResult }: { signup: SignupRecord; lastResult: LastResult }) {
  const { locale } = useRootData();
  const [form, fields] = useSiteForm({ id: `cancel-${signup.id}`, schema: cancelSignupForm, lastResult });
  const refund = refundBefore(signup, locale);
  return (
    <details className="cancel-signup" open={Boolean(lastResult) || undefined}>
      <summary>{m.signup_cancel()}</summary>
      <Form method="post" {...getFormProps(form)} className="account-form">
        {form.errors && (
          <p className="field-error" role="alert">
            {form.errors.join(" ")}
          </p>
        )}
        <input type="hidden" name="intent" value="cancel-signup" />
        <input type="hidden" name="signupId" value={signup.id} />
        {refund && <p className="signup-refund">{refund}</p>}
        <CheckboxField field={fields.confirm} label={m.signup_cancel_confirm()} />
        <button type="submit" className="button button-danger">
          {m.signup_cancel_submit()}
        </button>
      </Form>
    </details>
  );
}
