import { and, eq, or, sql } from "drizzle-orm";
import type { Database } from "../database.ts";
import { checkIns, participants, payments, signups, transfers } from "../schema.ts";
import type { ParticipantRecord } from "./signups.ts";

/** A transaction handle: the same query API as the database. */
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A participant as withdrawing them from their signup needs to know them (docs/decisions/068). */
export interface ParticipantToWithdraw {
  participant: ParticipantRecord;
  checkedIn: boolean;
  /** A transfer of their place waits for its fee, or one was paid for: its payment names it, so the row stays. */
  transferred: boolean;
  /** How many people the signup has now, this one among them. */
  participantCount: number;
}

/** The participant of `signupId` named `participantId` (in the signup's transaction), or undefined. */
export async function participantToWithdraw(
  tx: Tx,
  signupId: string,
  participantId: string,
): Promise<ParticipantToWithdraw | undefined> {
  const [row] = await tx
    .select({
      participant: participants,
      checkIn: checkIns.id,
      participantCount: sql<number>`(select count(*)::int from ${participants} p where p.signup_id = ${signupId})`,
    })
    .from(participants)
    .leftJoin(checkIns, eq(checkIns.participantId, participants.id))
    .where(and(eq(participants.signupId, signupId), eq(participants.id, participantId)));
  if (!row) return undefined;
  const paidOrPending = await tx
    .select({ id: transfers.id })
    .from(transfers)
    .where(
      and(
        eq(transfers.participantId, participantId),
        or(
          eq(transfers.state, "pending"),
          sql`exists (select 1 from ${payments} where ${payments.transferId} = ${transfers.id})`,
        ),
      ),
    )
    .limit(1);
  return {
    participant: row.participant,
    checkedIn: row.checkIn !== null,
    transferred: paidOrPending.length > 0,
    participantCount: Number(row.participantCount),
  };
}

/**
 * Deletes a participant withdrawn from their signup: their ticket code goes with the row, their bib
 * and the record of a free transfer of their place with it (cascades); a result keeps its line
 * without them. Positions are not renumbered: the others keep theirs, with a gap. When the first was
 * withdrawn, the signup's holder (kept from participant 1 by migration 0009's trigger) becomes the
 * first one left, so the console's lists still sort it by a name.
 */
export async function deleteParticipant(tx: Tx, participant: Pick<ParticipantRecord, "id" | "signupId" | "position">) {
  await tx.delete(participants).where(eq(participants.id, participant.id));
  if (participant.position !== 1) return;
  await tx
    .update(signups)
    .set({
      holderGivenName: sql`(select p.given_name from ${participants} p where p.signup_id = ${signups.id} order by p.position limit 1)`,
      holderFamilyName: sql`(select p.family_name from ${participants} p where p.signup_id = ${signups.id} order by p.position limit 1)`,
    })
    .where(eq(signups.id, participant.signupId));
}
