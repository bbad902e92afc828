/**
 * A club's athlete's own link (docs/decisions/068-club-entries.md): what it opens and what the athlete
 * gives through it, `GET` and `PATCH /api/athlete-links/{token}` (docs/api.md#athletes-links).
 */

/** What a club's athlete gives of their own, as packages/domain names them (club-entry.ts). */
export const ATHLETE_PARTS = ["consents", "emergency-contact", "certificate"] as const;
export type AthletePartName = (typeof ATHLETE_PARTS)[number];

/** `athlete-links`: the athlete's own participant, their race and club, and what is still missing. */
export interface AthleteLinkAttributes {
  givenName: string;
  familyName: string;
  birthDate: string | null;
  /** The club that entered them. */
  club: string | null;
  eventTitle: string;
  appointmentTitle: string;
  eventSlug: string;
  startsAt: string;
  timeZone: string;
  /** The race's day in the event's time zone: a certificate must be valid on it. */
  raceDay: string;
  /** Until when the link is good. */
  expiresAt: string;
  missing: AthletePartName[];
  /** Whether the terms and the privacy notice are accepted already (then they are not asked again). */
  consentsGiven: boolean;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  /** When the athlete gave their part through a link; null until then. */
  completedAt: string | null;
  certificate: {
    /** Whether the event asks for a medical certificate, and which. */
    required: boolean;
    kind: "competitive" | "non-competitive" | null;
    /** Whether the event takes it later (none now is no problem). */
    later: boolean;
    /** Whether one is on file already, and until when it is valid. */
    onFile: boolean;
    expiresOn: string | null;
  };
}

/** What `PATCH /api/athlete-links/{token}` takes. */
export interface AthleteLinkChange {
  termsAccepted?: boolean;
  privacyAccepted?: boolean;
  emergencyContactName: string;
  emergencyContactPhone: string;
  certificateId?: string | null;
  certificateExpiresOn?: string | null;
}
