import { participants, signups } from "../schema.ts";

/** A club's athlete's own part as the desk reads it (docs/decisions/068): consents, emergency contact, certificate. */
export interface AthletePartAtDesk {
  /** The club whose signup this is: then their own part must be given too. */
  clubId: string | null;
  consentsAcceptedAt: Date | null;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  certificateId: string | null;
}

/** The columns of {@link AthletePartAtDesk}, for a query over participants joined to their signups. */
export const athletePartColumns = {
  clubId: signups.clubId,
  consentsAcceptedAt: participants.consentsAcceptedAt,
  emergencyContactName: participants.emergencyContactName,
  emergencyContactPhone: participants.emergencyContactPhone,
  certificateId: participants.certificateId,
};
