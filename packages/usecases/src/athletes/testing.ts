import { type Database, type NewParticipant, schema } from "@sports/db";
import { insertAppointment, insertEvent, insertPerson, testClub } from "@sports/db/testing";
import type { SignupState } from "@sports/domain";

const DAY = 86_400_000;

/** The athletes of a club's signup in tests: two with an address, one without; none has given their part. */
export const CLUB_ATHLETES: NewParticipant[] = [
  { givenName: "Luca", familyName: "Bianchi", email: "luca.bianchi@example.org", consentsAcceptedAt: null },
  { givenName: "Sara", familyName: "Verdi", email: "sara.verdi@example.org", consentsAcceptedAt: null },
  { givenName: "Paolo", familyName: "Neri", email: null, consentsAcceptedAt: null },
];

/**
 * A club's signup written straight to the database, as a held club entry leaves it
 * (docs/decisions/068-club-entries.md): an event requiring a competitive certificate (unless
 * `medicalCertificate` says otherwise) whose race is 30 days after `now`, its signups closing 10 days
 * after `now`; the club (testClub) and its manager, who owns the signup; and the athletes in
 * `state` (awaiting payment by bank transfer unless said), each without consents, emergency contact
 * or certificate.
 */
export async function clubSignup(
  db: Database,
  now: Date,
  options: {
    state?: SignupState;
    medicalCertificate?: "none" | "competitive" | "non-competitive";
    certificateLater?: boolean;
    athletes?: NewParticipant[];
  } = {},
) {
  const startsAt = new Date(now.getTime() + 30 * DAY);
  const event = await insertEvent(db, now, {
    startsAt,
    endsAt: new Date(startsAt.getTime() + 4 * 3_600_000),
    timeZone: "Europe/Rome",
    paymentMethods: ["bank-transfer"],
    medicalCertificate: options.medicalCertificate ?? "competitive",
    certificateLater: options.certificateLater ?? false,
  });
  const athletes = options.athletes ?? CLUB_ATHLETES;
  const appointment = await insertAppointment(db, event, {
    signupDeadline: new Date(now.getTime() + 10 * DAY),
    placesTaken: athletes.length,
  });
  const manager = await insertPerson(db, { preferredLocale: "en-US" });
  const club = await testClub(db, manager.id);
  const [signup] = await db
    .insert(schema.signups)
    .values({
      userId: manager.id,
      eventId: event.id,
      appointmentId: appointment.id,
      clubId: club.id,
      state: options.state ?? "awaiting-payment",
      places: athletes.length,
      holdExpiresAt: new Date(now.getTime() + 15 * 60_000),
      paymentDueAt: new Date(now.getTime() + 5 * DAY),
      paymentMethod: "bank-transfer",
      termsAcceptedAt: now,
      locale: "it-IT",
    })
    .returning();
  if (!signup) throw new Error("No signup was written.");
  const participants = await db
    .insert(schema.participants)
    .values(athletes.map((athlete, index) => ({ ...athlete, signupId: signup.id, position: index + 1 })))
    .returning();
  return { event, appointment, manager, club, signup, participants };
}
