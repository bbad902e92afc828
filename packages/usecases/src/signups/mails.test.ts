import { type DatabaseHandle, findSignup, schema } from "@sports/db";
import { insertAppointment, insertEvent, insertPerson, insertStay, openTestDatabase } from "@sports/db/testing";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userActor } from "../actors.ts";
import { markPaid } from "../payments/mark-paid.ts";
import { testDeps } from "../testing.ts";
import { joinTheLine } from "../waiting-list/entries.ts";
import { cancelSignup } from "./cancel.ts";
import { holdPlaces } from "./hold-places.ts";
import { chooseStays } from "./stays.ts";
import { submitSignup } from "./submit.ts";
import { updateParticipants } from "./update-participants.ts";

/**
 * A signup's mails, written through the use cases a visitor goes through (hold, participants,
 * lodging, submit) and an organiser's "paid": in the account's language whatever page the signup
 * started on (docs/decisions/018-mail-language.md), saying the day, the start, the place and the
 * lodging booked.
 */
const NOW = new Date("2027-05-01T10:00:00Z");

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** An appointment on 12 June 2027 at 09:30 in Bologna, with a hotel for the nights around it. */
async function raceWithHotel() {
  const db = database.db;
  const event = await insertEvent(db, NOW, {
    title: { "en-US": "Bologna Tower Run", "it-IT": "Corsa delle Torri" },
    startsAt: new Date("2027-06-12T07:30:00Z"),
    endsAt: new Date("2027-06-12T12:00:00Z"),
    timeZone: "Europe/Rome",
    venueName: "Piazza Maggiore",
    street: "Via dell'Archiginnasio 1",
    postalCode: "40124",
    locality: "Bologna",
    signupOpensAt: new Date("2027-04-01T00:00:00Z"),
    paymentMethods: ["bank-transfer"],
  });
  const appointment = await insertAppointment(db, event, {
    title: { "en-US": "10 km", "it-IT": "10 km" },
    startsAt: new Date("2027-06-12T07:30:00Z"),
  });
  const stay = await insertStay(db, event, {
    name: { "en-US": "Hotel Two Towers", "it-IT": "Albergo Due Torri" },
    firstNight: "2027-06-10",
    lastNight: "2027-06-12",
  });
  const double = stay.roomTypes[0];
  if (!double) throw new Error("the hotel has no rooms");
  return { appointment, double };
}

/** Signs the person up from a page in `pageLocale`, with a double room for two nights, and has it paid. */
async function signUpAndPay(preferredLocale: "en-US" | "it-IT", pageLocale: "en-US" | "it-IT") {
  const { appointment, double } = await raceWithHotel();
  const owner = await insertPerson(database.db, { preferredLocale });
  const organiser = await insertPerson(database.db);
  const deps = testDeps(database.db, NOW);
  const actor = userActor(owner);
  const { view } = await holdPlaces(deps, actor, { target: { appointmentId: appointment.id }, locale: pageLocale });
  const signupId = view.signup.id;
  await updateParticipants(deps, actor, {
    signupId,
    people: [
      {
        givenName: "Ada",
        familyName: "Runner",
        birthDate: "1990-04-02",
        gender: "female",
        email: "ada.runner@example.org",
        phone: null,
        nationality: null,
        club: null,
        federationCard: null,
        tshirtSize: null,
        emergencyContactName: "Grace Runner",
        emergencyContactPhone: "+39 051 123456",
        termsAccepted: true,
        privacyAccepted: true,
      },
    ],
  });
  await chooseStays(deps, actor, {
    signupId,
    bookings: [{ roomTypeId: double.id, checkIn: "2027-06-11", checkOut: "2027-06-13", rooms: 1, guests: 2 }],
  });
  await submitSignup(deps, actor, { signupId, paymentMethod: "bank-transfer", termsAccepted: true });
  await markPaid(deps, { kind: "organiser", userId: organiser.id }, { signupId });
  const mails = await database.db
    .select()
    .from(schema.outgoingMails)
    .where(eq(schema.outgoingMails.to, owner.email))
    .orderBy(asc(schema.outgoingMails.createdAt));
  const signup = await findSignup(database.db, signupId);
  const mail = (kind: string) => {
    const found = mails.find((candidate) => candidate.kind === kind);
    if (!found) throw new Error(`no ${kind} mail among ${mails.map((m) => m.kind).join(", ")}`);
    return found;
  };
  return { signup, owner, appointment, awaiting: mail("awaiting-payment"), confirmed: mail("payment-confirmed") };
}

