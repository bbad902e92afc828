/**
 * Fills the catalogue for the API benchmark: `bench-event-000001`, … (bench/event-rows.ts) with their
 * appointments, inserted in multi-row batches.
 */
import { catalogueChanged, type Database, schema } from "@sports/db";
import { getTableColumns, getTableName, sql, type Table } from "drizzle-orm";
import { type AppointmentRow, benchEvent, type EventRow } from "./event-rows.ts";

export interface SeedOptions {
  /** The number of the first event, 1-based: `bench-event-<first>` (default 1). */
  first?: number;
  /** How many events to add. */
  count: number;
  /** The instant the ±3 years of start dates are spread around. */
  now: Date;
  /** Events per INSERT statement (default 1,000). */
  batchSize?: number;
}

export interface SeedResult {
  events: number;
  appointments: number;
  /** Milliseconds spent building and inserting rows. */
  insertMs: number;
  /** Milliseconds spent in VACUUM ANALYZE afterwards. */
  analyzeMs: number;
}

/**
 * One multi-row INSERT … SELECT: the rows travel as a single JSON parameter that
 * json_populate_recordset turns into rows of the table's own type, rather than Drizzle's
 * `insert().values()`, whose SQL generation alone costs more than PGlite's insert (bench/README.md,
 * "API benchmark", "What it does").
 */
async function insertRows(db: Database, table: Table, rows: readonly Record<string, unknown>[]): Promise<void> {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name] as const);
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, name] of columns) record[name] = row[key];
    return record;
  });
  const name = sql.identifier(getTableName(table));
  await db.execute(
    sql`insert into ${name} select * from json_populate_recordset(null::${name}, ${JSON.stringify(records)}::json)`,
  );
}

/**
 * Inserts `count` bench events (and their appointments) in batches, then runs VACUUM ANALYZE: the
 * planner gets statistics, and the visibility map is set as autovacuum would soon set it on a
 * PostgreSQL server (PGlite has no autovacuum), so index-only scans behave as in a steady state.
 */
export async function seedBenchEvents(db: Database, options: SeedOptions): Promise<SeedResult> {
  const first = options.first ?? 1;
  const batchSize = options.batchSize ?? 1_000;
  const started = performance.now();
  let appointmentCount = 0;
  for (let start = first; start < first + options.count; start += batchSize) {
    const end = Math.min(start + batchSize, first + options.count);
    const eventRows: EventRow[] = [];
    const appointmentRows: AppointmentRow[] = [];
    for (let n = start; n < end; n++) {
      const row = benchEvent(n, options.now);
      eventRows.push(row.event);
      appointmentRows.push(...row.appointments);
    }
    await insertRows(db, schema.events, eventRows);
    await insertRows(db, schema.appointments, appointmentRows);
    appointmentCount += appointmentRows.length;
  }
  const inserted = performance.now();
  // As the console does: what the server keeps of the catalogue is read again.
  await catalogueChanged(db);
  await db.execute(sql`vacuum analyze`);
  return {
    events: options.count,
    appointments: appointmentCount,
    insertMs: inserted - started,
    analyzeMs: performance.now() - inserted,
  };
}
