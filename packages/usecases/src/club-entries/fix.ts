import { type ClubEntryRecord, lockClubEntry, updateClubEntryRows } from "@sports/db";
import {
  type Actor,
  changedRow,
  type FieldProblem,
  markRepeats,
  type RowChange,
  refuse,
  refuseProblems,
} from "@sports/domain";
import type { Deps } from "../deps.ts";
import { checkRows, entryTarget, rowReading } from "./checks.ts";
import { clubEntryFor } from "./find.ts";

/** A row's fix: its line, and the participant's fields that change (null or "" clears one). */
export interface RowFix {
  line: number;
  participant: RowChange;
}

/**
 * Rows of a previewed entry fixed in place (docs/decisions/068), by one of the club's managers: the
 * fields given replace the row's, read as a file's cells are, and each fixed row is checked again
 * as the preview checked it; repeats are looked for again over all the rows. Still a preview; a
 * held entry is refused (`wrong-state`), a line the entry lacks or given twice is `invalid-input`
 * at its place in `rows`.
 */
export async function fixClubEntryRows(
  deps: Deps,
  actor: Actor,
  input: { entryId: string; rows: readonly RowFix[] },
): Promise<ClubEntryRecord> {
  const found = await clubEntryFor(deps, actor, input.entryId);
  if (found.state !== "preview") refuse("wrong-state", "A held entry's rows no longer change.");
  const target = await entryTarget(deps.db, found.appointmentId);
  const lines = new Set(found.rows.map((row) => row.line));
  const problems: FieldProblem[] = [];
  const fixes = new Map<number, RowChange>();
  for (const [index, fix] of input.rows.entries()) {
    const attribute = `rows/${index}/line`;
    if (!lines.has(fix.line))
      problems.push({ attribute, code: "invalid-value", detail: `The entry has no row at line ${fix.line}.` });
    else if (fixes.has(fix.line))
      problems.push({ attribute, code: "invalid-value", detail: `Line ${fix.line} is fixed once.` });
    fixes.set(fix.line, fix.participant);
  }
  refuseProblems(problems, "Some rows cannot be fixed.");
  return deps.db.transaction(async (tx) => {
    const entry = await lockClubEntry(tx, found.id);
    if (!entry || entry.state !== "preview") refuse("wrong-state", "A held entry's rows no longer change.");
    const reading = rowReading(target, deps.now);
    const changed = entry.rows.flatMap((row) => {
      const change = fixes.get(row.line);
      return change ? [changedRow(row, change, reading)] : [];
    });
    const checked = new Map((await checkRows(tx, target, changed, deps.now)).map((row) => [row.line, row]));
    const rows = markRepeats(entry.rows.map((row) => checked.get(row.line) ?? row));
    return updateClubEntryRows(tx, entry.id, rows, deps.now);
  });
}
