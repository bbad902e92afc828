import {
  addRawTimes,
  addResultImport,
  bibHolders,
  catalogueChanged,
  findRaceResults,
  findResultImport,
  lockRaceResults,
  type RaceResultsRecord,
  type ResultImportRecord,
  rawTimesOf,
  storedResults,
  type Transaction,
  updateRaceResults,
  updateResultImport,
  writeResults,
} from "@sports/db";
import {
  type Actor,
  type ComputedResult,
  computeResults,
  type RawTime,
  type ReadRows,
  type ResultLine,
  type RowTime,
  readTimingRows,
  refuse,
  sameResult,
  type TimingMapping,
} from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import { audit } from "../console/audit.ts";
import type { Deps } from "../deps.ts";
import { newDiplomaCode, raceRulesOf } from "./recompute.ts";
import { checkedMapping, firstMapping, readTimingTable, type TimingFormat, timingFormatOf } from "./timing-table.ts";

/** What applying a file would do, as its dry run shows it. */
export interface ImportSummary {
  rows: number;
  new: number;
  changed: number;
  unchanged: number;
  unknownBibs: number[];
  duplicateBibs: ReadRows["duplicateBibs"];
  invalidRows: ReadRows["invalidRows"];
  /** The first changed lines, before and after. */
  changes: { bib: number; name: string; before: ResultState; after: ResultState }[];
}

type ResultState = Pick<ComputedResult, "status" | "gunTime" | "netTime" | "ranks">;
const stateOf = ({ status, gunTime, netTime, ranks }: ComputedResult): ResultState => ({
  status,
  gunTime,
  netTime,
  ranks,
});
const CHANGES_SHOWN = 100;

/** The times of a file not yet stored as the latest file's for their bib, point and kind. */
function timesToStore(read: readonly RowTime[], stored: readonly RawTime[]): RowTime[] {
  const latest = new Map<string, RawTime>();
  for (const time of stored) if (time.source !== "console") latest.set(`${time.bib}|${time.point}|${time.kind}`, time);
  return read.filter((time) => {
    const before = latest.get(`${time.bib}|${time.point}|${time.kind}`);
    return !before || before.seconds !== time.seconds || before.status !== time.status || namesDiffer(before, time);
  });
}

const namesDiffer = (a: Pick<RawTime, "givenName" | "familyName" | "club">, b: typeof a) =>
  a.givenName !== b.givenName || a.familyName !== b.familyName || a.club !== b.club;

interface ImportPlan {
  store: RowTime[];
  summary: ImportSummary;
  /** The race's results once the file's times are stored. */
  after: ComputedResult[];
}

/** What the file would store and change, worked out against the race's raw times and results now. */
async function planImport(
  tx: Transaction,
  race: RaceResultsRecord,
  input: { format: TimingFormat; content: Uint8Array; mapping: TimingMapping | null },
): Promise<ImportPlan & { columns: string[]; mapping: TimingMapping }> {
  const holders = await bibHolders(tx, race.appointmentId);
  const table = await readTimingTable(input.format, input.content, holders);
  const mapping = input.mapping ?? firstMapping(input.format, table);
  const read = readTimingRows(table, mapping);
  const [stored, shown] = await Promise.all([
    rawTimesOf(tx, race.appointmentId),
    storedResults(tx, race.appointmentId),
  ]);
  const store = timesToStore(read.times, stored);
  let nextId = (stored.at(-1)?.id ?? 0) + 1;
  const pending = store.map(
    (time): RawTime => ({ ...time, id: nextId++, source: input.format === "iof" ? "iof" : "file" }),
  );
  const after = computeResults([...stored, ...pending], holders, raceRulesOf(race));
  return { store, after, columns: table.columns, mapping, summary: summaryOf(read, after, shown, holders) };
}

function summaryOf(
  read: ReadRows,
  after: readonly ComputedResult[],
  shown: ReadonlyMap<number, ResultLine>,
  holders: ReadonlyMap<number, unknown>,
): ImportSummary {
  const fileBibs = new Set(read.times.map((time) => time.bib));
  const summary: ImportSummary = {
    rows: fileBibs.size + read.invalidRows.length + read.duplicateBibs.reduce((sum, d) => sum + d.lines.length - 1, 0),
    new: 0,
    changed: 0,
    unchanged: 0,
    unknownBibs: [...fileBibs].filter((bib) => !holders.has(bib)).sort((a, b) => a - b),
    duplicateBibs: read.duplicateBibs,
    invalidRows: read.invalidRows,
    changes: [],
  };
  for (const result of after) {
    if (!fileBibs.has(result.bib)) continue;
    const before = shown.get(result.bib);
    if (!before) summary.new++;
    else if (sameResult(lineState(before), result)) summary.unchanged++;
    else {
      summary.changed++;
      if (summary.changes.length < CHANGES_SHOWN)
        summary.changes.push({
          bib: result.bib,
          name: `${result.givenName} ${result.familyName}`.trim(),
          before: stateOf(lineState(before)),
          after: stateOf(result),
        });
    }
  }
  return summary;
}

