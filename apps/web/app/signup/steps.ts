import type { SignupStep } from "./paths.ts";

/**
 * The signup's steps in order, each knowing whether it applies to this signup and whether it is
 * done: participants, then the stays (only when the event offers lodging), then the recap. A club's
 * signup has its athletes from its entry (docs/decisions/068-club-entries.md): its participants
 * step is done from the start and never opened again.
 */
export interface StepState {
  step: SignupStep;
  done: boolean;
  /** Whether the visitor may open it: every earlier step is done, and it is not locked. */
  reachable: boolean;
}

export interface StepInput {
  hasStays: boolean;
  participantCount: number;
  staysChosen: boolean;
  /** A club's signup: its participants are its entry's athletes, each giving their own part. */
  club?: boolean;
}

export function signupSteps(input: StepInput): StepState[] {
  const list: { step: SignupStep; done: boolean; locked?: boolean }[] = [
    { step: "participants", done: input.participantCount > 0 || Boolean(input.club), locked: Boolean(input.club) },
    ...(input.hasStays ? [{ step: "stays" as const, done: input.staysChosen }] : []),
    { step: "recap", done: false },
  ];
  let reachable = true;
  return list.map(({ locked, ...item }) => {
    const state = { ...item, reachable: reachable && !locked };
    reachable &&= item.done;
    return state;
  });
}

/** The step a visitor asking for `wanted` may see: it, or the first earlier one still to do (the recap for a club's). */
export function allowedStep(input: StepInput, wanted: SignupStep): SignupStep {
  const steps = signupSteps(input);
  const target = steps.find((item) => item.step === wanted);
  if (target?.reachable) return wanted;
  return steps.find((item) => !item.done)?.step ?? (input.club ? "recap" : "participants");
}

/** The step after `current` (the recap is last). */
export function nextStep(input: StepInput, current: SignupStep): SignupStep {
  const steps = signupSteps(input);
  const index = steps.findIndex((item) => item.step === current);
  return steps[index + 1]?.step ?? "recap";
}
