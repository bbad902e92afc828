import { getFormProps } from "@conform-to/react";
import { Form, redirect } from "react-router";
import { ACCOUNT_PATHS } from "../access.ts";
import { requireVisitor } from "../auth/guard.ts";
import { PriceBreakdownTable } from "../components/price-breakdown.tsx";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext, siteContext } from "../context.ts";
import { CheckboxField, FormErrors, RadioField, SubmitButton } from "../forms/fields.tsx";
import { replyWithApiError, replyWithErrors } from "../forms/reply.ts";
import { recapForm } from "../forms/signup.ts";
import { parseForm, useSiteForm } from "../forms/use-site-form.ts";
import { formatCalendarDay, formatDateTime, formatPrice } from "../lib/format.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import { useRootData } from "../root.tsx";
import { methodName } from "../signup/labels.ts";
import { loadSignupPage, type SignupPage } from "../signup/load.ts";
import { signupPath } from "../signup/paths.ts";
import type { Route } from "./+types/signup-recap.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.signup_recap_title());
}

export async function loader(args: Route.LoaderArgs) {
  return loadSignupPage(args, "recap");
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  requireVisitor(context, request);
  const { prefix } = context.get(languageContext);
  const { api } = context.get(siteContext);
  const page = await loadSignupPage(args, "recap");
  const submission = parseForm(await request.formData(), recapForm);
  if (submission.status !== "success") return replyWithErrors(submission);
  try {
    await api.patch(`/api/signups/${encodeURIComponent(page.signup.id)}`, {
      data: {
        type: "signups",
        id: page.signup.id,
        attributes: { state: "awaiting-payment", ...submission.value },
      },
    });
  } catch (error) {
    return replyWithApiError(submission, error);
  }
  throw redirect(prefix + signupPath(page.place, page.signup.id, "recap"));
}

export default function Recap({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = useRootData();
  const { signup, stays } = loaderData;
  const held = signup.state === "held";
  return (
    <>
      <h1>{held ? m.signup_recap_title() : m.signup_recap_title_done()}</h1>
      <StateNotice page={loaderData} />
      <RecapSection page={loaderData} title={m.signup_step_participants()} step="participants">
        <ul className="recap-list">
          {signup.participants.map((person) => (
            <li key={person.id}>
              <strong>
                {person.givenName} {person.familyName}
              </strong>
              <span className="event-meta">
                {[
                  person.birthDate && formatCalendarDay(person.birthDate, locale),
                  person.email,
                  person.tshirtSize && m.signup_recap_tshirt({ size: person.tshirtSize }),
                  person.certificateId && m.signup_recap_certificate(),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </li>
          ))}
        </ul>
      </RecapSection>
      {stays.length > 0 && (
        <RecapSection page={loaderData} title={m.signup_step_stays()} step="stays">
          {signup.stayBookings.length === 0 ? (
            <p>{m.signup_recap_no_stay()}</p>
          ) : (
            <ul className="recap-list">
              {signup.stayBookings.map((booking) => {
                const stay = stays.find((s) => s.roomTypes.some((room) => room.id === booking.roomTypeId));
                const room = stay?.roomTypes.find((candidate) => candidate.id === booking.roomTypeId);
                return (
                  <li key={booking.id}>
                    <strong>{room ? `${room.name}, ${stay?.name}` : m.signup_room_unknown()}</strong>
                    <span className="event-meta">
                      {m.signup_recap_stay({
                        checkIn: formatCalendarDay(booking.checkIn, locale),
                        checkOut: formatCalendarDay(booking.checkOut, locale),
                        rooms: String(booking.rooms),
                        guests: String(booking.guests),
                      })}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </RecapSection>
      )}
      <section className="recap-section" aria-labelledby="price-title">
        <h2 id="price-title">{m.signup_price_title()}</h2>
        {signup.price ? (
          <PriceBreakdownTable price={signup.price} stays={stays} locale={locale} />
        ) : (
          <p>{m.signup_price_unavailable()}</p>
        )}
      </section>
      {held && <SubmitForm lastResult={actionData} paymentTermDays={signup.event.rules.paymentTermDays} />}
      <p className="recap-aside">
        <SiteLink to={`/${ACCOUNT_PATHS.profile}#iscrizioni`}>{m.nav_signups()}</SiteLink>
      </p>
    </>
  );
}

function RecapSection({
  page,
  title,
  step,
  children,
}: {
  page: SignupPage;
  title: string;
  step: "participants" | "stays";
  children: React.ReactNode;
}) {
  const id = `recap-${step}`;
  return (
    <section className="recap-section" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
        {page.signup.state === "held" && (
          <SiteLink
            to={signupPath(page.place, page.signup.id, step)}
            aria-label={m.signup_edit_named({ name: title })}
            className="edit-link"
          >
            {m.signup_edit()}
          </SiteLink>
        )}
      </div>
      {children}
    </section>
  );
}

/** What became of a submitted signup: waiting for the payment, confirmed, or cancelled. */
function StateNotice({ page }: { page: SignupPage }) {
  const { locale, apiBaseUrl } = useRootData();
  const { signup } = page;
  const total = signup.price ? formatPrice(signup.price.total.amount, signup.price.total.currency, locale) : "";
  switch (signup.state) {
    case "awaiting-payment":
      return (
        <div className="notice notice-ok" role="status">
          <p>{m.signup_awaiting_payment()}</p>
          {signup.paymentDueAt && (
            <p>
              {m.signup_pay_by({
                total,
                date: formatDateTime(signup.paymentDueAt, locale, signup.event.timeZone),
                method: methodName(signup.paymentMethod),
              })}
            </p>
          )}
        </div>
      );
    case "confirmed":
      return (
        <div className="notice notice-ok" role="status">
          <p>{m.signup_confirmed()}</p>
          <p>
            <a href={`${apiBaseUrl.replace(/\/+$/, "")}/api/signups/${signup.id}/calendar`} download>
              {m.signup_calendar()}
            </a>
          </p>
        </div>
      );
    case "cancelled":
      return <p className="notice notice-warning">{m.signup_cancelled_notice()}</p>;
    default:
      return null;
  }
}

function SubmitForm({
  lastResult,
  paymentTermDays,
}: {
  lastResult: Parameters<typeof useSiteForm>[0]["lastResult"];
  paymentTermDays: number;
}) {
  const [form, fields] = useSiteForm({ id: "recap", schema: recapForm, lastResult });
  const labels = { paymentMethod: m.field_payment_method(), termsAccepted: m.field_signup_terms() };
  return (
    <Form method="post" {...getFormProps(form)} className="account-form recap-form">
      <h2 className="recap-form-title">{m.signup_submit_title()}</h2>
      <FormErrors form={form} labels={labels} />
      <RadioField
        field={fields.paymentMethod}
        legend={labels.paymentMethod}
        options={[
          { value: "card", label: m.payment_card(), hint: m.payment_card_hint() },
          {
            value: "bank-transfer",
            label: m.payment_bank_transfer(),
            hint: m.payment_bank_transfer_hint({ days: String(paymentTermDays) }),
          },
        ]}
      />
      <CheckboxField
        field={fields.termsAccepted}
        label={
          <>
            {m.signup_terms_before()} <SiteLink to="/terms">{m.signup_terms_link()}</SiteLink>
          </>
        }
      />
      <div className="form-actions">
        <SubmitButton>{m.signup_submit()}</SubmitButton>
      </div>
    </Form>
  );
}
