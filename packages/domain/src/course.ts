/**
 * A race's course from the organiser's track (docs/decisions/030-courses.md): its length along the
 * track, the climb and descent of its smoothed elevations, the track simplified for a map, the
 * elevation profile and how far along each waypoint is. Pure arithmetic on points: reading the GPX
 * file is the use cases' business (packages/usecases/src/console/gpx.ts).
 */

/** The largest GPX accepted, in bytes, checked on the raw body before it is parsed. */
export const COURSE_MAX_BYTES = 5 * 1024 * 1024;
/** The most track points one course may have (a 200 km ride logged every second has ~30,000). */
export const COURSE_MAX_POINTS = 200_000;
/**
 * How deep a GPX's elements may nest, checked on the text before it is parsed: a GPX goes about
 * seven deep (gpx, trk, trkseg, trkpt, extensions, an extension, its value), and reading a deeper
 * tree costs time that grows with its depth times its size.
 */
export const COURSE_MAX_DEPTH = 32;
/** The most waypoints kept. */
export const COURSE_MAX_WAYPOINTS = 200;
/** The longest waypoint name kept, in characters. */
export const WAYPOINT_NAME_MAX_LENGTH = 100;
/** The most points of the elevation profile. */
export const PROFILE_MAX_POINTS = 300;
/** The most points of the simplified track drawn on the map. */
export const TRACK_MAX_POINTS = 2_000;

/** Elevations are read every this many metres along the track before they are smoothed. */
export const ELEVATION_STEP = 10;
/** The moving average's width in metres: a sample is the mean of those within half of it on either side. */
export const ELEVATION_WINDOW = 100;
/** A change of direction counts only once the smoothed elevation has moved this many metres back. */
export const CLIMB_THRESHOLD = 5;

/** Mean Earth radius (IUGG), in metres. */
const EARTH_RADIUS = 6_371_008.8;

export interface TrackPoint {
  longitude: number;
  latitude: number;
  /** Metres above sea level, null when the file gives none. */
  elevation: number | null;
}

export interface Waypoint extends TrackPoint {
  /** Plain text (`waypointName`): no markup, one line. */
  name: string;
}

/** Something that opens a tag (`<b`, `</b`, `<!`, `<?`) up to its `>` or the end of the text. */
const MARKUP = /<[a-z/!?][^>]*(?:>|$)/gi;
/** Control characters, line and paragraph separators and direction overrides. */
const isControl = (code: number) =>
  code <= 0x1f ||
  (code >= 0x7f && code <= 0x9f) ||
  code === 0x2028 ||
  code === 0x2029 ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);

/**
 * A waypoint's name as the site keeps it, from the organiser's file: plain text, its markup taken
 * out (again until none is left, so `<<b>img …>` does not leave an `<img …>`), control characters
 * and runs of white space made single spaces, trimmed and cut to WAYPOINT_NAME_MAX_LENGTH.
 */
export function waypointName(raw: string): string {
  let text = raw.slice(0, WAYPOINT_NAME_MAX_LENGTH * 10);
  for (let before = ""; before !== text; ) {
    before = text;
    text = text.replace(MARKUP, "");
  }
  let spaced = "";
  for (const c of text) spaced += isControl(c.charCodeAt(0)) ? " " : c;
  return spaced.replace(/\s+/g, " ").trim().slice(0, WAYPOINT_NAME_MAX_LENGTH).trimEnd();
}

