import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { FieldErrors, rowsOf, TextField } from "../forms/fields.tsx";
import * as m from "../paraglide/messages.js";

interface Tier {
  until?: string | undefined;
  amount: string;
}

/** At most this many prices (the API's limit). */
const MOST_TIERS = 20;

/**
 * An appointment's prices by date, a row each (its last day, its amount), with a button to add a
 * row and one to remove each (while more than one is left). The buttons are Conform's list
 * intents: with JavaScript they change the rows at once, without it the action answers the form
 * with the row added or removed and everything typed kept. A problem of a row is said at its field.
 */
export function PriceTierRows<Form extends Record<string, unknown>>({
  form,
  field,
}: {
  form: FormMetadata<Form>;
  field: FieldMetadata<Tier[] | undefined, Form>;
}) {
  const rows = rowsOf(field);
  const hintId = `${field.id}-hint`;
  const invalid = Boolean(field.errors?.length);
  return (
    <fieldset
      id={field.id}
      className="console-languages console-tiers"
      aria-describedby={[hintId, invalid ? field.errorId : ""].join(" ").trim()}
    >
      <legend>{m.console_appointment_field_tiers()}</legend>
      <p className="field-hint" id={hintId}>
        {m.console_tiers_hint()}
      </p>
      {rows.map((row, index) => {
        const tier = row.getFieldset();
        return (
          // Conform keys a row once the list changed; before, its place is its key.
          <fieldset key={row.key ?? index} className="console-tier">
            <legend>{m.console_tier_legend({ n: index + 1 })}</legend>
            <div className="console-fields-row">
              <TextField
                field={tier.until}
                label={m.console_tier_until()}
                hint={m.console_tier_until_hint()}
                type="date"
              />
              <TextField field={tier.amount} label={m.console_tier_amount()} inputMode="decimal" required />
            </div>
            {rows.length > 1 ? (
              <button {...form.remove.getButtonProps({ name: field.name, index })} className="button button-danger">
                {m.console_tier_remove({ n: index + 1 })}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {rows.length < MOST_TIERS ? (
        <button
          {...form.insert.getButtonProps({ name: field.name, defaultValue: { until: "", amount: "" } })}
          className="button"
        >
          {m.console_tier_add()}
        </button>
      ) : null}
      <FieldErrors field={field} />
    </fieldset>
  );
}

/** The summary's labels of the rows: "Price 2: Amount (EUR)". */
export function tierLabels(name: string, count: number): Record<string, string> {
  const labels: Record<string, string> = { [name]: m.console_appointment_field_tiers() };
  for (let index = 0; index < count; index++) {
    labels[`${name}[${index}].until`] = m.console_tier_field({ n: index + 1, field: m.console_tier_until() });
    labels[`${name}[${index}].amount`] = m.console_tier_field({ n: index + 1, field: m.console_tier_amount() });
  }
  return labels;
}
