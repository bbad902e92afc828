import { getFormProps } from "@conform-to/react";
import { type ApiClient, ApiError, type DataDocument, type ResourceObject } from "@sports/jsonapi";
import { type ReactNode, useEffect, useRef } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { ACCOUNT_PATHS } from "../access.ts";
import { requireVisitor, updateVisitor } from "../auth/guard.ts";
import { redirectWithCookies, resourceBody } from "../auth/session.ts";
import { GenderOptions } from "../components/gender-options.tsx";
import { LANGUAGE_NAMES } from "../components/language-switcher.tsx";
import { MySignups, uploadParticipantCertificate } from "../components/my-signups.tsx";
import { MyWaitingLists, type WaitingListItem } from "../components/my-waiting-lists.tsx";
import { SiteLink } from "../components/site-link.tsx";
import { CONSOLE_ROLES, CONSOLE_ROOT } from "../console/roles.ts";
import { languageContext, siteContext } from "../context.ts";
import {
  accountDeletionForm,
  emailChangeForm,
  passwordChangeForm,
  personalDataAttributes,
  personalDataForm,
} from "../forms/account.ts";
import { CheckboxField, FormErrors, SelectField, TextField } from "../forms/fields.tsx";
import { NewPasswordField } from "../forms/password-field.tsx";
import { replyWithApiError, replyWithErrors } from "../forms/reply.ts";
import { cancelSignupForm } from "../forms/signup.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { parseForm, useSiteForm } from "../forms/use-site-form.ts";
import { LOCALES } from "../i18n/locale.ts";
import { countryOptions } from "../lib/countries.ts";
import { loadIntoStore } from "../lib/record-store.ts";
import { privatePageMeta } from "../lib/seo.ts";
import { useLoaderRecords } from "../lib/use-records.ts";
import * as m from "../paraglide/messages.js";
import { useRootData } from "../root.tsx";
import { leaveWaitingList } from "../signup/waiting-list.ts";
import type { Route } from "./+types/profile.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.profile_title());
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = requireVisitor(context, request);
  const welcome = new URL(request.url).searchParams.get("done") === "registered";
  const [signups, waitingLists] = await Promise.all([mySignups(context), myWaitingLists(context)]);
  return { visitor, welcome, waitingLists, ...signups };
}

/** The visitor's waiting lists (`GET /api/waiting-list-entries`), newest first; none if the API cannot say now. */
async function myWaitingLists(context: Route.LoaderArgs["context"]): Promise<WaitingListItem[]> {
  const { api } = context.get(siteContext);
  try {
    const { document } = await api.get<DataDocument<ResourceObject[]>>("/api/waiting-list-entries", {
      query: { locale: context.get(languageContext).locale },
    });
    return document.data.map((entry) => {
      const attributes = entry.attributes as Omit<WaitingListItem, "id" | "signupId">;
      const signup = entry.relationships?.signup?.data as { id: string } | null | undefined;
      return { ...attributes, id: entry.id, signupId: signup?.id ?? null };
    });
  } catch (error) {
    if (ApiError.is(error) && error.status !== 401) return [];
    throw error;
  }
}

/**
 * Always the server's answer: which signups the visitor has, and where each stands, change on the
 * server (holds lapse, payments arrive). The records go into the browser's store, where the list
 * reads them (docs/decisions/016-record-store.md).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return loadIntoStore(serverLoader);
}

/**
 * The visitor's signups, newest first, by id (the records are in the store); null if the API
 * cannot say now (the rest of the page still works).
 */
async function mySignups(
  context: Route.LoaderArgs["context"],
): Promise<{ signupIds: string[] | null; documents: DataDocument[] }> {
  const { api } = context.get(siteContext);
  try {
    const { document } = await api.get<DataDocument<ResourceObject[]>>("/api/signups", {
      query: { locale: context.get(languageContext).locale },
    });
    return { signupIds: document.data.map((signup) => signup.id), documents: [document] };
  } catch (error) {
    if (ApiError.is(error) && error.status !== 401) return { signupIds: null, documents: [] };
    throw error;
  }
}

