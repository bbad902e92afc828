import { SPORTS, type Sport } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";

export { SPORTS };

/** Each sport's name in the page's language. */
const NAMES: Record<Sport, () => string> = {
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
  return NAMES[sport as Sport]?.() ?? sport;
}