/** What a course is, computed from its track: every length and elevation in metres. */
export interface CourseFigures {
  distance: number;
  elevationGain: number;
  elevationLoss: number;
  highest: number | null;
  lowest: number | null;
  /** `[longitude, latitude]` pairs, simplified (Douglas–Peucker). */
  track: [number, number][];
  /** `[metres from the start, smoothed elevation]`, at most PROFILE_MAX_POINTS; empty without elevations. */
  profile: [number, number][];
  waypoints: (Waypoint & { distance: number })[];
  /** `[west, south, east, north]`. */
  bounds: [number, number, number, number];
  /** How many points the organiser's track has. */
  points: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points in metres (haversine). */
export function haversine(a: TrackPoint, b: TrackPoint): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** How far along the track each point is, in metres: 0 for the first, the course's length for the last. */
export function cumulativeDistances(points: readonly TrackPoint[]): number[] {
  const distances = new Array<number>(points.length);
  let total = 0;
  for (let i = 0; i < points.length; i++) {
    if (i > 0) total += haversine(points[i - 1] as TrackPoint, points[i] as TrackPoint);
    distances[i] = total;
  }
  return distances;
}

/**
 * The elevation every ELEVATION_STEP metres along the track (linear between the track's points
 * that have one), then a centred moving average ELEVATION_WINDOW metres wide (narrower near either
 * end, so the start and the finish keep their own elevation). Resampling by distance first keeps a stretch logged densely (a runner standing at an aid
 * station) from weighing more than one logged sparsely. Answers `[distance, elevation]` samples,
 * the last one at the course's end; none when fewer than two points have an elevation.
 */
export function smoothedElevations(points: readonly TrackPoint[], distances: readonly number[]): [number, number][] {
  const known: [number, number][] = [];
  points.forEach((point, i) => {
    if (point.elevation !== null && Number.isFinite(point.elevation)) known.push([distances[i] ?? 0, point.elevation]);
  });
  if (known.length < 2) return [];
  const total = distances.at(-1) ?? 0;
  const count = Math.max(2, Math.ceil(total / ELEVATION_STEP - 1e-6) + 1);
  const at: number[] = [];
  const raw: number[] = [];
  let k = 0;
  for (let i = 0; i < count; i++) {
    const d = Math.min(total, i * ELEVATION_STEP);
    while (k < known.length - 2 && (known[k + 1] as [number, number])[0] < d) k++;
    const [d0, e0] = known[k] as [number, number];
    const [d1, e1] = known[k + 1] as [number, number];
    const e = d <= d0 ? e0 : d >= d1 ? e1 : e0 + ((e1 - e0) * (d - d0)) / (d1 - d0);
    at.push(d);
    raw.push(d1 === d0 ? e0 : e);
  }
  // The moving average, from running sums so it costs one pass whatever the window.
  const half = Math.round(ELEVATION_WINDOW / 2 / ELEVATION_STEP);
  const sums = [0];
  for (const e of raw) sums.push((sums.at(-1) ?? 0) + e);
  return raw.map((_, i) => {
    // Centred even at the ends (narrower there), so the first and last samples keep their elevation.
    const reach = Math.min(half, i, raw.length - 1 - i);
    const from = i - reach;
    const to = i + reach;
    return [at[i] ?? 0, ((sums[to + 1] ?? 0) - (sums[from] ?? 0)) / (to - from + 1)];
  });
}

/**
 * Climb and descent of smoothed elevations with hysteresis: the elevation's turning points are
 * those where it has gone back by at least CLIMB_THRESHOLD metres, so wobbles smaller than that
 * do not add up; the climb is the sum of the rises between the first sample, the turning points
 * and the last sample, the descent the sum of the falls. So `gain - loss` is exactly the last
 * elevation minus the first.
 */
export function climbAndDescent(elevations: readonly number[]): { gain: number; loss: number } {
  const first = elevations[0];
  if (first === undefined) return { gain: 0, loss: 0 };
  const turns = [first];
  let direction = 0;
  let extreme = first;
  for (const e of elevations) {
    if (direction === 0) {
      if (Math.abs(e - first) >= CLIMB_THRESHOLD) {
        direction = Math.sign(e - first);
        extreme = e;
      }
    } else if (direction > 0 ? e > extreme : e < extreme) {
      extreme = e;
    } else if (Math.abs(e - extreme) >= CLIMB_THRESHOLD) {
      turns.push(extreme);
      direction = -direction;
      extreme = e;
    }
  }
  if (direction !== 0) turns.push(extreme);
  turns.push(elevations.at(-1) ?? first);
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < turns.length; i++) {
    const change = (turns[i] as number) - (turns[i - 1] as number);
    if (change > 0) gain += change;
    else loss -= change;
  }
  return { gain, loss };
}

/**
 * Douglas–Peucker on a local flat projection (metres east and north of the track's middle, fine
 * at the size of a race): the fewest points that keep the track within `tolerance` metres.
 * Iterative, so a long track cannot overflow the stack.
 */
export function simplifyTrack(points: readonly TrackPoint[], tolerance: number): number[] {
  if (points.length <= 2) return points.map((_, i) => i);
  const lat0 = radians(points.reduce((sum, p) => sum + p.latitude, 0) / points.length);
  const xy = points.map((p) => [
    radians(p.longitude) * Math.cos(lat0) * EARTH_RADIUS,
    radians(p.latitude) * EARTH_RADIUS,
  ]);
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [from, to] = stack.pop() as [number, number];
    const [ax, ay] = xy[from] as number[] as [number, number];
    const [bx, by] = xy[to] as number[] as [number, number];
    const dx = bx - ax;
    const dy = by - ay;
    const length2 = dx * dx + dy * dy;
    let farthest = -1;
    let farthestDistance = tolerance;
    for (let i = from + 1; i < to; i++) {
      const [px, py] = xy[i] as number[] as [number, number];
      let distance: number;
      if (length2 === 0) distance = Math.hypot(px - ax, py - ay);
      else {
        const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
        distance = Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
      }
      if (distance > farthestDistance) {
        farthest = i;
        farthestDistance = distance;
      }
    }
    if (farthest > 0) {
      keep[farthest] = 1;
      stack.push([from, farthest], [farthest, to]);
    }
  }
  const kept: number[] = [];
  keep.forEach((flag, i) => {
    if (flag) kept.push(i);
  });
  return kept;
}

