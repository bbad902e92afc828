import {
  catalogueChanged,
  type DatabaseHandle,
  listeningForCatalogueChanges,
  onCatalogueChange,
  openDatabase,
  schema,
} from "@sports/db";
import {
  createPostgresDatabase,
  insertAppointment,
  insertEvent,
  insertPage,
  testDatabaseUrl,
} from "@sports/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { testDeps } from "../testing.ts";
import { contentPage, publishedAppointment } from "./browse.ts";

/** Two processes' handles on one PostgreSQL database: what one changes, the other reads again. */
let drop: () => Promise<void>;
let writer: DatabaseHandle;
let reader: DatabaseHandle;
const now = new Date("2027-03-01T09:00:00Z");

beforeAll(async () => {
  const created = await createPostgresDatabase(testDatabaseUrl as string, {
    migrated: true,
    template: inject("postgresTemplate"),
  });
  drop = created.drop;
  writer = await openDatabase({ url: created.url, poolSize: 2, applicationName: "writer" });
  reader = await openDatabase({ url: created.url, poolSize: 2, applicationName: "reader" });
  await Promise.all([listeningForCatalogueChanges(writer.db), listeningForCatalogueChanges(reader.db)]);
});
afterAll(async () => {
  await writer?.close();
  await reader?.close();
  await drop?.();
});

/** Resolves the next time `db`'s process hears that the catalogue changed. */
const nextChange = (db: object) =>
  new Promise<void>((resolve) => {
    const stop = onCatalogueChange(db, () => {
      stop();
      resolve();
    });
  });

describe("the catalogue read from memory, with two processes on one PostgreSQL database", () => {
  it("is read again by one process when the other changes the catalogue", async () => {
    const event = await insertEvent(writer.db, now, { title: { "en-US": "Lake run" } });
    const appointment = await insertAppointment(writer.db, event, { capacity: 20 });
    const page = await insertPage(writer.db, { title: { "en-US": "About" } });
    const read = () => publishedAppointment(testDeps(reader.db, now), appointment.id);
    const readPage = () => contentPage(testDeps(reader.db, now), page.slug);
    expect((await read()).event.title["en-US"]).toBe("Lake run");
    expect((await readPage()).title["en-US"]).toBe("About");

    // A signup in the writer's process takes places: the reader sees them at once, with no notice.
    await writer.db
      .update(schema.appointments)
      .set({ placesTaken: sql`${schema.appointments.placesTaken} + 4` })
      .where(eq(schema.appointments.id, appointment.id));
    expect((await read()).appointment.placesTaken).toBe(4);

    // The organiser renames the event and the page in the writer's process.
    await writer.db
      .update(schema.events)
      .set({ title: { "en-US": "Lake run, renamed" } })
      .where(eq(schema.events.id, event.id));
    await writer.db
      .update(schema.contentPages)
      .set({ title: { "en-US": "About us" } })
      .where(eq(schema.contentPages.slug, page.slug));
    expect((await read()).event.title["en-US"]).toBe("Lake run");
    const heard = nextChange(reader.db);
    await catalogueChanged(writer.db);
    await heard;
    expect((await read()).event.title["en-US"]).toBe("Lake run, renamed");
    expect((await readPage()).title["en-US"]).toBe("About us");
  });
});
