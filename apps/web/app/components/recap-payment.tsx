import { getFormProps } from "@conform-to/react";
import type { PaymentMethod } from "@sports/jsonapi";
import { Form } from "react-router";
import { CheckboxField, FormErrors, RadioField } from "../forms/fields.tsx";
import { recapForm } from "../forms/signup.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { useSiteForm } from "../forms/use-site-form.ts";
import * as m from "../paraglide/messages.js";
import { paymentRefusalMessage } from "../payments/labels.ts";
import type { PaymentRefusal } from "../payments/start.ts";
import { methodHint, methodName } from "../signup/labels.ts";
import type { SignupRecord } from "../signup/records.ts";
import { SiteLink } from "./site-link.tsx";

/*
 * The signup recap's forms (routes/signup-recap.tsx): submitting a held signup with its way to pay
 * and the terms, and paying one that waits for its payment.
 */

/** Submits the held signup: the way to pay (none for a free one) and the terms accepted. */
export function RecapSubmitForm({
  lastResult,
  methods,
  paymentTermDays,
  free,
}: {
  lastResult: Parameters<typeof useSiteForm>[0]["lastResult"];
  methods: PaymentMethod[];
  paymentTermDays: number;
  /** Nothing to pay (a 100% discount code): no way to pay to choose. */
  free: boolean;
}) {
  const [only] = methods;
  const [form, fields] = useSiteForm({
    id: "recap",
    schema: recapForm(methods, free),
    lastResult,
    // One way to pay is no choice: it is ticked already.
    ...(methods.length === 1 && only ? { defaultValue: { paymentMethod: only } } : {}),
  });
  const labels = { paymentMethod: m.field_payment_method(), termsAccepted: m.field_signup_terms() };
  if (methods.length === 0 && !free)
    return <p className="notice notice-warning recap-form">{m.payment_methods_none()}</p>;
  return (
    <Form method="post" {...getFormProps(form)} className="account-form recap-form">
      <h2 className="recap-form-title">{m.signup_submit_title()}</h2>
      <FormErrors form={form} labels={labels} />
      {free ? (
        <p className="field-hint">{m.signup_free_hint()}</p>
      ) : (
        <RadioField
          field={fields.paymentMethod}
          legend={labels.paymentMethod}
          options={methods.map((method) => ({
            value: method,
            label: methodName(method),
            hint: methodHint(method, paymentTermDays),
          }))}
        />
      )}
      <CheckboxField
        field={fields.termsAccepted}
        label={
          <>
            {m.signup_terms_before()} <SiteLink to="/terms">{m.signup_terms_link()}</SiteLink>
          </>
        }
      />
      <div className="form-actions">
        <SubmitButton>{m.signup_submit()}</SubmitButton>
      </div>
    </Form>
  );
}

/**
 * A signup waiting for payment, seen again (the visitor came back, or the payment did not start):
 * "Pay now" starts a new payment with the method chosen; for a bank transfer the same button leads
 * to the transfer's details. After an attempt that took no money (a declined or cancelled card),
 * every way the event offers is there to choose again.
 */
export function PayNow({ signup, refusal }: { signup: SignupRecord; refusal: PaymentRefusal | undefined }) {
  const methods = signup.event.rules.paymentMethods;
  const choose = signup.paymentMethodChangeable && methods.length > 1;
  const transfer = !choose && signup.paymentMethod === "bank-transfer";
  return (
    <section className="recap-form pay-now" aria-labelledby="pay-now-title">
      <h2 id="pay-now-title" className="recap-form-title">
        {transfer ? m.payment_transfer_details() : m.payment_pay_now_title()}
      </h2>
      {refusal && (
        <p className="notice notice-warning" role="alert">
          {paymentRefusalMessage(refusal.paymentRefusal)}
        </p>
      )}
      <p className="field-hint">
        {choose ? m.payment_choose_again_hint() : transfer ? m.payment_transfer_show_hint() : m.payment_pay_now_hint()}
      </p>
      <Form method="post" className="account-form">
        {choose && (
          <fieldset className="field field-radios">
            <legend>{m.field_payment_method()}</legend>
            {methods.map((method) => {
              const id = `pay-again-${method}`;
              const hint =
                method === "bank-transfer"
                  ? m.payment_bank_transfer_switch_hint()
                  : methodHint(method, signup.event.rules.paymentTermDays);
              return (
                <div className="field-check" key={method}>
                  <input
                    type="radio"
                    id={id}
                    name="paymentMethod"
                    value={method}
                    defaultChecked={method === signup.paymentMethod}
                    aria-describedby={`${id}-hint`}
                  />
                  <label htmlFor={id}>
                    {methodName(method)}
                    <span className="field-hint" id={`${id}-hint`}>
                      {hint}
                    </span>
                  </label>
                </div>
              );
            })}
          </fieldset>
        )}
        <div className="form-actions">
          <SubmitButton name="intent" value="pay">
            {transfer ? m.payment_transfer_show() : m.payment_pay_now()}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
