import { getFormProps } from "@conform-to/react";
import { type ReactNode, useEffect, useRef } from "react";
import { Form } from "react-router";
import type { Visitor } from "../context.ts";
import { accountDeletionForm, emailChangeForm, passwordChangeForm, personalDataForm } from "../forms/account.ts";
import { CheckboxField, FormErrors, SelectField, TextField } from "../forms/fields.tsx";
import { NewPasswordField } from "../forms/password-field.tsx";
import { SubmitButton } from "../forms/submit-button.tsx";
import { useSiteForm } from "../forms/use-site-form.ts";
import { LOCALES } from "../i18n/locale.ts";
import type { CountryOption } from "../lib/countries.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { GenderOptions } from "./gender-options.tsx";
import { LANGUAGE_NAMES } from "./language-switcher.tsx";

/**
 * The profile page's own sections (`/profilo`): personal data, e-mail, password, the data download
 * and the account's deletion, each a form the page's action answers by its `intent`.
 */

type LastResult = Parameters<typeof useSiteForm>[0]["lastResult"];

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

export function PersonalData({
  visitor,
  countries,
  lastResult,
  saved,
}: {
  visitor: Visitor;
  /** The countries offered, named and sorted by the server (lib/countries.ts). */
  countries: readonly CountryOption[];
  lastResult: LastResult;
  saved: boolean;
}) {
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
    taxCode: m.field_tax_code(),
    phone: m.field_phone(),
    street: m.field_street(),
    postalCode: m.field_postal_code(),
    locality: m.field_locality(),
    country: m.field_country(),
    club: m.field_club(),
    federationCard: m.field_federation_card(),
    preferredLocale: m.field_preferred_locale(),
  };
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
        <TextField
          field={fields.taxCode}
          label={labels.taxCode}
          hint={m.field_tax_code_hint()}
          autoCapitalize="characters"
          spellCheck={false}
        />
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

export function EmailChange({
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

export function PasswordChange({ lastResult, saved }: { lastResult: LastResult; saved: boolean }) {
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

export function DataDownload() {
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

export function AccountDeletion({ lastResult }: { lastResult: LastResult }) {
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