const mailsTo = (email: string) =>
  database.db
    .select()
    .from(schema.outgoingMails)
    .where(eq(schema.outgoingMails.to, email))
    .orderBy(asc(schema.outgoingMails.createdAt));

describe("a signup's mails", () => {
  it("are in the account's language when the signup started on a page in another", async () => {
    const { signup, awaiting, confirmed } = await signUpAndPay("en-US", "it-IT");
    expect(signup?.locale).toBe("it-IT");
    expect(awaiting.subject).toBe("Signup awaiting payment: Bologna Tower Run – 10 km");
    expect(confirmed.subject).toBe("Signup confirmed: Bologna Tower Run – 10 km");
    for (const mail of [awaiting, confirmed]) {
      expect(mail.text).toContain("Hi Ada,");
      expect(mail.text).not.toMatch(/Ciao|Corsa delle Torri|Iscrizione/);
      expect(mail.html).toContain('<html lang="en-US">');
      // The link back leads to the recap in the same language as the mail.
      expect(mail.text).toMatch(/https:\/\/events\.example\.org\/en-US\/evento\/[^\s]+\/recap/);
      expect(mail.text).not.toContain("/it-IT/");
    }
  });

  it("the other way round: an Italian account signing up from an English page is written to in Italian", async () => {
    const { awaiting, confirmed } = await signUpAndPay("it-IT", "en-US");
    expect(awaiting.subject).toBe("Iscrizione in attesa di pagamento: Corsa delle Torri – 10 km");
    expect(confirmed.subject).toBe("Iscrizione confermata: Corsa delle Torri – 10 km");
    expect(confirmed.text).toContain("Ciao Ada,");
    expect(confirmed.text).toContain("Data: sabato 12 giugno 2027.");
    expect(confirmed.text).toContain("Partenza: ore 09:30.");
    expect(confirmed.text).toContain("Luogo: Piazza Maggiore, Via dell'Archiginnasio 1, 40124 Bologna.");
    expect(confirmed.text).toContain(
      "Alloggio: Camera doppia, Albergo Due Torri, dall'11 giugno 2027 al 13 giugno 2027, 1 camera, 2 ospiti.",
    );
  });

  it("the confirmation says the day, the place, the start time and the lodging booked", async () => {
    const { awaiting, confirmed } = await signUpAndPay("en-US", "en-US");
    for (const mail of [confirmed, awaiting]) {
      expect(mail.text).toContain("Date: Saturday, June 12, 2027.");
      expect(mail.text).toContain("Start: 9:30 AM.");
      expect(mail.text).toContain("Place: Piazza Maggiore, Via dell'Archiginnasio 1, 40124 Bologna.");
      expect(mail.text).toContain(
        "Lodging: Double room, Hotel Two Towers, June 11, 2027 to June 13, 2027, 1 room, 2 guests.",
      );
      expect(mail.html).toContain("Lodging: Double room, Hotel Two Towers");
      expect(mail.html).toContain("Place: Piazza Maggiore, Via dell&#39;Archiginnasio 1, 40124 Bologna.");
    }
  });

  it("the cancellation's refund mail reaches a runner whose freed place goes to the waiting list", async () => {
    const { signup, owner, appointment } = await signUpAndPay("it-IT", "en-US");
    if (!signup) throw new Error("no signup");
    const db = database.db;
    // The race is sold out, takes cancellations with a refund, and someone waits in line.
    await db.update(schema.appointments).set({ capacity: 1 }).where(eq(schema.appointments.id, appointment.id));
    await db
      .update(schema.events)
      .set({ cancellationDaysBefore: 7, refundDaysBefore: 7 })
      .where(eq(schema.events.id, signup.eventId));
    const next = await insertPerson(db);
    const deps = testDeps(db, NOW);
    await joinTheLine(deps, userActor(next), { appointmentId: appointment.id, locale: "en-US" });

    await cancelSignup(deps, userActor(owner), { signupId: signup.id });

    const refund = (await mailsTo(owner.email)).filter((mail) => mail.kind === "payment-cancel-refund");
    expect(refund.map((mail) => mail.subject)).toEqual(["Rimborso per Corsa delle Torri – 10 km"]);
    expect((await mailsTo(next.email)).map((mail) => mail.kind)).toEqual(["waiting-list-offer"]);
  });
});
