import { getFormProps } from "@conform-to/react";
import type { ClubAttributes } from "@sports/jsonapi";
import { Form } from "react-router";
import { clubForm } from "../forms/clubs.ts";
import { FormErrors, RequiredLegend, TextField } from "../forms/fields.tsx";
import { SubmitButton } from "../forms/submit-button.tsx";
import { useSiteForm } from "../forms/use-site-form.ts";
import * as m from "../paraglide/messages.js";
import { wasRefused } from "./club-notice.tsx";

type LastResult = Parameters<typeof useSiteForm>[0]["lastResult"];

/**
 * A club's details as a form: to make a club (`/club`) or change one (`/club/:clubId`, filled in
 * with `club`). The page's action answers it by its `intent`.
 */
export function ClubDetailsForm({
  id,
  intent,
  submit,
  club,
  lastResult,
}: {
  id: string;
  intent: string;
  submit: string;
  club?: Pick<ClubAttributes, "name" | "federation" | "code" | "contactEmail" | "contactPhone">;
  lastResult: LastResult;
}) {
  const [form, fields] = useSiteForm({
    id,
    schema: clubForm,
    lastResult,
    ...(club
      ? {
          defaultValue: {
            name: club.name,
            federation: club.federation ?? "",
            code: club.code ?? "",
            contactEmail: club.contactEmail,
            contactPhone: club.contactPhone ?? "",
          },
        }
      : {}),
  });
  const labels = {
    name: m.club_field_name(),
    federation: m.club_field_federation(),
    code: m.club_field_code(),
    contactEmail: m.club_field_contact_email(),
    contactPhone: m.club_field_contact_phone(),
  };
  return (
    <Form method="post" {...getFormProps(form)} className="account-form">
      <RequiredLegend />
      <FormErrors form={form} labels={labels} autoFocus={wasRefused(lastResult)} />
      <input type="hidden" name="intent" value={intent} />
      <TextField field={fields.name} label={labels.name} required autoComplete="organization" />
      <div className="field-row">
        <TextField field={fields.federation} label={labels.federation} hint={m.club_field_federation_hint()} />
        <TextField field={fields.code} label={labels.code} hint={m.club_field_code_hint()} spellCheck={false} />
      </div>
      <div className="field-row">
        <TextField
          field={fields.contactEmail}
          label={labels.contactEmail}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
        />
        <TextField field={fields.contactPhone} label={labels.contactPhone} type="tel" autoComplete="tel" />
      </div>
      <SubmitButton name="intent" value={intent}>
        {submit}
      </SubmitButton>
    </Form>
  );
}
