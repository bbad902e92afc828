import {
  certificateContent,
  findCertificate,
  findSignup,
  findSignupWithTarget,
  isUuid,
  type ParticipantRecord,
  pastParticipants,
  type SignupRecord,
  signupsOfUser,
} from "@sports/db";
import { type Actor, type Field, refuse } from "@sports/domain";
import { mayActOn, type UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { type SignupView, settleLapsed, views } from "./views.ts";

/**
 * A signup the actor may see (its owner, or an organiser), as it stands now: a lapsed one is expired
 * first. Refuses `not-found` for an id that names none (on `field`, when the id came in one),
 * `not-owner` for someone else's.
 */
export async function signupFor(deps: Deps, actor: Actor, signupId: string, field?: Field): Promise<SignupRecord> {
  const found = isUuid(signupId) ? await findSignup(deps.db, signupId.toLowerCase()) : undefined;
  return settleLapsed(deps, mayBeSeen(found, actor, signupId, field));
}

/** The signup found for `signupId`, when the actor may see it; refuses as {@link signupFor} says. */
function mayBeSeen<T extends SignupRecord>(found: T | undefined, actor: Actor, signupId: string, field?: Field): T {
  if (!found) refuse("not-found", `No signup ${signupId}.`, field ? { field } : {});
  if (!mayActOn(actor, found.userId)) refuse("not-owner", "This signup is not yours.");
  return found;
}

/**
 * The signup as {@link signupFor} finds it, with what it is for and holds. Its appointment and event
 * come in the statement that finds it, unless expiring it just now gave places back to the appointment.
 */
export async function signupViewFor(deps: Deps, actor: Actor, signupId: string): Promise<SignupView> {
  const found = isUuid(signupId) ? await findSignupWithTarget(deps.db, signupId.toLowerCase()) : undefined;
  const signup = mayBeSeen(found?.signup, actor, signupId);
  const settled = await settleLapsed(deps, signup);
  const target = found && settled === signup ? { appointment: found.appointment, event: found.event } : undefined;
  const [view] = await views(deps.db, [settled], target);
  if (!view) throw new Error(`No view of signup ${signupId}.`);
  return view;
}

/** The person's own signups, newest first, each as it stands now. */
export async function mySignups(deps: Deps, actor: UserActor): Promise<SignupView[]> {
  const own = await signupsOfUser(deps.db, actor.userId);
  return views(deps.db, await Promise.all(own.map((signup) => settleLapsed(deps, signup))));
}

/** The people the person has signed up before, each once, for the form to offer again. */
export function pastParticipantsOf(deps: Deps, actor: UserActor): Promise<ParticipantRecord[]> {
  return pastParticipants(deps.db, actor.userId);
}

/** A certificate of a signup the actor may see, with its bytes; `not-found` for any other. */
export async function certificateFileFor(deps: Deps, actor: Actor, input: { signupId: string; certificateId: string }) {
  const signup = await signupFor(deps, actor, input.signupId);
  const { certificateId } = input;
  const file = isUuid(certificateId) ? await findCertificate(deps.db, certificateId.toLowerCase()) : undefined;
  const content = file && (await certificateContent(deps.db, file.id, signup.id));
  if (!file || !content) refuse("not-found", `No certificate ${certificateId} in this signup.`);
  return { file, content };
}

/** A confirmed signup the actor may see, for its calendar entry: `wrong-state` for any other. */
export async function confirmedSignupViewFor(deps: Deps, actor: Actor, signupId: string): Promise<SignupView> {
  const view = await signupViewFor(deps, actor, signupId);
  if (view.signup.state !== "confirmed") refuse("wrong-state", "Only a confirmed signup has a calendar entry.");
  return view;
}
