import { type DatabaseHandle, openDatabase, schema } from "@sports/db";
import {
  createPostgresDatabase,
  insertAppointment,
  insertEvent,
  insertPerson,
  testClub,
  testDatabaseUrl,
} from "@sports/db/testing";
import { isRefusal } from "@sports/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { testDeps } from "../testing.ts";
import { holdClubEntry } from "./hold.ts";
import { previewClubEntry } from "./preview.ts";

/**
 * Club entries racing for the last places, with two processes' pools on one PostgreSQL database:
 * fifty entries of four to six athletes held at once for 150 places never oversell, each held whole
 * or refused whole, and the places taken are exactly those of the live signups.
 */
let drop: () => Promise<void>;
let first: DatabaseHandle;
let second: DatabaseHandle;
const now = new Date("2027-03-01T09:00:00Z");

beforeAll(async () => {
  const created = await createPostgresDatabase(testDatabaseUrl as string, {
    migrated: true,
    template: inject("postgresTemplate"),
  });
  drop = created.drop;
  first = await openDatabase({ url: created.url, poolSize: 8, applicationName: "first" });
  second = await openDatabase({ url: created.url, poolSize: 8, applicationName: "second" });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await drop?.();
});

describe("fifty club entries for 150 places, two processes", () => {
  it("never oversell: each entry held whole or refused whole", async () => {
    const db = first.db;
    const event = await insertEvent(db, now, { signupOpensAt: null });
    const appointment = await insertAppointment(db, event, { capacity: 150 });
    const entries = await Promise.all(
      Array.from({ length: 50 }, async (_, n) => {
        const manager = await insertPerson(db);
        const club = await testClub(db, manager.id, { name: `Club ${n}` });
        const athletes = await db
          .insert(schema.clubAthletes)
          .values(
            Array.from({ length: 4 + (n % 3) }, (_, a) => ({
              clubId: club.id,
              givenName: `Atleta${a}`,
              familyName: `Club${n}`,
              birthDate: "1990-01-01",
              gender: "female" as const,
              email: `atleta${a}.club${n}@example.org`,
            })),
          )
          .returning({ id: schema.clubAthletes.id });
        const actor = { kind: "user" as const, userId: manager.id };
        const entry = await previewClubEntry(testDeps(db, now), actor, {
          appointmentId: appointment.id,
          clubId: club.id,
          athletes: athletes.map((athlete) => athlete.id),
        });
        return { actor, entry, size: athletes.length };
      }),
    );

    const outcomes = await Promise.all(
      entries.map(async ({ actor, entry, size }, n) => {
        const deps = testDeps((n % 2 ? second : first).db, now);
        try {
          await holdClubEntry(deps, actor, { entryId: entry.id, locale: "it-IT" });
          return { size, held: true };
        } catch (error) {
          if (!isRefusal(error, "not-enough-places")) throw error;
          return { size, held: false, remaining: error.meta?.remaining as number };
        }
      }),
    );

    const heldPlaces = outcomes.filter((outcome) => outcome.held).reduce((sum, outcome) => sum + outcome.size, 0);
    const [row] = await db.select().from(schema.appointments).where(eq(schema.appointments.id, appointment.id));
    const [live] = await db
      .select({
        places: sql<number>`coalesce(sum(${schema.signups.places}), 0)::int`,
        signups: sql<number>`count(*)::int`,
      })
      .from(schema.signups)
      .where(
        and(
          eq(schema.signups.appointmentId, appointment.id),
          inArray(schema.signups.state, ["held", "awaiting-payment", "confirmed"]),
        ),
      );
    const [people] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.participants)
      .innerJoin(schema.signups, eq(schema.signups.id, schema.participants.signupId))
      .where(eq(schema.signups.appointmentId, appointment.id));
    expect(row?.placesTaken).toBeLessThanOrEqual(150);
    expect({ taken: row?.placesTaken, people: people?.n, signups: live?.signups }).toEqual({
      taken: live?.places,
      people: heldPlaces,
      signups: outcomes.filter((outcome) => outcome.held).length,
    });
    expect(live?.places).toBe(heldPlaces);
    // Places only went down: an entry refused found fewer places than it asked, and fewer are left now.
    const left = 150 - heldPlaces;
    for (const outcome of outcomes.filter((one) => !one.held)) {
      expect(outcome.remaining).toBeLessThan(outcome.size);
      expect(left).toBeLessThan(outcome.size);
    }
  });
});
