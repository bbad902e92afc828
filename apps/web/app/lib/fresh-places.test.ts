import { describe, expect, it } from "vitest";
import { placesIn, withFreshPlaces } from "./fresh-places.ts";

describe("places left read from the API", () => {
  it("takes an event's availability and each included appointment's counts, by resource", () => {
    const places = placesIn({
      data: { type: "events", id: "e1", attributes: { availability: { capacity: 300, remaining: 12, state: "open" } } },
      included: [
        { type: "appointments", id: "a1", attributes: { capacity: 200, remaining: 0, state: "sold-out" } },
        { type: "appointments", id: "a2", attributes: { capacity: 100, remaining: 12, state: "open" } },
        { type: "stays", id: "s1", attributes: { name: "Rifugio" } },
      ],
    });
    expect([...places]).toEqual([
      ["events:e1", { capacity: 300, remaining: 12, state: "open" }],
      ["appointments:a1", { capacity: 200, remaining: 0, state: "sold-out" }],
      ["appointments:a2", { capacity: 100, remaining: 12, state: "open" }],
    ]);
  });

  it("finds nothing in an answer without counts (an event without offers, an error)", () => {
    expect(placesIn({ data: { type: "events", id: "e1", attributes: { availability: null } } }).size).toBe(0);
    expect(placesIn({ data: null }).size).toBe(0);
    expect(placesIn({}).size).toBe(0);
  });

  it("shows the fresh counts over the rendered ones, and the rendered ones without", () => {
    const shown = { slug: "ultra-72k", capacity: 200, remaining: 40, state: "open" as const };
    expect(withFreshPlaces(shown, { capacity: 200, remaining: 0, state: "sold-out" })).toEqual({
      slug: "ultra-72k",
      capacity: 200,
      remaining: 0,
      state: "sold-out",
    });
    expect(withFreshPlaces(shown, undefined)).toBe(shown);
  });
});
