import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { CERTIFICATE_MAX_BYTES, CERTIFICATE_MEDIA_TYPES } from "@sports/jsonapi";
import { useId } from "react";
import { CheckboxField, FileField, SelectField, TextField } from "../forms/fields.tsx";
import { type ParticipantRules, requiredParticipantFields } from "../forms/signup.ts";
import { elided } from "../i18n/elision.ts";
import type { CountryOption } from "../lib/countries.ts";
import { formatCalendarDay } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { GenderOptions } from "./gender-options.tsx";
import { SiteLink } from "./site-link.tsx";

/** Someone the visitor signed up before, offered to fill in a participant. */
export interface KnownPerson {
  id: string;
  label: string;
  values: Record<string, string>;
}

// The participant's fields as the form holds them (strings until checked); Conform types them loosely.
type Person = Record<string, unknown>;

/** The labels of one participant's fields, for the field and for the error summary above the form. */
export function participantLabels(rules: ParticipantRules) {
  return {
    givenName: m.field_given_name(),
    familyName: m.field_family_name(),
    birthDate: m.field_birth_date(),
    gender: m.field_gender(),
    email: m.field_email(),
    phone: m.field_phone(),
    nationality: m.field_nationality(),
    club: m.field_club(),
    ...(rules.federationCardRequired ? { federationCard: m.field_federation_card() } : {}),
    ...(rules.tshirtSizes.length > 0 ? { tshirtSize: m.field_tshirt_size() } : {}),
    emergencyContactName: m.field_emergency_contact_name(),
    emergencyContactPhone: m.field_emergency_contact_phone(),
    ...(rules.medicalCertificate !== "none"
      ? { certificateId: m.field_certificate(), certificateExpiresOn: m.field_certificate_expires_on() }
      : {}),
    termsAccepted: m.field_participant_terms(),
    privacyAccepted: m.field_participant_privacy(),
  } as Record<string, string>;
}

