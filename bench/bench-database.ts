/**
 * The database a benchmark measures against: PGlite in a fresh temp folder, or a fresh
 * `sports_events_bench` database (or another name) on a PostgreSQL server, gone again after `dispose()`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { catalogueChanged, type Database, type DatabaseHandle, openDatabase, schema } from "@sports/db";
import { adminUrl, withAdminClient } from "@sports/db/postgres-admin";
import { hashToken, newToken } from "@sports/usecases";

export const BENCH_DATABASE = "sports_events_bench";
/** The API's pool on PostgreSQL in the benchmarks (bench:burst's ceiling uses as many connections). */
export const POOL_SIZE = 10;

export interface BenchDatabase {
  handle: DatabaseHandle;
  description: string;
  /** The fresh database's URL (PostgreSQL), for server processes of its own. */
  url?: string;
  /** Drops the PostgreSQL database or deletes the PGlite folder. */
  dispose(): Promise<void>;
}

export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/**
 * With `postgresUrl` (which only names the server and credentials), (re)creates `sports_events_bench`
 * (or `options.name`) there and opens it with a pool; without, opens PGlite in a new temp folder.
 */
export async function openBenchDatabase(
  postgresUrl: string | undefined,
  options: { name?: string } = {},
): Promise<BenchDatabase> {
  if (postgresUrl) {
    const name = options.name ?? BENCH_DATABASE;
    await withAdminClient(postgresUrl, async (client) => {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
    });
    const url = adminUrl(postgresUrl, name);
    const handle = await openDatabase({ url, poolSize: POOL_SIZE, applicationName: "bench-api" });
    return {
      handle,
      url,
      description: `PostgreSQL, database ${name} at ${withoutPassword(url)}, pool of ${POOL_SIZE}`,
      async dispose() {
        await withAdminClient(postgresUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      },
    };
  }
  const dataDir = mkdtempSync(join(os.tmpdir(), "sports-events-bench-"));
  const handle = await openDatabase({ dataDir });
  return {
    handle,
    description: `PGlite in ${dataDir}`,
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Rows a statement inserts at most: PostgreSQL takes at most 65,535 parameters in one. */
const VISITORS_A_STATEMENT = 2_000;

/** `count` visitors with an account and a session each (valid for a day): their ids and bearer tokens. */
export async function writeVisitors(
  db: Database,
  count: number,
  prefix = "visitor",
): Promise<{ userIds: string[]; tokens: string[] }> {
  const tokens = Array.from({ length: count }, () => newToken());
  const userIds: string[] = [];
  for (let from = 0; from < count; from += VISITORS_A_STATEMENT) {
    const batch = tokens.slice(from, from + VISITORS_A_STATEMENT);
    const users = await db
      .insert(schema.users)
      .values(
        batch.map((_, n) => ({
          email: `${prefix}-${from + n}@bench.test`,
          passwordHash: "$argon2id$not-used",
          givenName: "Bench",
          familyName: `Visitor ${from + n}`,
          preferredLocale: "en-US" as const,
          termsAcceptedAt: new Date(),
        })),
      )
      .returning({ id: schema.users.id });
    await db.insert(schema.sessions).values(
      users.map((user, n) => ({
        tokenHash: hashToken(batch[n] as string),
        userId: user.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    userIds.push(...users.map((user) => user.id));
  }
  return { userIds, tokens };
}

/** The registration day every burst signs up for: a published event two months ahead. */
export async function writeBurstEvent(db: Database, slug: string): Promise<typeof schema.events.$inferSelect> {
  const startsAt = new Date(Date.now() + 60 * 86_400_000);
  const [event] = await db
    .insert(schema.events)
    .values({
      slug,
      sport: "road-running",
      status: "published",
      title: { "en-US": "Registration day" },
      startsAt,
      endsAt: new Date(startsAt.getTime() + 4 * 3_600_000),
      venueName: "Piazza Maggiore",
      locality: "Bologna",
      country: "IT",
    })
    .returning();
  if (!event) throw new Error("no event");
  await catalogueChanged(db);
  return event;
}

/** A new appointment of the burst's event with `capacity` places at one price. */
export async function writeBurstAppointment(
  db: Database,
  event: typeof schema.events.$inferSelect,
  slug: string,
  capacity: number,
): Promise<typeof schema.appointments.$inferSelect> {
  const [appointment] = await db
    .insert(schema.appointments)
    .values({
      eventId: event.id,
      slug,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      capacity,
      priceTiers: [{ until: null, amount: 3000 }],
    })
    .returning();
  if (!appointment) throw new Error("no appointment");
  // As the console does: what the server keeps of the catalogue is read again.
  await catalogueChanged(db);
  return appointment;
}
