import { Worker } from "node:worker_threads";
import {
  COURSE_MAX_BYTES,
  COURSE_MAX_DEPTH,
  COURSE_MAX_POINTS,
  type CourseFigures,
  computeCourse,
  Refusal,
  type RefusalCode,
  refuse,
  type TrackPoint,
  type Waypoint,
  waypointName,
} from "@sports/domain";
import { gpx as toGeoJson } from "@tmcw/togeojson";
import type { Feature, Position } from "geojson";
import { declaresDoctype, nestsDeeperThan, parseWellFormed } from "../untrusted-xml.ts";

/** A track or route point's opening tag, with or without a namespace prefix. */
const POINT_TAG = /<(?:[\w.-]+:)?(?:trkpt|rtept)[\s/>]/g;

const point = (position: Position): TrackPoint | undefined => {
  const [longitude, latitude, elevation] = position;
  if (longitude === undefined || latitude === undefined) return undefined;
  if (!(Math.abs(longitude) <= 180 && Math.abs(latitude) <= 90)) return undefined;
  return { longitude, latitude, elevation: elevation !== undefined && Number.isFinite(elevation) ? elevation : null };
};

/** The lines of a track or route feature, each as its points. */
function linesOf(feature: Feature): Position[][] {
  const { geometry } = feature;
  if (geometry?.type === "LineString") return [geometry.coordinates];
  if (geometry?.type === "MultiLineString") return geometry.coordinates;
  return [];
}

/** The GPX's text: UTF-8 (its byte order mark dropped), else `gpx-not-xml`. */
function decode(content: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    refuse("gpx-not-xml", "The file is not UTF-8 text.");
  }
}

/**
 * Reads an organiser's GPX into its track and waypoints, refusing what is not one, in this order and
 * before anything is stored: over 5 MB (`gpx-too-large`, from the raw bytes, before parsing); a
 * `<!DOCTYPE` or `<!ENTITY` anywhere (`gpx-doctype`); more than COURSE_MAX_POINTS points, counted on
 * the text before a DOM is built (`gpx-too-many-points`); elements nested deeper than
 * COURSE_MAX_DEPTH, also read on the text (`gpx-too-deep`); not well-formed XML with a `<gpx>` root
 * (`gpx-not-xml`); neither a track nor a route with two usable points (`gpx-no-track`). The tracks
 * (`trk`, every segment in order) make the course; without one, the routes (`rte`) do. Waypoint
 * names are kept as plain text (`waypointName`).
 */
export function readGpx(content: Uint8Array): { text: string; points: TrackPoint[]; waypoints: Waypoint[] } {
  if (content.byteLength > COURSE_MAX_BYTES) refuse("gpx-too-large", "A GPX file may be at most 5 MB.");
  const text = decode(content);
  if (declaresDoctype(text)) refuse("gpx-doctype", "A GPX file may not declare a DOCTYPE or entities.");
  if ((text.match(POINT_TAG)?.length ?? 0) > COURSE_MAX_POINTS)
    refuse("gpx-too-many-points", `A course may have at most ${COURSE_MAX_POINTS} points.`);
  if (nestsDeeperThan(text, COURSE_MAX_DEPTH))
    refuse("gpx-too-deep", `A GPX file's elements may nest at most ${COURSE_MAX_DEPTH} deep.`);
  const parsed = parseWellFormed(text);
  if ("problem" in parsed) refuse("gpx-not-xml", "The file is not well-formed XML.");
  const { document } = parsed;
  if (document.documentElement?.localName !== "gpx") refuse("gpx-not-xml", "The XML is not a GPX document.");
  const features = toGeoJson(document).features;
  const lines = (type: "trk" | "rte") =>
    features.filter((feature) => feature.properties?._gpxType === type).flatMap(linesOf);
  const tracks = lines("trk");
  const chosen = tracks.length > 0 ? tracks : lines("rte");
  const points = chosen.flat().flatMap((position) => point(position) ?? []);
  if (points.length < 2) refuse("gpx-no-track", "The GPX has no track or route with two points or more.");
  if (points.length > COURSE_MAX_POINTS)
    refuse("gpx-too-many-points", `A course may have at most ${COURSE_MAX_POINTS} points.`);
  const waypoints = features.flatMap((feature): Waypoint[] => {
    if (feature.geometry?.type !== "Point") return [];
    const at = point(feature.geometry.coordinates);
    if (!at) return [];
    const name = typeof feature.properties?.name === "string" ? waypointName(feature.properties.name) : "";
    return [{ ...at, name }];
  });
  return { text, points, waypoints };
}

/** A GPX read and its course computed: what uploading it and the demonstration's seed store alike. */
export function courseOfGpx(content: Uint8Array): { gpx: string; figures: CourseFigures } {
  const { text, points, waypoints } = readGpx(content);
  return { gpx: text, figures: computeCourse(points, waypoints) };
}

type Course = { gpx: string; figures: CourseFigures };
type Answer =
  | { id: number; course: Course }
  | { id: number; refusal: { code: RefusalCode; message: string } }
  | { id: number; error: string };

interface GpxWorker {
  thread: Worker;
  /** The reads it owes an answer, by their number. */
  owed: Map<number, { resolve: (course: Course) => void; reject: (error: unknown) => void }>;
}

/** The one GPX worker thread, started on the first upload and again after it stopped. */
let running: GpxWorker | undefined;
let reads = 0;

function gpxWorker(): GpxWorker {
  if (running) return running;
  const worker: GpxWorker = {
    thread: new Worker(new URL("./gpx-worker.ts", import.meta.url), { name: "gpx" }),
    owed: new Map(),
  };
  const failAll = (error: unknown) => {
    if (running === worker) running = undefined;
    for (const read of worker.owed.values()) read.reject(error);
    worker.owed.clear();
  };
  worker.thread.on("message", (answer: Answer) => {
    const read = worker.owed.get(answer.id);
    worker.owed.delete(answer.id);
    // An idle worker does not keep the process alive.
    if (worker.owed.size === 0) worker.thread.unref();
    if (!read) return;
    if ("course" in answer) read.resolve(answer.course);
    else if ("refusal" in answer) read.reject(new Refusal(answer.refusal.code, answer.refusal.message));
    else read.reject(new Error(`The GPX worker failed: ${answer.error}`));
  });
  worker.thread.on("error", failAll);
  worker.thread.on("exit", (code) => failAll(new Error(`The GPX worker stopped (exit code ${code}).`)));
  running = worker;
  return worker;
}

/**
 * `courseOfGpx` in the GPX worker thread (gpx-worker.ts), for an organiser's upload: the file is
 * parsed and its course computed away from the thread that answers requests, one file after
 * another; the same refusals. A file over the size limit is refused here, without being copied.
 */
export async function courseOfGpxInWorker(content: Uint8Array): Promise<Course> {
  if (content.byteLength > COURSE_MAX_BYTES) refuse("gpx-too-large", "A GPX file may be at most 5 MB.");
  const { thread, owed } = gpxWorker();
  const id = reads++;
  const answer = new Promise<Course>((resolve, reject) => owed.set(id, { resolve, reject }));
  thread.ref();
  thread.postMessage({ id, content });
  return answer;
}

/** Stops the GPX worker, if one runs (the server's shutdown); reads still owed fail. */
export async function closeGpxWorker(): Promise<void> {
  const stopping = running;
  running = undefined;
  await stopping?.thread.terminate();
}