/** One participant: who they are, how to reach them and someone else, what the event asks, the consents. */
export function ParticipantFieldset({
  form,
  list,
  person,
  index,
  count,
  rules,
  known,
  countries,
  onFilled,
  legend,
}: {
  form: FormMetadata<{ participants: Person[] }>;
  list: FieldMetadata<Person[]>;
  person: FieldMetadata<Person>;
  index: number;
  count: number;
  rules: ParticipantRules;
  known: KnownPerson[];
  /** The nationalities offered, named and sorted by the server (lib/countries.ts). */
  countries: readonly CountryOption[];
  /** "Fill in" put `label`'s details in this participant's fields. */
  onFilled: (label: string) => void;
  /** What the fieldset is called, when not "Participant N" (a transfer's new person). */
  legend?: string;
}) {
  const { locale } = useRootData();
  const fields = person.getFieldset();
  const labels = participantLabels(rules);
  // The form's current values, not its initial ones: an answer of the action may have just uploaded a file.
  const keptName = typeof fields.certificateName?.value === "string" ? fields.certificateName.value : "";
  const kept = typeof fields.keptCertificateId?.value === "string" ? fields.keptCertificateId.value : "";
  // A certificate uploaded before for the person filled in, still valid on race day: used again unless replaced.
  const reuse = typeof fields.reuseCertificateId?.value === "string" && !kept ? fields.reuseCertificateId.value : "";
  const reuseUntil = typeof fields.certificateExpiresOn?.value === "string" ? fields.certificateExpiresOn.value : "";
  const certificateKind =
    rules.medicalCertificate === "competitive" ? m.certificate_competitive() : m.certificate_non_competitive();
  const field = (name: string) => fields[name] as Parameters<typeof TextField>[0]["field"];
  const required = requiredParticipantFields(rules);
  return (
    <fieldset className="form-card">
      <legend>{legend ?? m.signup_participant_legend({ number: String(index + 1) })}</legend>
      {known.length > 0 && <PickPerson form={form} person={person} index={index} known={known} onFilled={onFilled} />}
      <div className="field-row">
        <TextField
          field={field("givenName")}
          required={required.has("givenName")}
          label={labels.givenName ?? ""}
          autoComplete={index ? "off" : "given-name"}
        />
        <TextField
          field={field("familyName")}
          required={required.has("familyName")}
          label={labels.familyName ?? ""}
          autoComplete={index ? "off" : "family-name"}
        />
      </div>
      <div className="field-row">
        <TextField
          field={field("birthDate")}
          required={required.has("birthDate")}
          label={labels.birthDate ?? ""}
          type="date"
          autoComplete={index ? "off" : "bday"}
        />
        <SelectField field={field("gender")} required={required.has("gender")} label={labels.gender ?? ""}>
          <GenderOptions empty={m.field_choose()} />
        </SelectField>
      </div>
      <div className="field-row">
        <TextField
          field={field("email")}
          required={required.has("email")}
          label={labels.email ?? ""}
          type="email"
          inputMode="email"
          autoComplete={index ? "off" : "email"}
        />
        <TextField
          field={field("phone")}
          required={required.has("phone")}
          label={labels.phone ?? ""}
          type="tel"
          autoComplete={index ? "off" : "tel"}
        />
      </div>
      <div className="field-row">
        <SelectField
          field={field("nationality")}
          required={required.has("nationality")}
          label={labels.nationality ?? ""}
        >
          <option value="">{m.field_not_given()}</option>
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        {rules.tshirtSizes.length > 0 && (
          <SelectField
            field={field("tshirtSize")}
            required={required.has("tshirtSize")}
            label={labels.tshirtSize ?? ""}
          >
            <option value="">{m.field_choose()}</option>
            {rules.tshirtSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <TextField
        field={field("club")}
        required={required.has("club")}
        label={labels.club ?? ""}
        hint={m.field_club_hint()}
      />
      {rules.federationCardRequired && (
        <TextField
          field={field("federationCard")}
          required={required.has("federationCard")}
          label={labels.federationCard ?? ""}
          hint={m.field_federation_card_required_hint()}
        />
      )}
      <div className="field-row">
        <TextField
          field={field("emergencyContactName")}
          required={required.has("emergencyContactName")}
          label={labels.emergencyContactName ?? ""}
          hint={m.field_emergency_contact_hint()}
          autoComplete="off"
        />
        <TextField
          field={field("emergencyContactPhone")}
          required={required.has("emergencyContactPhone")}
          label={labels.emergencyContactPhone ?? ""}
          type="tel"
          autoComplete="off"
        />
      </div>
      {rules.medicalCertificate !== "none" && (
        <div className="certificate">
          {kept && (
            <>
              <input type="hidden" name={fields.keptCertificateId?.name} value={kept} />
              {keptName && <input type="hidden" name={fields.certificateName?.name} value={keptName} />}
              <p className="notice notice-ok">
                {keptName ? m.certificate_on_file_named({ name: keptName }) : m.certificate_on_file()}
              </p>
            </>
          )}
          {reuse && (
            <>
              <input type="hidden" name={fields.reuseCertificateId?.name} value={reuse} />
              <p className="notice notice-ok">
                {elided(m.certificate_reuse({ date: reuseUntil ? formatCalendarDay(reuseUntil, locale) : "" }), locale)}
              </p>
            </>
          )}
          <FileField
            // A new input once a file has gone up, so the same file is not sent twice.
            key={kept || "none"}
            field={field("certificateId")}
            required={!kept && !reuse && !rules.certificateLater}
            label={kept || reuse ? m.field_certificate_replace() : (labels.certificateId ?? "")}
            accept={[".pdf", ".jpg", ".jpeg", ".png", ...CERTIFICATE_MEDIA_TYPES].join(",")}
            hint={m.field_certificate_hint({
              kind: certificateKind,
              size: String(CERTIFICATE_MAX_BYTES / 1024 / 1024),
            })}
          />
          <TextField
            field={field("certificateExpiresOn")}
            required={required.has("certificateExpiresOn")}
            label={labels.certificateExpiresOn ?? ""}
            type="date"
            hint={m.field_certificate_expires_hint()}
          />
          {rules.certificateLater && (
            <CheckboxField field={field("certificateLater")} label={m.field_certificate_later()} />
          )}
        </div>
      )}
      <CheckboxField
        field={field("termsAccepted")}
        required={required.has("termsAccepted")}
        label={
          <>
            {m.participant_terms_before()} <SiteLink to="/terms">{m.participant_terms_link()}</SiteLink>
          </>
        }
      />
      <CheckboxField
        field={field("privacyAccepted")}
        required={required.has("privacyAccepted")}
        label={
          <>
            {m.participant_privacy_before()} <SiteLink to="/privacy">{m.registration_privacy_link()}</SiteLink>
          </>
        }
      />
      {count > 1 && (
        <button {...form.remove.getButtonProps({ name: list.name, index })} className="button button-danger">
          {m.signup_remove_participant({ number: String(index + 1) })}
        </button>
      )}
    </fieldset>
  );
}

/**
 * "Fill in with someone you signed up before": with JavaScript the fields change at once; without,
 * the button posts the form and the page comes back filled in (the action turns it into the same update).
 */
function PickPerson({
  form,
  person,
  index,
  known,
  onFilled,
}: {
  form: FormMetadata<{ participants: Person[] }>;
  person: FieldMetadata<Person>;
  index: number;
  known: KnownPerson[];
  /** Told who the fields were filled in with (the fieldset is rendered anew with the new values). */
  onFilled: (label: string) => void;
}) {
  const id = useId();
  return (
    <div className="pick-person">
      <label htmlFor={id}>{m.signup_pick_label()}</label>
      <div className="pick-row">
        <select id={id} name={`pick-${index}`} defaultValue="">
          <option value="">{m.field_choose()}</option>
          {known.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.label}
            </option>
          ))}
        </select>
        <button
          type="submit"
          name="pick"
          value={index}
          formNoValidate
          className="button"
          onClick={(event) => {
            const select = event.currentTarget.form?.elements.namedItem(`pick-${index}`);
            const chosen = known.find((candidate) => candidate.id === (select as HTMLSelectElement | null)?.value);
            event.preventDefault();
            if (!chosen) return;
            const current = Object.fromEntries(
              Object.entries((person.value ?? {}) as Record<string, unknown>).filter(
                (entry): entry is [string, string] => typeof entry[1] === "string",
              ),
            );
            form.update({ name: person.name, value: { ...current, ...chosen.values } });
            const name = [chosen.values.givenName, chosen.values.familyName].filter(Boolean).join(" ");
            onFilled(name || chosen.label);
          }}
        >
          {m.signup_pick_submit()}
        </button>
      </div>
    </div>
  );
}
