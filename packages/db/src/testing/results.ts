import type { Appointment, Event } from "@sports/domain";
import type { Database } from "../database.ts";
import { bibs, participants, signups } from "../schema.ts";
import { insertAppointment, insertEvent } from "./catalogue.ts";

/** A runner of a race for the results' tests: a bib and what categories and ranks read. */
export interface TestRunner {
  bib: number;
  givenName: string;
  familyName: string;
  gender?: "female" | "male" | "non-binary" | "unspecified" | null;
  birthDate?: string | null;
  club?: string | null;
  email?: string | null;
  userId?: string | null;
}

/**
 * A published event with one race on `startsAt` and `runners` confirmed in it, each in a signup of
 * their own and wearing their bib: a few hundred rows a statement, so a 20,000-runner race is quick.
 */
export async function insertRace(
  db: Database,
  now: Date,
  input: { startsAt: Date; runners: readonly TestRunner[] },
): Promise<{ event: Event; appointment: Appointment; participantIds: Map<number, string> }> {
  const endsAt = new Date(input.startsAt.getTime() + 6 * 3_600_000);
  const event = await insertEvent(db, now, { startsAt: input.startsAt, endsAt });
  const appointment = await insertAppointment(db, event, { capacity: Math.max(input.runners.length, 1) });
  const participantIds = new Map<number, string>();
  for (let start = 0; start < input.runners.length; start += 500) {
    const chunk = input.runners.slice(start, start + 500);
    const signupRows = await db
      .insert(signups)
      .values(
        chunk.map((runner) => ({
          eventId: event.id,
          appointmentId: appointment.id,
          userId: runner.userId ?? null,
          state: "confirmed" as const,
          places: 1,
          holdExpiresAt: now,
          locale: "it-IT" as const,
        })),
      )
      .returning({ id: signups.id });
    const people = await db
      .insert(participants)
      .values(
        chunk.map((runner, index) => ({
          signupId: (signupRows[index] as { id: string }).id,
          position: 1,
          givenName: runner.givenName,
          familyName: runner.familyName,
          gender: runner.gender ?? null,
          birthDate: runner.birthDate ?? null,
          club: runner.club ?? null,
          email: runner.email ?? null,
          consentsAcceptedAt: now,
        })),
      )
      .returning({ id: participants.id });
    await db.insert(bibs).values(
      chunk.map((runner, index) => {
        const participantId = (people[index] as { id: string }).id;
        participantIds.set(runner.bib, participantId);
        return { eventId: event.id, number: runner.bib, participantId };
      }),
    );
  }
  return { event, appointment, participantIds };
}
