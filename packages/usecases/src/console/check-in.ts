import {
  type CheckInTally,
  checkInTallies,
  deleteCheckIn,
  findAnyEvent,
  isUuid,
  type RaceDayParticipant,
  raceDayParticipant,
  raceDayParticipantByTicket,
  raceDayParticipantsByBib,
  recordCheckIn,
  signupStateShared,
} from "@sports/db";
import {
  type Actor,
  type AthletePart,
  type CertificateAtDesk,
  type CertificateShortfall,
  checkCertificateAtCheckIn,
  checkCheckInOpen,
  isIncomplete,
  missingParts,
  normalizeTicketCode,
  refuse,
} from "@sports/domain";
import { type ConsoleActor, requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";

export type { CheckInTally };

/**
 * Whom to check in: the ticket's code (scanned or typed), the participant, or a bib in an event;
 * `confirmWithoutCertificate` when the desk checks them in without an approved certificate.
 */
export type CheckInInput = ({ ticketCode: string } | { participantId: string } | { bib: number; eventId: string }) & {
  confirmWithoutCertificate?: boolean;
};

/** A check-in made: whom, its id (to undo it), when, and the certificate's shortfall it was made despite. */
export type CheckIn = RaceDayParticipant & {
  checkInId: string;
  checkedInAt: Date;
  withoutCertificate: CertificateShortfall | null;
};

/**
 * Checks a participant in on race day (organisers and staff). Refused `not-found` for a code, bib or
 * participant the site does not know, `not-confirmed` for a participant whose signup is not
 * confirmed, `check-in-not-open` outside the appointment's check-in window (from the start of the
 * day the event's `checkInOpensDaysBefore` days before the appointment's day, in the event's time
 * zone, until the appointment ends; `meta.opensOn`, `meta.closesAt`), `already-checked-in` (with
 * `meta.checkedInAt`) for a second check-in, `participant-incomplete` (`meta.missing`) for a club's
 * athlete who has not given their consents or emergency contact (docs/decisions/068), and
 * `certificate-not-approved` (`meta.reason`) when
 * the event requires a medical certificate and theirs is not approved and valid on race day, unless
 * `confirmWithoutCertificate` (the audit line then says what was missing). The refusals name the
 * participant in their `meta`. Of two at once, exactly one succeeds (the check-in's primary key
 * decides). The signup stays locked (shared) until the check-in is written, so it cannot be
 * cancelled or transferred meanwhile. One audit line per check-in.
 */
export async function checkIn(
  deps: Pick<Deps, "db" | "now">,
  actor: ConsoleActor,
  input: CheckInInput,
): Promise<CheckIn> {
  requireTeam(actor);
  return deps.db.transaction(async (tx) => {
    const participant = await whom(tx, input);
    if (!participant) refuse("not-found", "No participant has this ticket.");
    // Who it is, for the desk to say so with a refusal too.
    const who = { participantId: participant.id, givenName: participant.givenName, familyName: participant.familyName };
    const state = await signupStateShared(tx, participant.signupId);
    if (state !== "confirmed") refuse("not-confirmed", `The participant's signup is ${state}.`, { meta: who });
    checkCheckInOpen(windowOf(participant, deps.now), who);
    if (participant.checkedInAt) alreadyCheckedIn(participant.checkedInAt, who);
    const part = athletePartAtDesk(participant);
    if (part && isIncomplete(part))
      refuse("participant-incomplete", "The athlete has not given their own part yet.", {
        meta: { missing: missingParts(part), ...who },
      });
    const waived = checkCertificateAtCheckIn(
      { ...certificateAtDesk(participant), confirmedWithout: input.confirmWithoutCertificate === true },
      who,
    );
    const done = await recordCheckIn(tx, { participantId: participant.id, at: deps.now, byUserId: actor.userId });
    if (!done.created) alreadyCheckedIn(done.at, who);
    await audit(tx, deps, actor, {
      action: "check-in",
      subjectType: "participants",
      subjectId: participant.id,
      eventId: participant.eventId,
      after: {
        checkedInAt: done.at.toISOString(),
        bib: participant.bib,
        ...(waived ? { withoutCertificate: waived } : {}),
      },
    });
    return {
      ...participant,
      signupState: state,
      checkInId: done.id,
      checkedInAt: done.at,
      withoutCertificate: waived ?? null,
    };
  });
}

/**
 * Undoes a check-in made by mistake (organisers and staff, the desk's own fix): the participant is
 * to come again, and may be checked in anew (another check-in, with another id). Refused
 * `not-found` for a check-in that is not there (undone already, or unknown) and, as a check-in is,
 * `check-in-not-open` outside the appointment's check-in window. One audit line `undo-check-in`
 * with when, and by whom, the check-in had been made.
 */
export async function undoCheckIn(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { checkInId: string },
): Promise<void> {
  requireTeam(actor);
  const checkInId = input.checkInId.toLowerCase();
  if (!isUuid(checkInId)) refuse("not-found", `No check-in ${input.checkInId}.`);
  await deps.db.transaction(async (tx) => {
    const undone = await deleteCheckIn(tx, checkInId);
    if (!undone) refuse("not-found", `No check-in ${input.checkInId}.`);
    const participant = await raceDayParticipant(tx, undone.participantId);
    if (!participant) throw new Error(`The participant of check-in ${checkInId} vanished.`);
    checkCheckInOpen(windowOf(participant, deps.now), { participantId: participant.id });
    await audit(tx, deps, actor, {
      action: "undo-check-in",
      subjectType: "participants",
      subjectId: participant.id,
      eventId: participant.eventId,
      before: { checkedInAt: undone.at.toISOString(), checkedInBy: undone.byUserId },
    });
  });
}

/**
 * An event's races at the desk (organisers and staff): the event's title, and for each race how
 * many of its confirmed participants are checked in and how many are still to come, with the first
 * `listed` of those still to come by surname.
 */
export async function checkInOverview(
  deps: Pick<Deps, "db">,
  actor: ConsoleActor,
  input: { eventId: string; listed?: number },
): Promise<{ eventTitle: Record<string, string>; races: CheckInTally[] }> {
  requireTeam(actor);
  const eventId = input.eventId.toLowerCase();
  const event = isUuid(eventId) ? await findAnyEvent(deps.db, eventId) : undefined;
  if (!event) refuse("not-found", `No event ${input.eventId}.`);
  return { eventTitle: event.title, races: await checkInTallies(deps.db, eventId, input.listed ?? 100) };
}

/**
 * A club's athlete's own part as the desk sees it (docs/decisions/068-club-entries.md); null for a
 * runner's participant, who gave theirs at the signup.
 */
export function athletePartAtDesk(participant: RaceDayParticipant) {
  if (!participant.clubId) return null;
  return { ...participant, certificateRequired: participant.medicalCertificate !== "none" };
}

/** What a club's athlete has still to give of their own (none for a runner's participant). */
export function missingAtDesk(participant: RaceDayParticipant): AthletePart[] {
  const part = athletePartAtDesk(participant);
  return part ? missingParts(part) : [];
}

/** A participant's certificate, their race's day and the event's requirement, for the domain's rules. */
export function certificateAtDesk(participant: RaceDayParticipant): CertificateAtDesk {
  return {
    required: participant.medicalCertificate !== "none",
    hasCertificate: participant.hasCertificate,
    certificateExpiresOn: participant.certificateExpiresOn,
    review: participant.certificateReview,
    startsAt: participant.startsAt,
    timeZone: participant.timeZone,
  };
}

function windowOf(participant: RaceDayParticipant, now: Date) {
  return {
    startsAt: participant.startsAt,
    endsAt: participant.endsAt,
    timeZone: participant.timeZone,
    opensDaysBefore: participant.checkInOpensDaysBefore,
    now,
  };
}

function alreadyCheckedIn(at: Date, who: Record<string, string>): never {
  refuse("already-checked-in", `Checked in at ${at.toISOString()}.`, {
    meta: { checkedInAt: at.toISOString(), ...who },
  });
}

async function whom(tx: Parameters<typeof raceDayParticipant>[0], input: CheckInInput) {
  if ("ticketCode" in input) return raceDayParticipantByTicket(tx, normalizeTicketCode(input.ticketCode));
  if ("participantId" in input)
    return isUuid(input.participantId) ? raceDayParticipant(tx, input.participantId.toLowerCase()) : undefined;
  const [found] = await raceDayParticipantsByBib(tx, input.bib, input.eventId);
  return found;
}
