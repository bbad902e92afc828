import { type DataDocument, RecordStore, withLinkage } from "@sports/jsonapi";
import { describe, expect, it } from "vitest";
import { signupOf, signupsOf, staysOf } from "./records.ts";

const event = {
  type: "events",
  id: "e1",
  attributes: {
    slug: "cortina-crode-trail",
    title: "Cortina Crode Trail",
    timeZone: "Europe/Rome",
    signupMode: "appointment",
    startsAt: "2027-06-12T03:00:00.000Z",
    rules: { participantsPerSignup: 1, medicalCertificate: "competitive", tshirtSizes: ["S", "M"] },
    description: "left out of the record",
  },
};
const appointment = {
  type: "appointments",
  id: "a1",
  attributes: {
    slug: "trail-32k",
    title: "Trail 32 km",
    startsAt: "2027-06-12T06:00:00.000Z",
    endsAt: "2027-06-12T15:00:00.000Z",
    implicit: false,
    currency: "EUR",
    eligibility: { minAge: 18, maxAge: null, gender: "any" },
  },
};
const participant = (id: string, position: number, givenName: string) => ({
  type: "participants",
  id,
  attributes: { position, givenName, familyName: "Lovelace" },
});
const signup = (id: string, participants: string[]) => ({
  type: "signups",
  id,
  attributes: { state: "held", places: participants.length || 1, holdExpiresAt: "2027-01-01T10:15:00.000Z" },
  relationships: {
    event: { data: { type: "events", id: "e1" } },
    appointment: { data: { type: "appointments", id: "a1" } },
    participants: { data: participants.map((p) => ({ type: "participants", id: p })) },
    stayBookings: { data: [{ type: "stay-bookings", id: "b1" }] },
  },
});

/** A store holding what these documents hold, as the site's API client leaves it. */
function storeWith(...documents: DataDocument[]): RecordStore {
  const store = new RecordStore();
  for (const document of documents) store.push(document);
  return store;
}

describe("signup records in the store", () => {
  it("join each signup with its event, appointment, participants (in order) and stays", () => {
    const store = storeWith({
      data: signup("s1", ["p2", "p1"]),
      included: [
        event,
        appointment,
        participant("p1", 1, "Ada"),
        participant("p2", 2, "Grace"),
        {
          type: "stay-bookings",
          id: "b1",
          attributes: { roomTypeId: "r1", checkIn: "2027-06-11", checkOut: "2027-06-13", rooms: 1, guests: 2 },
        },
      ],
    });
    const record = signupOf(store, "s1");
    expect(record).toMatchObject({
      id: "s1",
      state: "held",
      event: { id: "e1", slug: "cortina-crode-trail", timeZone: "Europe/Rome" },
      appointment: { id: "a1", slug: "trail-32k", implicit: false },
      stayBookings: [{ id: "b1", roomTypeId: "r1", checkOut: "2027-06-13" }],
    });
    expect(record?.participants.map((p) => p.givenName)).toEqual(["Ada", "Grace"]);
    expect(record?.event).not.toHaveProperty("description");
  });

  it("read a list, leaving out a signup whose event the answer lacks", () => {
    const orphan = { ...signup("s3", []), relationships: { ...signup("s3", []).relationships, event: { data: null } } };
    const store = storeWith({ data: [signup("s2", []), orphan], included: [event, appointment] });
    const list = signupsOf(store, ["s2", "s3"]);
    expect(list.map((s) => s.id)).toEqual(["s2"]);
    expect(list[0]?.participants).toEqual([]);
    expect(signupOf(store, "s3")).toBeUndefined();
    expect(signupOf(store, "unknown")).toBeUndefined();
  });

  it("show a change pushed later, from whichever document brought it", () => {
    const store = storeWith({
      data: signup("s1", ["p1"]),
      included: [event, appointment, participant("p1", 1, "Ada")],
    });
    const before = signupOf(store, "s1");
    // The participants step's answer: the same signup, its participant renamed and a second one.
    store.push({
      data: signup("s1", ["p3", "p4"]),
      included: [participant("p3", 1, "Augusta"), participant("p4", 2, "Grace")],
    });
    expect(before?.participants.map((p) => p.givenName)).toEqual(["Ada"]);
    expect(signupOf(store, "s1")?.participants.map((p) => p.givenName)).toEqual(["Augusta", "Grace"]);
    expect(signupOf(store, "s1")?.event.slug).toBe("cortina-crode-trail");
  });
});

describe("an event's stays in the store", () => {
  const stay = (id: string, name: string) => ({
    type: "stays",
    id,
    attributes: { name },
    relationships: { event: { data: { type: "events", id: "e1" } } },
  });

  it("are known only once their linkage has been stated, none being an answer too", () => {
    const store = storeWith({ data: signup("s1", []), included: [event, appointment] });
    store.push({ data: [stay("x", "Elsewhere")] });
    expect(staysOf(store, "e1")).toBeUndefined();
    store.push(
      withLinkage({ type: "events", id: "e1" }, "stays", { data: [stay("h1", "Hotel"), stay("h2", "Lodge")] }),
    );
    expect(staysOf(store, "e1")).toEqual([{ name: "Hotel" }, { name: "Lodge" }]);
    store.push(withLinkage({ type: "events", id: "e1" }, "stays", { data: [] }));
    expect(staysOf(store, "e1")).toEqual([]);
    expect(staysOf(store, "unknown")).toBeUndefined();
  });
});
