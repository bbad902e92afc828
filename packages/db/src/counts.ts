import { count } from "drizzle-orm";
import type { Database } from "./database.ts";
import { payments, signups } from "./schema.ts";

/** How many signups stand in each state, for the metrics. */
export async function signupCountsByState(db: Database): Promise<Record<string, number>> {
  const rows = await db.select({ state: signups.state, n: count() }).from(signups).groupBy(signups.state);
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
}

/** How many payments stand in each state, by provider, for the metrics. */
export async function paymentCountsByState(
  db: Database,
): Promise<{ provider: string; state: string; count: number }[]> {
  const rows = await db
    .select({ provider: payments.provider, state: payments.state, n: count() })
    .from(payments)
    .groupBy(payments.provider, payments.state);
  return rows.map((row) => ({ provider: row.provider, state: row.state, count: row.n }));
}
