import { describe, expect, it } from "vitest";
import { mapLink } from "./map-link.ts";

const venue = {
  name: "Sentierone",
  street: "Piazza Matteotti",
  locality: "Bergamo",
  region: null,
  postalCode: "24122",
  country: "IT",
  latitude: 45.695,
  longitude: 9.6698,
};

describe("mapLink", () => {
  it("points at the venue's coordinates when the organiser gave them", () => {
    expect(mapLink(venue)).toBe("https://www.openstreetmap.org/?mlat=45.695&mlon=9.6698#map=16/45.695/9.6698");
  });

  it("searches for the address otherwise", () => {
    const link = new URL(mapLink({ ...venue, latitude: null, longitude: null }));
    expect(link.pathname).toBe("/search");
    expect(link.searchParams.get("query")).toBe("Sentierone, Piazza Matteotti, 24122, Bergamo, IT");
  });
});
