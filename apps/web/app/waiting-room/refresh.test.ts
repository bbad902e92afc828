import { describe, expect, it } from "vitest";
import { roomRefreshSeconds } from "./refresh.ts";

const NOW = new Date("2027-05-01T09:00:00Z");
const room = (seconds: number) => ({ opensAt: new Date(NOW.getTime() + seconds * 1000).toISOString() });

describe("how often the waiting room's page reads again", () => {
  it("follows the API while waiting, and stops once there is something to do", () => {
    expect(roomRefreshSeconds(room(-60), { state: "waiting" }, 7, NOW)).toBe(7);
    expect(roomRefreshSeconds(room(-60), { state: "waiting" }, undefined, NOW)).toBe(5);
    for (const state of ["admitted", "expired", "used", "sold-out"] as const)
      expect(roomRefreshSeconds(room(-60), { state }, 7, NOW)).toBeNull();
  });

  it("before joining, waits for the room to open", () => {
    expect(roomRefreshSeconds(room(600), null, undefined, NOW)).toBe(30);
    expect(roomRefreshSeconds(room(1), null, undefined, NOW)).toBe(2);
    expect(roomRefreshSeconds(room(0), null, undefined, NOW)).toBeNull();
  });
});
