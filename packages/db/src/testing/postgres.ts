import { randomBytes } from "node:crypto";
import { adminUrl, withAdminClient } from "../postgres-admin.ts";

/**
 * The migrated template of one test run. Each run names its own, so two runs on one server (a
 * developer's and CI's) never clone each other's half-built or newer schema.
 */
export function templateDatabaseName(): string {
  return `sports_events_test_template_${randomBytes(6).toString("hex")}`;
}

/**
 * A new database on the TEST_DATABASE_URL server, empty or cloned from the run's migrated template
 * (`template`); dropped by the returned function.
 */
export async function createPostgresDatabase(
  url: string,
  options: { migrated: false } | { migrated: true; template: string },
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sports_events_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(url, (client) =>
    client.query(`create database ${name}${options.migrated ? ` template ${options.template}` : ""}`),
  );
  return {
    url: adminUrl(url, name),
    drop: () =>
      withAdminClient(url, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
