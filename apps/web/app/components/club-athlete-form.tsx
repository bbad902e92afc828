import { getFormProps } from "@conform-to/react";
import type { ClubAthleteAttributes } from "@sports/jsonapi";
import { Form } from "react-router";
import { athleteForm } from "../forms/clubs.ts";
import { FormErrors, RequiredLegend, SelectField, TextField } from "../forms/fields.tsx";
import { SubmitButton } from "../forms/submit-button.tsx";
import { useSiteForm } from "../forms/use-site-form.ts";
import type { CountryOption } from "../lib/countries.ts";
import * as m from "../paraglide/messages.js";
import { wasRefused } from "./club-notice.tsx";
import { GenderOptions } from "./gender-options.tsx";
import { SiteLink } from "./site-link.tsx";

type LastResult = Parameters<typeof useSiteForm>[0]["lastResult"];

/** An athlete of the roster, as the club's page shows one. */
export type ClubAthlete = ClubAthleteAttributes & { id: string };

/**
 * An athlete of the roster as a form: a new one (`athlete` null), or the one being changed, filled
 * in, with a way back (`cancel`). Only the names are asked; the rest may wait for the athlete.
 */
export function ClubAthleteForm({
  athlete,
  countries,
  cancel,
  lastResult,
}: {
  athlete: ClubAthlete | null;
  countries: readonly CountryOption[];
  cancel: string;
  lastResult: LastResult;
}) {
  const intent = athlete ? "update-athlete" : "add-athlete";
  const [form, fields] = useSiteForm({
    id: athlete ? `club-athlete-${athlete.id}` : "club-athlete-new",
    schema: athleteForm,
    lastResult,
    ...(athlete
      ? {
          defaultValue: Object.fromEntries(
            Object.entries(athlete).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
          ),
        }
      : {}),
  });
  const labels = {
    givenName: m.field_given_name(),
    familyName: m.field_family_name(),
    birthDate: m.field_birth_date(),
    gender: m.field_gender(),
    email: m.field_email(),
    phone: m.field_phone(),
    nationality: m.field_nationality(),
    federationCard: m.field_federation_card(),
    tshirtSize: m.field_tshirt_size(),
    emergencyContactName: m.field_emergency_contact_name(),
    emergencyContactPhone: m.field_emergency_contact_phone(),
  };
  const title = athlete
    ? m.club_athlete_edit_title({ name: `${athlete.givenName} ${athlete.familyName}` })
    : m.club_athlete_add_title();
  return (
    <div className="club-athlete-form" id={athlete ? "modifica-atleta" : "nuovo-atleta"}>
      <h3>{title}</h3>
      <Form method="post" {...getFormProps(form)} className="account-form">
        <RequiredLegend />
        <FormErrors form={form} labels={labels} autoFocus={wasRefused(lastResult)} />
        <input type="hidden" name="intent" value={intent} />
        {athlete && <input type="hidden" name="athleteId" value={athlete.id} />}
        <div className="field-row">
          <TextField field={fields.givenName} label={labels.givenName} required autoComplete="off" />
          <TextField field={fields.familyName} label={labels.familyName} required autoComplete="off" />
        </div>
        <div className="field-row">
          <TextField field={fields.birthDate} label={labels.birthDate} type="date" autoComplete="off" />
          <SelectField field={fields.gender} label={labels.gender}>
            <GenderOptions empty={m.field_not_given()} />
          </SelectField>
        </div>
        <div className="field-row">
          <TextField field={fields.email} label={labels.email} type="email" inputMode="email" autoComplete="off" />
          <TextField field={fields.phone} label={labels.phone} type="tel" autoComplete="off" />
        </div>
        <div className="field-row">
          <SelectField field={fields.nationality} label={labels.nationality}>
            <option value="">{m.field_not_given()}</option>
            {countries.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
          <TextField
            field={fields.federationCard}
            label={labels.federationCard}
            autoCapitalize="characters"
            spellCheck={false}
          />
        </div>
        <TextField field={fields.tshirtSize} label={labels.tshirtSize} hint={m.club_athlete_tshirt_hint()} />
        <div className="field-row">
          <TextField field={fields.emergencyContactName} label={labels.emergencyContactName} autoComplete="off" />
          <TextField
            field={fields.emergencyContactPhone}
            label={labels.emergencyContactPhone}
            type="tel"
            autoComplete="off"
          />
        </div>
        <div className="form-actions">
          <SubmitButton name="intent" value={intent}>
            {athlete ? m.club_athlete_save_submit() : m.club_athlete_add_submit()}
          </SubmitButton>
          {athlete && <SiteLink to={cancel}>{m.club_athlete_cancel()}</SiteLink>}
        </div>
      </Form>
    </div>
  );
}
