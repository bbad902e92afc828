import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "./database.ts";

const statements = new WeakMap<Database | Transaction, Map<string, unknown>>();

/**
 * A query built once per database and prepared under its name: the hot paths (the session behind
 * every request, the appointment a signup holds places on, a signup's page) skip building the SQL
 * again and, on PostgreSQL, parsing and planning it on every connection that has run it before.
 * Given a transaction, the query is built for that transaction (and runs in it), once however often
 * the transaction runs it.
 */
export function prepared<D extends Database | Transaction, T>(db: D, name: string, build: (db: D) => T): T {
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
