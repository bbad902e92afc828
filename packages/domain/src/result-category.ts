/**
 * A finisher's category, by the rule set a race chooses: FIDAL's (the Italian athletics federation),
 * by the age reached in the race's calendar year, or bands the organiser defines. FIDAL's categories
 * are for women and men; anyone else is in none of them and is ranked overall and in the open list
 * (ranking.ts).
 */

/** A band the organiser defines: ages reached in the race's year, inclusive, for a gender or for all. */
export interface CategoryBand {
  code: string;
  minAge: number;
  /** Null: no upper bound. */
  maxAge: number | null;
  gender: "female" | "male" | "any";
}

export type CategoryRules = { kind: "fidal" } | { kind: "bands"; bands: CategoryBand[] };

/** FIDAL's youth and young categories, by the highest age each holds: the letter, then M or F. */
const FIDAL_YOUNG: [maxAge: number, letter: string][] = [
  [11, "E"],
  [13, "R"],
  [15, "C"],
  [17, "A"],
  [19, "J"],
  [22, "P"],
  [34, "S"],
];

/** The age a person reaches in the calendar year of `raceDate` (YYYY-MM-DD), as FIDAL counts it. */
export function ageInRaceYear(birthDate: string, raceDate: string): number {
  return Number(raceDate.slice(0, 4)) - Number(birthDate.slice(0, 4));
}

/** FIDAL's category (`SM`, `SF45`, `AF`…), or null for a gender it has none for. */
export function fidalCategory(age: number, gender: string): string | null {
  const sex = gender === "male" ? "M" : gender === "female" ? "F" : null;
  if (!sex) return null;
  const young = FIDAL_YOUNG.find(([maxAge]) => age <= maxAge);
  if (young) return `${young[1]}${sex}`;
  return `S${sex}${Math.floor(age / 5) * 5}`;
}

/** The category of a participant born on `birthDate` (null: unknown) in a race on `raceDate`, or null for none. */
export function categoryOf(
  rules: CategoryRules,
  participant: { birthDate: string | null; gender: string | null },
  raceDate: string,
): string | null {
  if (!participant.birthDate) return null;
  const age = ageInRaceYear(participant.birthDate, raceDate);
  if (rules.kind === "fidal") return fidalCategory(age, participant.gender ?? "");
  const band = rules.bands.find(
    ({ minAge, maxAge, gender }) =>
      age >= minAge && (maxAge === null || age <= maxAge) && (gender === "any" || gender === participant.gender),
  );
  return band?.code ?? null;
}
