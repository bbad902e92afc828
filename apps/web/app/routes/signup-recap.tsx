import { ApiError, type DataDocument, type ResourceObject, type SignupAttributes } from "@sports/jsonapi";
import { ACCOUNT_PATHS } from "../access.ts";
import { requireVisitor } from "../auth/guard.ts";
import { BillingDetails, isBillingAnswer } from "../components/billing-details.tsx";
import { ClubAthletes } from "../components/club-recap.tsx";
import { DiscountCodeField, isDiscountAnswer } from "../components/discount-code-field.tsx";
import { PriceBreakdownTable } from "../components/price-breakdown.tsx";
import { PayNow, RecapSubmitForm } from "../components/recap-payment.tsx";
import { RecapSection, SignupStateNotice } from "../components/recap-sections.tsx";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext, recordsContext, siteContext, visitorContext } from "../context.ts";
import { billingAttributes, billingFields, billingForm } from "../forms/billing.ts";
import { errorMessage } from "../forms/messages.ts";
import { replyWithApiError, replyWithErrors } from "../forms/reply.ts";
import { recapForm } from "../forms/signup.ts";
import { parseForm } from "../forms/use-site-form.ts";
import { elided } from "../i18n/elision.ts";
import { browserDefaultLocale, prefixOf } from "../i18n/locale.ts";
import { countryOptions } from "../lib/countries.ts";
import { formatCalendarDay } from "../lib/format.ts";
import { followOnward, goOnward } from "../lib/onward.ts";
import { browserRecords } from "../lib/record-store.ts";
import { useRootData } from "../lib/root-data.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import { isPaymentRefusal, startPayment } from "../payments/start.ts";
import { type BillingWords, rememberedBillingWords } from "../signup/billing-words.ts";
import { loadSignupPage, readSignupPage } from "../signup/load.ts";
import type { SignupStepData } from "../signup/page.ts";
import { signupPath } from "../signup/paths.ts";
import { type SignupRecord, signupOf } from "../signup/records.ts";
import { loadStep, loadStepFromServer } from "../signup/step-loader.ts";
import { useSignupPage } from "../signup/use-page.ts";
import type { Route } from "./+types/signup-recap.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.signup_recap_title());
}

/** What the recap's loader answers: the step, the billing form's words, and the club's name for a club's signup. */
type RecapData = SignupStepData & BillingWords & { clubName: string | null };

/** The step's signup, and what its billing form needs beside it (signup/billing-words.ts). */
export async function loader(args: Route.LoaderArgs): Promise<RecapData> {
  const { locale } = args.context.get(languageContext);
  const visitor = args.context.get(visitorContext);
  const step = await loadSignupPage(args, "recap");
  return {
    ...step,
    locale,
    accountName: visitor ? `${visitor.givenName} ${visitor.familyName}` : "",
    countries: countryOptions(locale),
    clubName: await clubNameOf(args.context, step.signupId),
  };
}

/**
 * From the store right after the stays (or participants) were saved, else from the server
 * (signup/step-loader.ts); from the store only with the billing words an earlier step's server
 * answer left in this language, and never for a club's signup, whose club's name the server reads.
 */
export async function clientLoader(args: Route.ClientLoaderArgs): Promise<RecapData> {
  const data: SignupStepData & Partial<BillingWords> & { clubName?: string | null } = await loadStep(args, "recap");
  if (data.countries && data.locale !== undefined && data.accountName !== undefined && data.clubName !== undefined)
    return {
      ...data,
      locale: data.locale,
      accountName: data.accountName,
      countries: data.countries,
      clubName: data.clubName,
    };
  const words = rememberedBillingWords(prefixOf(new URL(args.request.url).pathname) ?? browserDefaultLocale());
  const club = signupOf(browserRecords(), data.signupId)?.clubId ?? null;
  return words && club === null ? { ...data, ...words, clubName: null } : loadStepFromServer(args.serverLoader);
}

