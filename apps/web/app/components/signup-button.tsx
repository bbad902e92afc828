import { Form } from "react-router";
import { refusalMessage } from "../forms/refusals.ts";
import { SubmitButton } from "../forms/submit-button.tsx";

/**
 * "Sign up": a form posting to the page's own action, or to `action` (signup/start.ts), which holds
 * the places and leads to the first step, or to the login first. A refusal (sold out, closed) is
 * said beside it. `accessibleLabel` names what is signed up for where several buttons share one
 * page (the event page's table of appointments).
 */
export function SignupButton({
  target,
  label,
  refusal,
  action,
  accessibleLabel,
  className = "signup-start",
}: {
  target: { appointment: string } | { event: string };
  label: string;
  refusal: string | undefined;
  action?: string;
  accessibleLabel?: string;
  className?: string;
}) {
  const [name, id] = "appointment" in target ? ["appointment", target.appointment] : ["event", target.event];
  return (
    <Form method="post" action={action} className={className}>
      {refusal && (
        <p className="notice notice-warning" role="alert">
          {refusalMessage(refusal)}
        </p>
      )}
      <SubmitButton name={name} value={id} accessibleLabel={accessibleLabel}>
        {label}
      </SubmitButton>
    </Form>
  );
}
