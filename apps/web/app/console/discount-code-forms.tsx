import { Form } from "react-router";
import { discountCodeChangeForm, discountCodeForm, discountCodeLimitsForm } from "../forms/console-discount-codes.ts";
import { FieldErrors, FormErrors, SelectField, TextField } from "../forms/fields.tsx";
import { SubmitButton } from "../forms/submit-button.tsx";
import type { useSiteForm } from "../forms/use-site-form.ts";
import { localFrom } from "../lib/catalogue-values.ts";
import { formatPrice } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { useConsoleForm } from "./console-form.tsx";

/** A discount code as the console reads it, with how often it was used. */
export interface DiscountCode {
  id: string;
  attributes: {
    code: string;
    kind: "percent" | "amount";
    value: number;
    currency: string | null;
    validFrom: string | null;
    validUntil: string | null;
    maxUses: number;
    usesTaken: number;
    perPersonLimit: number | null;
    members: string[];
    active: boolean;
  };
  relationships: { appointment: { data: { id: string } | null } };
}

/**
 * The form for a new code: its text and discount, the appointment it is for (or the whole event),
 * its validity in the event's time zone, its limits, and the clubs or federation cards it is kept for.
 * After a code is made, the form starts again for the same appointment (`appointment`).
 */
export function NewCode({
  lastResult,
  timeZone,
  appointments,
  appointment,
}: {
  lastResult: Parameters<typeof useSiteForm>[0]["lastResult"];
  timeZone: string;
  appointments: { id: string; title: string }[];
  appointment?: string | undefined;
}) {
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: "discount-code",
    schema: discountCodeForm,
    lastResult,
    defaultValue: { kind: "percent", currency: "EUR", appointment: appointment ?? "" },
  });
  const labels = {
    code: m.console_discount_code(),
    kind: m.console_discount_kind(),
    value: m.console_discount_value(),
    currency: m.console_discount_currency(),
    maxUses: m.console_discount_max_uses(),
    perPersonLimit: m.console_discount_per_person(),
    members: m.console_discount_members_field(),
    appointment: m.console_discount_appointment(),
    validFrom: m.console_discount_valid_from(),
    validUntil: m.console_discount_valid_until(),
  };
  return (
    <section aria-labelledby="discount-new-title" className="console-section">
      <h2 id="discount-new-title">{m.console_discount_new()}</h2>
      <Form method="post" {...formProps} className="account-form">
        <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
        <TextField
          field={fields.code}
          label={labels.code}
          hint={m.console_discount_code_hint()}
          autoComplete="off"
          required
        />
        <SelectField field={fields.kind} label={labels.kind} required>
          <option value="percent">{m.console_discount_kind_percent()}</option>
          <option value="amount">{m.console_discount_kind_amount()}</option>
        </SelectField>
        <TextField
          field={fields.value}
          label={labels.value}
          hint={m.console_discount_value_hint()}
          inputMode="decimal"
          required
        />
        <TextField field={fields.currency} label={labels.currency} hint={m.console_discount_currency_hint()} />
        <input type="hidden" name="timeZone" value={timeZone} />
        <SelectField field={fields.appointment} label={labels.appointment} hint={m.console_discount_codes_stays()}>
          <option value="">{m.console_discount_every_appointment()}</option>
          {appointments.map((one) => (
            <option key={one.id} value={one.id}>
              {one.title}
            </option>
          ))}
        </SelectField>
        <TextField
          field={fields.validFrom}
          label={labels.validFrom}
          hint={m.console_discount_valid_hint({ timeZone })}
          type="datetime-local"
        />
        <TextField
          field={fields.validUntil}
          label={labels.validUntil}
          hint={m.console_discount_valid_hint({ timeZone })}
          type="datetime-local"
        />
        <TextField
          field={fields.maxUses}
          label={labels.maxUses}
          hint={m.console_discount_max_uses_hint()}
          inputMode="numeric"
          required
        />
        <TextField
          field={fields.perPersonLimit}
          label={labels.perPersonLimit}
          hint={m.console_discount_per_person_hint()}
          inputMode="numeric"
        />
        <div className="field">
          <label htmlFor={fields.members.id}>{labels.members}</label>
          <p className="field-hint" id={`${fields.members.id}-hint`}>
            {m.console_discount_members_hint()}
          </p>
          <textarea
            id={fields.members.id}
            name={fields.members.name}
            rows={3}
            aria-describedby={`${fields.members.id}-hint`}
          />
        </div>
        <SubmitButton name="intent" value="create">
          {m.console_discount_create()}
        </SubmitButton>
      </Form>
    </section>
  );
}

/**
 * One code's change, folded under its name (open again when the last try was refused): its limits,
 * validity and members, and, while nobody used it, its text and discount; once used, those are shown
 * with the reason they stay as they are.
 */
