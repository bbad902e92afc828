import { type Database, findCertificate, type NewParticipant, type SignupRecord } from "@sports/db";
import {
  type Appointment,
  type CardKind,
  type CardProblem,
  certificateProblems,
  type EligibilityProblem,
  type Event,
  eligibilityProblems,
  type FieldProblem,
  type Gender,
  localDate,
  refuse,
  refuseProblems,
} from "@sports/domain";
import type { ParticipantAttributes } from "@sports/jsonapi";
import { cardProblems } from "../cards/card-problem.ts";

/**
 * A participant as a person gives one (the HTTP layer has checked each field's shape): the
 * contract's attributes, the consents given, the certificate and the answers the event may not ask.
 */
export type ParticipantInput = Omit<
  ParticipantAttributes,
  "position" | "birthDate" | "gender" | "certificateId" | "certificateExpiresOn" | "termsAccepted" | "privacyAccepted"
> & {
  birthDate?: string | null | undefined;
  gender?: Gender | null | undefined;
  certificateId?: string | null | undefined;
  certificateExpiresOn?: string | null | undefined;
  termsAccepted: true;
  privacyAccepted: true;
};

/** What each of a card's problems says in the API's own words (the site says it in the page's language). */
const CARD_DETAILS: Record<CardProblem, string> = {
  "card-not-found": "This card is on none of the event's lists of valid cards.",
  "card-expired": "This card is no longer valid on race day.",
  "card-name-mismatch": "This card is someone else's: check the names and the birth date.",
};

/**
 * Every participant against the event's questions and the appointment's conditions: `no-participants`
 * and the field problems all at once (`invalid-input`), `too-many-participants` past the event's limit.
 * A federation card typed is checked against the event's lists (cards/card-problem.ts, decision 067).
 */
export async function checkParticipants(
  db: Database,
  signup: SignupRecord,
  target: { appointment: Appointment; event: Event & { acceptedCards: readonly CardKind[] } },
  people: readonly ParticipantInput[],
): Promise<void> {
  const { appointment, event } = target;
  if (people.length === 0) {
    refuseProblems([{ code: "no-participants", detail: "A signup needs at least one participant." }]);
  }
  if (people.length > event.participantsPerSignup) {
    refuse("too-many-participants", `This event takes at most ${event.participantsPerSignup} participants per signup.`);
  }
  const problems: FieldProblem[] = [];
  const problem = (index: number, attribute: string, code: string, detail: string) =>
    problems.push({ index, attribute, code, detail });
  const rules = {
    minAge: appointment.minAge ?? event.minAge,
    maxAge: appointment.maxAge ?? event.maxAge,
    ageRule: event.ageRule,
    gender: appointment.gender,
    startsAt: appointment.startsAt,
    timeZone: event.timeZone,
  };
  const appointmentDay = localDate(appointment.startsAt, event.timeZone);
  for (const [index, person] of people.entries()) {
    const required = (field: keyof ParticipantInput, when: boolean) => {
      if (when && !person[field]) problem(index, field, "required", "Fill this in.");
    };
    required("birthDate", true);
    required("gender", true);
    required("email", true);
    required("emergencyContactName", true);
    required("emergencyContactPhone", true);
    required("federationCard", event.federationCardRequired);
    required("tshirtSize", event.tshirtSizes.length > 0);
    if (person.tshirtSize && !event.tshirtSizes.includes(person.tshirtSize))
      problem(index, "tshirtSize", "invalid-value", `Choose one of ${event.tshirtSizes.join(", ") || "no sizes"}.`);
    if (person.birthDate && person.birthDate > appointmentDay)
      problem(index, "birthDate", "invalid-value", "A birth date cannot be after the appointment.");
    for (const found of eligibilityProblems(
      { birthDate: person.birthDate ?? null, gender: person.gender ?? null },
      rules,
    )) {
      if (found === "birth-date-required" || found === "gender-required") continue; // already said above
      problem(index, found === "wrong-gender" ? "gender" : "birthDate", found, eligibilityDetail(found, rules));
    }
    for (const found of certificateProblems(
      { certificateId: person.certificateId ?? null, certificateExpiresOn: person.certificateExpiresOn ?? null },
      {
        required: event.medicalCertificate !== "none",
        certificateLater: event.certificateLater,
        raceDay: appointmentDay,
      },
    ))
      problem(index, found.attribute, found.code, found.detail);
    if (person.certificateId) {
      const file = await findCertificate(db, person.certificateId.toLowerCase());
      if (!file || file.signupId !== signup.id)
        problem(index, "certificateId", "invalid-certificate", "Upload the certificate to this signup first.");
    }
  }
  const carded = people.flatMap((person, index) => (person.federationCard ? [{ person, index }] : []));
  const cards = await cardProblems(
    db,
    { id: event.id, acceptedCards: event.acceptedCards, raceDay: appointmentDay },
    carded.map(({ person }) => ({ ...person, birthDate: person.birthDate ?? null })),
  );
  for (const [at, { index }] of carded.entries()) {
    const found = cards[at];
    if (found) problem(index, "federationCard", found, CARD_DETAILS[found]);
  }
  refuseProblems(problems);
}

function eligibilityDetail(
  problem: EligibilityProblem,
  rules: { minAge: number | null; maxAge: number | null; gender: string },
): string {
  if (problem === "too-young") return `Participants must be at least ${rules.minAge}.`;
  if (problem === "too-old") return `Participants must be at most ${rules.maxAge}.`;
  return `This appointment is for ${rules.gender} participants only.`;
}

/** A participant as it is stored: the consents given now. */
export function participantRow(person: ParticipantInput, now: Date): NewParticipant {
  const { termsAccepted: _terms, privacyAccepted: _privacy, ...fields } = person;
  return {
    ...fields,
    birthDate: fields.birthDate ?? null,
    gender: fields.gender ?? null,
    certificateId: fields.certificateId?.toLowerCase() ?? null,
    certificateExpiresOn: fields.certificateExpiresOn ?? null,
    consentsAcceptedAt: now,
  };
}
