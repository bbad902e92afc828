/**
 * A club's entry (docs/decisions/068): what each of its athletes must still give of their own, and
 * the limits of an entry.
 */

/** The most athletes one club entry holds; a runner's signup stays under the event's own limit. */
export const CLUB_ENTRY_MAX_ATHLETES = 500;

/** A roster file's largest size. */
export const CLUB_ROSTER_MAX_BYTES = 5 * 1024 * 1024;

/** What an athlete gives of their own through their link. */
export const ATHLETE_PARTS = ["consents", "emergency-contact", "certificate"] as const;
export type AthletePart = (typeof ATHLETE_PARTS)[number];

/** A participant as far as their own part goes, and whether the event requires a certificate. */
export interface AthletePartState {
  consentsAcceptedAt: Date | null;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  certificateId: string | null;
  certificateRequired: boolean;
}

/** The parts the athlete has still to give, in the order the athlete's page asks them; none: complete. */
export function missingParts(state: AthletePartState): AthletePart[] {
  const missing: AthletePart[] = [];
  if (state.consentsAcceptedAt === null) missing.push("consents");
  if (!state.emergencyContactName || !state.emergencyContactPhone) missing.push("emergency-contact");
  if (state.certificateRequired && state.certificateId === null) missing.push("certificate");
  return missing;
}

/**
 * Whether a participant is `incomplete`: without their consents or emergency contact they are not
 * checked in. A missing certificate is the certificate's own refusal at the desk, which it may waive.
 */
export function isIncomplete(state: AthletePartState): boolean {
  return missingParts(state).some((part) => part !== "certificate");
}
