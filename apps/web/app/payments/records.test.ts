import { type DataDocument, RecordStore } from "@sports/jsonapi";
import { describe, expect, it } from "vitest";
import { paymentOf } from "./records.ts";

const event = {
  type: "events",
  id: "e1",
  attributes: {
    slug: "notturna-di-trastevere",
    title: "Notturna di Trastevere",
    timeZone: "Europe/Rome",
    signupMode: "appointment",
    startsAt: "2027-07-10T18:00:00.000Z",
    rules: { paymentMethods: ["demo", "bank-transfer"], refundDaysBefore: 7, paymentTermDays: 5 },
  },
};
const appointment = {
  type: "appointments",
  id: "a1",
  attributes: {
    slug: "8k",
    title: "8 km",
    startsAt: "2027-07-10T19:00:00.000Z",
    endsAt: "2027-07-10T21:00:00.000Z",
    implicit: false,
    currency: "EUR",
    eligibility: { minAge: 16, maxAge: null, gender: "any" },
  },
};
const signup = {
  type: "signups",
  id: "s1",
  attributes: { state: "confirmed", reference: "SE-1A2B3C4D", places: 2, paymentMethod: "demo" },
  relationships: {
    event: { data: { type: "events", id: "e1" } },
    appointment: { data: { type: "appointments", id: "a1" } },
  },
};
const payment = {
  type: "payments",
  id: "p1",
  attributes: {
    provider: "demo",
    state: "paid",
    amount: { amount: 5000, currency: "EUR" },
    reference: "SE-1A2B3C4D",
    redirectUrl: null,
    bankTransfer: null,
    refundedAmount: 0,
    createdAt: "2027-05-01T10:00:00.000Z",
    paidAt: "2027-05-01T10:01:00.000Z",
  },
  relationships: { signup: { data: { type: "signups", id: "s1" } } },
};

/** A store holding what this document holds, as the site's API client leaves it. */
function storeWith(document: DataDocument): RecordStore {
  const store = new RecordStore();
  store.push(document);
  return store;
}

describe("payment records in the store", () => {
  it("join the payment with its signup and what that is for", () => {
    const record = paymentOf(storeWith({ data: payment, included: [signup, appointment, event] }), "p1");
    expect(record).toMatchObject({ id: "p1", state: "paid", provider: "demo", amount: { amount: 5000 } });
    expect(record?.signup).toMatchObject({
      id: "s1",
      state: "confirmed",
      places: 2,
      event: { title: "Notturna di Trastevere", rules: { refundDaysBefore: 7 } },
      appointment: { slug: "8k" },
    });
  });

  it("keep the payment when the answer leaves its signup out", () => {
    expect(paymentOf(storeWith({ data: payment }), "p1")?.signup).toBeNull();
    expect(paymentOf(storeWith({ data: payment, included: [signup] }), "p1")?.signup).toBeNull();
  });

  it("find no payment where the store holds none", () => {
    expect(paymentOf(storeWith({ data: signup }), "s1")).toBeUndefined();
    expect(paymentOf(storeWith({ data: null }), "p1")).toBeUndefined();
    expect(paymentOf(storeWith({ data: payment }), null)).toBeUndefined();
  });
});
