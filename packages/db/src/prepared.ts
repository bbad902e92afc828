import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
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

const dialect = new PgDialect();

/**
 * A statement written in SQL, its values as `sql.placeholder`s, prepared under its name like the
 * built queries: its `execute(values)` answers what `db.execute` answers.
 */
export function preparedSql(db: Database, name: string, statement: () => SQL) {
  return prepared(db, name, (db) => db._.session.prepareQuery(dialect.sqlToQuery(statement()), undefined, name, false));
}
