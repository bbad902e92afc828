import { RecordStore, withLinkage } from "@sports/jsonapi";
import { describe, expect, it } from "vitest";
import { elsewhereThan, signupPageOf, stepFromStore } from "./page.ts";

const NOW = new Date("2027-06-01T10:00:00.000Z");
const params = { slug: "cortina-crode-trail", slug1: "trail-32k", id: "s1" };

function signupDocument(attributes: Record<string, unknown>, participants: string[] = ["p1"]) {
  return {
    data: {
      type: "signups",
      id: "s1",
      attributes: {
        state: "held",
        holdExpiresAt: "2027-06-01T10:15:00.000Z",
        staysChosen: false,
        places: 1,
        ...attributes,
      },
      relationships: {
        event: { data: { type: "events", id: "e1" } },
        appointment: { data: { type: "appointments", id: "a1" } },
        participants: { data: participants.map((id) => ({ type: "participants", id })) },
        stayBookings: { data: [] },
      },
    },
    included: [
      { type: "events", id: "e1", attributes: { slug: "cortina-crode-trail", title: "Cortina Crode Trail" } },
      { type: "appointments", id: "a1", attributes: { slug: "trail-32k", title: "Trail 32 km", implicit: false } },
      ...participants.map((id) => ({ type: "participants", id, attributes: { position: 1, givenName: "Ada" } })),
    ],
  };
}

/** The store after a step's server read: the signup, and the event's stays with their linkage. */
function storeWith(attributes: Record<string, unknown> = {}, participants?: string[], stays = 1) {
  const store = new RecordStore();
  store.push(signupDocument(attributes, participants));
  const offered = Array.from({ length: stays }, (_, index) => ({
    type: "stays",
    id: `h${index}`,
    attributes: { name: "Hotel Larice Bianco" },
  }));
  store.push(withLinkage({ type: "events", id: "e1" }, "stays", { data: offered }));
  return store;
}

const data = (step: "participants" | "stays" | "recap") => ({ signupId: "s1", step, serverNow: NOW.toISOString() });

describe("a step's page from the store", () => {
  it("holds the signup, the event's stays, the place and the steps", () => {
    const page = signupPageOf(storeWith(), data("stays"));
    expect(page?.signup.participants.map((person) => person.givenName)).toEqual(["Ada"]);
    expect(page?.stays).toEqual([{ name: "Hotel Larice Bianco" }]);
    expect(page?.place).toEqual({ eventSlug: "cortina-crode-trail", appointmentSlug: "trail-32k" });
    expect(page?.steps.map((item) => [item.step, item.done])).toEqual([
      ["participants", true],
      ["stays", false],
      ["recap", false],
    ]);
  });

  it("is not there while the store does not know the event's stays", () => {
    const store = new RecordStore();
    store.push(signupDocument({}));
    expect(signupPageOf(store, data("stays"))).toBeUndefined();
    expect(signupPageOf(new RecordStore(), data("stays"))).toBeUndefined();
  });
});

describe("where a visitor belongs", () => {
  const pageOf = (store: RecordStore, step: "participants" | "stays" | "recap") => {
    const page = signupPageOf(store, data(step));
    if (!page) throw new Error("no page");
    return page;
  };
  const base = "/evento/cortina-crode-trail/appuntamento/trail-32k/iscrizione/s1";

  it("is here when the address and the step are right", () => {
    expect(elsewhereThan(pageOf(storeWith(), "stays"), params)).toBeNull();
  });

  it("is the signup's own address, the first step still to do, or the recap once submitted", () => {
    expect(elsewhereThan(pageOf(storeWith(), "stays"), { ...params, slug1: "trail-12k" })).toBe(`${base}/soggiorni`);
    expect(elsewhereThan(pageOf(storeWith(), "recap"), params)).toBe(`${base}/soggiorni`);
    expect(elsewhereThan(pageOf(storeWith({}, []), "stays"), params)).toBe(base);
    expect(elsewhereThan(pageOf(storeWith({ state: "awaiting-payment" }), "stays"), params)).toBe(`${base}/recap`);
    expect(elsewhereThan(pageOf(storeWith({ state: "expired" }), "participants"), params)).toBeNull();
  });
});

describe("a step answered from the store", () => {
  it("answers for a held signup whose hold still runs, on the step the visitor belongs on", () => {
    expect(stepFromStore(storeWith({ staysChosen: true }), params, "recap", NOW)).toEqual({
      signupId: "s1",
      step: "recap",
      serverNow: NOW.toISOString(),
      documents: [],
    });
  });

  it("leaves to the server a lapsed hold, a submitted signup, a wrong address and what it lacks", () => {
    const lapsed = new Date("2027-06-01T10:15:00.000Z");
    expect(stepFromStore(storeWith(), params, "stays", lapsed)).toBeUndefined();
    expect(stepFromStore(storeWith({ state: "awaiting-payment" }), params, "recap", NOW)).toBeUndefined();
    expect(stepFromStore(storeWith(), params, "recap", NOW)).toBeUndefined();
    expect(stepFromStore(storeWith(), { ...params, id: undefined }, "stays", NOW)).toBeUndefined();
    expect(stepFromStore(new RecordStore(), params, "stays", NOW)).toBeUndefined();
    expect(stepFromStore(storeWith(), params, "stays", NOW)?.step).toBe("stays");
  });
});
