import type { Database } from "@sports/db";
import { livePayments } from "@sports/payments";
import { createThrottle } from "./accounts/throttle.ts";
import type { AccountDeps, Deps } from "./deps.ts";
import type { ParticipantInput } from "./signups/participants.ts";

export { CLUB_ATHLETES, clubSignup } from "./athletes/testing.ts";

/** The site's address in the use cases' tests. */
export const TEST_SITE_URL = "https://events.example.org";

/**
 * What a use case works with, for a test: the database given, the clock at `now`, the
 * demonstration payments, mails queued and never nudged, and whatever `overrides` say.
 */
export function testDeps(db: Database, now: Date, overrides: Partial<Deps> = {}): Deps {
  return { db, now, siteUrl: TEST_SITE_URL, payments: livePayments({}), mailQueued: () => {}, ...overrides };
}

/**
 * What an account use case works with, for a test: `testDeps`, a throttle counting in the database
 * given, and no organisers' addresses unless `overrides` name some.
 */
export function testAccountDeps(db: Database, now: Date, overrides: Partial<AccountDeps> = {}): AccountDeps {
  return { ...testDeps(db, now), throttle: createThrottle({ db }), organiserEmails: new Set(), ...overrides };
}

/**
 * A participant as the participants step sends one, complete for an event that asks nothing more than
 * the names, birth date, gender, address and emergency contact; `overrides` change or take out a field.
 */
export function testParticipant(overrides: Partial<ParticipantInput> = {}): ParticipantInput {
  return {
    givenName: "Ada",
    familyName: "Runner",
    birthDate: "1990-04-12",
    gender: "female",
    email: "ada@example.org",
    phone: null,
    nationality: "IT",
    club: null,
    federationCard: null,
    tshirtSize: null,
    emergencyContactName: "Bea Runner",
    emergencyContactPhone: "+39 051 123456",
    termsAccepted: true,
    privacyAccepted: true,
    ...overrides,
  };
}

/** A club's confirmed and paid signup, written for a test (club-entries/testing/paid-club-signup.ts). */
export { paidClubSignup } from "./club-entries/testing/paid-club-signup.ts";