type Intent =
  | "personal-data"
  | "email"
  | "password"
  | "delete"
  | "cancel-signup"
  | "certificate"
  | "leave-waiting-list";

export async function action({ request, context }: Route.ActionArgs) {
  requireVisitor(context, request);
  const { api } = context.get(siteContext);
  const { prefix } = context.get(languageContext);
  const formData = await request.formData();
  const intent = String(formData.get("intent")) as Intent;

  // Each section is its own form; the answer says which one it belongs to.
  const change = async <Schema extends z.ZodType<Record<string, unknown>>>(
    schema: Schema,
    attributes: (value: z.output<Schema>) => Record<string, unknown> = (value) => value,
  ) => {
    const submission = parseForm(formData, schema);
    if (submission.status !== "success") return { intent, result: replyWithErrors(submission) };
    try {
      const answer = await api.patch("/api/users/me", resourceBody("users", attributes(submission.value)));
      const pendingEmail = answer.document?.meta?.pendingEmail;
      updateVisitor(context, answer.document);
      return { intent, result: submission.reply({ resetForm: intent !== "personal-data" }), saved: true, pendingEmail };
    } catch (error) {
      return { intent, result: replyWithApiError(submission, error) };
    }
  };

  switch (intent) {
    case "personal-data":
      return change(personalDataForm, personalDataAttributes);
    case "email":
      return change(emailChangeForm);
    case "password":
      return change(passwordChangeForm);
    case "cancel-signup": {
      const submission = parseForm(formData, cancelSignupForm);
      const signupId = String(formData.get("signupId") ?? "");
      if (submission.status !== "success") return { intent, signupId, result: replyWithErrors(submission) };
      try {
        await api.patch(`/api/signups/${encodeURIComponent(signupId)}`, {
          data: { type: "signups", id: signupId, attributes: { state: "cancelled" } },
        });
      } catch (error) {
        return { intent, signupId, result: replyWithApiError(submission, error) };
      }
      return { intent, signupId, result: submission.reply({ resetForm: true }), saved: true };
    }
    case "certificate":
      return { intent, ...(await uploadParticipantCertificate(context, formData)) };
    case "leave-waiting-list":
      await leaveWaitingList(context, String(formData.get("entryId") ?? ""));
      return { intent, saved: true };
    case "delete": {
      const submission = parseForm(formData, accountDeletionForm);
      if (submission.status !== "success") return { intent, result: replyWithErrors(submission) };
      let answer: Awaited<ReturnType<ApiClient["delete"]>>;
      try {
        answer = await api.delete("/api/users/me");
      } catch (error) {
        return { intent, result: replyWithApiError(submission, error) };
      }
      throw redirectWithCookies(`${prefix}/${ACCOUNT_PATHS.login}?done=account-deleted`, answer);
    }
    default:
      return null;
  }
}

type ActionData = Route.ComponentProps["actionData"];
const resultFor = (actionData: ActionData, intent: Intent) =>
  actionData && actionData.intent === intent ? actionData.result : undefined;
