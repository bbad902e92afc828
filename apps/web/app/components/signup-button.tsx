import { Form } from "react-router";
import { SubmitButton } from "../forms/fields.tsx";
import { errorMessage } from "../forms/messages.ts";

/**
 * "Sign up": a form posting to the page's own action (signup/start.ts), which holds the places and
 * leads to the first step, or to the login first. A refusal (sold out, closed) is said beside it.
 */
export function SignupButton({
  target,
  label,
  refusal,
}: {
  target: { appointment: string } | { event: string };
  label: string;
  refusal: string | undefined;
}) {
  const [name, id] = "appointment" in target ? ["appointment", target.appointment] : ["event", target.event];
  return (
    <Form method="post" className="signup-start">
      {refusal && (
        <p className="notice notice-warning" role="alert">
          {errorMessage(refusal)}
        </p>
      )}
      <input type="hidden" name={name} value={id} />
      <SubmitButton>{label}</SubmitButton>
    </Form>
  );
}
