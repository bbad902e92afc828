import { type Locale, pickText } from "@sports/domain";
import type { AthleteLinkAttributes, ResourceObject } from "@sports/jsonapi";
import type { AthletePartView } from "@sports/usecases";

/**
 * What a club's athlete's own link opens (docs/decisions/068-club-entries.md): only their own
 * participant, never the link's token nor anything of the other athletes, the signup or the club's
 * managers. Texts in the request's language.
 */
export function athleteLinkResource(
  view: AthletePartView,
  locale: Locale,
): ResourceObject<"athlete-links", AthleteLinkAttributes> {
  const { participant, event, appointment } = view;
  const kind = event.medicalCertificate === "none" ? null : event.medicalCertificate;
  return {
    type: "athlete-links",
    id: participant.id,
    attributes: {
      givenName: participant.givenName,
      familyName: participant.familyName,
      birthDate: participant.birthDate,
      club: view.club,
      eventTitle: pickText(event.title, locale) ?? "",
      appointmentTitle: pickText(appointment.title, locale) ?? "",
      eventSlug: event.slug,
      startsAt: appointment.startsAt.toISOString(),
      timeZone: event.timeZone,
      raceDay: view.raceDay,
      expiresAt: view.expiresAt.toISOString(),
      missing: view.missing,
      consentsGiven: participant.consentsAcceptedAt !== null,
      emergencyContactName: participant.emergencyContactName,
      emergencyContactPhone: participant.emergencyContactPhone,
      completedAt: participant.athleteCompletedAt?.toISOString() ?? null,
      certificate: {
        required: kind !== null,
        kind,
        later: event.certificateLater,
        onFile: participant.certificateId !== null,
        expiresOn: participant.certificateExpiresOn,
      },
    },
  };
}
