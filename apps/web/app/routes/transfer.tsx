import { getFormProps } from "@conform-to/react";
import { ApiError, type DataDocument, type ResourceObject } from "@sports/jsonapi";
import { useMemo } from "react";
import { data, Form } from "react-router";
import { requireVisitor } from "../auth/guard.ts";
import { ParticipantFieldset, participantLabels } from "../components/participant-fields.tsx";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext, recordsContext, siteContext } from "../context.ts";
import { FormErrors, RequiredLegend, rowsOf } from "../forms/fields.tsx";
import { replyWithApiError, replyWithErrors } from "../forms/reply.ts";
import { type ParticipantRules, participantAttributes, participantsForm } from "../forms/signup.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { parseForm, useSiteForm } from "../forms/use-site-form.ts";
import { countryOptions } from "../lib/countries.ts";
import { formatDateTime, formatPrice } from "../lib/format.ts";
import { followOnward } from "../lib/onward.ts";
import { useRootData } from "../lib/root-data.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import { paymentRefusalMessage } from "../payments/labels.ts";
import { isPaymentRefusal, startPayment } from "../payments/start.ts";
import { signupsOf } from "../signup/records.ts";
import type { Route } from "./+types/transfer.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.transfer_title());
}

/**
 * Passing a participant's place to someone else (docs/decisions/028-transfers.md), from My signups:
 * the new person's details, the same fields as a signup's participants step, without the
 * certificate (it is uploaded after, from My signups). A plain form: it works without JavaScript.
 * When the event asks a fee, the form says how much, and the answer sends the runner to pay it (the
 * provider's page, then the payment result page), as the signup's payment step does. A transfer
 * already waiting for its fee is shown instead of the form, with the button to pay it.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireVisitor(context, request);
  return readTransfer(context, String(params.id));
}

/** The place to pass on: the visitor's own participant `participantId`, or 404. */
async function readTransfer(context: Route.LoaderArgs["context"], participantId: string) {
  const { api } = context.get(siteContext);
  const { document } = await api.get<DataDocument<ResourceObject[]>>("/api/signups", {
    query: { locale: context.get(languageContext).locale },
  });
  // The API client keeps what it read in the request's record store.
  const signups = signupsOf(
    context.get(recordsContext),
    document.data.map((signup) => signup.id),
  );
  const signup = signups.find((one) => one.participants.some((person) => person.id === participantId));
  const person = signup?.participants.find((one) => one.id === participantId);
  if (!signup || !person) throw data(null, { status: 404 });
  const what = [signup.event.title, signup.appointment.implicit ? "" : signup.appointment.title]
    .filter(Boolean)
    .join(" – ");
  const rules: ParticipantRules = {
    ...signup.event.rules,
    // The certificate is the new person's to upload after the transfer; one person at a time.
    medicalCertificate: "none",
    participantsPerSignup: 1,
  };
  return {
    participantId: person.id,
    name: `${person.givenName} ${person.familyName}`,
    what,
    transferable: signup.transferable,
    certificateAsked: signup.event.rules.medicalCertificate !== "none",
    rules,
    // The owner pays the event's fee online before the transfer takes effect.
    fee: signup.event.rules.transferFee
      ? { amount: signup.event.rules.transferFee, currency: signup.appointment.currency }
      : null,
    pending: signup.pendingTransfers.find((transfer) => transfer.participant === person.id) ?? null,
    timeZone: signup.event.timeZone,
    countries: countryOptions(context.get(languageContext).locale),
  };
}

