import type { AgeRule, GenderRestriction } from "./catalogue.ts";
import { localDate } from "./price.ts";

/** Who may take part in an appointment: ages as the event counts them, and the gender it is for. */
export interface EligibilityRules {
  minAge: number | null;
  maxAge: number | null;
  ageRule: AgeRule;
  gender: GenderRestriction;
  /** When the appointment starts, and the event's time zone: ages count on that local day. */
  startsAt: Date;
  timeZone: string;
}

export type EligibilityProblem = "birth-date-required" | "too-young" | "too-old" | "gender-required" | "wrong-gender";

/** A participant's age as the event counts it: full years on the day, or the year's difference. */
export function ageForEvent(
  birthDate: string,
  rules: Pick<EligibilityRules, "ageRule" | "startsAt" | "timeZone">,
): number {
  const eventDay = localDate(rules.startsAt, rules.timeZone);
  const [eventYear, eventMonthDay] = [Number(eventDay.slice(0, 4)), eventDay.slice(5)];
  const [birthYear, birthMonthDay] = [Number(birthDate.slice(0, 4)), birthDate.slice(5)];
  const years = eventYear - birthYear;
  if (rules.ageRule === "birth-year") return years;
  return birthMonthDay > eventMonthDay ? years - 1 : years;
}

/** What keeps a participant out of an appointment, if anything (empty: eligible). */
export function eligibilityProblems(
  participant: { birthDate: string | null; gender: string | null },
  rules: EligibilityRules,
): EligibilityProblem[] {
  const problems: EligibilityProblem[] = [];
  if (rules.minAge !== null || rules.maxAge !== null) {
    if (!participant.birthDate) problems.push("birth-date-required");
    else {
      const age = ageForEvent(participant.birthDate, rules);
      if (rules.minAge !== null && age < rules.minAge) problems.push("too-young");
      if (rules.maxAge !== null && age > rules.maxAge) problems.push("too-old");
    }
  }
  if (rules.gender !== "any") {
    if (!participant.gender) problems.push("gender-required");
    else if (participant.gender !== rules.gender) problems.push("wrong-gender");
  }
  return problems;
}

/** A participant's certificate against the event's requirement, as a step's field problems. */
export interface CertificateProblem {
  attribute: "certificateId" | "certificateExpiresOn";
  code: "certificate-required" | "required" | "certificate-expired";
  detail: string;
}

/**
 * What is wrong with a participant's certificate, if anything: an event that asks for one wants
 * the file and its expiry date, covering the race day; one that takes it later (`certificateLater`)
 * accepts none at all, to be uploaded from My signups, but an expiry given must still cover the day.
 */
export function certificateProblems(
  participant: { certificateId: string | null; certificateExpiresOn: string | null },
  rules: { required: boolean; certificateLater: boolean; raceDay: string },
): CertificateProblem[] {
  if (!rules.required) return [];
  const none = !participant.certificateId && !participant.certificateExpiresOn;
  if (none && rules.certificateLater) return [];
  const problems: CertificateProblem[] = [];
  if (!participant.certificateId)
    problems.push({
      attribute: "certificateId",
      code: "certificate-required",
      detail: "Upload the medical certificate.",
    });
  if (!participant.certificateExpiresOn)
    problems.push({
      attribute: "certificateExpiresOn",
      code: "required",
      detail: "Give the certificate's expiry date.",
    });
  else if (participant.certificateExpiresOn < rules.raceDay)
    problems.push({
      attribute: "certificateExpiresOn",
      code: "certificate-expired",
      detail: `The certificate must be valid on ${rules.raceDay}.`,
    });
  return problems;
}
