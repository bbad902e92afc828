/**
 * Clubs, their managers and their roster (docs/decisions/068-club-entries.md, docs/api.md "Clubs"):
 * the resources and the longest value of each text, so the site's forms check what the API checks.
 */
import type { Gender } from "./accounts.ts";
import { PARTICIPANT_TEXT_LIMITS } from "./resources.ts";

/** The longest value of each of a club's texts. */
export const CLUB_TEXT_LIMITS = {
  name: 150,
  federation: 100,
  code: 50,
  contactEmail: 254,
  contactPhone: 30,
} as const;

/** The longest value of each of a roster athlete's texts: a participant's (the club is the roster's own). */
export const CLUB_ATHLETE_TEXT_LIMITS = {
  givenName: PARTICIPANT_TEXT_LIMITS.givenName,
  familyName: PARTICIPANT_TEXT_LIMITS.familyName,
  email: PARTICIPANT_TEXT_LIMITS.email,
  phone: PARTICIPANT_TEXT_LIMITS.phone,
  nationality: PARTICIPANT_TEXT_LIMITS.nationality,
  federationCard: PARTICIPANT_TEXT_LIMITS.federationCard,
  tshirtSize: PARTICIPANT_TEXT_LIMITS.tshirtSize,
  emergencyContactName: PARTICIPANT_TEXT_LIMITS.emergencyContactName,
  emergencyContactPhone: PARTICIPANT_TEXT_LIMITS.emergencyContactPhone,
} as const;

/** A manager of the club, as the club's other managers see them. */
export interface ClubManagerAttributes {
  givenName: string;
  familyName: string;
  email: string;
}

/** The `clubs` resource, for its managers only. */
export interface ClubAttributes {
  name: string;
  federation: string | null;
  code: string | null;
  contactEmail: string;
  contactPhone: string | null;
  createdAt: string;
  managers: ClubManagerAttributes[];
  /** Invitations to manage the club not yet taken, while their links work. */
  pendingInvitations: { email: string; expiresAt: string }[];
}

/** The `club-athletes` resource: an athlete of a club's roster. */
export interface ClubAthleteAttributes {
  givenName: string;
  familyName: string;
  birthDate: string | null;
  gender: Gender | null;
  email: string | null;
  phone: string | null;
  nationality: string | null;
  federationCard: string | null;
  tshirtSize: string | null;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  /** Whether the athlete is linked to their own account. */
  linked: boolean;
}
