import type { Database } from "../database.ts";

/**
 * What `work` answered, and the statements sent to the database meanwhile: each statement's SQL, as
 * the driver's `query` (PGlite's, or the PostgreSQL pool's) was given it. For tests that say how a
 * read reaches the database, e.g. that a kept read sends nothing.
 */
export async function statementsSent<T>(db: Database, work: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  const sent: string[] = [];
  client.query = (...args: unknown[]) => {
    const [statement] = args as [string | { text: string }];
    sent.push(typeof statement === "string" ? statement : statement.text);
    return query.apply(client, args);
  };
  try {
    return { result: await work(), sent };
  } finally {
    client.query = query;
  }
}
