import { type Database, insertUser, schema } from "@sports/db";
import { insertAppointment, insertEvent, insertStay } from "@sports/db/testing";
import type { SignupState } from "@sports/domain";

const HOUR = 3_600_000;

/**
 * An event for the console's tests, written straight to the database: two appointments, signups in
 * every state that matters (two confirmed, one awaiting payment, one held, one cancelled), their
 * payments, a stay with its nights, and participants with certificates reviewed or not.
 */
export async function consoleEvent(db: Database, now: Date) {
  const event = await insertEvent(db, now, { timeZone: "Europe/Rome" });
  const tenK = await insertAppointment(db, event, { capacity: 50, placesTaken: 4 });
  const fiveK = await insertAppointment(db, event, { capacity: 20, placesTaken: 0 });
  const stay = await insertStay(db, event);
  const [double] = stay.roomTypes;
  if (!double) throw new Error("no room type");
  await db.insert(schema.roomNights).values([
    { roomTypeId: double.id, night: "2027-06-10", rooms: 10, roomsTaken: 3 },
    { roomTypeId: double.id, night: "2027-06-11", rooms: 10, roomsTaken: 10 },
  ]);

  let people = 0;
  async function owner(preferredLocale: "en-US" | "it-IT" | "de-DE") {
    const user = await insertUser(db, {
      email: `owner${++people}-${crypto.randomUUID().slice(0, 6)}@example.org`,
      passwordHash: "x",
      givenName: `Owner${people}`,
      familyName: "Runner",
      preferredLocale,
      termsAcceptedAt: now,
    });
    if (user === "email-taken") throw new Error("address taken");
    return user;
  }

  async function signup(
    state: SignupState,
    createdAt: Date,
    participants: { email?: string; certificate?: "none" | "pending" | "approved" }[],
    locale: "en-US" | "it-IT" | "de-DE" = "en-US",
  ) {
    const user = await owner(locale);
    const [row] = await db
      .insert(schema.signups)
      .values({
        userId: user.id,
        eventId: event.id,
        appointmentId: tenK.id,
        state,
        places: participants.length,
        holdExpiresAt: new Date(createdAt.getTime() + HOUR),
        locale: "en-US",
        createdAt,
      })
      .returning();
    if (!row) throw new Error("no signup");
    for (const [index, participant] of participants.entries()) {
      let certificateId: string | null = null;
      if (participant.certificate && participant.certificate !== "none") {
        const [file] = await db
          .insert(schema.certificates)
          .values({
            signupId: row.id,
            mediaType: "application/pdf",
            fileName: "c.pdf",
            size: 1,
            content: Buffer.from("x"),
          })
          .returning({ id: schema.certificates.id });
        certificateId = file?.id ?? null;
      }
      await db.insert(schema.participants).values({
        signupId: row.id,
        position: index + 1,
        givenName: `P${index}`,
        familyName: "Runner",
        email: participant.email ?? null,
        certificateId,
        certificateReview: participant.certificate === "approved" ? "approved" : null,
        consentsAcceptedAt: createdAt,
      });
    }
    return { signup: row, owner: user };
  }

  const yesterday = new Date(now.getTime() - 24 * HOUR);
  const confirmedToday = await signup(
    "confirmed",
    now,
    [{ certificate: "pending" }, { certificate: "approved", email: "friend@example.org" }],
    "it-IT",
  );
  const confirmedYesterday = await signup("confirmed", yesterday, [{ certificate: "pending" }], "de-DE");
  const awaiting = await signup("awaiting-payment", yesterday, [{ certificate: "pending" }]);
  const held = await signup("held", now, [{ certificate: "pending" }]);
  const cancelled = await signup("cancelled", yesterday, [{}]);

  await db.insert(schema.payments).values([
    {
      signupId: confirmedToday.signup.id,
      provider: "stripe",
      state: "paid",
      amount: 5000,
      currency: "EUR",
      locale: "en-US",
    },
    {
      signupId: confirmedYesterday.signup.id,
      provider: "bank-transfer",
      state: "paid",
      amount: 2500,
      currency: "EUR",
      locale: "en-US",
    },
    {
      signupId: cancelled.signup.id,
      provider: "stripe",
      state: "refunded",
      amount: 2500,
      refundDue: 2000,
      refundedAmount: 2000,
      currency: "EUR",
      locale: "en-US",
    },
    {
      signupId: awaiting.signup.id,
      provider: "demo",
      state: "pending",
      amount: 2500,
      currency: "EUR",
      locale: "en-US",
    },
  ]);
  return { event, tenK, fiveK, stay, confirmedToday, confirmedYesterday, awaiting, held, cancelled };
}
