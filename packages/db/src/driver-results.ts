/** What both drivers (PGlite and node-postgres) answer alike, read the same way for each. */

/** The rows of a raw statement's result: both drivers answer `{ rows }`. */
export function rowsOf(result: unknown): unknown[] {
  return (result as { rows: unknown[] }).rows;
}

/** Whether a statement failed on a unique index (SQLSTATE 23505), as thrown or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === "23505";
}
