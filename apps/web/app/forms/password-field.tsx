import { useState } from "react";
import * as m from "../paraglide/messages.js";
import { TextField } from "./fields.tsx";
import { passwordStrength, type Strength } from "./password-strength.ts";

const LABELS: Record<Strength, () => string> = {
  "too-short": () => m.password_strength_too_short(),
  weak: () => m.password_strength_weak(),
  fair: () => m.password_strength_fair(),
  strong: () => m.password_strength_strong(),
};

type FieldProps = Parameters<typeof TextField>[0];

/** A new password: the rules as a hint, and (with JavaScript) a live strength meter under it. */
export function NewPasswordField({ field, label }: Pick<FieldProps, "field" | "label">) {
  const [strength, setStrength] = useState<Strength | undefined>(undefined);
  return (
    <div className="new-password">
      <TextField
        field={field}
        label={label}
        type="password"
        autoComplete="new-password"
        hint={m.password_rules()}
        onChange={(event) =>
          setStrength(event.currentTarget.value ? passwordStrength(event.currentTarget.value) : undefined)
        }
      />
      {strength && (
        <p className="password-strength" data-strength={strength} aria-live="polite">
          <meter
            min={0}
            max={3}
            low={1.5}
            high={2.5}
            optimum={3}
            value={["too-short", "weak", "fair", "strong"].indexOf(strength)}
            aria-hidden="true"
          />
          <span>{m.password_strength({ strength: LABELS[strength]() })}</span>
        </p>
      )}
    </div>
  );
}
