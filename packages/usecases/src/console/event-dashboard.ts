import {
  confirmedSignupsWithCodes,
  discountCodesOfEvent,
  type EventDashboardRecord,
  eventDashboard as readDashboard,
} from "@sports/db";
import { refuse } from "@sports/domain";
import { requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { priceOf, views } from "../signups/views.ts";

/** A discount code's uses, and (organisers only) what it took off the confirmed signups' prices. */
export interface DashboardDiscountCode {
  id: string;
  code: string;
  active: boolean;
  usesTaken: number;
  maxUses: number;
  /** The confirmed signups holding it. */
  confirmed: number;
  /** The discount given on those signups, by currency, in minor units; null for staff. */
  discountGiven: { currency: string; amount: number }[] | null;
}

/** An event's overview as a team member may see it: money only for an organiser. */
export type EventDashboard = Omit<EventDashboardRecord, "revenue"> & {
  revenue: EventDashboardRecord["revenue"] | null;
  discountCodes: DashboardDiscountCode[];
};

/**
 * How an event is going (the whole team): signups per day, places left per appointment, rooms per
 * night, certificates waiting for a review, each discount code's uses, and, for organisers only,
 * the money in by payment method and the discount each code gave.
 */
export async function eventDashboard(
  deps: Pick<Deps, "db" | "now">,
  actor: Parameters<typeof requireTeam>[0],
  input: { eventId: string },
): Promise<EventDashboard> {
  requireTeam(actor);
  const dashboard = await readDashboard(deps.db, input.eventId, deps.now);
  if (!dashboard) refuse("not-found", "No such event.");
  const organiser = actor.kind === "organiser";
  const discountCodes = await codeUses(deps, input.eventId, organiser);
  return organiser ? { ...dashboard, discountCodes } : { ...dashboard, revenue: null, discountCodes };
}

/**
 * Each code's uses and confirmed signups, and the discount given on them: a signup's price as it was
 * charged, that is at its paid payment's making (the price tiers go by the day), or at its making
 * for a signup the code made free (confirmed at submit, within its hold).
 */
async function codeUses(deps: Pick<Deps, "db">, eventId: string, withMoney: boolean): Promise<DashboardDiscountCode[]> {
  const [codes, confirmed] = await Promise.all([
    discountCodesOfEvent(deps.db, eventId),
    confirmedSignupsWithCodes(deps.db, eventId),
  ]);
  const given = new Map<string, Map<string, number>>();
  for (const view of withMoney ? await views(deps.db, confirmed) : []) {
    const paid = view.payments.find((payment) => payment.state === "paid" || payment.state === "refunded");
    const discount = priceOf(view, paid?.createdAt ?? view.signup.createdAt)?.discount;
    if (!discount || !view.signup.discountCodeId) continue;
    const byCurrency = given.get(view.signup.discountCodeId) ?? new Map<string, number>();
    const { amount, currency } = discount.amount;
    byCurrency.set(currency, (byCurrency.get(currency) ?? 0) + amount);
    given.set(view.signup.discountCodeId, byCurrency);
  }
  return codes.map((code) => ({
    id: code.id,
    code: code.code,
    active: code.active,
    usesTaken: code.usesTaken,
    maxUses: code.maxUses,
    confirmed: confirmed.filter((signup) => signup.discountCodeId === code.id).length,
    discountGiven: withMoney
      ? [...(given.get(code.id) ?? new Map<string, number>())].map(([currency, amount]) => ({ currency, amount }))
      : null,
  }));
}
