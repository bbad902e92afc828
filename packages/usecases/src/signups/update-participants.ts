import { appointmentsWithEvents, replaceParticipants, snapshotOf } from "@sports/db";
import { refuse, updateParticipants as updateParticipantsOf } from "@sports/domain";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { signupFor } from "./find.ts";
import { checkParticipants, type ParticipantInput, participantRow } from "./participants.ts";
import { applyTransition, withSignup } from "./transitions.ts";
import { type SignupView, viewOf } from "./views.ts";

/**
 * Sets a held signup's participants (its owner, while the hold lasts): each checked against the
 * event's questions and the appointment's conditions, then one place held per participant, the
 * extra ones taken or the spare ones given back in the same transaction. A club's signup is refused:
 * its athletes are added through its entry and withdrawn one by one (club-entries/).
 */
export async function updateParticipants(
  deps: Deps,
  actor: UserActor,
  input: { signupId: string; people: readonly ParticipantInput[] },
): Promise<SignupView> {
  const signup = await signupFor(deps, actor, input.signupId);
  if (signup.clubId) refuse("wrong-state", "A club's signup takes its athletes through its club entry.");
  const target = (await appointmentsWithEvents(deps.db, [signup.appointmentId])).get(signup.appointmentId);
  if (!target) throw new Error(`The appointment of signup ${signup.id} is missing.`);
  await checkParticipants(deps.db, signup, target, input.people);
  const changed = await withSignup(deps, signup.id, async (tx, locked) => {
    const transition = updateParticipantsOf(snapshotOf(locked, 0), actor, deps.now, {
      count: input.people.length,
      maxPerSignup: target.event.participantsPerSignup,
    });
    const updated = await applyTransition(deps, tx, locked, transition);
    await replaceParticipants(
      tx,
      locked.id,
      input.people.map((person) => participantRow(person, deps.now)),
    );
    return updated;
  });
  return viewOf(deps.db, changed);
}