/**
 * Submits the held signup with its payment method and starts paying at once: the browser goes on to
 * the provider's page (or, for a bank transfer, to its instructions). A signup already waiting for
 * payment is paid with "Pay now" (`intent=pay`), which only starts a new payment. A discount code is
 * applied (`intent=discount`) or removed (`intent=remove-discount`) on the held signup, the page
 * staying where it is; a signup it makes free is confirmed by the submission, with nothing to pay.
 * The billing details are saved the same way (`intent=billing`), each refusal at its field.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  requireVisitor(context, request);
  const { prefix, locale } = context.get(languageContext);
  const { api } = context.get(siteContext);
  const { page } = await readSignupPage(args, "recap");
  const back = prefix + signupPath(page.place, page.signup.id, "recap");
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "discount" || intent === "remove-discount") {
    const typed = intent === "discount" ? String(formData.get("discountCode") ?? "").trim() : "";
    try {
      await api.patch(
        `/api/signups/${encodeURIComponent(page.signup.id)}`,
        { data: { type: "signups", id: page.signup.id, attributes: { discountCode: typed || null } } },
        { query: { locale } },
      );
    } catch (error) {
      if (!ApiError.is(error) || error.status >= 500 || error.status === 401) throw error;
      return { discountCode: typed, discountError: discountRefusal(error.errors[0]?.code) };
    }
    return null;
  }
  if (intent === "billing") return saveBilling(args, page.signup.id, formData);
  if (intent === "pay") {
    // Another of the event's ways to pay, when the recap offered the choice again; the API decides.
    const chosen = page.signup.event.rules.paymentMethods.find((method) => method === formData.get("paymentMethod"));
    return startPayment(args, page.signup.id, back, chosen);
  }

  const free = page.signup.price?.total.amount === 0;
  const submission = parseForm(formData, recapForm(page.signup.event.rules.paymentMethods, free));
  if (submission.status !== "success") return { form: replyWithErrors(submission) };
  let state: string | undefined;
  let answered: Awaited<ReturnType<typeof api.patch>>["document"];
  try {
    ({ document: answered } = await api.patch(
      `/api/signups/${encodeURIComponent(page.signup.id)}`,
      {
        data: {
          type: "signups",
          id: page.signup.id,
          attributes: { state: "awaiting-payment", ...submission.value },
        },
      },
      { query: { locale } },
    ));
    state = (answered?.data as ResourceObject<"signups", SignupAttributes> | undefined)?.attributes?.state;
  } catch (error) {
    return { form: replyWithApiError(submission, error) };
  }
  // Nothing to pay (a 100% discount code): the signup is confirmed already, and the recap says so.
  if (state === "confirmed") return goOnward(request, back, [answered]);
  // Submitted: should the payment not start now, the recap offers "Pay now" with the refusal.
  return startPayment(args, page.signup.id, back);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return followOnward(await serverAction());
}

export default function Recap({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = useRootData();
  const page = useSignupPage(loaderData);
  const { signup, stays } = page;
  const held = signup.state === "held";
  return (
    <>
      <h1>{held ? m.signup_recap_title() : m.signup_recap_title_done()}</h1>
      <SignupStateNotice page={page} />
      {signup.clubId !== null ? (
        <RecapSection page={page} title={m.signup_recap_club_title()} step="participants">
          <ClubAthletes signup={signup} clubName={loaderData.clubName} />
        </RecapSection>
      ) : (
        <RecapSection page={page} title={m.signup_step_participants()} step="participants">
          <ParticipantList signup={signup} />
        </RecapSection>
      )}
      {stays.length > 0 && (
        <RecapSection page={page} title={m.signup_step_stays()} step="stays">
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
                      {elided(
                        m.signup_recap_stay({
                          checkIn: formatCalendarDay(booking.checkIn, locale),
                          checkOut: formatCalendarDay(booking.checkOut, locale),
                          rooms: booking.rooms,
                          guests: booking.guests,
                        }),
                        locale,
                      )}
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
      {held && signup.price && (
        <DiscountCodeField
          discount={signup.price.discount}
          answer={isDiscountAnswer(actionData) ? actionData : undefined}
        />
      )}
      {(held || signup.state === "awaiting-payment") && signup.document && (signup.price?.total.amount ?? 0) > 0 && (
        <BillingDetails
          billing={signup.billing}
          document={signup.document}
          lastBilling={signup.lastBilling}
          accountName={loaderData.accountName}
          club={signup.clubId !== null ? (loaderData.clubName ?? undefined) : undefined}
          countries={loaderData.countries}
          answer={isBillingAnswer(actionData) ? actionData : undefined}
        />
      )}
      {held && (
        <RecapSubmitForm
          lastResult={actionData && "form" in actionData ? actionData.form : undefined}
          methods={signup.event.rules.paymentMethods}
          paymentTermDays={signup.event.rules.paymentTermDays}
          free={signup.price?.total.amount === 0}
        />
      )}
      {signup.state === "awaiting-payment" && (
        <PayNow signup={signup} refusal={isPaymentRefusal(actionData) ? actionData : undefined} />
      )}
      <p className="recap-aside">
        <SiteLink to={`/${ACCOUNT_PATHS.profile}#iscrizioni`}>{m.nav_signups()}</SiteLink>
      </p>
    </>
  );
}

/** A runner's participants at the recap, each with what they gave. */
function ParticipantList({ signup }: { signup: SignupRecord }) {
  const { locale } = useRootData();
  return (
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
              person.certificateId
                ? m.signup_recap_certificate()
                : signup.event.rules.medicalCertificate !== "none" && m.signup_recap_certificate_later(),
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Saves who the receipt or invoice names; the page stays, folded to its summary, or shows the errors. */
async function saveBilling({ context }: Route.ActionArgs, signupId: string, formData: FormData) {
  const { api } = context.get(siteContext);
  const { locale } = context.get(languageContext);
  const submission = parseForm(formData, billingForm);
  if (submission.status !== "success") return { billing: replyWithErrors(submission) };
  try {
    await api.patch(
      `/api/signups/${encodeURIComponent(signupId)}`,
      { data: { type: "signups", id: signupId, attributes: { billing: billingAttributes(submission.value) } } },
      { query: { locale } },
    );
  } catch (error) {
    return { billing: replyWithApiError(submission, error, { fields: billingFields(submission.value.kind) }) };
  }
  return { billing: submission.reply(), billingSaved: true };
}

/** The name of the club whose signup this is; null for a runner's own, or when the club cannot be read now. */
async function clubNameOf(context: Route.LoaderArgs["context"], signupId: string): Promise<string | null> {
  const clubId = signupOf(context.get(recordsContext), signupId)?.clubId;
  if (!clubId) return null;
  const { api } = context.get(siteContext);
  try {
    const { document } = await api.get<DataDocument<ResourceObject>>(`/api/clubs/${encodeURIComponent(clubId)}`, {
      keep: false,
    });
    return String(document.data.attributes?.name ?? "") || null;
  } catch (error) {
    if (ApiError.is(error) && error.status < 500) return null;
    throw error;
  }
}

/** Why a discount code was refused, in the visitor's words. */
function discountRefusal(code: string | undefined): string {
  switch (code) {
    case "code-unknown":
      return m.signup_discount_unknown();
    case "code-not-yet-valid":
      return m.signup_discount_not_yet_valid();
    case "code-expired":
      return m.signup_discount_expired();
    case "code-not-valid-here":
      return m.signup_discount_not_valid_here();
    case "code-used-up":
      return m.signup_discount_used_up();
    case "code-per-person-limit":
      return m.signup_discount_per_person();
    case "code-members-only":
      return m.signup_discount_members_only();
    default:
      return errorMessage(code ?? "invalid");
  }
}
