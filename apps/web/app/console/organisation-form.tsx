import type { SubmissionResult } from "@conform-to/react";
import { NATURA_CODE_LIST, type OrganisationAttributes, TAX_REGIME_LIST } from "@sports/jsonapi";
import { organisationDefaults, organisationForm } from "../forms/console-billing.ts";
import { CheckboxField, FormErrors, RadioField, RequiredLegend, SelectField, TextField } from "../forms/fields.tsx";
import type { CountryOption } from "../lib/countries.ts";
import * as m from "../paraglide/messages.js";
import { NATURA_OFFICIAL, naturaLabel, taxRegimeLabel } from "./billing-labels.ts";
import { useConsoleForm } from "./console-form.tsx";
import { OrganiserForm } from "./organiser-form.tsx";

/** The things a document bills, each with its VAT treatment, in the order the form shows them. */
const ITEMS = ["entryFee", "lodging", "transferFee"] as const;

const itemLabel = (item: (typeof ITEMS)[number]) =>
  ({
    entryFee: m.console_organisation_item_entry_fee,
    lodging: m.console_organisation_item_lodging,
    transferFee: m.console_organisation_item_transfer_fee,
  })[item]();

/** Each field's name in the summary of what to fix, in the order of the page. */
export function organisationLabels(): Record<string, string> {
  return {
    legalName: m.console_organisation_legal_name(),
    "address.street": m.console_organisation_street(),
    "address.postalCode": m.console_organisation_postal_code(),
    "address.locality": m.console_organisation_locality(),
    "address.province": m.console_organisation_province(),
    "address.country": m.console_organisation_country(),
    vatNumber: m.console_organisation_vat_number(),
    taxCode: m.console_organisation_tax_code(),
    taxRegime: m.console_organisation_tax_regime(),
    documentPrefix: m.console_organisation_prefix(),
    invoiceSeries: m.console_organisation_invoice_series(),
    receiptSeries: m.console_organisation_receipt_series(),
    personDocument: m.console_organisation_person_document(),
    ...Object.fromEntries(
      ITEMS.flatMap((item) => [
        [`treatments.${item}.vatRate`, m.console_organisation_vat_rate_of({ item: itemLabel(item) })],
        [`treatments.${item}.natura`, m.console_organisation_natura_of({ item: itemLabel(item) })],
      ]),
    ),
    "stampDuty.applies": m.console_organisation_stamp_duty_applies(),
    "stampDuty.payer": m.console_organisation_stamp_duty_payer(),
    "transmitter.country": m.console_organisation_transmitter_country(),
    "transmitter.code": m.console_organisation_transmitter_code(),
    handOverEveryDays: m.console_organisation_hand_over_days(),
  };
}

/**
 * The organiser's fiscal identity and document settings: who issues the documents (name, address,
 * VAT number, tax code, regime), how they are numbered, which document a private person gets, the
 * VAT of each thing billed (at 0%, the Natura code that says why), the stamp duty, and how the
 * invoices reach the SdI. Every refusal is said at its field.
 */
