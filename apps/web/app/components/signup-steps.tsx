import * as m from "../paraglide/messages.js";
import { type SignupPlace, type SignupStep, signupPath } from "../signup/paths.ts";
import type { StepState } from "../signup/steps.ts";
import { SiteLink } from "./site-link.tsx";

const STEP_NAMES: Record<SignupStep, () => string> = {
  participants: () => m.signup_step_participants(),
  stays: () => m.signup_step_stays(),
  recap: () => m.signup_step_recap(),
};

/** The steps in order, the current one marked; a step the visitor may go back to is a link. */
export function SignupSteps({
  steps,
  current,
  place,
  signupId,
  editable,
}: {
  steps: StepState[];
  current: SignupStep;
  place: SignupPlace;
  signupId: string;
  editable: boolean;
}) {
  return (
    <nav aria-label={m.signup_steps_label()} className="signup-steps-nav">
      <ol className="signup-steps">
        {steps.map((item, index) => {
          const isCurrent = item.step === current;
          const content = (
            <>
              <span className="step-number" aria-hidden="true">
                {item.done && !isCurrent ? "✓" : index + 1}
              </span>
              <span className="step-name">{STEP_NAMES[item.step]()}</span>
              {item.done && !isCurrent && <span className="sr-only"> ({m.signup_step_done()})</span>}
            </>
          );
          return (
            <li
              key={item.step}
              aria-current={isCurrent ? "step" : undefined}
              data-done={item.done ? "true" : undefined}
            >
              {!isCurrent && editable && item.reachable ? (
                <SiteLink to={signupPath(place, signupId, item.step)} className="step-link">
                  {content}
                </SiteLink>
              ) : (
                <span className="step-link">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
