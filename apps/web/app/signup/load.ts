import type { DataDocument, StayAttributes } from "@sports/jsonapi";
import { type RouterContextProvider, redirect } from "react-router";
import { requireVisitor } from "../auth/guard.ts";
import { languageContext } from "../context.ts";
import { readApi } from "../lib/api.ts";
import { placeOf, type SignupPlace, type SignupStep, signupPath, startPath } from "./paths.ts";
import { type SignupRecord, signupOf, signupsOf } from "./records.ts";
import { allowedStep, type StepState, signupSteps } from "./steps.ts";

/** What every signup step shows: the signup, the event's stays, the steps and where it stands. */
export interface SignupPage {
  signup: SignupRecord;
  stays: StayAttributes[];
  place: SignupPlace;
  steps: StepState[];
  step: SignupStep;
  /** The server's clock when the page was read: the countdown corrects a visitor's wrong clock by it. */
  serverNow: string;
}

interface StepArgs {
  request: Request;
  params: { slug: string; slug1?: string | undefined; id?: string | undefined };
  context: Readonly<RouterContextProvider>;
}

/**
 * Reads the signup a step shows and sends the visitor where they belong: to the signup's own URL
 * when this one names another event or appointment, to the first step still to do when they skip
 * ahead, to the recap once it is submitted. An expired signup is shown as such on any step.
 */
export async function loadSignupPage(args: StepArgs, step: SignupStep): Promise<SignupPage> {
  const { request, params, context } = args;
  requireVisitor(context, request);
  const { prefix } = context.get(languageContext);
  if (!params.id) throw redirect(prefix + (await currentSignupPath(args, step)));

  const signup = signupOf(await readApi<DataDocument>(context, `/api/signups/${encodeURIComponent(params.id)}`));
  const place = placeOf(signup.event, signup.appointment);
  const canonical = (wanted: SignupStep) => prefix + signupPath(place, signup.id, wanted);
  if (params.slug !== place.eventSlug || (params.slug1 ?? null) !== place.appointmentSlug)
    throw redirect(canonical(step));

  const stays = await readApi<{ data: { attributes: StayAttributes }[] }>(
    context,
    `/api/events/${encodeURIComponent(signup.event.id)}/stays`,
  );
  const progress = {
    hasStays: stays.data.length > 0,
    participantCount: signup.participants.length,
    staysChosen: signup.staysChosen,
  };
  if (signup.state === "held") {
    const allowed = allowedStep(progress, step);
    if (allowed !== step) throw redirect(canonical(allowed));
  } else if (signup.state !== "expired" && step !== "recap") {
    throw redirect(canonical("recap"));
  }
  return {
    signup,
    stays: stays.data.map((stay) => stay.attributes),
    place,
    steps: signupSteps(progress),
    step,
    serverNow: new Date().toISOString(),
  };
}

/** `…/iscrizione/recap` without an id: the visitor's held signup for this appointment, else its page. */
async function currentSignupPath({ params, context }: StepArgs, step: SignupStep): Promise<string> {
  const mine = signupsOf(await readApi<DataDocument>(context, "/api/signups"));
  const held = mine.find(
    (signup) =>
      signup.state === "held" &&
      signup.event.slug === params.slug &&
      (params.slug1 ? signup.appointment.slug === params.slug1 : signup.appointment.implicit),
  );
  if (held) return signupPath(placeOf(held.event, held.appointment), held.id, step);
  return startPath({ eventSlug: params.slug, appointmentSlug: params.slug1 ?? null });
}

/** The data of a step's loader, or null on any other route (the signup layout looks for it). */
export function isSignupPage(data: unknown): data is SignupPage {
  return typeof data === "object" && data !== null && "signup" in data && "steps" in data;
}
