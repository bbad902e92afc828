import { randomBytes } from "node:crypto";
import pg from "pg";

export const TEMPLATE_DATABASE = "sports_events_test_template";

/** The same server and credentials as `url`, another database. */
export function adminUrl(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database on the TEST_DATABASE_URL server, empty or cloned from the migrated template; dropped by the returned function. */
export async function createPostgresDatabase(
  url: string,
  options: { migrated: boolean },
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sports_events_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(url, (client) =>
    client.query(`create database ${name}${options.migrated ? ` template ${TEMPLATE_DATABASE}` : ""}`),
  );
  return {
    url: adminUrl(url, name),
    drop: () =>
      withAdminClient(url, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
