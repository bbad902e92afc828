import { getFormProps } from "@conform-to/react";
import type { BillingAttributes } from "@sports/jsonapi";
import { Form } from "react-router";
import { billingDefaults, billingForm, billingSummary, clubBillingDefaults } from "../forms/billing.ts";
import { CheckboxField, FormErrors, RadioField, SelectField, TextField } from "../forms/fields.tsx";
import { SubmitButton } from "../forms/submit-button.tsx";
import { useSiteForm } from "../forms/use-site-form.ts";
import type { CountryOption } from "../lib/countries.ts";
import * as m from "../paraglide/messages.js";

type LastResult = Parameters<typeof useSiteForm>[0]["lastResult"];

/** What the recap's action answers about the billing details: the form's result, and whether they were saved. */
export interface BillingAnswer {
  billing: NonNullable<LastResult>;
  billingSaved?: boolean;
}

export function isBillingAnswer(value: unknown): value is BillingAnswer {
  return typeof value === "object" && value !== null && "billing" in value;
}

/**
 * The recap's billing details (`intent=billing`, a plain form that works without JavaScript): who
 * the receipt or invoice names. Folded to one line saying so ("Receipt in the name of …"), the
 * details open with "Edit"; open from the start when details of an earlier recap are offered again
 * and not yet saved here, and whenever the answer has errors, each at its field. Which fields show
 * follows the kind of buyer and the wish for an invoice by style alone (app.css, `.billing-form`).
 */
export function BillingDetails({
  billing,
  document,
  lastBilling,
  accountName,
  club,
  countries,
  answer,
}: {
  /** The signup's billing details, null until given. */
  billing: BillingAttributes | null;
  /** What the payment will issue as things stand: a person's default is the organiser's. */
  document: "receipt" | "invoice";
  /** The account's details of its last recap, to offer again. */
  lastBilling: BillingAttributes | null;
  accountName: string;
  /**
   * A club's signup: the club's name, the business its invoice names unless other details are
   * given (docs/decisions/068-club-entries.md); the details then open at once, to be completed.
   */
  club?: string | undefined;
  /** The countries offered, named and sorted by the server (lib/countries.ts). */
  countries: readonly CountryOption[];
  answer: BillingAnswer | undefined;
}) {
  const lastResult = answer?.billing;
  const [form, fields] = useSiteForm({
    id: "billing",
    schema: billingForm,
    lastResult,
    defaultValue:
      club === undefined
        ? billingDefaults(billing, lastBilling, accountName)
        : clubBillingDefaults(billing, lastBilling, accountName, club),
  });
  const summary = billingSummary(billing, accountName, document);
  const refused = lastResult?.status === "error";
  const open = refused || (billing === null && (lastBilling !== null || club !== undefined));
  const labels = {
    kind: m.signup_billing_kind(),
    personName: m.signup_billing_person_name(),
    businessName: m.signup_billing_business_name(),
    vatNumber: m.signup_billing_vat_number(),
    taxCode: m.signup_billing_tax_code(),
    wantsInvoice: m.signup_billing_wants_invoice(),
    street: m.field_street(),
    postalCode: m.field_postal_code(),
    locality: m.field_locality(),
    province: m.signup_billing_province(),
    country: m.field_country(),
    recipientCode: m.signup_billing_recipient_code(),
    pec: m.signup_billing_pec(),
  };
  return (
    <section className="recap-form billing-details" aria-labelledby="billing-title">
      <h2 id="billing-title" className="recap-form-title">
        {m.signup_billing_title()}
      </h2>
      {answer?.billingSaved && (
        <p className="notice notice-ok" role="status">
          {m.signup_billing_saved()}
        </p>
      )}
      {/* A new key folds it again once details are saved, whatever the visitor opened. */}
      <details className="billing-fold" open={open || undefined} key={JSON.stringify(billing)}>
        <summary>
          {summary.document === "invoice"
            ? m.signup_billing_summary_invoice({ name: summary.name })
            : m.signup_billing_summary_receipt({ name: summary.name })}{" "}
          · <span className="billing-edit">{m.signup_billing_edit()}</span>
        </summary>
        <Form method="post" {...getFormProps(form)} className="account-form billing-form">
          <FormErrors form={form} labels={labels} autoFocus={refused} />
          <input type="hidden" name="intent" value="billing" />
          <RadioField
            field={fields.kind}
            legend={labels.kind}
            options={[
              { value: "person", label: m.signup_billing_kind_person() },
              { value: "business", label: m.signup_billing_kind_business() },
            ]}
          />
          <div className="for-person">
            <TextField field={fields.personName} label={labels.personName} autoComplete="name" />
          </div>
          <div className="for-business">
            <TextField field={fields.businessName} label={labels.businessName} autoComplete="organization" />
            <TextField
              field={fields.vatNumber}
              label={labels.vatNumber}
              hint={m.signup_billing_vat_number_hint()}
              autoCapitalize="characters"
              spellCheck={false}
            />
          </div>
          <TextField
            field={fields.taxCode}
            label={labels.taxCode}
            hint={m.signup_billing_tax_code_hint()}
            autoCapitalize="characters"
            spellCheck={false}
          />
          <div className="for-person">
            <CheckboxField field={fields.wantsInvoice} label={labels.wantsInvoice} />
          </div>
          <div className="for-invoice">
            <TextField field={fields.street} label={labels.street} autoComplete="street-address" />
            <div className="field-row">
              <TextField field={fields.postalCode} label={labels.postalCode} autoComplete="postal-code" />
              <TextField field={fields.locality} label={labels.locality} autoComplete="address-level2" />
            </div>
            <div className="field-row">
              <TextField
                field={fields.province}
                label={labels.province}
                hint={m.signup_billing_province_hint()}
                autoComplete="address-level1"
                autoCapitalize="characters"
              />
              <SelectField field={fields.country} label={labels.country}>
                {countries.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </SelectField>
            </div>
            <TextField
              field={fields.recipientCode}
              label={labels.recipientCode}
              hint={m.signup_billing_recipient_code_hint()}
              autoCapitalize="characters"
              spellCheck={false}
            />
            <TextField
              field={fields.pec}
              label={labels.pec}
              hint={m.signup_billing_pec_hint()}
              type="email"
              inputMode="email"
            />
          </div>
          <div className="form-actions">
            <SubmitButton name="intent" value="billing">
              {m.signup_billing_save()}
            </SubmitButton>
          </div>
        </Form>
      </details>
    </section>
  );
}
