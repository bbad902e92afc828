import * as m from "../paraglide/messages.js";

/** The sports the catalogue knows (packages/domain's SPORTS), with their names in the page's language. */
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

const NAMES: Record<string, () => string> = {
  "trail-running": m.sport_trail_running,
  "road-running": m.sport_road_running,
  cycling: m.sport_cycling,
  "mountain-biking": m.sport_mountain_biking,
  swimming: m.sport_swimming,
  triathlon: m.sport_triathlon,
  padel: m.sport_padel,
  tennis: m.sport_tennis,
  "multisport-camp": m.sport_multisport_camp,
};

export function sportName(sport: string): string {
  return NAMES[sport]?.() ?? sport;
}
