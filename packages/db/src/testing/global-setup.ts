import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase, openEmbeddedDatabase } from "../database.ts";
import { adminUrl, withAdminClient } from "../postgres-admin.ts";
import { TEMPLATE_DATABASE } from "./postgres.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** A dump of a migrated, empty PGlite database: loading it takes a fraction of a fresh init. */
    pgliteTemplate: string;
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
  if (url) {
    await withAdminClient(url, async (client) => {
      await client.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
      await client.query(`create database ${TEMPLATE_DATABASE}`);
    });
    const postgres = await openDatabase({ url: adminUrl(url, TEMPLATE_DATABASE), poolSize: 1 });
    await postgres.migrate();
    await postgres.close();
  }

  return () => rmSync(folder, { recursive: true, force: true });
}
