import {
  discountCodeOf,
  findDiscountCodeByText,
  giveCodeUseBack,
  lockPersonCodeUses,
  ownCodeUses,
  participantsOf,
  recordAudit,
  setSignupDiscountCode,
  snapshotOf,
  takeCodeUse,
} from "@sports/db";
import { applyCode, normalizeDiscountCode, refuse, removeCode } from "@sports/domain";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { signupFor } from "../signups/find.ts";
import { withSignup } from "../signups/transitions.ts";
import { type SignupView, viewOf } from "../signups/views.ts";

/**
 * The runner applies a discount code to their held signup at the recap, or takes it off (`code`
 * null or empty), in one transaction under the signup's lock (docs/decisions/029-discount-codes.md):
 * the domain's rule decides (`applyCode`), then one conditional statement takes the code's use
 * (`code-used-up` when the last went meanwhile), the one it replaces goes back, and the audit line is
 * written. Applying the code the signup has already changes nothing.
 */
export async function applyDiscountCode(
  deps: Deps,
  actor: UserActor,
  input: { signupId: string; code: string | null },
): Promise<SignupView> {
  const signup = await signupFor(deps, actor, input.signupId);
  const text = input.code === null ? "" : normalizeDiscountCode(input.code);
  const { appointment } = await viewOf(deps.db, signup);
  const changed = await withSignup(deps, signup.id, async (tx, locked) => {
    const people = await participantsOf(tx, [locked.id]);
    const base = {
      signup: snapshotOf(locked, people.length),
      eventId: locked.eventId,
      appointmentId: locked.appointmentId,
      currency: appointment.currency,
      currentCodeId: locked.discountCodeId,
    };
    if (text === "") {
      const step = removeCode(actor, deps.now, base);
      if (!locked.discountCodeId) return locked;
      await giveCodeUseBack(tx, locked.discountCodeId);
      await setSignupDiscountCode(tx, locked.id, null);
      await recordAudit(tx, actor, step.audit, deps.now);
      return { ...locked, discountCodeId: null };
    }
    const found = await findDiscountCodeByText(tx, locked.eventId, text);
    if (found?.perPersonLimit) await lockPersonCodeUses(tx, { userId: actor.userId, codeId: found.id });
    const step = applyCode(
      actor,
      deps.now,
      {
        ...base,
        participants: people.map((person) => ({ club: person.club, federationCard: person.federationCard })),
        ownUses: found ? await ownCodeUses(tx, { userId: actor.userId, codeId: found.id, signupId: locked.id }) : 0,
      },
      found && discountCodeOf(found),
    );
    if (locked.discountCodeId === step.code.id) return locked;
    if (!(await takeCodeUse(tx, step.code.id)))
      refuse("code-used-up", "This code has been used up.", { field: { attribute: "discountCode" } });
    if (locked.discountCodeId) await giveCodeUseBack(tx, locked.discountCodeId);
    await setSignupDiscountCode(tx, locked.id, step.code.id);
    await recordAudit(tx, actor, step.audit, deps.now);
    return { ...locked, discountCodeId: step.code.id };
  });
  return viewOf(deps.db, changed);
}
