import pg from "pg";

/**
 * Administrative connections to a PostgreSQL server, to create and drop whole databases: used by the
 * test setup (`./testing/`) and by `npm run bench:api`. Free of vitest, so scripts outside the test
 * runner can import it as `@sports/db/postgres-admin`.
 */

/** The same server and credentials as `url`, another database. */
export function adminUrl(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

/** One client connected to `url` for the duration of `work`, closed afterwards whatever happens. */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
