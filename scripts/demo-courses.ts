/**
 * Writes the demonstration's courses: one GPX per race below, into packages/db/src/demo/courses/,
 * named `<event slug>--<appointment slug>.gpx` (the demo seed loads every file there through the
 * same reading and computing as an organiser's upload). Nothing here is a real route: each course is
 * a made-up loop starting and finishing at its event's venue (the coordinates of the demo events),
 * with hills shaped and scaled so its length and climb match what the race's description says, a
 * little seeded GPS noise on the elevations, and a few named waypoints (none at the finish: on a
 * loop it is the start, and a waypoint there reads as 0 km). Deterministic: running it
 * again writes the same files.
 *
 *   npm run demo:courses
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { computeCourse, cumulativeDistances, type TrackPoint, type Waypoint, writeGpx } from "@sports/domain";
import { clock } from "../packages/db/src/demo/dates.ts";
import { DEMO_EVENTS } from "../packages/db/src/demo/seed.ts";

interface Hill {
  /** Where its top is, as a share of the loop (0 to 1). */
  at: number;
  /** Its half-width, as a share of the loop. */
  width: number;
  /** Its height, relative to the others: the whole is scaled to the race's climb. */
  height: number;
}

interface Recipe {
  event: string;
  appointment: string;
  name: string;
  /** Metres. */
  distance: number;
  /** Metres of climb the race's description gives. */
  climb: number;
  /** The venue's elevation, metres. */
  base: number;
  hills: Hill[];
  /** Metres between track points. */
  spacing: number;
  /** The loop's shape: the bearing it sets off on and how it wobbles. */
  heading: number;
  lobes: number;
  waypoints: { name: string; at: number }[];
  seed: number;
}

const RECIPES: Recipe[] = [
  {
    event: "mezza-maratona-delle-mura",
    appointment: "mezza-maratona",
    name: "Mezza Maratona delle Mura – 21,097 km",
    distance: 21_097,
    climb: 180,
    base: 249,
    hills: [
      { at: 0.22, width: 0.06, height: 25 },
      { at: 0.48, width: 0.1, height: 110 },
      { at: 0.7, width: 0.05, height: 20 },
      { at: 0.85, width: 0.05, height: 25 },
    ],
    spacing: 20,
    heading: 40,
    lobes: 3,
    waypoints: [
      { name: "Ristoro 5 km", at: 5_000 / 21_097 },
      { name: "Porta San Giacomo", at: 0.48 },
      { name: "Ristoro 10 km", at: 10_000 / 21_097 },
      { name: "Ristoro 15 km", at: 15_000 / 21_097 },
    ],
    seed: 21_097,
  },
  {
    event: "mezza-maratona-delle-mura",
    appointment: "10k",
    name: "Mezza Maratona delle Mura – 10 km",
    distance: 10_000,
    climb: 110,
    base: 249,
    hills: [
      { at: 0.45, width: 0.15, height: 100 },
      { at: 0.8, width: 0.06, height: 15 },
    ],
    spacing: 20,
    heading: 20,
    lobes: 2,
    waypoints: [
      { name: "Ristoro 5 km", at: 0.5 },
      { name: "Città Alta", at: 0.45 },
    ],
    seed: 10_000,
  },
  {
    event: "cortina-crode-trail",
    appointment: "trail-32k",
    name: "Cortina Crode Trail – 32 km",
    distance: 32_000,
    climb: 1_900,
    base: 1_224,
    hills: [
      { at: 0.33, width: 0.28, height: 1_000 },
      { at: 0.7, width: 0.12, height: 560 },
      { at: 0.88, width: 0.05, height: 200 },
    ],
    spacing: 20,
    heading: 200,
    lobes: 3,
    waypoints: [
      { name: "Rifugio Averau", at: 0.33 },
      { name: "Pocol", at: 0.55 },
    ],
    seed: 32_000,
  },
  {
    event: "granfondo-colline-del-barolo",
    appointment: "mediofondo",
    name: "Mediofondo Colline del Barolo – 86 km",
    distance: 86_000,
    climb: 1_350,
    base: 172,
    hills: [
      { at: 0.18, width: 0.07, height: 300 },
      { at: 0.38, width: 0.08, height: 380 },
      { at: 0.6, width: 0.07, height: 420 },
      { at: 0.8, width: 0.06, height: 250 },
    ],
    spacing: 40,
    heading: 230,
    lobes: 4,
    waypoints: [
      { name: "Barolo", at: 0.3 },
      { name: "Ristoro La Morra", at: 0.45 },
      { name: "Monforte d'Alba", at: 0.62 },
    ],
    seed: 86_000,
  },
];

