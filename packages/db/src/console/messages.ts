import type { LocalizedText } from "@sports/domain";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../database.ts";
import { appointments, events, participants, signups, users } from "../schema.ts";

/** Who a message to an appointment's participants reaches: one line per confirmed signup. */
export interface MessageRecipient {
  signupId: string;
  /** The signup's owner's account, when it still exists. */
  owner: { email: string; givenName: string; preferredLocale: string } | null;
  /** The first participant's own address, if given: the address when the owner's account is gone. */
  participantEmail: string | null;
  participantName: string | null;
}

export interface MessageAppointment {
  id: string;
  title: LocalizedText;
  eventId: string;
  eventTitle: LocalizedText;
}

export async function findMessageAppointment(db: Database, id: string): Promise<MessageAppointment | undefined> {
  const rows = await db
    .select({ id: appointments.id, title: appointments.title, eventId: events.id, eventTitle: events.title })
    .from(appointments)
    .innerJoin(events, eq(events.id, appointments.eventId))
    .where(eq(appointments.id, id))
    .limit(1);
  return rows[0];
}

/** The confirmed signups of an appointment, each with its owner and its first participant. */
export async function messageRecipients(db: Database, appointmentId: string): Promise<MessageRecipient[]> {
  const rows = await db
    .select({
      signupId: signups.id,
      ownerEmail: users.email,
      ownerName: users.givenName,
      ownerLocale: users.preferredLocale,
      participantEmail: participants.email,
      participantName: participants.givenName,
    })
    .from(signups)
    .leftJoin(users, eq(users.id, signups.userId))
    .leftJoin(participants, and(eq(participants.signupId, signups.id), eq(participants.position, 1)))
    .where(and(eq(signups.appointmentId, appointmentId), eq(signups.state, "confirmed")))
    .orderBy(asc(signups.createdAt), asc(signups.id));
  return rows.map((row) => ({
    signupId: row.signupId,
    owner:
      row.ownerEmail === null
        ? null
        : { email: row.ownerEmail, givenName: row.ownerName ?? "", preferredLocale: row.ownerLocale ?? "" },
    participantEmail: row.participantEmail,
    participantName: row.participantName,
  }));
}
