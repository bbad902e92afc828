import { auditOf, type DatabaseHandle, findSignup, participantsOf, schema } from "@sports/db";
import { insertAppointment, insertEvent, insertPerson, openTestDatabase } from "@sports/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OrganiserActor, type UserActor, userActor } from "../actors.ts";
import { testDeps, testParticipant } from "../testing.ts";
import { cancelSignup } from "./cancel.ts";
import { holdPlaces } from "./hold-places.ts";
import { updateParticipants } from "./update-participants.ts";

/**
 * The signup's verbs called as the API calls them, with their deps and a real database: holding
 * places, giving the participants, cancelling (decisions 011 and 015). Each case reads the outcome
 * back from the database, and each refusal leaves it as it was.
 */

const NOW = new Date("2027-05-01T10:00:00Z");
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const deps = (now = NOW) => testDeps(database.db, now);
const runner = async (): Promise<UserActor> => userActor(await insertPerson(database.db));

async function race(capacity: number, event: Parameters<typeof insertEvent>[2] = {}) {
  const inserted = await insertEvent(database.db, NOW, { participantsPerSignup: 4, ...event });
  return { event: inserted, appointment: await insertAppointment(database.db, inserted, { capacity }) };
}

const placesTaken = async (appointmentId: string) =>
  (await database.db.select().from(schema.appointments).where(eq(schema.appointments.id, appointmentId)))[0]
    ?.placesTaken;

const signupsOf = (userId: string) =>
  database.db.select().from(schema.signups).where(eq(schema.signups.userId, userId));

const stateOf = async (signupId: string) => (await findSignup(database.db, signupId))?.state;

async function held(actor: UserActor, appointmentId: string, places = 1, now = NOW) {
  const { view } = await holdPlaces(deps(now), actor, { target: { appointmentId }, places, locale: "en-US" });
  return view.signup;
}

describe("holding places", () => {
  it("takes one place per participant asked for, for the event's hold minutes", async () => {
    const { appointment } = await race(3, { holdMinutes: 20 });
    const ada = await runner();
    const hold = await holdPlaces(deps(), ada, {
      target: { appointmentId: appointment.id },
      places: 2,
      locale: "it-IT",
    });
    expect(hold.created).toBe(true);
    expect(await findSignup(database.db, hold.view.signup.id)).toMatchObject({
      state: "held",
      places: 2,
      userId: ada.userId,
      locale: "it-IT",
      holdExpiresAt: minutes(20),
    });
    expect(await placesTaken(appointment.id)).toBe(2);
    expect((await auditOf(database.db, hold.view.signup.id)).map((line) => line.action)).toEqual(["hold"]);
  });

  it("answers the person's own hold again rather than taking more places", async () => {
    const { appointment } = await race(3);
    const ada = await runner();
    const first = await held(ada, appointment.id);
    const again = await holdPlaces(deps(minutes(1)), ada, {
      target: { appointmentId: appointment.id },
      locale: "en-US",
    });
    expect(again).toMatchObject({ created: false, view: { signup: { id: first.id } } });
    expect(await placesTaken(appointment.id)).toBe(1);
    expect(await signupsOf(ada.userId)).toHaveLength(1);
  });

  it("refuses a full appointment, a draft, an unknown one and too many participants, writing nothing", async () => {
    const { appointment } = await race(1);
    await held(await runner(), appointment.id);
    const bea = await runner();
    const hold = (appointmentId: string, places = 1) =>
      holdPlaces(deps(), bea, { target: { appointmentId }, places, locale: "en-US" });
    await expect(hold(appointment.id)).rejects.toMatchObject({ code: "sold-out" });
    const draft = await race(10, { status: "draft" });
    await expect(hold(draft.appointment.id)).rejects.toMatchObject({ code: "not-found" });
    await expect(hold(crypto.randomUUID())).rejects.toMatchObject({ code: "not-found" });
    const roomy = await race(10);
    await expect(hold(roomy.appointment.id, 5)).rejects.toMatchObject({ code: "too-many-participants" });
    const notYet = await race(10, { signupOpensAt: minutes(60) });
    await expect(hold(notYet.appointment.id)).rejects.toMatchObject({ code: "not-open" });
    expect(await signupsOf(bea.userId)).toEqual([]);
    expect([await placesTaken(appointment.id), await placesTaken(roomy.appointment.id)]).toEqual([1, 0]);
  });

  it("expires the lapsed holds on a full appointment and takes the place they held", async () => {
    const { appointment } = await race(1, { holdMinutes: 15 });
    const lapsed = await held(await runner(), appointment.id);
    const bea = await runner();
    const hold = await held(bea, appointment.id, 1, minutes(16));
    expect(await stateOf(lapsed.id)).toBe("expired");
    expect(await stateOf(hold.id)).toBe("held");
    expect(await placesTaken(appointment.id)).toBe(1);
  });
});