export function OrganisationForm({
  organisation,
  countries,
  lastResult,
}: {
  organisation: OrganisationAttributes | null;
  countries: readonly CountryOption[];
  lastResult: SubmissionResult | undefined;
}) {
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: "organisation",
    schema: organisationForm,
    lastResult,
    defaultValue: organisationDefaults(organisation),
  });
  const labels = organisationLabels();
  const address = fields.address.getFieldset();
  const treatments = fields.treatments.getFieldset();
  const stampDuty = fields.stampDuty.getFieldset();
  const transmitter = fields.transmitter.getFieldset();
  const countryChoices = countries.map(({ code, name }) => (
    <option key={code} value={code}>
      {name}
    </option>
  ));
  return (
    <OrganiserForm method="post" className="console-form" aria-labelledby="organisation-identity" {...formProps}>
      <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
      <RequiredLegend />
      <h2 id="organisation-identity">{m.console_organisation_identity()}</h2>
      <TextField field={fields.legalName} label={labels.legalName ?? ""} autoComplete="organization" required />
      <div className="console-fields-row">
        <TextField
          field={address.street}
          label={labels["address.street"] ?? ""}
          autoComplete="street-address"
          required
        />
        <TextField
          field={address.postalCode}
          label={labels["address.postalCode"] ?? ""}
          autoComplete="postal-code"
          required
        />
        <TextField
          field={address.locality}
          label={labels["address.locality"] ?? ""}
          autoComplete="address-level2"
          required
        />
        <TextField
          field={address.province}
          label={labels["address.province"] ?? ""}
          hint={m.console_organisation_province_hint()}
          autoComplete="off"
          maxLength={2}
        />
        <SelectField field={address.country} label={labels["address.country"] ?? ""} required>
          {countryChoices}
        </SelectField>
      </div>
      <div className="console-fields-row">
        <TextField
          field={fields.vatNumber}
          label={labels.vatNumber ?? ""}
          hint={m.console_organisation_vat_number_hint()}
          autoComplete="off"
          inputMode="numeric"
        />
        <TextField
          field={fields.taxCode}
          label={labels.taxCode ?? ""}
          hint={m.console_organisation_tax_code_hint()}
          autoComplete="off"
        />
      </div>
      <SelectField field={fields.taxRegime} label={labels.taxRegime ?? ""} required>
        {TAX_REGIME_LIST.map((code) => (
          <option key={code} value={code}>
            {taxRegimeLabel(code)}
          </option>
        ))}
      </SelectField>

      <h2>{m.console_organisation_documents()}</h2>
      <div className="console-fields-row">
        <TextField
          field={fields.documentPrefix}
          label={labels.documentPrefix ?? ""}
          hint={m.console_organisation_prefix_hint()}
          autoComplete="off"
        />
        <TextField
          field={fields.invoiceSeries}
          label={labels.invoiceSeries ?? ""}
          hint={m.console_organisation_series_hint()}
          autoComplete="off"
          required
        />
        <TextField field={fields.receiptSeries} label={labels.receiptSeries ?? ""} autoComplete="off" required />
      </div>
      <RadioField
        field={fields.personDocument}
        legend={labels.personDocument ?? ""}
        options={[
          { value: "receipt", label: m.console_organisation_person_receipt() },
          { value: "invoice", label: m.console_organisation_person_invoice() },
        ]}
      />

      <h2 id="organisation-vat">{m.console_organisation_vat()}</h2>
      <p className="field-hint">{m.console_organisation_vat_hint()}</p>
      <div className="console-fields-row">
        {ITEMS.map((item) => {
          const treatment = treatments[item].getFieldset();
          return (
            <fieldset key={item} className="console-languages">
              <legend>{itemLabel(item)}</legend>
              <TextField
                field={treatment.vatRate}
                label={m.console_organisation_vat_rate()}
                hint={m.console_organisation_vat_rate_hint()}
                inputMode="decimal"
                required
              />
              <SelectField field={treatment.natura} label={m.console_organisation_natura()}>
                <option value="">{m.console_organisation_natura_none()}</option>
                {NATURA_CODE_LIST.map((code) => (
                  <option key={code} value={code}>
                    {naturaLabel(code)}
                  </option>
                ))}
              </SelectField>
            </fieldset>
          );
        })}
      </div>
      <details className="console-natura">
        <summary>{m.console_organisation_natura_official()}</summary>
        <dl lang="it">
          {NATURA_CODE_LIST.map((code) => (
            <div key={code}>
              <dt>{code}</dt>
              <dd>{NATURA_OFFICIAL[code]}</dd>
            </div>
          ))}
        </dl>
      </details>

      <h2>{m.console_organisation_stamp_duty()}</h2>
      <p className="field-hint">{m.console_organisation_stamp_duty_hint()}</p>
      <CheckboxField field={stampDuty.applies} label={labels["stampDuty.applies"] ?? ""} />
      <RadioField
        field={stampDuty.payer}
        legend={labels["stampDuty.payer"] ?? ""}
        options={[
          { value: "buyer", label: m.console_organisation_stamp_duty_buyer() },
          { value: "organiser", label: m.console_organisation_stamp_duty_organiser() },
        ]}
      />

      <h2>{m.console_organisation_sdi()}</h2>
      <p className="field-hint">{m.console_organisation_transmitter_hint()}</p>
      <div className="console-fields-row">
        <SelectField field={transmitter.country} label={labels["transmitter.country"] ?? ""}>
          <option value="">{m.console_organisation_transmitter_none()}</option>
          {countryChoices}
        </SelectField>
        <TextField
          field={transmitter.code}
          label={labels["transmitter.code"] ?? ""}
          hint={m.console_organisation_transmitter_code_hint()}
          autoComplete="off"
        />
        <TextField
          field={fields.handOverEveryDays}
          label={labels.handOverEveryDays ?? ""}
          hint={m.console_organisation_hand_over_hint()}
          inputMode="numeric"
          required
        />
      </div>
      <p>
        <button type="submit" className="button button-primary">
          {m.console_organisation_save()}
        </button>
      </p>
    </OrganiserForm>
  );
}
