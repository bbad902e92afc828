import {
  COURSE_MAX_BYTES,
  COURSE_MAX_POINTS,
  type CourseFigures,
  computeCourse,
  refuse,
  type TrackPoint,
  type Waypoint,
} from "@sports/domain";
import { gpx as toGeoJson } from "@tmcw/togeojson";
import { DOMParser } from "@xmldom/xmldom";
import type { Feature, Position } from "geojson";

/** A DOCTYPE or ENTITY declaration: GPX never needs one, and refusing them rules out entity expansion and external entities. */
const DECLARATION = /<!\s*(?:DOCTYPE|ENTITY)/i;
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
 * the text before a DOM is built (`gpx-too-many-points`); not well-formed XML with a `<gpx>` root
 * (`gpx-not-xml`); neither a track nor a route with two usable points (`gpx-no-track`). The tracks
 * (`trk`, every segment in order) make the course; without one, the routes (`rte`) do.
 */
export function readGpx(content: Uint8Array): { text: string; points: TrackPoint[]; waypoints: Waypoint[] } {
  if (content.byteLength > COURSE_MAX_BYTES) refuse("gpx-too-large", "A GPX file may be at most 5 MB.");
  const text = decode(content);
  if (DECLARATION.test(text)) refuse("gpx-doctype", "A GPX file may not declare a DOCTYPE or entities.");
  if ((text.match(POINT_TAG)?.length ?? 0) > COURSE_MAX_POINTS)
    refuse("gpx-too-many-points", `A course may have at most ${COURSE_MAX_POINTS} points.`);
  let document: ReturnType<DOMParser["parseFromString"]>;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        // Warnings included: a GPX that is not plainly well-formed is not read half-way.
        throw new Error(`${level}: ${message}`);
      },
    }).parseFromString(text, "application/xml");
  } catch {
    refuse("gpx-not-xml", "The file is not well-formed XML.");
  }
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
    const name = typeof feature.properties?.name === "string" ? feature.properties.name.trim().slice(0, 100) : "";
    return [{ ...at, name }];
  });
  return { text, points, waypoints };
}

/** A GPX read and its course computed: what uploading it and the demonstration's seed store alike. */
export function courseOfGpx(content: Uint8Array): { gpx: string; figures: CourseFigures } {
  const { text, points, waypoints } = readGpx(content);
  return { gpx: text, figures: computeCourse(points, waypoints) };
}
