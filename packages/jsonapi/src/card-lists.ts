/**
 * Federation card lists as the API answers them (docs/api.md#federation-cards): the kinds of card an
 * event may accept (the domain's CARD_KINDS, held equal by packages/api/src/contract.test.ts) and a
 * list's dry run.
 */

export const CARD_KINDS = ["fidal", "runcard", "promotion"] as const;
export type CardKindName = (typeof CARD_KINDS)[number];

/** Why a row of a card list's file was left out. */
export const CARD_LIST_ROW_CODES = ["card-missing", "name-missing", "date-invalid", "card-duplicate"] as const;

/** What applying an uploaded list would do, or did (`card-lists`' `summary`). */
export interface CardListSummary {
  entries: number;
  invalid: number;
  invalidRows: { line: number; code: string; column: string | null; value: string | null }[];
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
}