/** Mulberry32: the same "noise" on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

/** A closed, wobbly loop through the venue, `scale` metres across, as planar offsets in metres. */
function loop(recipe: Recipe, count: number, scale: number): [number, number][] {
  const turn = (recipe.heading * Math.PI) / 180;
  const at = (t: number): [number, number] => {
    const angle = 2 * Math.PI * t;
    const radius = scale * (1 + 0.22 * Math.sin(recipe.lobes * angle) + 0.08 * Math.cos((recipe.lobes + 2) * angle));
    return [radius * Math.cos(angle), radius * Math.sin(angle)];
  };
  const [x0, y0] = at(0);
  return Array.from({ length: count + 1 }, (_, i) => {
    const [x, y] = at(i / count);
    const [dx, dy] = [x - x0, y - y0];
    // Turned so the loop sets off towards `heading` (clockwise from north).
    return [dx * Math.cos(turn) + dy * Math.sin(turn), -dx * Math.sin(turn) + dy * Math.cos(turn)];
  });
}

const bump = (x: number) => (Math.abs(x) >= 1 ? 0 : (1 + Math.cos(Math.PI * x)) / 2);

function build(recipe: Recipe, venue: { latitude: number; longitude: number }) {
  const count = Math.round(recipe.distance / recipe.spacing);
  const toPoints = (scale: number, heightScale: number, noise: () => number): TrackPoint[] =>
    loop(recipe, count, scale).map(([east, north], i) => {
      const t = i / count;
      const hills = recipe.hills.reduce((sum, hill) => sum + hill.height * bump((t - hill.at) / hill.width), 0);
      const wobble = i === 0 || i === count ? 0 : (noise() * 2 - 1) * 1.5;
      return {
        longitude: venue.longitude + east / (METRES_PER_DEGREE * Math.cos((venue.latitude * Math.PI) / 180)),
        latitude: venue.latitude + north / METRES_PER_DEGREE,
        elevation: recipe.base + hills * heightScale + wobble,
      };
    });
  // Scale the loop to the race's length and the hills to its climb (both nearly linear; a few rounds settle them).
  let scale = recipe.distance / (2 * Math.PI);
  let heightScale = 1;
  let points = toPoints(scale, heightScale, seeded(recipe.seed));
  for (let round = 0; round < 4; round++) {
    const figures = computeCourse(points);
    scale *= recipe.distance / figures.distance;
    heightScale *= recipe.climb / Math.max(1, figures.elevationGain);
    points = toPoints(scale, heightScale, seeded(recipe.seed));
  }
  // The loop closes on the venue itself.
  const last = points.at(-1) as TrackPoint;
  points[points.length - 1] = { ...last, longitude: venue.longitude, latitude: venue.latitude };
  const rounded = points.map((p) => ({
    longitude: Number(p.longitude.toFixed(6)),
    latitude: Number(p.latitude.toFixed(6)),
    elevation: p.elevation === null ? null : Number(p.elevation.toFixed(1)),
  }));
  const distances = cumulativeDistances(rounded);
  const total = distances.at(-1) ?? 0;
  const waypoints: Waypoint[] = recipe.waypoints.map(({ name, at }) => {
    const index = Math.min(
      rounded.length - 1,
      distances.findIndex((d) => d >= at * total - 1e-6),
    );
    const point = rounded[index < 0 ? rounded.length - 1 : index] as TrackPoint;
    return { ...point, name };
  });
  return { gpx: writeGpx(recipe.name, rounded, waypoints), figures: computeCourse(rounded, waypoints) };
}

const folder = join(dirname(fileURLToPath(import.meta.url)), "../packages/db/src/demo/courses");
mkdirSync(folder, { recursive: true });
const c = clock(new Date("2026-01-01T00:00:00Z"));
for (const recipe of RECIPES) {
  const demo = DEMO_EVENTS.map((builder) => builder(c)).find((d) => d.event.slug === recipe.event);
  const { latitude, longitude } = demo?.event ?? {};
  if (typeof latitude !== "number" || typeof longitude !== "number")
    throw new Error(`The demo event ${recipe.event} has no venue coordinates.`);
  if (!demo?.appointments.some((a) => a.slug === recipe.appointment))
    throw new Error(`The demo event ${recipe.event} has no appointment ${recipe.appointment}.`);
  const { gpx, figures } = build(recipe, { latitude, longitude });
  const file = join(folder, `${recipe.event}--${recipe.appointment}.gpx`);
  writeFileSync(file, gpx);
  console.log(
    `${recipe.event}--${recipe.appointment}.gpx: ${(figures.distance / 1000).toFixed(2)} km, +${figures.elevationGain} m / -${figures.elevationLoss} m, ${figures.points} points, ${Math.round(gpx.length / 1024)} kB`,
  );
}
