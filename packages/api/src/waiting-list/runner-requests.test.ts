import { describe, expect, it } from "vitest";
import { runnerRequestResource } from "./runner-requests.ts";

/** The shape shared by waiting-list entries and opening alerts (decision 027). */
const request = {
  id: "r1",
  appointmentId: "a1",
  eventId: "e1",
  event: { slug: "lake-swim", title: { "it-IT": "Traversata del lago" }, timeZone: "Europe/Rome" },
  appointment: { slug: "main", title: {}, implicit: false },
};

describe("runnerRequestResource", () => {
  it("names the event and appointment first, then the request's own fields, and links to itself", () => {
    const resource = runnerRequestResource("opening-alerts", request, "it-IT", {
      attributes: { createdAt: "2026-01-01T00:00:00.000Z" },
      relationships: { signup: { data: null } },
    });
    expect(resource).toEqual({
      type: "opening-alerts",
      id: "r1",
      attributes: {
        eventTitle: "Traversata del lago",
        eventSlug: "lake-swim",
        timeZone: "Europe/Rome",
        appointmentTitle: "main",
        appointmentSlug: "main",
        createdAt: "2026-01-01T00:00:00.000Z",
      },
      relationships: {
        appointment: { data: { type: "appointments", id: "a1" } },
        event: { data: { type: "events", id: "e1" } },
        signup: { data: null },
      },
      links: { self: "/api/opening-alerts/r1" },
    });
    expect(Object.keys(resource.attributes ?? {})).toEqual([
      "eventTitle",
      "eventSlug",
      "timeZone",
      "appointmentTitle",
      "appointmentSlug",
      "createdAt",
    ]);
  });

  it("gives no slug for the appointment an event has implicitly", () => {
    const implicit = { ...request, appointment: { ...request.appointment, implicit: true } };
    expect(
      runnerRequestResource("waiting-list-entries", implicit, "en-US", { attributes: {} }).attributes,
    ).toMatchObject({
      appointmentSlug: null,
    });
  });
});
