import type { ReactNode } from "react";
import { Form } from "react-router";
import * as m from "../paraglide/messages.js";

/**
 * The filters above a console list (signups, certificates): a GET form, so that a filtered list
 * has its own address and works without JavaScript, its fields side by side and "Apply" last.
 */
export function FilterForm({ action, children }: { action: string; children: ReactNode }) {
  return (
    <Form method="get" action={action} className="console-filters" aria-label={m.console_signups_filters()}>
      {children}
      <button type="submit" className="button button-primary">
        {m.console_signups_apply()}
      </button>
    </Form>
  );
}

/** One filter's choice: its label above it, each option a value and its words. */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  options,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  options: readonly (readonly [value: string, text: string])[];
}) {
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