const savedFor = (actionData: ActionData, intent: Intent) =>
  Boolean(actionData && actionData.intent === intent && "saved" in actionData && actionData.saved);

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { visitor, welcome, signupIds, waitingLists } = loaderData;
  useLoaderRecords(loaderData.documents);
  const cancellation =
    actionData && actionData.intent === "cancel-signup" && "signupId" in actionData ? actionData : null;
  const pendingEmail =
    actionData && "pendingEmail" in actionData && typeof actionData.pendingEmail === "string"
      ? actionData.pendingEmail
      : undefined;
  return (
    <main id="content" className="container section narrow account-page profile">
      <h1>{m.profile_title()}</h1>
      {CONSOLE_ROLES.includes(visitor.role) ? (
        <p>
          <SiteLink to={`/${CONSOLE_ROOT}`} className="button">
            {m.console_title()}
          </SiteLink>
        </p>
      ) : null}
      {welcome && (
        <p className="notice notice-ok" role="status">
          {m.profile_welcome({ email: visitor.email })}
        </p>
      )}
      <MySignups
        signupIds={signupIds}
        certificate={
          actionData && actionData.intent === "certificate" && "position" in actionData ? actionData : undefined
        }
        cancelled={cancellation && savedFor(actionData, "cancel-signup") ? cancellation.signupId : undefined}
        lastResult={
          cancellation && !savedFor(actionData, "cancel-signup")
            ? { signupId: cancellation.signupId, result: cancellation.result }
            : undefined
        }
      />
      <MyWaitingLists items={waitingLists} left={savedFor(actionData, "leave-waiting-list")} />
      <PersonalData
        visitor={visitor}
        lastResult={resultFor(actionData, "personal-data")}
        saved={savedFor(actionData, "personal-data")}
      />
      <EmailChange
        email={visitor.email}
        verified={visitor.emailVerified}
        pendingEmail={pendingEmail}
        lastResult={resultFor(actionData, "email")}
      />
      <PasswordChange lastResult={resultFor(actionData, "password")} saved={savedFor(actionData, "password")} />
      <DataDownload />
      <AccountDeletion lastResult={resultFor(actionData, "delete")} />
    </main>
  );
}

type LastResult = Parameters<typeof useSiteForm>[0]["lastResult"];
type Visitor = Route.ComponentProps["loaderData"]["visitor"];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="profile-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * A section's outcome, where the visitor is looking: right under the button they pressed, with the
 * focus moved to it (the page's scroll follows), once per answer (`answer`: the action's result).
 * Without JavaScript the browser's own `autofocus` does the same as the page loads.
 */
function Saved({ show, answer, children }: { show: boolean; answer: unknown; children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (show && answer) ref.current?.focus();
  }, [show, answer]);
  if (!show) return null;
  return (
    // biome-ignore lint/a11y/noAutofocus: the outcome of what the visitor just did is where their attention belongs.
    <p ref={ref} className="notice notice-ok form-outcome" role="status" tabIndex={-1} autoFocus>
      {children}
    </p>
  );
}

function PersonalData({ visitor, lastResult, saved }: { visitor: Visitor; lastResult: LastResult; saved: boolean }) {
  const { locale } = useRootData();
  const [form, fields] = useSiteForm({
    id: "personal-data",
    schema: personalDataForm,
    lastResult,
    defaultValue: Object.fromEntries(
      Object.entries(visitor).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    ),
  });
  const labels = {
    givenName: m.field_given_name(),
    familyName: m.field_family_name(),
    birthDate: m.field_birth_date(),
    gender: m.field_gender(),
    phone: m.field_phone(),
    street: m.field_street(),
    postalCode: m.field_postal_code(),
    locality: m.field_locality(),
    country: m.field_country(),
    club: m.field_club(),
    federationCard: m.field_federation_card(),
    preferredLocale: m.field_preferred_locale(),
  };
  const countries = countryOptions(locale);
  return (
    <Section id="personal-data" title={m.profile_personal_data()}>
      <Form method="post" {...getFormProps(form)} className="account-form">
        <FormErrors form={form} labels={labels} />
        <input type="hidden" name="intent" value="personal-data" />
        <div className="field-row">
          <TextField field={fields.givenName} label={labels.givenName} autoComplete="given-name" />
          <TextField field={fields.familyName} label={labels.familyName} autoComplete="family-name" />
        </div>
        <div className="field-row">
          <TextField field={fields.birthDate} label={labels.birthDate} type="date" autoComplete="bday" />
          <SelectField field={fields.gender} label={labels.gender}>
            <GenderOptions empty={m.field_not_given()} />
          </SelectField>
        </div>
        <TextField field={fields.phone} label={labels.phone} type="tel" autoComplete="tel" />
        <TextField field={fields.street} label={labels.street} autoComplete="street-address" />
        <div className="field-row">
          <TextField field={fields.postalCode} label={labels.postalCode} autoComplete="postal-code" />
          <TextField field={fields.locality} label={labels.locality} autoComplete="address-level2" />
        </div>
        <SelectField field={fields.country} label={labels.country}>
          <option value="">{m.field_not_given()}</option>
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <TextField field={fields.club} label={labels.club} hint={m.field_club_hint()} />
        <TextField field={fields.federationCard} label={labels.federationCard} hint={m.field_federation_card_hint()} />
        <SelectField
          field={fields.preferredLocale}
          label={labels.preferredLocale}
          hint={m.field_preferred_locale_hint()}
        >
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </SelectField>
        <SubmitButton name="intent" value="personal-data">
          {m.profile_save()}
        </SubmitButton>
        <Saved show={saved} answer={lastResult}>
          {m.profile_saved()}
        </Saved>
      </Form>
    </Section>
  );
}

