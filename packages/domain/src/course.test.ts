import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLIMB_THRESHOLD,
  climbAndDescent,
  computeCourse,
  cumulativeDistances,
  haversine,
  PROFILE_MAX_POINTS,
  simplifyTrack,
  smoothedElevations,
  type TrackPoint,
  waypointName,
} from "./course.ts";

/** Metres per degree of latitude on the mean Earth sphere the maths uses. */
const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;
const START = { longitude: 10, latitude: 45 };

/** A track due north from START, a point every `step` metres, the elevation a function of the distance. */
function northward(length: number, elevation: (distance: number) => number | null, step = 10): TrackPoint[] {
  const points: TrackPoint[] = [];
  const at = (d: number) => ({
    longitude: START.longitude,
    latitude: START.latitude + d / METRES_PER_DEGREE,
    elevation: elevation(d),
  });
  for (let d = 0; d < length - 1e-6; d += step) points.push(at(d));
  points.push(at(length));
  return points;
}

/** Mulberry32: a small seeded generator, so the "random" noise is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe("distance along the track", () => {
  it("measures a straight line of known length", () => {
    // One degree of latitude is πR/180 metres; 0.1 degree northward in steps of 10 m.
    const points = northward(0.1 * METRES_PER_DEGREE, () => null);
    const distances = cumulativeDistances(points);
    expect(distances.at(-1)).toBeCloseTo(0.1 * METRES_PER_DEGREE, 3);
    expect(computeCourse(points).distance).toBe(11_120);
  });

  it("knows the length of a degree of longitude on the equator and at 60°", () => {
    const a = { longitude: 0, latitude: 0, elevation: null };
    expect(haversine(a, { longitude: 1, latitude: 0, elevation: null })).toBeCloseTo(METRES_PER_DEGREE, 3);
    // At 60° a short step east is half as long as on the equator.
    const north = { longitude: 0, latitude: 60, elevation: null };
    expect(haversine(north, { longitude: 0.001, latitude: 60, elevation: null })).toBeCloseTo(
      (0.001 * METRES_PER_DEGREE) / 2,
      2,
    );
  });
});

describe("climb and descent", () => {
  it("counts 500 m up and 500 m down on an out-and-back to a summit 500 m above the start", () => {
    // 1 km flat, 5 km up 500 m, 1 km on the top, and the same back.
    const shape = (d: number) => (d < 1000 ? 200 : d < 6000 ? 200 + (d - 1000) / 10 : 700);
    const out = (d: number) => (d <= 7000 ? shape(d) : shape(14_000 - d));
    const course = computeCourse(northward(14_000, out));
    expect(course.elevationGain).toBe(500);
    expect(course.elevationLoss).toBe(500);
    expect(course.highest).toBe(700);
    expect(course.lowest).toBe(200);
  });

  it("keeps a flat track with ±3 m of GPS noise flat", () => {
    const random = seeded(20261124);
    const course = computeCourse(northward(10_000, () => 300 + (random() * 2 - 1) * 3, 5));
    expect(course.elevationGain).toBeLessThan(10);
    expect(course.elevationLoss).toBeLessThan(10);
    // Added up point to point, the same noise would make hundreds of metres of climb.
    const points = northward(10_000, () => 300 + (random() * 2 - 1) * 3, 5);
    let naive = 0;
    for (let i = 1; i < points.length; i++)
      naive += Math.max(0, (points[i]?.elevation ?? 0) - (points[i - 1]?.elevation ?? 0));
    expect(naive).toBeGreaterThan(1000);
  });

  it("counts every one of ten real 50 m climbs of a sawtooth", () => {
    // Ten teeth: 1 km up 50 m, 1 km down 50 m. The moving average rounds each tip by about a metre.
    const tooth = (d: number) => {
      const x = d % 2000;
      return 100 + (x < 1000 ? x / 20 : (2000 - x) / 20);
    };
    const course = computeCourse(northward(20_000, tooth));
    expect(course.elevationGain).toBeGreaterThan(470);
    expect(course.elevationGain).toBeLessThanOrEqual(500);
    expect(course.elevationLoss).toBe(course.elevationGain);
  });

  it("ignores wobbles smaller than the threshold and counts one just over it", () => {
    expect(climbAndDescent([0, 4, 0, 4, 0])).toEqual({ gain: 0, loss: 0 });
    expect(climbAndDescent([0, 1, 2, 3, 2, 3, 2, 3, 2])).toEqual({ gain: 2, loss: 0 });
    expect(climbAndDescent([0, CLIMB_THRESHOLD + 1, 0])).toEqual({
      gain: CLIMB_THRESHOLD + 1,
      loss: CLIMB_THRESHOLD + 1,
    });
    expect(climbAndDescent([])).toEqual({ gain: 0, loss: 0 });
  });

  it("always has gain − loss equal to the last smoothed elevation minus the first", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -500, max: 5000, noNaN: true }), { minLength: 1, maxLength: 200 }),
        (es) => {
          const { gain, loss } = climbAndDescent(es);
          expect(gain).toBeGreaterThanOrEqual(0);
          expect(loss).toBeGreaterThanOrEqual(0);
          expect(gain - loss).toBeCloseTo((es.at(-1) as number) - (es[0] as number), 6);
        },
      ),
    );
  });

  it("has no elevation figures for a track without elevations", () => {
    const course = computeCourse(northward(1000, () => null));
    expect(course).toMatchObject({ elevationGain: 0, elevationLoss: 0, highest: null, lowest: null, profile: [] });
  });
});

describe("the profile and the map", () => {
  it("draws at most a few hundred profile points, from the start to the end", () => {
    const course = computeCourse(northward(42_195, (d) => 100 + 20 * Math.sin(d / 1000)));
    expect(course.profile.length).toBeLessThanOrEqual(PROFILE_MAX_POINTS);
    expect(course.profile[0]?.[0]).toBe(0);
    expect(course.profile.at(-1)?.[0]).toBe(course.distance);
  });

  it("simplifies a straight line to its two ends and keeps a corner", () => {
    const line = northward(5000, () => null);
    expect(simplifyTrack(line, 2)).toEqual([0, line.length - 1]);
    const corner: TrackPoint[] = [
      ...line,
      ...line.map((p, i) => ({
        ...p,
        longitude: START.longitude + (i * 10) / (METRES_PER_DEGREE * Math.cos(Math.PI / 4)),
        latitude: line.at(-1)?.latitude ?? 0,
      })),
    ];
    expect(simplifyTrack(corner, 2)).toEqual([0, line.length - 1, corner.length - 1]);
    const course = computeCourse(corner);
    expect(course.track).toHaveLength(3);
    expect(course.bounds[0]).toBe(START.longitude);
    expect(course.bounds[1]).toBe(START.latitude);
  });
});

describe("waypoints", () => {
  it("places each waypoint at the distance of the nearest track point, the way out on an out-and-back, in the order a runner meets them", () => {
    const out = northward(10_000, () => 100);
    const track = [...out, ...out.slice(0, -1).reverse()];
    const at = (metres: number, name: string) => ({
      name,
      longitude: START.longitude + 0.0001, // about 8 m east of the track
      latitude: START.latitude + metres / METRES_PER_DEGREE,
      elevation: null,
    });
    const course = computeCourse(track, [
      at(0, "Start"),
      at(5000, "Aid station"),
      at(10_000, "Turn"),
      at(2503, "Bridge"),
    ]);
    expect(course.distance).toBe(20_000);
    expect(course.waypoints.map((w) => [w.name, w.distance])).toEqual([
      ["Start", 0],
      ["Bridge", 2500],
      ["Aid station", 5000],
      ["Turn", 10_000],
    ]);
  });
});

describe("a waypoint's name", () => {
  it("is plain text: markup taken out, whitespace and control characters made single spaces, at most 100 characters", () => {
    expect(waypointName(" Aid &amp; <b>water</b>\n\t station ")).toBe("Aid &amp; water station");
    expect(waypointName("<img src=x onerror=alert(1)>Bridge")).toBe("Bridge");
    expect(waypointName("<<b>img src=x onerror=alert(1)>")).toBe("");
    expect(waypointName("Summit <script>alert(1)</script>")).toBe("Summit alert(1)");
    expect(waypointName("Summit <img src=x onerror=alert(1)")).toBe("Summit");
    expect(waypointName("5 < 6 > 4")).toBe("5 < 6 > 4");
    expect(waypointName("a\u202eb\u0000c")).toBe("a b c");
    expect(waypointName(`${"x".repeat(150)}<b>`)).toBe("x".repeat(100));
  });
});

describe("smoothing", () => {
  it("resamples every 10 m, whatever the spacing of the points", () => {
    const points = northward(1000, (d) => d / 10, 50);
    const samples = smoothedElevations(points, cumulativeDistances(points));
    expect(samples).toHaveLength(101);
    expect(samples[50]?.[0]).toBeCloseTo(500, 6);
    expect(samples[50]?.[1]).toBeCloseTo(50, 6);
  });
});