/** `[west, south, east, north]` of the points. */
export function boundsOf(points: readonly TrackPoint[]): [number, number, number, number] {
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    west = Math.min(west, p.longitude);
    east = Math.max(east, p.longitude);
    south = Math.min(south, p.latitude);
    north = Math.max(north, p.latitude);
  }
  return [west, south, east, north];
}

/**
 * How far along the track a waypoint is: the distance of the track point nearest to it, the
 * earliest of equally near ones (on an out-and-back, the way out).
 */
export function distanceAlong(
  waypoint: TrackPoint,
  points: readonly TrackPoint[],
  distances: readonly number[],
): number {
  // Compared on a flat projection around the waypoint (squared, in degrees of latitude): the same
  // order as haversine at a race's scale, and cheap enough for many waypoints on a long track.
  const east = Math.cos(radians(waypoint.latitude));
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < points.length; i++) {
    const point = points[i] as TrackPoint;
    let dLon = Math.abs(point.longitude - waypoint.longitude);
    if (dLon > 180) dLon = 360 - dLon;
    const dx = dLon * east;
    const dy = point.latitude - waypoint.latitude;
    const d = dx * dx + dy * dy;
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return distances[best] ?? 0;
}

/** At most `max` samples, evenly picked, the first and the last kept. */
function thin<T>(samples: readonly T[], max: number): T[] {
  if (samples.length <= max) return [...samples];
  const picked: T[] = [];
  for (let i = 0; i < max; i++) picked.push(samples[Math.round((i * (samples.length - 1)) / (max - 1))] as T);
  return picked;
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** Everything the site shows of a course, from its track (at least two points) and waypoints. */
export function computeCourse(points: readonly TrackPoint[], waypoints: readonly Waypoint[] = []): CourseFigures {
  const distances = cumulativeDistances(points);
  const smoothed = smoothedElevations(points, distances);
  const elevations = smoothed.map(([, e]) => e);
  const { gain, loss } = climbAndDescent(elevations);
  let tolerance = 2;
  let kept = simplifyTrack(points, tolerance);
  while (kept.length > TRACK_MAX_POINTS) {
    tolerance *= 2;
    kept = simplifyTrack(points, tolerance);
  }
  let highest = Number.NEGATIVE_INFINITY;
  let lowest = Number.POSITIVE_INFINITY;
  for (const e of elevations) {
    highest = Math.max(highest, e);
    lowest = Math.min(lowest, e);
  }
  return {
    distance: Math.round(distances.at(-1) ?? 0),
    elevationGain: Math.round(gain),
    elevationLoss: Math.round(loss),
    highest: elevations.length ? round(highest, 1) : null,
    lowest: elevations.length ? round(lowest, 1) : null,
    track: kept.map((i) => {
      const point = points[i] as TrackPoint;
      return [round(point.longitude, 6), round(point.latitude, 6)];
    }),
    profile: thin(smoothed, PROFILE_MAX_POINTS).map(([d, e]) => [Math.round(d), round(e, 1)]),
    // In the order a runner meets them, whatever order the file lists them in.
    waypoints: waypoints
      .slice(0, COURSE_MAX_WAYPOINTS)
      .map((waypoint) => ({ ...waypoint, distance: Math.round(distanceAlong(waypoint, points, distances)) }))
      .sort((a, b) => a.distance - b.distance),
    bounds: boundsOf(points).map((value) => round(value, 6)) as [number, number, number, number],
    points: points.length,
  };
}

/** The course figures an appointment carries (copied there with its course), or null without a course. */
export function courseSummaryOf(appointment: {
  courseDistance: number | null;
  courseElevationGain: number | null;
  courseElevationLoss: number | null;
}): { distance: number; elevationGain: number; elevationLoss: number } | null {
  if (appointment.courseDistance === null) return null;
  return {
    distance: appointment.courseDistance,
    elevationGain: appointment.courseElevationGain ?? 0,
    elevationLoss: appointment.courseElevationLoss ?? 0,
  };
}

const escapeXml = (value: string) =>
  value.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

const pointXml = (tag: string, point: TrackPoint, inner = "") =>
  `<${tag} lat="${point.latitude.toFixed(6)}" lon="${point.longitude.toFixed(6)}">${
    point.elevation === null ? "" : `<ele>${point.elevation.toFixed(1)}</ele>`
  }${inner}</${tag}>`;

/** A GPX 1.1 document of one track and its waypoints: what the demonstration's courses and the tests are written as. */
export function writeGpx(name: string, points: readonly TrackPoint[], waypoints: readonly Waypoint[] = []): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="sports-events" xmlns="http://www.topografix.com/GPX/1/1">',
    `  <metadata><name>${escapeXml(name)}</name></metadata>`,
    ...waypoints.map((w) => `  ${pointXml("wpt", w, `<name>${escapeXml(w.name)}</name>`)}`),
    `  <trk><name>${escapeXml(name)}</name><trkseg>`,
    ...points.map((p) => `    ${pointXml("trkpt", p)}`),
    "  </trkseg></trk>",
    "</gpx>",
    "",
  ].join("\n");
}
