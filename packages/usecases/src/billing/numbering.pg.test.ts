import { type DatabaseHandle, insertPayment, openDatabase, saveOrganisation, schema } from "@sports/db";
import {
  createPostgresDatabase,
  insertAppointment,
  insertEvent,
  insertPerson,
  testDatabaseUrl,
  testOrganisation,
} from "@sports/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SYSTEM } from "../actors.ts";
import { settle } from "../payments/settle.ts";
import { testDeps } from "../testing.ts";

/**
 * Document numbers under load, with two processes' pools on one PostgreSQL database: a hundred
 * payments settling at once issue a hundred receipts numbered 1 to 100, none skipped, none twice.
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
  first = await openDatabase({ url: created.url, poolSize: 6, applicationName: "first" });
  second = await openDatabase({ url: created.url, poolSize: 6, applicationName: "second" });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await drop?.();
});

describe("document numbers, two processes on PostgreSQL", () => {
  it("stay contiguous when a hundred payments settle at once", async () => {
    const db = first.db;
    await saveOrganisation(db, testOrganisation(), now);
    const event = await insertEvent(db, now, { signupOpensAt: null });
    const appointment = await insertAppointment(db, event, { capacity: 100 });
    const person = await insertPerson(db);
    const signups = await db
      .insert(schema.signups)
      .values(
        Array.from({ length: 100 }, () => ({
          eventId: event.id,
          appointmentId: appointment.id,
          userId: person.id,
          state: "awaiting-payment" as const,
          places: 1,
          holdExpiresAt: now,
          paymentDueAt: new Date(now.getTime() + 86_400_000),
          locale: "it-IT" as const,
        })),
      )
      .returning({ id: schema.signups.id });
    const payments = await Promise.all(
      signups.map(({ id }) =>
        insertPayment(db, { signupId: id, provider: "demo", amount: 2500, currency: "EUR", locale: "it-IT", at: now }),
      ),
    );

    await Promise.all(
      payments.map((payment, i) =>
        settle(testDeps(i % 2 === 0 ? first.db : second.db, now), SYSTEM, {
          key: { id: payment.id },
          report: { providerReference: "", outcome: "paid", amount: 2500, currency: "EUR" },
          source: "webhook",
        }),
      ),
    );

    const issued = await db
      .select({ sequence: schema.billingDocuments.sequence, kind: schema.billingDocuments.kind })
      .from(schema.billingDocuments)
      .where(eq(schema.billingDocuments.series, "R"));
    expect(issued.every((document) => document.kind === "receipt")).toBe(true);
    expect(issued.map((document) => document.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    const [sequence] = await db.select().from(schema.billingSequences);
    expect(sequence).toMatchObject({ series: "R", year: 2027, last: 100 });
  });
});
