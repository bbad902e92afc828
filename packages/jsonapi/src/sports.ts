/**
 * The sports an event may have: part of the contract, so the site can offer them as filters.
 * packages/domain holds the same list for its rules; packages/api tests that the two agree. A module
 * of its own: the home and list pages load the sports, not the rest of the contract's constants.
 */
export const SPORTS = [
  "trail-running",
  "road-running",
  "cycling",
  "mountain-biking",
  "swimming",
  "triathlon",
  "padel",
  "tennis",
  "multisport-camp",
] as const;
export type Sport = (typeof SPORTS)[number];
