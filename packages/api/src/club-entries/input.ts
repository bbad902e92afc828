import { ROSTER_FIELDS } from "@sports/domain";
import { z } from "zod";

/**
 * The shapes of a club's entry's requests (docs/api.md "Club entries"). A row's values are taken as
 * typed, up to a length no field reaches: what is wrong with them is the row's problems, shown
 * at their fields by the preview, rather than a refusal.
 */

/** Athletes picked in the club's roster, by id (the club is the document's relationship). */
export const clubEntryRequest = z.strictObject({ athletes: z.array(z.string().max(100)) });

const value = z.string().max(1_000).nullable().optional();

/** A row's fix: its line, and the participant's fields that change, each a text as typed or null. */
const rowFix = z.strictObject({
  line: z.number().int().min(1),
  participant: z.strictObject(
    Object.fromEntries(ROSTER_FIELDS.map((field) => [field, value])) as Record<
      (typeof ROSTER_FIELDS)[number],
      typeof value
    >,
  ),
});

/** A change of an entry: rows fixed, or its state `held`; one of them. */
export const clubEntryChange = z.strictObject({
  rows: z.array(rowFix).min(1).max(500).optional(),
  state: z.literal("held").optional(),
});
