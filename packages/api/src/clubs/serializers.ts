import type { ClubAthleteAttributes, ClubAttributes, ResourceObject } from "@sports/jsonapi";
import type { ClubAthleteRecord, ClubView } from "@sports/usecases";

/** A club, as its managers read it: its details, its managers and the invitations still waiting. */
export function clubResource(view: ClubView): ResourceObject<"clubs", ClubAttributes> {
  const { club } = view;
  return {
    type: "clubs",
    id: club.id,
    attributes: {
      name: club.name,
      federation: club.federation,
      code: club.code,
      contactEmail: club.contactEmail,
      contactPhone: club.contactPhone,
      createdAt: club.createdAt.toISOString(),
      managers: view.managers.map(({ givenName, familyName, email }) => ({ givenName, familyName, email })),
      pendingInvitations: view.pendingInvitations.map(({ email, expiresAt }) => ({
        email,
        expiresAt: expiresAt.toISOString(),
      })),
    },
    links: { self: `/api/clubs/${club.id}` },
  };
}

/** An athlete of a club's roster. */
export function clubAthleteResource(
  athlete: ClubAthleteRecord,
): ResourceObject<"club-athletes", ClubAthleteAttributes> {
  return {
    type: "club-athletes",
    id: athlete.id,
    attributes: {
      givenName: athlete.givenName,
      familyName: athlete.familyName,
      birthDate: athlete.birthDate,
      gender: athlete.gender,
      email: athlete.email,
      phone: athlete.phone,
      nationality: athlete.nationality,
      federationCard: athlete.federationCard,
      tshirtSize: athlete.tshirtSize,
      emergencyContactName: athlete.emergencyContactName,
      emergencyContactPhone: athlete.emergencyContactPhone,
      linked: athlete.userId !== null,
    },
    relationships: { club: { data: { type: "clubs", id: athlete.clubId } } },
    links: { self: `/api/clubs/${athlete.clubId}/athletes/${athlete.id}` },
  };
}
