import {
  type DiscountCodeRecord,
  deleteDiscountCodeRow,
  discountCodesOfEvent,
  findAnyAppointment,
  findAnyEvent,
  insertDiscountCode,
  isUuid,
  lockDiscountCode,
  lockEvent,
  updateDiscountCodeRow,
} from "@sports/db";
import {
  type Actor,
  type DiscountKind,
  discountCodeProblems,
  normalizeDiscountCode,
  refuse,
  refuseProblems,
} from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import { audit } from "../console/audit.ts";
import { changedFields } from "../console/catalogue-fields.ts";
import type { Deps } from "../deps.ts";

/**
 * The organiser's discount codes (docs/decisions/029-discount-codes.md): created per event (or one
 * of its appointments), changed, switched off, and deleted while nobody used them. Each change is
 * audited in its transaction.
 */

export interface DiscountCodeFields {
  code: string;
  kind: DiscountKind;
  value: number;
  currency: string | null;
  appointmentId: string | null;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number;
  perPersonLimit: number | null;
  members: string[];
  active: boolean;
}

/** What a code says of itself once taken: which changes would alter the price of those holding it. */
const PRICE_FIELDS = ["code", "kind", "value", "currency", "appointmentId"] as const;

const cleanMembers = (members: readonly string[]) =>
  [...new Set(members.map((member) => member.trim()).filter(Boolean))].slice(0, 500);

async function checkAppointment(deps: Deps, eventId: string, appointmentId: string | null) {
  if (appointmentId === null) return;
  const appointment = isUuid(appointmentId) ? await findAnyAppointment(deps.db, appointmentId) : undefined;
  if (!appointment || appointment.eventId !== eventId)
    refuse("invalid-relationship", "This appointment is not of the code's event.", {
      field: { relationship: "appointment" },
    });
}

/**
 * The event's codes with their uses, for an organiser to read: what each takes off is money, so staff
 * are refused (`not-organiser`; the event's dashboard shows them each code's uses).
 */
export async function listDiscountCodes(
  deps: Deps,
  actor: Actor,
  input: { eventId: string },
): Promise<DiscountCodeRecord[]> {
  requireOrganiser(actor, "reads discount codes");
  if (!isUuid(input.eventId) || !(await findAnyEvent(deps.db, input.eventId)))
    refuse("not-found", `No event ${input.eventId}.`);
  return discountCodesOfEvent(deps.db, input.eventId);
}

/** A new code for an event: its text once per event (`invalid-input` on `code` otherwise). */
export async function createDiscountCode(
  deps: Deps,
  actor: Actor,
  input: { eventId: string; fields: DiscountCodeFields },
): Promise<DiscountCodeRecord> {
  requireOrganiser(actor, "creates discount codes");
  const fields = {
    ...input.fields,
    code: normalizeDiscountCode(input.fields.code),
    currency: input.fields.kind === "amount" ? (input.fields.currency?.toUpperCase() ?? null) : null,
    members: cleanMembers(input.fields.members),
  };
  refuseProblems(discountCodeProblems(fields));
  if (!isUuid(input.eventId)) refuse("not-found", `No event ${input.eventId}.`);
  await checkAppointment(deps, input.eventId, fields.appointmentId);
  return deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, input.eventId);
    if (!event) refuse("not-found", `No event ${input.eventId}.`);
    const created = await insertDiscountCode(tx, { ...fields, eventId: event.id });
    if (!created)
      refuseProblems([{ attribute: "code", code: "taken", detail: "This event already has a code with this text." }]);
    await audit(tx, deps, actor, {
      action: "create",
      subjectType: "discount-codes",
      subjectId: created?.id ?? "",
      eventId: event.id,
      after: fields,
    });
    return created as DiscountCodeRecord;
  });
}

/**
 * Changes a code. Its limit never goes below the uses taken; what sets the price it gives (text,
 * kind, value, currency, appointment) changes only while nobody holds a use (`code-in-use`: switch
 * it off and make another). Switching it off (`active: false`) stops new uses and keeps the taken ones.
 */
export async function updateDiscountCode(
  deps: Deps,
  actor: Actor,
  input: { codeId: string; change: Partial<DiscountCodeFields> },
): Promise<DiscountCodeRecord> {
  requireOrganiser(actor, "changes discount codes");
  if (!isUuid(input.codeId)) refuse("not-found", `No discount code ${input.codeId}.`);
  return deps.db.transaction(async (tx) => {
    const current = await lockDiscountCode(tx, input.codeId);
    if (!current) refuse("not-found", `No discount code ${input.codeId}.`);
    const change = { ...input.change };
    if (change.code !== undefined) change.code = normalizeDiscountCode(change.code);
    if (change.members !== undefined) change.members = cleanMembers(change.members);
    if (change.currency) change.currency = change.currency.toUpperCase();
    const { before, after } = changedFields(current, change);
    if (Object.keys(after).length === 0) return current;
    const next = { ...current, ...after } as DiscountCodeRecord;
    if (next.kind === "percent") next.currency = null;
    refuseProblems(discountCodeProblems(next));
    if (next.maxUses < current.usesTaken)
      refuseProblems([
        { attribute: "maxUses", code: "below-taken", detail: `${current.usesTaken} uses are taken already.` },
      ]);
    if (current.usesTaken > 0 && PRICE_FIELDS.some((name) => name in after))
      refuse("code-in-use", "This code has been used: switch it off and make another.");
    if ("appointmentId" in after) await checkAppointment(deps, current.eventId, next.appointmentId);
    const updated = await updateDiscountCodeRow(tx, current.id, { ...after, currency: next.currency });
    if (!updated) refuse("not-found", `No discount code ${input.codeId}.`);
    await audit(tx, deps, actor, {
      action: "update",
      subjectType: "discount-codes",
      subjectId: current.id,
      eventId: current.eventId,
      before,
      after,
    });
    return updated;
  });
}

/** Deletes a code nobody holds a use of (`code-in-use` otherwise: switch it off instead). */
export async function deleteDiscountCode(deps: Deps, actor: Actor, input: { codeId: string }): Promise<void> {
  requireOrganiser(actor, "deletes discount codes");
  if (!isUuid(input.codeId)) refuse("not-found", `No discount code ${input.codeId}.`);
  await deps.db.transaction(async (tx) => {
    const current = await lockDiscountCode(tx, input.codeId);
    if (!current) refuse("not-found", `No discount code ${input.codeId}.`);
    if (current.usesTaken > 0) refuse("code-in-use", "This code has been used: switch it off instead.");
    await deleteDiscountCodeRow(tx, current.id);
    await audit(tx, deps, actor, {
      action: "delete",
      subjectType: "discount-codes",
      subjectId: current.id,
      eventId: current.eventId,
      before: { code: current.code, kind: current.kind, value: current.value },
    });
  });
}
