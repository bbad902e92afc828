import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { runner, signupClient } from "./test-client.ts";

/**
 * A federation card typed at the signup form is checked against the event's lists (decisions 067
 * and 068), each problem at its participant's field; a participant without a card, where none is
 * required, is not asked for one.
 */
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api.database.close());

const { visitor, start, participants } = signupClient(() => api);

describe("a federation card at the signup form", () => {
  it("is found, expired on race day, someone else's or unknown, each at its field", async () => {
    const db = api.database.db;
    const event = await insertEvent(db, NOW, {
      signupOpensAt: null,
      participantsPerSignup: 5,
      acceptedCards: ["fidal"],
    });
    const appointment = await insertAppointment(db, event);
    const raceDay = event.startsAt.toISOString().slice(0, 10);
    const card = (card: string, familyName: string, validUntil: string | null) => ({
      eventId: event.id,
      kind: "fidal" as const,
      card,
      familyName,
      givenName: "Ada",
      birthDate: "1990-04-12",
      validUntil,
      club: null,
    });
    await db
      .insert(schema.federationCards)
      .values([
        card("TN001", "Runner", raceDay),
        card("TN002", "Runner", "2027-05-02"),
        card("TN003", "Bianchi", null),
      ]);
    const owner = await visitor();
    const id = (await start(owner.token, appointment.id, { places: 5 })).body.data.id as string;
    const people = (cards: (string | null)[]) =>
      participants(
        owner.token,
        id,
        cards.map((federationCard, index) => runner({ federationCard, email: `ada${index}@example.org` })),
      );

    const refused = await people(["tn 001", "TN002", "TN003", "TN999", null]);
    expect(refused.status).toBe(400);
    expect(
      refused.body.errors.map((error: { code: string; source: { pointer: string } }) => [
        error.code,
        error.source.pointer,
      ]),
    ).toEqual([
      ["card-expired", "/data/1/attributes/federationCard"],
      ["card-name-mismatch", "/data/2/attributes/federationCard"],
      ["card-not-found", "/data/3/attributes/federationCard"],
    ]);
    const taken = await people(["TN001", null]);
    expect(taken.status).toBe(200);
  });
});