export function ChangeCode({
  code: { id, attributes: code },
  timeZone,
  lastResult,
}: {
  code: DiscountCode;
  timeZone: string;
  lastResult: Parameters<typeof useSiteForm>[0]["lastResult"];
}) {
  const { locale } = useRootData();
  const used = code.usesTaken > 0;
  const amount = code.kind === "amount";
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: `discount-code-${id}`,
    // A used code's form checks only its limits; its fields are typed as the whole change's.
    schema: used ? (discountCodeLimitsForm as unknown as typeof discountCodeChangeForm) : discountCodeChangeForm,
    lastResult,
    defaultValue: {
      codeId: id,
      code: code.code,
      kind: code.kind,
      value: amount ? String(code.value / 100) : String(code.value),
      currency: code.currency ?? "",
      maxUses: String(code.maxUses),
      perPersonLimit: code.perPersonLimit === null ? "" : String(code.perPersonLimit),
      validFrom: localFrom(code.validFrom, timeZone),
      validUntil: localFrom(code.validUntil, timeZone),
      members: code.members.join("\n"),
    },
  });
  const labels = {
    code: m.console_discount_code(),
    kind: m.console_discount_kind(),
    value: m.console_discount_value(),
    currency: m.console_discount_currency(),
    maxUses: m.console_discount_max_uses(),
    perPersonLimit: m.console_discount_per_person(),
    members: m.console_discount_members_field(),
    validFrom: m.console_discount_valid_from(),
    validUntil: m.console_discount_valid_until(),
  };
  const refused = Boolean(lastResult?.error && Object.keys(lastResult.error).length > 0);
  const members = fields.members;
  const membersInvalid = Boolean(members.errors?.length);
  return (
    <details className="console-code-change" open={refused || undefined}>
      <summary>{m.console_discount_change({ code: code.code })}</summary>
      <Form method="post" {...formProps} className="account-form">
        <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
        <input type="hidden" name="codeId" value={id} />
        <input type="hidden" name="timeZone" value={timeZone} />
        {used ? (
          <div className="field">
            <p className="console-hint">{m.console_discount_locked()}</p>
            <dl className="console-facts">
              <dt>{labels.code}</dt>
              <dd>{code.code}</dd>
              <dt>{labels.value}</dt>
              <dd>
                {amount
                  ? formatPrice(code.value, code.currency ?? "EUR", locale)
                  : m.console_discount_percent({ percent: code.value })}
              </dd>
            </dl>
          </div>
        ) : (
          <>
            <TextField
              field={fields.code}
              label={labels.code}
              hint={m.console_discount_code_hint()}
              autoComplete="off"
              required
            />
            <SelectField field={fields.kind} label={labels.kind} required>
              <option value="percent">{m.console_discount_kind_percent()}</option>
              <option value="amount">{m.console_discount_kind_amount()}</option>
            </SelectField>
            <TextField
              field={fields.value}
              label={labels.value}
              hint={m.console_discount_value_hint()}
              inputMode="decimal"
              required
            />
            <TextField field={fields.currency} label={labels.currency} hint={m.console_discount_currency_hint()} />
          </>
        )}
        <TextField
          field={fields.maxUses}
          label={labels.maxUses}
          hint={used ? m.console_discount_uses_of({ taken: code.usesTaken, max: code.maxUses }) : undefined}
          inputMode="numeric"
          required
        />
        <TextField
          field={fields.perPersonLimit}
          label={labels.perPersonLimit}
          hint={m.console_discount_per_person_hint()}
          inputMode="numeric"
        />
        <TextField
          field={fields.validFrom}
          label={labels.validFrom}
          hint={m.console_discount_valid_hint({ timeZone })}
          type="datetime-local"
        />
        <TextField
          field={fields.validUntil}
          label={labels.validUntil}
          hint={m.console_discount_valid_hint({ timeZone })}
          type="datetime-local"
        />
        <div className="field">
          <label htmlFor={members.id}>{labels.members}</label>
          <p className="field-hint" id={`${members.id}-hint`}>
            {m.console_discount_members_hint()}
          </p>
          <textarea
            id={members.id}
            name={members.name}
            rows={3}
            defaultValue={typeof members.initialValue === "string" ? members.initialValue : ""}
            key={members.key}
            aria-invalid={membersInvalid || undefined}
            aria-describedby={[`${members.id}-hint`, membersInvalid ? members.errorId : ""].join(" ").trim()}
          />
          <FieldErrors field={members} />
        </div>
        <SubmitButton name="intent" value="update">
          {m.console_discount_save()}
        </SubmitButton>
      </Form>
    </details>
  );
}
