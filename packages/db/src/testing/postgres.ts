import { randomBytes } from "node:crypto";
import { adminUrl, withAdminClient } from "../postgres-admin.ts";

export const TEMPLATE_DATABASE = "sports_events_test_template";

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
