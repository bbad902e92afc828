import type { LocalizedText } from "@sports/domain";

/** What the organiser gives for a stay and for one of its room types. */

export interface StayFields {
  slug?: string;
  name?: LocalizedText;
  description?: LocalizedText;
  address?: string | null;
  /** The first and last nights offered (`YYYY-MM-DD`). */
  firstNight?: string;
  lastNight?: string;
}

export interface RoomTypeFields {
  name?: LocalizedText;
  guests?: number;
  pricePerNight?: number;
  currency?: string;
  roomsPerNight?: number;
  position?: number;
}

export const nightsProblem = (stay: { firstNight: string; lastNight: string }) =>
  stay.lastNight < stay.firstNight
    ? [{ attribute: "lastNight", code: "before-first-night", detail: "The last night is before the first." }]
    : [];