/** Starts paying the fee of a transfer already asked for, then off to the provider as the form's answer does. */
async function payPendingFee(args: Pick<Route.ActionArgs, "request" | "context">, transferId: string) {
  const { prefix } = args.context.get(languageContext);
  const paying = await startPayment(args, { transfer: transferId }, `${prefix}${new URL(args.request.url).pathname}`);
  if (isPaymentRefusal(paying)) return { refusal: paying.paymentRefusal };
  return paying;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireVisitor(context, request);
  const { api } = context.get(siteContext);
  const { rules, pending } = await readTransfer(context, String(params.id));
  const formData = await request.formData();
  if (formData.get("intent") === "pay-fee" && pending) return payPendingFee({ request, context }, pending.id);
  const submission = parseForm(formData, participantsForm(rules));
  if (submission.status !== "success") return { result: replyWithErrors(submission) };
  const [person] = participantAttributes(submission.value);
  const { certificateId: _file, certificateExpiresOn: _expiry, ...attributes } = person ?? {};
  try {
    const { document } = await api.post(
      "/api/transfers",
      {
        data: {
          type: "transfers",
          attributes,
          relationships: { participant: { data: { type: "participants", id: String(params.id) } } },
        },
      },
      // The two people's mails speak the language of this page (the owner's, their account's).
      { query: { locale: context.get(languageContext).locale } },
    );
    const created = document?.data as
      | { id: string; attributes?: { state?: string; to?: { givenName: string; familyName: string } } }
      | undefined;
    const to = created?.attributes?.to;
    if (created && created.attributes?.state === "pending") {
      // A fee: off to pay it, as a signup's payment step does; the result page says when the place is theirs.
      const { prefix } = context.get(languageContext);
      const paying = await startPayment(
        { request, context },
        { transfer: created.id },
        `${prefix}${new URL(request.url).pathname}`,
      );
      if (isPaymentRefusal(paying)) return { result: submission.reply(), refusal: paying.paymentRefusal };
      return paying;
    }
    const ticketCode = document?.meta?.ticketCode;
    return {
      result: submission.reply({ resetForm: true }),
      done: {
        name: to ? `${to.givenName} ${to.familyName}` : "",
        ticketCode: typeof ticketCode === "string" ? ticketCode : null,
      },
    };
  } catch (error) {
    // The API names the one resource's attributes; the form holds them as its one participant's.
    const onForm = ApiError.is(error)
      ? new ApiError(
          error.status,
          error.errors.map((item) => {
            const pointer = item.source?.pointer?.replace(/^\/data\/attributes\//, "/data/0/attributes/");
            return pointer ? { ...item, source: { ...item.source, pointer } } : item;
          }),
          error.headers,
        )
      : error;
    return { result: replyWithApiError(submission, onForm, { list: "participants" }) };
  }
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return followOnward(await serverAction());
}

export default function Transfer({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, name, what, transferable, certificateAsked, fee, pending, timeZone, countries } = loaderData;
  const { locale } = useRootData();
  const schema = useMemo(() => participantsForm(rules), [rules]);
  const [form, fields] = useSiteForm({
    id: "transfer",
    schema,
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: { participants: [{}] } as never,
  });
  const [person] = rowsOf(fields.participants);
  const own = participantLabels(rules);
  const labels = Object.fromEntries(Object.entries(own).map(([field, label]) => [`participants[0].${field}`, label]));
  const answer = actionData && "result" in actionData ? actionData : undefined;
  const done = answer && "done" in answer ? answer.done : undefined;
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : undefined;
  const price = fee ? formatPrice(fee.amount, fee.currency, locale) : null;
  return (
    <main id="content" className="container section narrow account-page transfer-page">
      <h1>{m.transfer_title()}</h1>
      {done ? (
        <div className="notice notice-ok" role="status">
          <p>{m.transfer_done({ name: done.name })}</p>
          {done.ticketCode && <p>{m.transfer_done_ticket({ code: done.ticketCode })}</p>}
          <p>{m.transfer_done_mails()}</p>
          {certificateAsked && <p>{m.transfer_certificate_note()}</p>}
        </div>
      ) : !transferable ? (
        <p className="notice notice-warning">{m.transfer_not_available()}</p>
      ) : pending && price ? (
        <>
          <p className="lead">
            {m.transfer_pending_lead({
              name,
              to: `${pending.to.givenName} ${pending.to.familyName}`,
              amount: price,
              until: pending.expiresAt ? formatDateTime(pending.expiresAt, locale, timeZone) : "",
            })}
          </p>
          {refusal && (
            <p className="notice notice-warning" role="alert">
              {m.transfer_fee_not_started()} {paymentRefusalMessage(refusal)}
            </p>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="pay-fee" />
            <SubmitButton>{m.transfer_pay_fee()}</SubmitButton>
          </Form>
        </>
      ) : (
        <>
          <p className="lead">{m.transfer_lead({ name, what })}</p>
          {certificateAsked && <p className="notice">{m.transfer_certificate_note()}</p>}
          {price && <p className="notice transfer-fee">{m.transfer_fee_notice({ amount: price })}</p>}
          {refusal && (
            <p className="notice notice-warning" role="alert">
              {m.transfer_fee_not_started()} {paymentRefusalMessage(refusal)}
            </p>
          )}
          <Form method="post" {...getFormProps(form)} className="account-form signup-form">
            <FormErrors form={form} labels={labels} />
            <RequiredLegend />
            {person && (
              <ParticipantFieldset
                form={form as never}
                list={fields.participants as never}
                person={person as never}
                index={0}
                count={1}
                rules={rules}
                known={[]}
                countries={countries}
                onFilled={() => {}}
                legend={m.transfer_legend()}
              />
            )}
            <div className="form-actions">
              <SubmitButton>{price ? m.transfer_submit_pay({ amount: price }) : m.transfer_submit()}</SubmitButton>
            </div>
          </Form>
        </>
      )}
      <p className="transfer-back">
        <SiteLink to="/modificaDati#iscrizioni">{m.transfer_back()}</SiteLink>
      </p>
    </main>
  );
}
