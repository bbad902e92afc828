import type { DataDocument, RecordStore, StayAttributes } from "@sports/jsonapi";
import { secondsLeft } from "./countdown.ts";
import { placeOf, type SignupPlace, type SignupStep, signupPath } from "./paths.ts";
import { type SignupRecord, signupOf, staysOf } from "./records.ts";
import { allowedStep, type StepState, signupSteps } from "./steps.ts";

/**
 * What a step's loader hands its page: which signup and step. The records themselves are read
 * from the record store (docs/decisions/016-record-store.md); `documents` are those the server
 * read them in, for the browser's store.
 */
export interface SignupStepData {
  signupId: string;
  step: SignupStep;
  /** The server's clock when the page was read: the countdown corrects a visitor's wrong clock by it. */
  serverNow: string;
  documents: DataDocument[];
}

/** What every signup step shows: the signup, the event's stays, the steps and where it stands. */
export interface SignupPage {
  signup: SignupRecord;
  stays: StayAttributes[];
  place: SignupPlace;
  steps: StepState[];
  step: SignupStep;
  serverNow: string;
}

/** The step's page from the store; undefined while the store lacks the signup or the event's stays. */
export function signupPageOf(
  store: RecordStore,
  data: Pick<SignupStepData, "signupId" | "step" | "serverNow">,
): SignupPage | undefined {
  const signup = signupOf(store, data.signupId);
  const stays = signup && staysOf(store, signup.event.id);
  if (!signup || !stays) return undefined;
  return {
    signup,
    stays,
    place: placeOf(signup.event, signup.appointment),
    steps: signupSteps(progressOf(signup, stays)),
    step: data.step,
    serverNow: data.serverNow,
  };
}

function progressOf(signup: SignupRecord, stays: readonly StayAttributes[]) {
  return {
    hasStays: stays.length > 0,
    participantCount: signup.participants.length,
    staysChosen: signup.staysChosen,
    club: signup.clubId !== null,
  };
}

/**
 * Where a visitor asking for this page belongs instead (a path without the language prefix), or
 * null when here is right: the signup's own URL when this one names another event or appointment,
 * the first step still to do when they skip ahead, the recap once it is submitted. An expired signup
 * is shown as such on any step.
 */
export function elsewhereThan(page: SignupPage, params: { slug: string; slug1?: string | undefined }): string | null {
  const { signup, place, step } = page;
  const canonical = (wanted: SignupStep) => signupPath(place, signup.id, wanted);
  if (params.slug !== place.eventSlug || (params.slug1 ?? null) !== place.appointmentSlug) return canonical(step);
  if (signup.state === "held") {
    const allowed = allowedStep(progressOf(signup, page.stays), step);
    return allowed === step ? null : canonical(allowed);
  }
  return signup.state !== "expired" && step !== "recap" ? canonical("recap") : null;
}

/**
 * The step's data from the store alone, when the store can answer for it as the server would: the
 * signup is held, its hold still running at `now` (the server's clock), and the visitor is on the
 * step they belong on. Otherwise undefined, and the server is asked: a lapsed hold, a submitted
 * signup or a wrong address are the server's to answer.
 */
export function stepFromStore(
  store: RecordStore,
  params: { slug: string; slug1?: string | undefined; id?: string | undefined },
  step: SignupStep,
  now: Date,
): SignupStepData | undefined {
  if (!params.id) return undefined;
  const data = { signupId: params.id, step, serverNow: now.toISOString(), documents: [] };
  const page = signupPageOf(store, data);
  if (page?.signup.state !== "held" || secondsLeft(page.signup.holdExpiresAt, now.getTime()) === 0) return undefined;
  return elsewhereThan(page, params) === null ? data : undefined;
}

/** The data of a step's loader, or false on any other route (the signup layout looks for it). */
export function isSignupStepData(data: unknown): data is SignupStepData {
  return typeof data === "object" && data !== null && "signupId" in data && "step" in data && "documents" in data;
}