const lineState = ({ id: _, appointmentId: __, diplomaCode: ___, ...line }: ResultLine): ComputedResult => line;

async function raceToImportInto(deps: Pick<Deps, "db">, appointmentId: string): Promise<RaceResultsRecord> {
  const race = await findRaceResults(deps.db, appointmentId);
  if (!race) refuse("not-found", `No appointment ${appointmentId}.`);
  return race;
}

/**
 * Reads a timing file (CSV, XLSX or an IOF XML ResultList, told apart by their bytes) and keeps it
 * with its dry run: the mapping its headers suggest, and what applying it would change. Nothing
 * else changes.
 */
export async function previewResultImport(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { appointmentId: string; content: Uint8Array },
): Promise<ResultImportRecord> {
  requireOrganiser(actor, "imports results");
  const race = await raceToImportInto(deps, input.appointmentId);
  const format = timingFormatOf(input.content);
  return deps.db.transaction(async (tx) => {
    const plan = await planImport(tx, race, { format, content: input.content, mapping: null });
    return addResultImport(tx, {
      appointmentId: race.appointmentId,
      format,
      content: Buffer.from(input.content),
      columns: plan.columns,
      mapping: plan.mapping,
      summary: { ...plan.summary },
      version: race.version,
      createdBy: actor.userId,
      createdAt: deps.now,
    });
  });
}

async function importToChange(tx: Transaction, importId: string): Promise<ResultImportRecord> {
  const found = await findResultImport(tx, importId);
  if (!found) refuse("not-found", `No result import ${importId}.`);
  if (found.state !== "preview") refuse("wrong-state", "This import has been applied: upload the file again.");
  return found;
}

/** A new dry run of an uploaded file with another mapping. */
export async function remapResultImport(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { importId: string; mapping: unknown },
): Promise<ResultImportRecord> {
  requireOrganiser(actor, "imports results");
  return deps.db.transaction(async (tx) => {
    const found = await importToChange(tx, input.importId);
    const mapping = checkedMapping(input.mapping ?? found.mapping, found.columns);
    const race = await findRaceResults(tx, found.appointmentId);
    if (!race) refuse("not-found", `No appointment ${found.appointmentId}.`);
    const plan = await planImport(tx, race, { format: found.format, content: found.content, mapping });
    const updated = await updateResultImport(tx, found.id, {
      mapping,
      summary: { ...plan.summary },
      version: race.version,
    });
    return updated as ResultImportRecord;
  });
}

/**
 * Applies a previewed file in one transaction: its new and changed times stored as raw times, the
 * results worked out again, the import marked applied, one line in the change log. Refused with
 * `results-changed` when the results moved since its preview; applying the same file again stores
 * nothing and changes nothing.
 */
export async function applyResultImport(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { importId: string },
): Promise<ResultImportRecord> {
  requireOrganiser(actor, "imports results");
  const { applied, shown } = await deps.db.transaction(async (tx) => {
    const found = await importToChange(tx, input.importId);
    const race = await lockRaceResults(tx, found.appointmentId);
    if (!race) refuse("not-found", `No appointment ${found.appointmentId}.`);
    if (race.version !== found.version)
      refuse("results-changed", "The results changed since this preview: look at the new preview, then apply it.");
    const mapping = checkedMapping(found.mapping, found.columns);
    const plan = await planImport(tx, race, { format: found.format, content: found.content, mapping });
    const source = found.format === "iof" ? "iof" : "file";
    await addRawTimes(tx, plan.store, {
      appointmentId: race.appointmentId,
      source,
      importId: found.id,
      byUserId: actor.userId,
      reason: null,
      receivedAt: deps.now,
    });
    // The plan worked the results out from every raw time and the file's, under the race's lock: they are stored as they are.
    if (plan.store.length > 0) {
      await writeResults(tx, race.appointmentId, plan.after, newDiplomaCode);
      await updateRaceResults(tx, race.appointmentId, {}, { bump: true, now: deps.now });
    }
    await audit(tx, deps, actor, {
      action: "results-imported",
      subjectType: "appointments",
      subjectId: race.appointmentId,
      eventId: race.eventId,
      before: null,
      after: { import: found.id, format: found.format, times: plan.store.length, ...countsOf(plan.summary) },
    });
    const applied = await updateResultImport(tx, found.id, {
      state: "applied",
      appliedAt: deps.now,
      summary: { ...plan.summary },
    });
    return { applied: applied as ResultImportRecord, shown: plan.store.length > 0 && race.state !== "unpublished" };
  });
  // Published results changed: the results pages kept for everyone are dropped.
  if (shown) await catalogueChanged(deps.db);
  return applied;
}

const countsOf = ({ new: added, changed, unchanged, invalidRows }: ImportSummary) => ({
  new: added,
  changed,
  unchanged,
  invalid: invalidRows.length,
});
