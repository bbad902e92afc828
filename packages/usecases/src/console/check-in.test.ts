import { type DatabaseHandle, schema } from "@sports/db";
import { insertAppointment, insertEvent, insertPerson, openTestDatabase } from "@sports/db/testing";
import { isRefusal } from "@sports/domain";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDeps } from "../testing.ts";
import { checkIn, undoCheckIn } from "./check-in.ts";

const NOW = new Date("2027-05-01T08:00:00Z");
// The race is on 3 May (Rome); check-in has been open since 2 May.
const RACE = new Date("2027-05-03T07:00:00Z");

let database: DatabaseHandle;
let staff: { kind: "staff"; userId: string };
beforeAll(async () => {
  database = await openTestDatabase();
  staff = { kind: "staff", userId: (await insertPerson(database.db)).id };
});
afterAll(() => database.close());

const deps = () => testDeps(database.db, new Date("2027-05-02T09:00:00Z"));

/**
 * A confirmed participant of a race that requires a certificate (unless `required` is false), with
 * the certificate `certificate` says: none, or one valid until `expiresOn` and reviewed as `review`.
 */
async function participant(
  certificate: { expiresOn: string | null; review: "approved" | "rejected" | null } | null,
  required = true,
) {
  const event = await insertEvent(database.db, NOW, {
    startsAt: RACE,
    endsAt: new Date(RACE.getTime() + 4 * 3_600_000),
    medicalCertificate: required ? "competitive" : "none",
  });
  const appointment = await insertAppointment(database.db, event);
  const [signup] = await database.db
    .insert(schema.signups)
    .values({
      eventId: event.id,
      appointmentId: appointment.id,
      state: "confirmed",
      places: 1,
      holdExpiresAt: NOW,
      locale: "it-IT",
    })
    .returning();
  const [file] = certificate
    ? await database.db
        .insert(schema.certificates)
        .values({
          signupId: signup?.id,
          mediaType: "application/pdf",
          fileName: "c.pdf",
          size: 1,
          content: Buffer.from("x"),
        })
        .returning()
    : [];
  const [row] = await database.db
    .insert(schema.participants)
    .values({
      signupId: signup?.id ?? "",
      position: 1,
      givenName: "Ada",
      familyName: "Rossi",
      consentsAcceptedAt: NOW,
      certificateId: file?.id ?? null,
      certificateExpiresOn: certificate?.expiresOn ?? null,
      certificateReview: certificate?.review ?? null,
    })
    .returning();
  return row?.id ?? "";
}

async function refusalOf(attempt: Promise<unknown>) {
  try {
    await attempt;
  } catch (error) {
    if (isRefusal(error)) return { code: error.code, meta: error.meta };
    throw error;
  }
  throw new Error("not refused");
}

const auditOf = (participantId: string) =>
  database.db
    .select({
      action: schema.auditEntries.action,
      before: schema.auditEntries.before,
      after: schema.auditEntries.after,
    })
    .from(schema.auditEntries)
    .where(eq(schema.auditEntries.subjectId, participantId))
    .orderBy(asc(schema.auditEntries.id));

describe("the certificate at check-in", () => {
  it("refuses a required certificate missing, pending, rejected or lapsing before race day, with the reason", async () => {
    const cases = [
      [null, "missing"],
      [{ expiresOn: "2028-01-01", review: null }, "pending"],
      [{ expiresOn: "2028-01-01", review: "rejected" }, "rejected"],
      // Approved, but valid only until the day before the race.
      [{ expiresOn: "2027-05-02", review: "approved" }, "expired"],
    ] as const;
    for (const [certificate, reason] of cases) {
      const participantId = await participant(certificate);
      expect(await refusalOf(checkIn(deps(), staff, { participantId }))).toEqual({
        code: "certificate-not-approved",
        meta: { reason, participantId, givenName: "Ada", familyName: "Rossi" },
      });
    }
    // Approved and valid on race day, or not required at all: checked in.
    const approved = await participant({ expiresOn: "2027-05-03", review: "approved" });
    expect((await checkIn(deps(), staff, { participantId: approved })).checkedInAt).toEqual(deps().now);
    const free = await participant(null, false);
    expect((await checkIn(deps(), staff, { participantId: free })).checkedInAt).toEqual(deps().now);
  });

  it("checks in anyway when the desk confirms, says so in the audit log, and undoes a check-in", async () => {
    const participantId = await participant(null);
    const done = await checkIn(deps(), staff, { participantId, confirmWithoutCertificate: true });
    expect(done.checkInId).toMatch(/^[0-9a-f-]{36}$/);
    const runner = { kind: "user" as const, userId: staff.userId };
    expect((await refusalOf(undoCheckIn(deps(), runner, { checkInId: done.checkInId }))).code).toBe("not-staff");

    await undoCheckIn(deps(), staff, { checkInId: done.checkInId });
    expect((await refusalOf(undoCheckIn(deps(), staff, { checkInId: done.checkInId }))).code).toBe("not-found");
    const again = await checkIn(deps(), staff, { participantId, confirmWithoutCertificate: true });
    expect(again.checkInId).not.toBe(done.checkInId);
    // The first check-in's undo does not undo the second.
    expect((await refusalOf(undoCheckIn(deps(), staff, { checkInId: done.checkInId }))).code).toBe("not-found");

    const at = deps().now.toISOString();
    expect(await auditOf(participantId)).toEqual([
      { action: "check-in", before: null, after: { checkedInAt: at, bib: null, withoutCertificate: "missing" } },
      { action: "undo-check-in", before: { checkedInAt: at, checkedInBy: staff.userId }, after: null },
      { action: "check-in", before: null, after: { checkedInAt: at, bib: null, withoutCertificate: "missing" } },
    ]);
  });
});
