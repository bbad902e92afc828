import type { Appointment, CardKind, CategoryRules, Event } from "@sports/domain";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { eventColumns } from "../catalogue/events.ts";
import type { ClubAthleteRecord } from "../clubs/athletes.ts";
import type { Database, Transaction } from "../database.ts";
import { appointments, clubAthletes, events, participants, raceResults, signups } from "../schema.ts";

/** What a club's entry reads of the event's records besides the entry itself (docs/decisions/068). */

type Tx = Database | Transaction;

/** What a club's entry is for: the appointment, its event with the cards it accepts, and its categories. */
export interface ClubEntryTarget {
  appointment: Appointment;
  event: Event & { acceptedCards: CardKind[] };
  categoryRules: CategoryRules;
}

export async function clubEntryTarget(tx: Tx, appointmentId: string): Promise<ClubEntryTarget | undefined> {
  const [row] = await tx
    .select({ appointment: appointments, event: eventColumns, categoryRules: raceResults.categoryRules })
    .from(appointments)
    .innerJoin(events, eq(events.id, appointments.eventId))
    .leftJoin(raceResults, eq(raceResults.appointmentId, appointments.id))
    .where(eq(appointments.id, appointmentId));
  if (!row) return undefined;
  // A race without results settings yet ranks by FIDAL's categories, as its results will.
  return { ...(row as Omit<ClubEntryTarget, "categoryRules">), categoryRules: row.categoryRules ?? { kind: "fidal" } };
}

/** The club's athletes, all of them or those of `ids`. */
export async function clubAthletesOf(tx: Tx, clubId: string, ids?: readonly string[]): Promise<ClubAthleteRecord[]> {
  if (ids?.length === 0) return [];
  return tx
    .select()
    .from(clubAthletes)
    .where(and(eq(clubAthletes.clubId, clubId), ids ? inArray(clubAthletes.id, [...ids]) : undefined));
}

/** A card as compared when telling athletes apart: lower case, letters and digits only. */
const cardKey: (card: SQL) => SQL = (card) => sql`lower(regexp_replace(${card}, '[^[:alnum:]]', '', 'g'))`;

/**
 * The people in a live signup (held, awaiting payment or confirmed) of the appointment who may be
 * one of the athletes looked for: born on one of `birthDates`, or with one of `cards` (lower case,
 * letters and digits only). Which of them is which athlete is for the caller to tell.
 */
export async function liveParticipantsLike(
  tx: Tx,
  appointmentId: string,
  looked: { birthDates: readonly string[]; cards: readonly string[] },
): Promise<Pick<ClubAthleteRecord, "givenName" | "familyName" | "birthDate" | "federationCard">[]> {
  const alike = [
    looked.birthDates.length > 0
      ? sql`${participants.birthDate} = any(${sql.param([...new Set(looked.birthDates)])}::date[])`
      : undefined,
    looked.cards.length > 0
      ? sql`${participants.federationCard} is not null
          and ${cardKey(sql`${participants.federationCard}`)} = any(${sql.param([...new Set(looked.cards)])}::text[])`
      : undefined,
  ].filter((condition) => condition !== undefined);
  if (alike.length === 0) return [];
  return tx
    .select({
      givenName: participants.givenName,
      familyName: participants.familyName,
      birthDate: participants.birthDate,
      federationCard: participants.federationCard,
    })
    .from(participants)
    .innerJoin(signups, eq(signups.id, participants.signupId))
    .where(
      and(
        eq(signups.appointmentId, appointmentId),
        inArray(signups.state, ["held", "awaiting-payment", "confirmed"]),
        or(...alike),
      ),
    );
}
