import type { AthletePartName } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";

const PARTS: Record<AthletePartName, () => string> = {
  consents: m.athlete_part_consents,
  "emergency-contact": m.athlete_part_emergency_contact,
  certificate: m.athlete_part_certificate,
};

/**
 * What a club's athlete has still to give of their own, as one phrase of the page's language
 * ("un contatto per le emergenze e il certificato medico"): on their page, at the check-in desk and
 * on a signup's page in the console.
 */
export function athletePartsText(parts: readonly string[], locale: string): string {
  const named = parts.flatMap((part) => (part in PARTS ? [PARTS[part as AthletePartName]()] : []));
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(named);
}
