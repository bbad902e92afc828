import {
  athletePartsOf,
  type ClubSignupRow,
  findAnyEvent,
  isUuid,
  listClubSignups,
  managersOfClubs,
  signupsByIds,
} from "@sports/db";
import { type Actor, isIncomplete, type Money, missingParts, refuse } from "@sports/domain";
import { requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { priceOf, views } from "../signups/views.ts";

/**
 * A club's signup as the console lists it: its club and managers, its athletes and how many still
 * owe their own part, and its payments (the amounts for an organiser only, null for staff, who keep
 * where its payments stand).
 */
export interface ClubEntryRow extends Omit<ClubSignupRow, "paidAmount" | "refundedAmount"> {
  managers: { givenName: string; familyName: string; email: string }[];
  /** Athletes still without their consents or emergency contact: check-in refuses them. */
  incomplete: number;
  /** Athletes without a certificate, when the event asks for one (always 0 when it does not). */
  missingCertificate: number;
  paidAmount: number | null;
  refundedAmount: number | null;
  /**
   * What is still to pay, for a signup held or awaiting payment: its price now less what was paid;
   * 0 for any other; null when its price list has ended, and for staff.
   */
  amountDue: number | null;
}

const UNPAID = new Set(["held", "awaiting-payment"]);

/**
 * A page of an event's club signups for the organiser's team, newest first, with how many there
 * are (docs/decisions/068-club-entries.md). Staff read it without the money.
 */
export async function listEventClubEntries(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { eventId: string; offset: number; limit: number },
): Promise<{ rows: ClubEntryRow[]; total: number }> {
  requireTeam(actor);
  const event = isUuid(input.eventId) ? await findAnyEvent(deps.db, input.eventId) : undefined;
  if (!event) refuse("not-found", `No event ${input.eventId}.`);
  const { rows, total } = await listClubSignups(deps.db, { ...input, eventId: event.id });
  const organiser = actor.kind === "organiser";
  const [managers, parts, due] = await Promise.all([
    managersOfClubs(
      deps.db,
      rows.map((row) => row.club.id),
    ),
    athletePartsOf(
      deps.db,
      rows.map((row) => row.id),
    ),
    organiser ? amountsDue(deps, rows) : new Map<string, Money | null>(),
  ]);
  const certificateRequired = event.medicalCertificate !== "none";
  return {
    total,
    rows: rows.map((row) => {
      const own = parts.filter((part) => part.signupId === row.id).map((part) => ({ ...part, certificateRequired }));
      return {
        ...row,
        managers: managers
          .filter((manager) => manager.clubId === row.club.id)
          .map(({ givenName, familyName, email }) => ({ givenName, familyName, email })),
        incomplete: own.filter(isIncomplete).length,
        missingCertificate: own.filter((part) => missingParts(part).includes("certificate")).length,
        paidAmount: organiser ? row.paidAmount : null,
        refundedAmount: organiser ? row.refundedAmount : null,
        amountDue: organiser ? (due.has(row.id) ? (due.get(row.id)?.amount ?? null) : 0) : null,
        currency: row.currency ?? due.get(row.id)?.currency ?? null,
      };
    }),
  };
}

/** The price now less what was paid, of the rows still to pay; null for one whose prices have ended. */
async function amountsDue(deps: Pick<Deps, "db" | "now">, rows: readonly ClubSignupRow[]) {
  const unpaid = rows.filter((row) => UNPAID.has(row.state));
  const due = new Map<string, Money | null>();
  if (unpaid.length === 0) return due;
  const paid = new Map(unpaid.map((row) => [row.id, row.paidAmount]));
  for (const view of await views(
    deps.db,
    await signupsByIds(
      deps.db,
      unpaid.map((row) => row.id),
    ),
  )) {
    const price = priceOf(view, deps.now);
    const left = price && Math.max(0, price.total.amount - (paid.get(view.signup.id) ?? 0));
    due.set(view.signup.id, price ? { amount: left ?? 0, currency: price.total.currency } : null);
  }
  return due;
}
