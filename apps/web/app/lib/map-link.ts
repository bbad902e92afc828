import type { EventAttributes } from "@sports/jsonapi";

/** Where the start is on a map: the venue's coordinates when the organiser gave them, else its address. */
export function mapLink(venue: EventAttributes["venue"]): string {
  if (venue.latitude !== null && venue.longitude !== null) {
    const { latitude: lat, longitude: lon } = venue;
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
  }
  const address = [venue.name, venue.street, venue.postalCode, venue.locality, venue.country]
    .filter(Boolean)
    .join(", ");
  return `https://www.openstreetmap.org/search?${new URLSearchParams({ query: address })}`;
}
