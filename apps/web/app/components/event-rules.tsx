import type { EventAttributes } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";

/** The event's rules as short sentences: ages, certificates, cards, participants per signup; none for an event without rules. */
export function ruleTexts(rules: EventAttributes["rules"]): string[] {
  const items: string[] = [];
  const byYear = rules.ageRule === "birth-year" ? ` (${m.rule_age_by_birth_year()})` : "";
  if (rules.minAge !== null && rules.maxAge !== null)
    items.push(m.rule_age_range({ min: rules.minAge, max: rules.maxAge }) + byYear);
  else if (rules.minAge !== null) items.push(m.rule_age_min({ min: rules.minAge }) + byYear);
  else if (rules.maxAge !== null) items.push(m.rule_age_max({ max: rules.maxAge }) + byYear);
  if (rules.medicalCertificate === "competitive") items.push(m.rule_certificate_competitive());
  if (rules.medicalCertificate === "non-competitive") items.push(m.rule_certificate_non_competitive());
  if (rules.medicalCertificate !== "none" && rules.certificateLater) items.push(m.rule_certificate_later());
  if (rules.federationCardRequired) items.push(m.rule_federation_card());
  if (rules.participantsPerSignup > 1) items.push(m.rule_participants({ count: rules.participantsPerSignup }));
  return items;
}

/** The event's rules as a list, or nothing for an event without rules. */
export function EventRules({ rules }: { rules: EventAttributes["rules"] }) {
  return <RuleList items={ruleTexts(rules)} />;
}

export function RuleList({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="rules">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
