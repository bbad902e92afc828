import {
  addClubManager,
  type Database,
  type DatabaseHandle,
  documentsOfSignup,
  findSignup,
  listAuditEntries,
  paymentsOfSignup,
  schema,
} from "@sports/db";
import { insertPerson, openTestDatabase } from "@sports/db/testing";
import type { Actor } from "@sports/domain";
import { livePayments } from "@sports/payments";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelSignup } from "../signups/cancel.ts";
import { testDeps } from "../testing.ts";
import { paidClubSignup } from "./testing/paid-club-signup.ts";
import { withdrawAthlete } from "./withdraw-athlete.ts";

/**
 * One athlete out of a club's paid signup of four at 30 € (decision 068): before the event's last
 * refund day their price goes back with its credit note; after it, only the place; a checked-in
 * athlete, someone else's signup and the last athlete are refused; cancelling the rest afterwards
 * keeps what went back.
 */
let handle: DatabaseHandle;
let db: Database;
const DAY = 86_400_000;
const now = new Date("2027-05-01T10:00:00Z");
/** The event starts 30 days after `now` and refunds until 5 days before: this is past its last refund day. */
const late = new Date(now.getTime() + 26 * DAY);
const deps = (at: Date) => testDeps(db, at, { payments: livePayments({ providers: ["demo"] }) });

let entry: Awaited<ReturnType<typeof paidClubSignup>>;
let manager: Actor;
const organiser: Actor = { kind: "organiser", userId: crypto.randomUUID() };
const athlete = (n: number) => entry.participantIds[n] ?? "";

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  entry = await paidClubSignup(deps(now), { athletes: 4 });
  // Another manager of the club, not the one whose account holds the signup.
  const other = await insertPerson(db);
  await addClubManager(db, { clubId: entry.club.id, userId: other.id, addedBy: entry.manager.id, at: now });
  manager = { kind: "user", userId: other.id };
}, 60_000);
afterAll(() => handle.close());

async function placesTaken() {
  const signup = await findSignup(db, entry.signupId);
  const [row] = await db
    .select({ taken: schema.appointments.placesTaken })
    .from(schema.appointments)
    .where(eq(schema.appointments.id, signup?.appointmentId ?? ""));
  return { signup: signup?.places, appointment: row?.taken };
}

describe("withdrawing an athlete from a club's signup", () => {
  it("is refused to a runner who does not manage the club, and for someone not in the signup", async () => {
    const runner = await insertPerson(db);
    const withdraw = (actor: Actor, participantId: string) =>
      withdrawAthlete(deps(now), actor, { signupId: entry.signupId, participantId });
    await expect(withdraw({ kind: "user", userId: runner.id }, athlete(0))).rejects.toMatchObject({
      code: "not-owner",
    });
    await expect(withdraw(manager, crypto.randomUUID())).rejects.toMatchObject({ code: "not-found" });
    await expect(withdraw(manager, "not-an-id")).rejects.toMatchObject({ code: "not-found" });
  });

  it("before the last refund day: a place back, the athlete's price owed back and corrected", async () => {
    expect(entry.payment.amount).toBe(4 * 3000 + 200);
    const before = await findSignup(db, entry.signupId);
    await db.insert(schema.bibs).values({ eventId: before?.eventId ?? "", number: 7, participantId: athlete(0) });
    const view = await withdrawAthlete(deps(now), manager, { signupId: entry.signupId, participantId: athlete(0) });
    // Nobody renumbered; the signup's holder is the first athlete left.
    expect(view.participants.map((one) => one.position)).toEqual([2, 3, 4]);
    expect(view.signup.holderGivenName).toBe("Atleta2");
    expect(await placesTaken()).toEqual({ signup: 3, appointment: 3 });
    // Their row is gone, and its ticket code and bib with it.
    expect(
      await db
        .select()
        .from(schema.participants)
        .where(eq(schema.participants.id, athlete(0))),
    ).toEqual([]);
    expect(await db.select().from(schema.bibs).where(eq(schema.bibs.number, 7))).toEqual([]);
    // Their 30 € of the 122 € paid (the stamp duty goes back only with everything), given back at once.
    const [payment] = await paymentsOfSignup(db, entry.signupId);
    expect(payment).toMatchObject({ refundDue: 3000, refundedAmount: 3000, state: "paid" });
    const [invoice, note] = await documentsOfSignup(db, entry.signupId);
    expect(invoice?.document.kind).toBe("invoice");
    expect(note?.document).toMatchObject({ kind: "credit-note", total: 3000, correctsId: invoice?.document.id });
    const [line] = await listAuditEntries(db, { subjectType: "signups", subjectId: entry.signupId, limit: 1 });
    expect(line).toMatchObject({
      action: "athlete-withdrawn",
      actorUserId: manager.kind === "user" ? manager.userId : null,
      before: { places: 4, participant: { id: athlete(0), givenName: "Atleta1" } },
      after: { places: 3, price: 3000, refund: 3000 },
    });
  });

  it("refuses a checked-in athlete", async () => {
    await db.insert(schema.checkIns).values({ participantId: athlete(1), at: now });
    await expect(
      withdrawAthlete(deps(now), organiser, { signupId: entry.signupId, participantId: athlete(1) }),
    ).rejects.toMatchObject({ code: "already-checked-in" });
    await db.delete(schema.checkIns).where(eq(schema.checkIns.participantId, athlete(1)));
  });

  it("after the last refund day: the place back, nothing owed; the last athlete stays", async () => {
    await withdrawAthlete(deps(late), organiser, { signupId: entry.signupId, participantId: athlete(1) });
    await withdrawAthlete(deps(late), manager, { signupId: entry.signupId, participantId: athlete(2) });
    expect(await placesTaken()).toEqual({ signup: 1, appointment: 1 });
    const [payment] = await paymentsOfSignup(db, entry.signupId);
    expect(payment).toMatchObject({ refundDue: 3000, refundedAmount: 3000 });
    expect(await documentsOfSignup(db, entry.signupId)).toHaveLength(2);
    await expect(
      withdrawAthlete(deps(late), manager, { signupId: entry.signupId, participantId: athlete(3) }),
    ).rejects.toMatchObject({ code: "last-participant" });
    // Cancelling the entry now gives nothing more back, and keeps what the first withdrawal gave.
    const cancelled = await cancelSignup(
      deps(late),
      { kind: "user", userId: entry.manager.id },
      {
        signupId: entry.signupId,
      },
    );
    expect(cancelled.signup.state).toBe("cancelled");
    expect(cancelled.payments[0]).toMatchObject({ refundDue: 3000, refundedAmount: 3000 });
  });
});
