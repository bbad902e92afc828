import type { SignupStep } from "./paths.ts";

/**
 * The signup's steps in order, each knowing whether it applies to this signup and whether it is
 * done: participants, then the stays (only when the event offers lodging), then the recap.
 */
export interface StepState {
  step: SignupStep;
  done: boolean;
  /** Whether the visitor may open it: every earlier step is done. */
  reachable: boolean;
}

export interface StepInput {
  hasStays: boolean;
  participantCount: number;
  staysChosen: boolean;
}

export function signupSteps(input: StepInput): StepState[] {
  const list: { step: SignupStep; done: boolean }[] = [
    { step: "participants", done: input.participantCount > 0 },
    ...(input.hasStays ? [{ step: "stays" as const, done: input.staysChosen }] : []),
    { step: "recap", done: false },
  ];
  let reachable = true;
  return list.map((item) => {
    const state = { ...item, reachable };
    reachable &&= item.done;
    return state;
  });
}

/** The step a visitor asking for `wanted` may see: it, or the first earlier one still to do. */
export function allowedStep(input: StepInput, wanted: SignupStep): SignupStep {
  const steps = signupSteps(input);
  const target = steps.find((item) => item.step === wanted);
  if (target?.reachable) return wanted;
  return steps.find((item) => !item.done)?.step ?? "participants";
}

/** The step after `current` (the recap is last). */
export function nextStep(input: StepInput, current: SignupStep): SignupStep {
  const steps = signupSteps(input);
  const index = steps.findIndex((item) => item.step === current);
  return steps[index + 1]?.step ?? "recap";
}
