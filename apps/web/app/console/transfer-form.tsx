import { GenderOptions } from "../components/gender-options.tsx";
import * as m from "../paraglide/messages.js";
import { Refusal } from "./console-form.tsx";
import { OutcomeNote } from "./notices.tsx";
import { OrganiserForm } from "./organiser-form.tsx";
import type { ActionOutcome } from "./review.server.ts";

/** The new person's fields the console's transfer form sends, besides the names and the consents. */
export const TRANSFER_FIELDS = [
  "birthDate",
  "gender",
  "email",
  "phone",
  "federationCard",
  "tshirtSize",
  "emergencyContactName",
  "emergencyContactPhone",
] as const;

const LABELS: Record<string, () => string> = {
  givenName: m.field_given_name,
  familyName: m.field_family_name,
  birthDate: m.field_birth_date,
  gender: m.field_gender,
  email: m.field_email,
  phone: m.field_phone,
  federationCard: m.field_federation_card,
  tshirtSize: m.field_tshirt_size,
  emergencyContactName: m.field_emergency_contact_name,
  emergencyContactPhone: m.field_emergency_contact_phone,
  termsAccepted: m.console_signup_transfer_consents,
  privacyAccepted: m.console_signup_transfer_consents,
};

export const transferFieldLabel = (field: string) => LABELS[field]?.() ?? field;

const TYPES: Partial<Record<string, string>> = {
  birthDate: "date",
  email: "email",
  phone: "tel",
  emergencyContactPhone: "tel",
};

/**
 * An organiser's transfer of one participant's place, folded away under the participant: the new
 * person's details, and the organiser's word that they accept the event's rules and privacy notice.
 */
export function ConsoleTransfer({
  participantId,
  name,
  outcome,
}: {
  participantId: string;
  name: string;
  outcome: ActionOutcome | undefined;
}) {
  const mine = outcome?.intent === "transfer" && outcome.target === participantId ? outcome : undefined;
  const id = (field: string) => `transfer-${participantId}-${field}`;
  const refused = mine && !mine.ok ? mine : undefined;
  /** A field's error under it, tied to it for screen readers. */
  const described = (field: string) => {
    const error = refused?.fields?.[field];
    return {
      props: { "aria-invalid": error ? true : undefined, "aria-describedby": error ? id(`${field}-error`) : undefined },
      error: error ? (
        <p id={id(`${field}-error`)} className="field-error">
          {error}
        </p>
      ) : null,
    };
  };
  const consents = described("consents");
  return (
    <>
      <details className="console-transfer" open={refused ? true : undefined}>
        <summary>{m.console_signup_transfer({ name })}</summary>
        <OrganiserForm method="post" className="console-form" noValidate>
          <Refusal id={id("refusal")} message={refused?.message} />
          <input type="hidden" name="intent" value="transfer" />
          <input type="hidden" name="participantId" value={participantId} />
          {["givenName", "familyName", ...TRANSFER_FIELDS].map((field) => {
            const { props, error } = described(field);
            return (
              <div key={field} className="console-field">
                <label htmlFor={id(field)}>{transferFieldLabel(field)}</label>
                {field === "gender" ? (
                  <select id={id(field)} name={field} defaultValue="" {...props}>
                    <GenderOptions empty={m.field_choose()} />
                  </select>
                ) : (
                  <input id={id(field)} name={field} type={TYPES[field] ?? "text"} autoComplete="off" {...props} />
                )}
                {error}
              </div>
            );
          })}
          <div className="console-field console-check">
            <input id={id("consents")} name="consents" type="checkbox" value="yes" {...consents.props} />
            <label htmlFor={id("consents")}>{m.console_signup_transfer_consents()}</label>
            {consents.error}
          </div>
          <button type="submit" className="button button-primary">
            {m.console_signup_transfer_submit()}
          </button>
        </OrganiserForm>
      </details>
      {mine?.ok ? <OutcomeNote ok>{mine.message}</OutcomeNote> : null}
    </>
  );
}
