import { randomBytes } from "node:crypto";
import { appointmentBibRange, giveFirstFreeBib, giveTicketCodes, participantsOf, type Transaction } from "@sports/db";
import { TICKET_CODE_LENGTH, ticketCodeFrom } from "@sports/domain";

/**
 * What a signup's confirmation gives its participants, in the confirmation's transaction: each a
 * ticket code (what the check-in QR code holds) and, when the appointment numbers its runners, the
 * first free bib of its range in the event. A full range leaves the participant without a bib, for
 * the organiser to give by hand. Participants who have them keep them.
 */
export async function issueTickets(
  tx: Transaction,
  signup: { id: string; appointmentId: string; eventId: string },
): Promise<void> {
  const range = await appointmentBibRange(tx, signup.appointmentId);
  const people = await participantsOf(tx, [signup.id]);
  await giveTicketCodes(
    tx,
    people.map((participant) => participant.id),
    () => ticketCodeFrom(randomBytes(TICKET_CODE_LENGTH)),
  );
  for (const participant of people) {
    if (range?.first != null && range.last != null)
      await giveFirstFreeBib(tx, {
        eventId: signup.eventId,
        participantId: participant.id,
        first: range.first,
        last: range.last,
      });
  }
}
