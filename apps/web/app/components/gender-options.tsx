import { GENDERS, type Gender } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";

const GENDER_LABELS: Record<Gender, () => string> = {
  female: () => m.gender_female(),
  male: () => m.gender_male(),
  "non-binary": () => m.gender_non_binary(),
  unspecified: () => m.gender_unspecified(),
};

/** The genders as a select's options, after an empty one saying nothing is chosen yet. */
export function GenderOptions({ empty }: { empty: string }) {
  return (
    <>
      <option value="">{empty}</option>
      {GENDERS.map((gender) => (
        <option key={gender} value={gender}>
          {GENDER_LABELS[gender]()}
        </option>
      ))}
    </>
  );
}
