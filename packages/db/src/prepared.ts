import type { Database } from "./database.ts";

const statements = new WeakMap<Database, Map<string, unknown>>();

/**
 * A query built once per database and prepared under its name: the hot paths (the session behind
 * every request, the appointment a signup holds places on) skip building the SQL again and, on
 * PostgreSQL, parsing and planning it on every connection that has run it before.
 */
export function prepared<T>(db: Database, name: string, build: (db: Database) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}