describe("giving the participants", () => {
  it("writes them and takes the extra places in the same transaction, or gives the spare ones back", async () => {
    const { appointment } = await race(4);
    const ada = await runner();
    const signup = await held(ada, appointment.id);
    const three = ["Ada", "Bea", "Cleo"].map((givenName) => testParticipant({ givenName }));
    const view = await updateParticipants(deps(minutes(1)), ada, { signupId: signup.id, people: three });
    expect(view.signup).toMatchObject({ places: 3, state: "held" });
    expect(await placesTaken(appointment.id)).toBe(3);
    const written = await participantsOf(database.db, [signup.id]);
    expect(written.map((person) => [person.position, person.givenName])).toEqual([
      [1, "Ada"],
      [2, "Bea"],
      [3, "Cleo"],
    ]);
    expect(written.every((person) => person.consentsAcceptedAt?.getTime() === minutes(1).getTime())).toBe(true);

    await updateParticipants(deps(minutes(2)), ada, { signupId: signup.id, people: [testParticipant()] });
    expect((await findSignup(database.db, signup.id))?.places).toBe(1);
    expect(await placesTaken(appointment.id)).toBe(1);
    expect(await participantsOf(database.db, [signup.id])).toHaveLength(1);
  });

  it("refuses every participant's problems at once, and places that are not there, changing nothing", async () => {
    const { appointment } = await race(2, { minAge: 18 });
    const ada = await runner();
    const signup = await held(ada, appointment.id);
    const give = (people: ReturnType<typeof testParticipant>[]) =>
      updateParticipants(deps(minutes(1)), ada, { signupId: signup.id, people });
    await expect(
      give([testParticipant({ birthDate: "2015-06-01" }), testParticipant({ emergencyContactName: null })]),
    ).rejects.toMatchObject({
      code: "invalid-input",
      problems: [
        { index: 0, attribute: "birthDate", code: "too-young" },
        { index: 1, attribute: "emergencyContactName", code: "required" },
      ],
    });
    await expect(give([testParticipant(), testParticipant(), testParticipant()])).rejects.toMatchObject({
      code: "sold-out",
    });
    await expect(give([])).rejects.toMatchObject({ code: "invalid-input" });
    expect((await findSignup(database.db, signup.id))?.places).toBe(1);
    expect(await placesTaken(appointment.id)).toBe(1);
    expect(await participantsOf(database.db, [signup.id])).toEqual([]);
  });

  it("is its owner's alone, and only while the hold lasts: a lapsed one is expired instead", async () => {
    const { appointment } = await race(3, { holdMinutes: 15 });
    const ada = await runner();
    const signup = await held(ada, appointment.id);
    const people = [testParticipant()];
    await expect(
      updateParticipants(deps(minutes(1)), await runner(), { signupId: signup.id, people }),
    ).rejects.toMatchObject({ code: "not-owner" });
    // Read once lapsed, the hold is expired first (decision 011) and its place is back on sale.
    await expect(updateParticipants(deps(minutes(16)), ada, { signupId: signup.id, people })).rejects.toMatchObject({
      code: "wrong-state",
    });
    expect(await stateOf(signup.id)).toBe("expired");
    expect(await placesTaken(appointment.id)).toBe(0);
    expect(await participantsOf(database.db, [signup.id])).toEqual([]);
  });
});

describe("cancelling", () => {
  it("gives a held signup's places back and records who cancelled it", async () => {
    const { appointment } = await race(2);
    const ada = await runner();
    const signup = await held(ada, appointment.id, 2);
    const view = await cancelSignup(deps(minutes(3)), ada, { signupId: signup.id });
    expect(view.signup.state).toBe("cancelled");
    expect(await stateOf(signup.id)).toBe("cancelled");
    expect(await placesTaken(appointment.id)).toBe(0);
    const [, cancelled] = await auditOf(database.db, signup.id);
    expect(cancelled).toMatchObject({ action: "cancel", actorKind: "user", actorUserId: ada.userId });
  });

  it("lets an organiser cancel someone's signup, and refuses another runner and a second cancellation", async () => {
    const { appointment } = await race(2);
    const signup = await held(await runner(), appointment.id);
    await expect(cancelSignup(deps(), await runner(), { signupId: signup.id })).rejects.toMatchObject({
      code: "not-owner",
    });
    expect(await placesTaken(appointment.id)).toBe(1);
    const organiser: OrganiserActor = { kind: "organiser", userId: (await insertPerson(database.db)).id };
    await cancelSignup(deps(), organiser, { signupId: signup.id });
    expect(await stateOf(signup.id)).toBe("cancelled");
    await expect(cancelSignup(deps(), organiser, { signupId: signup.id })).rejects.toMatchObject({
      code: "wrong-state",
    });
    expect(await placesTaken(appointment.id)).toBe(0);
  });
});
