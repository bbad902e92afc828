import type { AuditChange } from "./console.ts";
import { type FieldProblem, refuse } from "./refusal.ts";
import type { Actor, SignupSnapshot } from "./signup.ts";

/**
 * Discount codes (docs/decisions/029-discount-codes.md). The organiser issues a code for an event,
 * or for one appointment of it: a percentage (1–100) or a fixed amount in minor units of a currency,
 * valid between two moments, with a total number of uses and a number per person, and optionally
 * only for members of a list of clubs. A runner applies it to their held signup at the recap; the
 * use is taken atomically (never more than `maxUses`), and given back when the runner removes the
 * code or the signup ends unpaid. Each step names its actor and the audit line it writes.
 */
export const DISCOUNT_KINDS = ["percent", "amount"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export interface DiscountCode {
  id: string;
  eventId: string;
  /** Null: valid for every appointment of the event. */
  appointmentId: string | null;
  /** As stored: {@link normalizeDiscountCode}. */
  code: string;
  kind: DiscountKind;
  /** A percentage (1–100) or an amount in minor units of `currency`. */
  value: number;
  /** The currency of a fixed amount; null for a percentage. */
  currency: string | null;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number;
  /** How many signups of one person may hold it at once or have used it; null: no limit. */
  perPersonLimit: number | null;
  /**
   * Members only: each participant's club or federation card must be one of these (compared by
   * {@link normalizeMembership}); empty: everyone.
   */
  members: string[];
  active: boolean;
  usesTaken: number;
}

/** A typed code as stored and compared: upper case, without spaces. */
export function normalizeDiscountCode(input: string): string {
  return input.toUpperCase().replace(/\s+/g, "");
}

/** A club name or federation card as compared with a code's list: trimmed, single spaces, lower case. */
export function normalizeMembership(input: string): string {
  return input.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * Whether the participants may use a members-only code: each one's club or federation card is on
 * its list (a code without a list is everyone's). Checked when the code is applied, and again at
 * submit, as the participants may have changed since.
 */
export function membersMatch(
  code: Pick<DiscountCode, "members">,
  participants: readonly { club: string | null; federationCard: string | null }[],
): boolean {
  if (code.members.length === 0) return true;
  const members = new Set(code.members.map(normalizeMembership));
  const member = (value: string | null) => value !== null && members.has(normalizeMembership(value));
  return (
    participants.length > 0 && participants.every((person) => member(person.club) || member(person.federationCard))
  );
}

/** What a code takes off a subtotal: never more than the subtotal, a percentage rounded half up to the minor unit. */
export function discountAmount(code: Pick<DiscountCode, "kind" | "value">, subtotal: number): number {
  if (subtotal <= 0) return 0;
  const off = code.kind === "percent" ? Math.floor((subtotal * code.value + 50) / 100) : code.value;
  return Math.min(Math.max(off, 0), subtotal);
}

/**
 * The problems of an organiser's code, by attribute, each with its own code (a percentage over 100
 * is `percent-out-of-range`, a number below its least `number-too-small` with `meta.min`): empty
 * when it may be stored.
 */
export function discountCodeProblems(
  code: Pick<
    DiscountCode,
    "code" | "kind" | "value" | "currency" | "validFrom" | "validUntil" | "maxUses" | "perPersonLimit"
  >,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const atLeastOne = (attribute: string, detail: string) =>
    problems.push({ attribute, code: "number-too-small", detail, meta: { min: 1 } });
  if (!/^[A-Z0-9-]{3,32}$/.test(code.code))
    problems.push({ attribute: "code", code: "invalid-value", detail: "3 to 32 letters, digits or dashes." });
  if (code.kind === "percent" && !(Number.isInteger(code.value) && code.value >= 1 && code.value <= 100))
    problems.push({ attribute: "value", code: "percent-out-of-range", detail: "A whole percentage from 1 to 100." });
  if (code.kind === "amount" && !(Number.isInteger(code.value) && code.value >= 1))
    atLeastOne("value", "An amount in minor units, at least 1.");
  if (code.kind === "amount" && !code.currency)
    problems.push({ attribute: "currency", code: "required", detail: "A fixed amount needs its currency." });
  if (code.validFrom && code.validUntil && code.validUntil <= code.validFrom)
    problems.push({ attribute: "validUntil", code: "before-valid-from", detail: "The end comes after the start." });
  if (!(Number.isInteger(code.maxUses) && code.maxUses >= 1)) atLeastOne("maxUses", "At least one use.");
  if (code.perPersonLimit !== null && !(Number.isInteger(code.perPersonLimit) && code.perPersonLimit >= 1))
    atLeastOne("perPersonLimit", "At least one use per person.");
  return problems;
}

/** The signup a code is applied to, as the rule needs it. */
export interface DiscountTarget {
  signup: SignupSnapshot;
  eventId: string;
  appointmentId: string;
  currency: string;
  /** Each participant's club and federation card. */
  participants: readonly { club: string | null; federationCard: string | null }[];
  /** The code already on the signup, if any. */
  currentCodeId: string | null;
  /** How many other signups of the same person hold or used this code. */
  ownUses: number;
}

export interface CodeStep {
  /** The code now on the signup, or null once removed. */
  codeId: string | null;
  audit: AuditChange;
}

/**
 * A runner applies a code to their held signup at `now`. The code is looked up by the caller in the
 * signup's event (`undefined`: none by that name, or switched off). Refused with the code's reason;
 * otherwise the caller takes one use atomically (`code-used-up` when none is left) and records the
 * audit line. Applying the code already on the signup changes nothing.
 */
export function applyCode(
  actor: Actor,
  now: Date,
  target: DiscountTarget,
  code: DiscountCode | undefined,
): CodeStep & { code: DiscountCode } {
  const { signup } = target;
  if (actor.kind !== "user" || actor.userId !== signup.userId) refuse("not-owner", "This signup is not yours.");
  if (signup.state !== "held") refuse("wrong-state", `A code cannot be applied to a ${signup.state} signup.`);
  if (signup.holdExpiresAt.getTime() <= now.getTime()) refuse("hold-lapsed", "The hold on these places has lapsed.");
  const field = { field: { attribute: "discountCode" } };
  if (!code?.active || code.eventId !== target.eventId) refuse("code-unknown", "No such code.", field);
  if (code.validFrom && now < code.validFrom) refuse("code-not-yet-valid", "This code is not valid yet.", field);
  if (code.validUntil && now >= code.validUntil) refuse("code-expired", "This code has expired.", field);
  if (
    (code.appointmentId !== null && code.appointmentId !== target.appointmentId) ||
    (code.kind === "amount" && code.currency !== target.currency)
  )
    refuse("code-not-valid-here", "This code is not valid for this appointment.", field);
  if (!membersMatch(code, target.participants))
    refuse("code-members-only", "This code is only for members of the clubs it names.", field);
  if (code.perPersonLimit !== null && target.ownUses >= code.perPersonLimit)
    refuse("code-per-person-limit", "You have used this code as often as it allows.", field);
  if (target.currentCodeId !== code.id && code.usesTaken >= code.maxUses)
    refuse("code-used-up", "This code has been used up.", field);
  return {
    code,
    codeId: code.id,
    audit: {
      action: "apply-discount-code",
      subjectType: "signups",
      subjectId: signup.id,
      eventId: target.eventId,
      before: { discountCodeId: target.currentCodeId },
      after: { discountCodeId: code.id, code: code.code },
    },
  };
}

/** The runner takes the code off their held signup: its use goes back to the code. */
export function removeCode(
  actor: Actor,
  now: Date,
  target: Omit<DiscountTarget, "ownUses" | "participants">,
): CodeStep {
  const { signup } = target;
  if (actor.kind !== "user" || actor.userId !== signup.userId) refuse("not-owner", "This signup is not yours.");
  if (signup.state !== "held") refuse("wrong-state", `A code cannot be removed from a ${signup.state} signup.`);
  if (signup.holdExpiresAt.getTime() <= now.getTime()) refuse("hold-lapsed", "The hold on these places has lapsed.");
  return {
    codeId: null,
    audit: {
      action: "remove-discount-code",
      subjectType: "signups",
      subjectId: signup.id,
      eventId: target.eventId,
      before: { discountCodeId: target.currentCodeId },
      after: { discountCodeId: null },
    },
  };
}

/** The discount line of a price: the code and what it takes off, in the signup's currency. */
export interface DiscountLine {
  code: string;
  kind: DiscountKind;
  value: number;
  /** In minor units of the signup's currency. */
  amount: { amount: number; currency: string };
}
