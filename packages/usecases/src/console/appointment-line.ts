import { appointmentWithEvent, isUuid, type LineEntry, appointmentLine as lineOf } from "@sports/db";
import { type Actor, currentTier, type Money, refuse } from "@sports/domain";
import { requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";

/** The most entries one answer lists; the counts always cover the whole line. */
export const LINE_PAGE = 500;

export interface AppointmentLine {
  /** Offers first, then the waiting in line order (at most {@link LINE_PAGE}). */
  entries: LineEntry[];
  waiting: number;
  offered: number;
  /** Whether the line takes newcomers (`appointments.waiting_list`). */
  open: boolean;
  /**
   * What the waiting would pay at today's price, one place each, if places came back for all of
   * them; null once the appointment's prices have ended, and for staff (money is the organiser's).
   */
  worth: Money | null;
}

/**
 * An appointment's waiting list as the organiser's team sees it (decision 027): who waits and in
 * which order, who holds an offer and until when, its size and (for organisers) what it would be worth.
 */
export async function appointmentLine(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  appointmentId: string,
): Promise<AppointmentLine> {
  requireTeam(actor);
  const target = isUuid(appointmentId) ? await appointmentWithEvent(deps.db, appointmentId) : undefined;
  if (!target) refuse("not-found", `No appointment ${appointmentId}.`);
  const { appointment, event } = target;
  const line = await lineOf(deps.db, appointment.id, LINE_PAGE);
  const tier = currentTier(appointment.priceTiers, deps.now, event.timeZone);
  return {
    ...line,
    open: appointment.waitingList,
    worth:
      tier && actor.kind === "organiser"
        ? { amount: tier.amount * line.waiting, currency: appointment.currency }
        : null,
  };
}
