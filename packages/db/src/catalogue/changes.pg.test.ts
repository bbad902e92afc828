import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../database.ts";
import { withAdminClient } from "../postgres-admin.ts";
import { createPostgresDatabase, testDatabaseUrl } from "../testing.ts";
import { catalogueChanged, listeningForCatalogueChanges, onCatalogueChange } from "./changes.ts";

/** Two processes' handles on one PostgreSQL database: what one changes, the other drops. */
let drop: () => Promise<void>;
let url: string;
let first: DatabaseHandle;
let second: DatabaseHandle;

beforeAll(async () => {
  ({ url, drop } = await createPostgresDatabase(testDatabaseUrl as string, { migrated: false }));
  first = await openDatabase({ url, poolSize: 2, applicationName: "first" });
  second = await openDatabase({ url, poolSize: 2, applicationName: "second" });
  await Promise.all([listeningForCatalogueChanges(first.db), listeningForCatalogueChanges(second.db)]);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await drop?.();
});

/** Counts what a process heard, and waits for the next time it hears something. */
function heard(db: object) {
  const ears = { count: 0, next: Promise.resolve() };
  let wake = () => {};
  const waitAgain = () => {
    ears.next = new Promise((resolve) => {
      wake = resolve;
    });
  };
  waitAgain();
  onCatalogueChange(db, () => {
    ears.count++;
    wake();
    waitAgain();
  });
  return ears;
}

describe("catalogue changes across processes on one PostgreSQL database", () => {
  it("reach the other process's listeners, and the maker's own once", async () => {
    const atFirst = heard(first.db);
    const atSecond = heard(second.db);

    const reached = atSecond.next;
    await catalogueChanged(first.db);
    expect(atFirst.count).toBe(1);
    await reached;
    expect(atSecond.count).toBe(1);

    // The first process's own notification came before this one: it was not counted again.
    const back = atFirst.next;
    await catalogueChanged(second.db);
    await back;
    expect(atFirst.count).toBe(2);
    expect(atSecond.count).toBe(2);
  });

  it("drop what was kept when the listening connection comes back after it was lost", async () => {
    const atSecond = heard(second.db);
    const relistened = atSecond.next;
    await withAdminClient(url, (client) =>
      client.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'second-catalogue-changes'",
      ),
    );
    await relistened;
    await listeningForCatalogueChanges(second.db);
    expect(atSecond.count).toBe(1);

    const reached = atSecond.next;
    await catalogueChanged(first.db);
    await reached;
    expect(atSecond.count).toBe(2);
  });

  it("leave no connection behind when the database is closed at once after opening", async () => {
    const fresh = await createPostgresDatabase(testDatabaseUrl as string, { migrated: false });
    const name = new URL(fresh.url).pathname.slice(1);
    try {
      const handle = await openDatabase({ url: fresh.url, poolSize: 1 });
      await handle.close();
      // A database another session is connected to cannot be copied.
      await withAdminClient(url, (client) => client.query(`create database ${name}_copy template ${name}`));
    } finally {
      await withAdminClient(url, (client) => client.query(`drop database if exists ${name}_copy`));
      await fresh.drop();
    }
  });
});
