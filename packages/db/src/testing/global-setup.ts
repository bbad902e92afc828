import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase, openEmbeddedDatabase } from "../database.ts";
import { adminUrl, withAdminClient } from "../postgres-admin.ts";
import { templateDatabaseName } from "./postgres.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** A dump of a migrated, empty PGlite database: loading it takes a fraction of a fresh init. */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: the migrated PostgreSQL database this run's test databases are cloned from. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database before the workers start. Each test file then gets its own copy:
 * a PGlite loaded from the dump, or, with TEST_DATABASE_URL, a PostgreSQL database cloned from a template.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), "sports-events-test-"));
  const template = await openEmbeddedDatabase({ memory: true });
  await template.migrate();
  const dumpPath = join(folder, "template.tar");
  writeFileSync(dumpPath, Buffer.from(await (await template.dump()).arrayBuffer()));
  await template.close();
  project.provide("pgliteTemplate", dumpPath);

  const url = process.env.TEST_DATABASE_URL;
  const postgresTemplate = templateDatabaseName();
  project.provide("postgresTemplate", postgresTemplate);
  if (url) {
    await withAdminClient(url, (client) => client.query(`create database ${postgresTemplate}`));
    const postgres = await openDatabase({ url: adminUrl(url, postgresTemplate), poolSize: 1 });
    await postgres.migrate();
    await postgres.close();
  }

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (url)
      await withAdminClient(url, (client) => client.query(`drop database if exists ${postgresTemplate} with (force)`));
  };
}
