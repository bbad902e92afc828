import {
  type DatabaseHandle,
  giveTicketCode,
  holdSignup,
  replaceParticipants,
  schema,
  snapshotOf,
  withLockedSignup,
} from "@sports/db";
import { insertAppointment, insertEvent, insertPerson, openTestDatabase } from "@sports/db/testing";
import { confirm, hold, TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from "@sports/domain";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM } from "../actors.ts";
import { testDeps } from "../testing.ts";
import { applyTransition } from "./transitions.ts";

const NOW = new Date("2027-05-01T10:00:00Z");

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A signup awaiting payment for `people` participants. */
async function awaiting(event: { id: string }, appointmentId: string, people: number) {
  const user = await insertPerson(database.db);
  const transition = hold({
    id: crypto.randomUUID(),
    actor: { kind: "user", userId: user.id },
    availability: "open",
    holdMinutes: 15,
    now: NOW,
    places: people,
    maxPerSignup: 4,
  });
  const held = await holdSignup(database.db, { transition, eventId: event.id, appointmentId, locale: "it-IT" });
  if (held.outcome !== "created") throw new Error("expected a new signup");
  const signupId = held.signup.id;
  await database.db.transaction((tx) =>
    replaceParticipants(
      tx,
      signupId,
      Array.from({ length: people }, (_, index) => ({
        givenName: `Runner ${index}`,
        familyName: "Tester",
        consentsAcceptedAt: NOW,
      })),
    ),
  );
  await database.db.update(schema.signups).set({ state: "awaiting-payment" }).where(eq(schema.signups.id, signupId));
  return signupId;
}

const confirmSignup = (signupId: string) =>
  withLockedSignup(database.db, signupId, (tx, locked) =>
    applyTransition(testDeps(database.db, NOW), tx, locked, confirm(snapshotOf(locked, 0), SYSTEM, NOW)),
  );

async function ticketsOf(signupIds: string[]) {
  return database.db
    .select({ id: schema.participants.id, code: schema.participants.ticketCode, bib: schema.bibs.number })
    .from(schema.participants)
    .leftJoin(schema.bibs, eq(schema.bibs.participantId, schema.participants.id))
    .where(inArray(schema.participants.signupId, signupIds));
}

describe("confirming a signup gives its participants tickets and bibs", () => {
  it("gives each participant a ticket code and the first free bib of the range", async () => {
    const event = await insertEvent(database.db, NOW);
    const appointment = await insertAppointment(database.db, event, { bibFirst: 101, bibLast: 200 });
    const signupId = await awaiting(event, appointment.id, 2);
    await confirmSignup(signupId);
    const tickets = await ticketsOf([signupId]);
    expect(tickets.map((ticket) => ticket.bib).sort()).toEqual([101, 102]);
    for (const ticket of tickets) {
      expect(ticket.code).toHaveLength(TICKET_CODE_LENGTH);
      expect([...(ticket.code ?? "")].every((character) => TICKET_CODE_ALPHABET.includes(character))).toBe(true);
    }
    expect(new Set(tickets.map((ticket) => ticket.code)).size).toBe(2);
  });

  it("gives no bib without a range, and none once the range is full", async () => {
    const event = await insertEvent(database.db, NOW);
    const unnumbered = await insertAppointment(database.db, event);
    const plain = await awaiting(event, unnumbered.id, 1);
    await confirmSignup(plain);
    const [ticket] = await ticketsOf([plain]);
    expect(ticket?.code).toBeTruthy();
    expect(ticket?.bib).toBeNull();

    const small = await insertAppointment(database.db, event, { bibFirst: 1, bibLast: 2 });
    const three = await awaiting(event, small.id, 3);
    await confirmSignup(three);
    const bibs = (await ticketsOf([three])).map((row) => row.bib);
    expect(bibs.filter((bib) => bib !== null).sort()).toEqual([1, 2]);
    expect(bibs.filter((bib) => bib === null)).toHaveLength(1);
  });

  it("never gives one number twice when many signups are confirmed at once", async () => {
    const event = await insertEvent(database.db, NOW);
    // Two appointments sharing a range: their confirmations compete for the same numbers.
    const a = await insertAppointment(database.db, event, { bibFirst: 1, bibLast: 500 });
    const b = await insertAppointment(database.db, event, { bibFirst: 1, bibLast: 500 });
    const signupIds: string[] = [];
    for (let index = 0; index < 12; index++) signupIds.push(await awaiting(event, (index % 2 ? a : b).id, 2));
    await Promise.all(signupIds.map(confirmSignup));
    const bibs = (await ticketsOf(signupIds)).map((row) => row.bib);
    expect(bibs.every((bib) => bib !== null)).toBe(true);
    expect([...bibs].sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(Array.from({ length: 24 }, (_, index) => index + 1));
  });

  it("draws another ticket code when one clashes with a participant's", async () => {
    const event = await insertEvent(database.db, NOW);
    const appointment = await insertAppointment(database.db, event);
    const first = await awaiting(event, appointment.id, 1);
    const second = await awaiting(event, appointment.id, 1);
    const [a] = await ticketsOf([first]);
    const [b] = await ticketsOf([second]);
    const drawn = ["TAKENC2DE2", "TAKENC2DE2", "FRESHC3DE3"];
    await database.db.transaction(async (tx) => {
      await giveTicketCode(tx, a?.id ?? "", () => "TAKENC2DE2");
      // The clash is undone inside its savepoint: the transaction goes on and the next code is drawn.
      expect(await giveTicketCode(tx, b?.id ?? "", () => drawn.shift() ?? "")).toBe("FRESHC3DE3");
      // A participant who has a code keeps it.
      expect(await giveTicketCode(tx, a?.id ?? "", () => "XTHERC4DE4")).toBe("TAKENC2DE2");
    });
  });
});