function EmailChange({
  email,
  verified,
  pendingEmail,
  lastResult,
}: {
  email: string;
  verified: boolean;
  pendingEmail: string | undefined;
  lastResult: LastResult;
}) {
  const [form, fields] = useSiteForm({ id: "email", schema: emailChangeForm, lastResult });
  const labels = { email: m.field_new_email(), currentPassword: m.field_current_password() };
  return (
    <Section id="email" title={m.profile_email()}>
      <p>
        {m.profile_email_current({ email })}{" "}
        <span className={verified ? "badge badge-open" : "badge badge-soon"}>
          {verified ? m.profile_email_verified() : m.profile_email_unverified()}
        </span>
      </p>
      <Form method="post" {...getFormProps(form)} className="account-form">
        <FormErrors form={form} labels={labels} />
        <input type="hidden" name="intent" value="email" />
        <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" inputMode="email" />
        <TextField
          field={fields.currentPassword}
          label={labels.currentPassword}
          type="password"
          autoComplete="current-password"
        />
        <SubmitButton name="intent" value="email">
          {m.profile_email_submit()}
        </SubmitButton>
        <Saved show={Boolean(pendingEmail)} answer={lastResult}>
          {m.profile_email_pending({ email: pendingEmail ?? "" })}
        </Saved>
      </Form>
    </Section>
  );
}

function PasswordChange({ lastResult, saved }: { lastResult: LastResult; saved: boolean }) {
  const [form, fields] = useSiteForm({ id: "password", schema: passwordChangeForm, lastResult });
  const labels = { currentPassword: m.field_current_password(), newPassword: m.field_new_password() };
  return (
    <Section id="password" title={m.profile_password()}>
      <Form method="post" {...getFormProps(form)} className="account-form">
        <FormErrors form={form} labels={labels} />
        <input type="hidden" name="intent" value="password" />
        <TextField
          field={fields.currentPassword}
          label={labels.currentPassword}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordField field={fields.newPassword} label={labels.newPassword} />
        <SubmitButton name="intent" value="password">
          {m.profile_password_submit()}
        </SubmitButton>
        <Saved show={saved} answer={lastResult}>
          {m.profile_password_changed()}
        </Saved>
      </Form>
    </Section>
  );
}

function DataDownload() {
  const { apiBaseUrl } = useRootData();
  return (
    <Section id="download" title={m.profile_download()}>
      <p>{m.profile_download_lead()}</p>
      <p>
        {/* The API answers the file itself (cookie session, same site): no JavaScript needed. */}
        <a
          className="button"
          href={`${apiBaseUrl.replace(/\/+$/, "")}/api/users/me?download`}
          download="personal-data.json"
        >
          {m.profile_download_link()}
        </a>
      </p>
    </Section>
  );
}

function AccountDeletion({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useSiteForm({ id: "delete", schema: accountDeletionForm, lastResult });
  return (
    <Section id="delete" title={m.profile_delete()}>
      <p>{m.profile_delete_lead()}</p>
      <Form method="post" {...getFormProps(form)} className="account-form">
        <input type="hidden" name="intent" value="delete" />
        <CheckboxField field={fields.confirm} label={m.profile_delete_confirm()} />
        <button type="submit" className="button button-danger">
          {m.profile_delete_submit()}
        </button>
      </Form>
    </Section>
  );
}
