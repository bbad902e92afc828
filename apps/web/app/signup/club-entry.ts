import type {
  ClubEntryAttributes,
  ClubEntryParticipant,
  ClubEntryProblemAttributes,
  ClubEntryRowAttributes,
  DataDocument,
  ResourceObject,
} from "@sports/jsonapi";

/*
 * A club's entry as its pages read it (docs/decisions/068-club-entries.md): a preview of rows,
 * each with its problems, until its valid rows are held as one signup of the club.
 */

/** The participant fields of a row, in the fix form's order (docs/api.md "Club entries"). */
export const ROW_FIELDS = [
  "givenName",
  "familyName",
  "birthDate",
  "gender",
  "email",
  "phone",
  "nationality",
  "club",
  "federationCard",
  "tshirtSize",
  "emergencyContactName",
  "emergencyContactPhone",
] as const satisfies readonly (keyof ClubEntryParticipant)[];
export type RowField = (typeof ROW_FIELDS)[number];

/** A row's athlete as its fix form holds it: texts, null where empty. */
export type RowParticipant = Record<RowField, string | null>;

export type RowProblem = ClubEntryProblemAttributes;
export type EntryRow = ClubEntryRowAttributes;

export interface ClubEntry extends Omit<ClubEntryAttributes, "rows"> {
  id: string;
  rows: EntryRow[];
  clubId: string | null;
  appointmentId: string | null;
  signupId: string | null;
}

const linked = (resource: ResourceObject, name: string): string | null => {
  const data = resource.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : null;
};

/** The entry a `club-entries` document holds. */
export function clubEntryOf(document: DataDocument): ClubEntry {
  const resource = document.data as ResourceObject;
  const attributes = resource.attributes as unknown as ClubEntryAttributes;
  return {
    ...attributes,
    rows: attributes.rows ?? [],
    id: resource.id,
    clubId: linked(resource, "club"),
    appointmentId: linked(resource, "appointment"),
    signupId: linked(resource, "signup"),
  };
}

/** The fields a row's fix form shows open: the names, what identifies the athlete, and every field with a problem. */
const ALWAYS_SHOWN: readonly RowField[] = ["givenName", "familyName", "birthDate", "gender", "email", "federationCard"];

/** A row's fields split in the ones shown at once and the rest, folded under "Other details". */
export function rowFieldsOf(row: Pick<EntryRow, "problems">): { shown: RowField[]; folded: RowField[] } {
  const troubled = new Set(row.problems.map((problem) => problem.field));
  const shown = ROW_FIELDS.filter((field) => ALWAYS_SHOWN.includes(field) || troubled.has(field));
  return { shown, folded: ROW_FIELDS.filter((field) => !shown.includes(field)) };
}

/** A row's participant from its fix form: each field trimmed, an empty one null (`PATCH` with `rows`). */
export function participantFromForm(formData: FormData): RowParticipant {
  return Object.fromEntries(
    ROW_FIELDS.map((field) => {
      const value = String(formData.get(field) ?? "").trim();
      return [field, value === "" ? null : value];
    }),
  ) as RowParticipant;
}
