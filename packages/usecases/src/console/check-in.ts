import {
  isUuid,
  type RaceDayParticipant,
  raceDayParticipant,
  raceDayParticipantByTicket,
  raceDayParticipantsByBib,
  recordCheckIn,
  signupStateShared,
} from "@sports/db";
import { checkCheckInOpen, normalizeTicketCode, refuse } from "@sports/domain";
import { type ConsoleActor, requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";

/** Whom to check in: the ticket's code (scanned or typed), the participant, or a bib in an event. */
export type CheckInInput = { ticketCode: string } | { participantId: string } | { bib: number; eventId: string };

/**
 * Checks a participant in on race day (organisers and staff). Refused `not-found` for a code, bib or
 * participant the site does not know, `not-confirmed` for a participant whose signup is not
 * confirmed, `check-in-not-open` outside the appointment's check-in window (from the start of the
 * day the event's `checkInOpensDaysBefore` days before the appointment's day, in the event's time
 * zone, until the appointment ends; `meta.opensOn`, `meta.closesAt`), and `already-checked-in`
 * (with `meta.checkedInAt`) for a second check-in (the refusals name the participant in their
 * `meta`): of two at once, exactly one succeeds (the check-in's primary key decides). The signup
 * stays locked (shared) until the check-in is written, so it cannot be cancelled or transferred
 * meanwhile. One audit line per check-in.
 */
export async function checkIn(
  deps: Pick<Deps, "db" | "now">,
  actor: ConsoleActor,
  input: CheckInInput,
): Promise<RaceDayParticipant & { checkedInAt: Date }> {
  requireTeam(actor);
  return deps.db.transaction(async (tx) => {
    const participant = await whom(tx, input);
    if (!participant) refuse("not-found", "No participant has this ticket.");
    // Who it is, for the desk to say so with a refusal too.
    const who = { participantId: participant.id, givenName: participant.givenName, familyName: participant.familyName };
    const state = await signupStateShared(tx, participant.signupId);
    if (state !== "confirmed") refuse("not-confirmed", `The participant's signup is ${state}.`, { meta: who });
    checkCheckInOpen(
      {
        startsAt: participant.startsAt,
        endsAt: participant.endsAt,
        timeZone: participant.timeZone,
        opensDaysBefore: participant.checkInOpensDaysBefore,
        now: deps.now,
      },
      who,
    );
    const done = await recordCheckIn(tx, { participantId: participant.id, at: deps.now, byUserId: actor.userId });
    if (!done.created)
      refuse("already-checked-in", `Checked in at ${done.at.toISOString()}.`, {
        meta: { checkedInAt: done.at.toISOString(), ...who },
      });
    await audit(tx, deps, actor, {
      action: "check-in",
      subjectType: "participants",
      subjectId: participant.id,
      eventId: participant.eventId,
      after: { checkedInAt: done.at.toISOString(), bib: participant.bib },
    });
    return { ...participant, signupState: state, checkedInAt: done.at };
  });
}

async function whom(tx: Parameters<typeof raceDayParticipant>[0], input: CheckInInput) {
  if ("ticketCode" in input) return raceDayParticipantByTicket(tx, normalizeTicketCode(input.ticketCode));
  if ("participantId" in input)
    return isUuid(input.participantId) ? raceDayParticipant(tx, input.participantId.toLowerCase()) : undefined;
  const [found] = await raceDayParticipantsByBib(tx, input.bib, input.eventId);
  return found;
}
