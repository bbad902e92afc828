import { describe, expect, it } from "vitest";
import { type AvailabilityInput, appointmentAvailability, eventAvailability } from "./catalogue.ts";

const now = new Date("2027-05-01T10:00:00Z");
const base: AvailabilityInput = {
  now,
  eventStatus: "published",
  signupOpensAt: new Date("2027-04-01T00:00:00Z"),
  signupClosesAt: new Date("2027-05-20T00:00:00Z"),
  signupDeadline: null,
  startsAt: new Date("2027-05-25T07:00:00Z"),
  capacity: 100,
  placesTaken: 40,
};

describe("appointmentAvailability", () => {
  it("is open with places left inside the window", () => {
    expect(appointmentAvailability(base)).toEqual({ capacity: 100, remaining: 60, state: "open" });
  });
  it("is not yet open before the window", () => {
    expect(appointmentAvailability({ ...base, signupOpensAt: new Date("2027-05-02T00:00:00Z") }).state).toBe(
      "not-yet-open",
    );
  });
  it("is sold out when every place is taken", () => {
    expect(appointmentAvailability({ ...base, placesTaken: 100 })).toEqual({
      capacity: 100,
      remaining: 0,
      state: "sold-out",
    });
  });
  it("is closed after the event's window, the appointment's own deadline, or its start", () => {
    expect(appointmentAvailability({ ...base, signupClosesAt: new Date("2027-05-01T09:59:59Z") }).state).toBe("closed");
    expect(appointmentAvailability({ ...base, signupDeadline: now }).state).toBe("closed");
    expect(
      appointmentAvailability({ ...base, signupClosesAt: null, startsAt: new Date("2027-05-01T09:00:00Z") }).state,
    ).toBe("closed");
  });
  it("lets the appointment's deadline win over the event's window", () => {
    expect(
      appointmentAvailability({
        ...base,
        signupClosesAt: new Date("2027-04-30T00:00:00Z"),
        signupDeadline: new Date("2027-05-10T00:00:00Z"),
      }).state,
    ).toBe("open");
  });
  it("is closed, not sold out, once signups are over", () => {
    expect(appointmentAvailability({ ...base, placesTaken: 100, signupDeadline: now }).state).toBe("closed");
  });
  it("is closed for a cancelled event", () => {
    expect(appointmentAvailability({ ...base, eventStatus: "cancelled" }).state).toBe("closed");
  });
  it("is closed for a cancelled appointment, places left or not", () => {
    expect(appointmentAvailability({ ...base, cancelled: true }).state).toBe("closed");
  });
});

describe("eventAvailability", () => {
  it("is open if any appointment is, and counts the places of open ones only", () => {
    expect(
      eventAvailability([
        { capacity: 10, remaining: 0, state: "sold-out" },
        { capacity: 20, remaining: 5, state: "open" },
        { capacity: 30, remaining: 30, state: "closed" },
      ]),
    ).toEqual({ capacity: 60, remaining: 5, state: "open" });
  });
  it("is sold out when no appointment is open and one is sold out", () => {
    expect(
      eventAvailability([
        { capacity: 10, remaining: 0, state: "sold-out" },
        { capacity: 30, remaining: 30, state: "closed" },
      ])?.state,
    ).toBe("sold-out");
  });
  it("is null without appointments", () => {
    expect(eventAvailability([])).toBeNull();
  });
});
