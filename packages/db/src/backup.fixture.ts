import { hold } from "@sports/domain";
import { sql } from "drizzle-orm";
import { type ConstructorOptions, PgBoss } from "pg-boss";
import { insertUser } from "./accounts/accounts.ts";
import type { Database } from "./database.ts";
import { seedDemoData } from "./demo/seed.ts";
import { holdSignup } from "./signups/hold.ts";

/** What the backup tests fill a database with, change in it, and compare. */

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** A site in use: the demo catalogue, an account, and its signup holding a place. */
export async function fillLikeASite(db: Database, now: Date): Promise<void> {
  await seedDemoData(db, { now });
  const user = await insertUser(db, {
    email: "ada@example.org",
    passwordHash: "x",
    givenName: "Ada",
    familyName: "Runner",
    preferredLocale: "en-US",
    termsAcceptedAt: now,
  });
  if (user === "email-taken") throw new Error("the account exists already");
  const [appointment] = rowsOf(
    await db.execute(sql`select id, event_id from appointments where capacity > places_taken order by id limit 1`),
  );
  if (!appointment) throw new Error("the demo catalogue has no open appointment");
  const transition = hold({
    id: crypto.randomUUID(),
    actor: { kind: "user", userId: user.id },
    availability: "open",
    holdMinutes: 15,
    now,
    places: 2,
    maxPerSignup: 4,
  });
  await holdSignup(db, {
    transition,
    eventId: String(appointment.event_id),
    appointmentId: String(appointment.id),
    locale: "en-US",
  });
}

/** pg-boss's own schema (`pgboss`), with a queue and a job in it, as the server's queue leaves it. */
export async function queueAMail(options: ConstructorOptions): Promise<void> {
  const boss = new PgBoss({ ...options, schema: "pgboss", supervise: false, schedule: false });
  await boss.start();
  await boss.createQueue("mail");
  await boss.send("mail", { to: "ada@example.org" });
  await boss.stop({ graceful: false });
}

/**
 * Changes of every kind a restore must undo: rows deleted, inserted and updated, in the site's
 * schema and pg-boss's, a sequence moved on, and a table and a schema created after the backup.
 */
export async function changeEverything(db: Database): Promise<void> {
  await db.execute(sql`delete from content_pages`);
  await db.execute(sql`delete from events where id not in (select event_id from signups)
    and id = (select min(id::text)::uuid from events)`);
  await db.execute(sql`update events set title = jsonb_set(title, '{en-US}', '"Changed after the backup"')`);
  await db.execute(sql`update users set given_name = 'Grace'`);
  await db.execute(sql`delete from pgboss.job`);
  await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('later', 0)`);
  await db.execute(sql`create table added_after_the_backup (id integer primary key)`);
  await db.execute(sql`create schema later`);
  await db.execute(sql`create table later.notes (note text)`);
}

/**
 * Everything a restore must bring back, in a stable order: every schema, every table of each with all
 * its rows, every column and index, and every sequence's position.
 */
export async function contentsOf(db: Database) {
  const system = sql`('pg_catalog', 'information_schema')`;
  const schemas = rowsOf(
    await db.execute(sql`select schema_name from information_schema.schemata
      where schema_name not in ${system} and left(schema_name, 3) <> 'pg_' order by 1`),
  ).map((row) => row.schema_name);
  const tables = rowsOf(
    await db.execute(sql`select table_schema, table_name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ${system} order by 1, 2`),
  );
  const rows: Record<string, unknown> = {};
  for (const { table_schema, table_name } of tables) {
    const name = `${table_schema}.${table_name}`;
    const [all] = rowsOf(
      await db.execute(sql`select coalesce(jsonb_agg(r order by r::text), '[]'::jsonb) as rows
        from (select to_jsonb(t) as r from ${sql.identifier(String(table_schema))}.${sql.identifier(String(table_name))} t) x`),
    );
    rows[name] = all?.rows;
  }
  const columns = rowsOf(
    await db.execute(sql`select table_schema, table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema not in ${system} order by 1, 2, 3`),
  );
  const indexes = rowsOf(
    await db.execute(sql`select schemaname, tablename, indexname, indexdef from pg_indexes
      where schemaname not in ${system} order by 1, 2, 3`),
  );
  const sequences = rowsOf(
    await db.execute(sql`select schemaname, sequencename, last_value::text from pg_sequences order by 1, 2`),
  );
  return { schemas, rows, columns, indexes, sequences };
}
