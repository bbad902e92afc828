import { createHash } from "node:crypto";
import type { CardEntry, CardListInvalidRow } from "@sports/domain";

/** What applying a card list would do to the event's list of its kind, as its dry run shows it. */
export interface CardListSummary {
  /** The file's valid cards. */
  entries: number;
  /** How many rows were left out, and the first of them with their line and why. */
  invalid: number;
  invalidRows: CardListInvalidRow[];
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
}

/** The rows left out that a summary shows: the first hundred. */
export const shownInvalidRows = (rows: readonly CardListInvalidRow[]) => rows.slice(0, 100);

/** What makes the list in force become the file's: the cards to take off and those to write. */
export interface CardListPlan {
  summary: CardListSummary;
  remove: string[];
  write: CardEntry[];
}

const sameEntry = (a: CardEntry, b: CardEntry) =>
  a.familyName === b.familyName &&
  a.givenName === b.givenName &&
  a.birthDate === b.birthDate &&
  a.validUntil === b.validUntil &&
  a.club === b.club;

/** The file's cards against the list in force: those added, changed, left as they are, and removed. */
export function planCardList(
  file: { entries: readonly CardEntry[]; invalidRows: readonly CardListInvalidRow[] },
  inForce: readonly CardEntry[],
): CardListPlan {
  const before = new Map(inForce.map((entry) => [entry.card, entry]));
  const summary: CardListSummary = {
    entries: file.entries.length,
    invalid: file.invalidRows.length,
    invalidRows: shownInvalidRows(file.invalidRows),
    added: 0,
    removed: 0,
    changed: 0,
    unchanged: 0,
  };
  const write: CardEntry[] = [];
  for (const entry of file.entries) {
    const old = before.get(entry.card);
    before.delete(entry.card);
    if (old && sameEntry(old, entry)) summary.unchanged++;
    else {
      summary[old ? "changed" : "added"]++;
      write.push(entry);
    }
  }
  const remove = [...before.keys()];
  summary.removed = remove.length;
  return { summary, remove, write };
}

/** A digest of a list in force, whatever order it was read in: equal digests, equal lists. */
export function listDigest(inForce: readonly CardEntry[]): string {
  const hash = createHash("sha256");
  const sorted = [...inForce].sort((a, b) => (a.card < b.card ? -1 : a.card > b.card ? 1 : 0));
  for (const entry of sorted)
    hash.update(
      `${JSON.stringify([entry.card, entry.familyName, entry.givenName, entry.birthDate, entry.validUntil, entry.club])}\n`,
    );
  return hash.digest("hex");
}
