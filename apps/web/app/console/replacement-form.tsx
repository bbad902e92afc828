import type { SubmissionResult } from "@conform-to/react";
import { buyerDefaults, buyerForm } from "../forms/console-billing.ts";
import { FormErrors, SelectField, TextField } from "../forms/fields.tsx";
import type { CountryOption } from "../lib/countries.ts";
import { formatCalendarDay } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import type { BillingDocumentRow } from "./billing-documents.tsx";
import { documentKindLabel } from "./billing-labels.ts";
import { useConsoleForm } from "./console-form.tsx";
import { OrganiserForm } from "./organiser-form.tsx";

/** A rejected document: why the SdI refused it, and its buyer's details to correct and issue it again. */
export function ReplacementForm({
  row,
  countries,
  lastResult,
}: {
  row: BillingDocumentRow;
  countries: readonly CountryOption[];
  lastResult: SubmissionResult | undefined;
}) {
  const { locale } = useRootData();
  const { kind, number, issuedOn, transmission } = row.attributes;
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: `replace-form-${row.id}`,
    schema: buyerForm,
    lastResult,
    defaultValue: buyerDefaults(row.id, row.attributes.buyer),
  });
  const buyer = fields.buyer.getFieldset();
  const address = buyer.address.getFieldset();
  const labels = {
    "buyer.kind": m.console_billing_buyer_kind(),
    "buyer.name": m.console_billing_buyer_name(),
    "buyer.vatNumber": m.console_organisation_vat_number(),
    "buyer.taxCode": m.console_organisation_tax_code(),
    "buyer.address.street": m.console_organisation_street(),
    "buyer.address.postalCode": m.console_organisation_postal_code(),
    "buyer.address.locality": m.console_organisation_locality(),
    "buyer.address.province": m.console_organisation_province(),
    "buyer.address.country": m.console_organisation_country(),
    "buyer.recipientCode": m.console_billing_buyer_recipient_code(),
    "buyer.pec": m.console_billing_buyer_pec(),
  };
  const titleId = `replace-${row.id}-title`;
  return (
    <section id={`replace-${row.id}`} aria-labelledby={titleId} className="console-section">
      <h3 id={titleId}>
        {m.console_billing_replace_title({
          kind: documentKindLabel(kind),
          number,
          date: formatCalendarDay(issuedOn, locale),
        })}
      </h3>
      {transmission?.reason ? <p>{m.console_billing_replace_reason({ reason: transmission.reason })}</p> : null}
      <OrganiserForm method="post" className="console-form" {...formProps}>
        <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
        <input type="hidden" name="intent" value="replace" />
        <input type="hidden" name={fields.documentId.name} value={row.id} />
        <div className="console-fields-row">
          <SelectField field={buyer.kind} label={labels["buyer.kind"]} required>
            <option value="business">{m.console_billing_buyer_business()}</option>
            <option value="person">{m.console_billing_buyer_person()}</option>
          </SelectField>
          <TextField field={buyer.name} label={labels["buyer.name"]} autoComplete="off" required />
          <TextField field={buyer.vatNumber} label={labels["buyer.vatNumber"]} autoComplete="off" />
          <TextField field={buyer.taxCode} label={labels["buyer.taxCode"]} autoComplete="off" />
          <TextField field={address.street} label={labels["buyer.address.street"]} autoComplete="off" required />
          <TextField
            field={address.postalCode}
            label={labels["buyer.address.postalCode"]}
            autoComplete="off"
            required
          />
          <TextField field={address.locality} label={labels["buyer.address.locality"]} autoComplete="off" required />
          <TextField
            field={address.province}
            label={labels["buyer.address.province"]}
            hint={m.console_organisation_province_hint()}
            autoComplete="off"
            maxLength={2}
          />
          <SelectField field={address.country} label={labels["buyer.address.country"]} required>
            {countries.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
          <TextField
            field={buyer.recipientCode}
            label={labels["buyer.recipientCode"]}
            hint={m.console_billing_buyer_recipient_code_hint()}
            autoComplete="off"
          />
          <TextField field={buyer.pec} label={labels["buyer.pec"]} type="email" autoComplete="off" />
        </div>
        <p>
          <button type="submit" className="button button-primary">
            {m.console_billing_replace()}
          </button>
        </p>
      </OrganiserForm>
    </section>
  );
}
