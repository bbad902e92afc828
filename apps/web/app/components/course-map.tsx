import type { CourseAttributes } from "@sports/jsonapi";
import { useEffect, useRef, useState } from "react";
import { courseSummaryText } from "../lib/course-text.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";

/** Web Mercator's vertical coordinate of a latitude (in degrees), as tile maps draw it. */
function mercatorY(latitude: number): number {
  const clamped = Math.max(-85, Math.min(85, latitude));
  return Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
}

export interface Projection {
  /** `[x, y]` in the drawing's units for a `[longitude, latitude]`. */
  project: (point: [number, number]) => [number, number];
  width: number;
  height: number;
}

/**
 * Fits the course's bounds (`[west, south, east, north]`) into a drawing `width` wide, keeping the
 * map's proportions (Web Mercator, as the tile map shows it): north up, `padding` on every side; the
 * height follows from the shape, between `minHeight` and `maxHeight` (a north–south course is
 * scaled down to fit, centred across).
 */
export function projectionFor(
  bounds: [number, number, number, number],
  { width, padding, minHeight, maxHeight }: { width: number; padding: number; minHeight: number; maxHeight: number },
): Projection {
  const [west, south, east, north] = bounds;
  const x0 = (west * Math.PI) / 180;
  const x1 = (east * Math.PI) / 180;
  const y0 = mercatorY(north);
  const y1 = mercatorY(south);
  const spanX = Math.max(x1 - x0, 1e-9);
  const spanY = Math.max(y0 - y1, 1e-9);
  const inner = width - 2 * padding;
  let scale = inner / spanX;
  let height = spanY * scale + 2 * padding;
  if (height > maxHeight) {
    scale = (maxHeight - 2 * padding) / spanY;
    height = maxHeight;
  }
  height = Math.max(height, minHeight);
  const offsetX = (width - spanX * scale) / 2;
  const offsetY = (height - spanY * scale) / 2;
  return {
    width,
    height: Math.round(height),
    project: ([longitude, latitude]) => [
      offsetX + ((longitude * Math.PI) / 180 - x0) * scale,
      offsetY + (y0 - mercatorY(latitude)) * scale,
    ],
  };
}

const OUTLINE = { width: 400, padding: 28, minHeight: 160, maxHeight: 400 };
/** Start and finish closer than this (in the drawing's units) are one mark: a loop. */
const SAME_PLACE = 6;

/** A label under a mark, kept inside the drawing: anchored at its left or right end near an edge. */
function labelAnchor(x: number, width: number): { x: number; textAnchor: "start" | "middle" | "end" } {
  if (x < width * 0.25) return { x: Math.max(2, x - 8), textAnchor: "start" };
  if (x > width * 0.75) return { x: Math.min(width - 2, x + 8), textAnchor: "end" };
  return { x, textAnchor: "middle" };
}

/** The course's line, drawn on the server from its simplified track: readable without JavaScript or tiles. */
export function CourseOutline({ course, label }: { course: CourseAttributes; label: string }) {
  const projection = projectionFor(course.bounds, OUTLINE);
  const points = course.track.map((point) => projection.project(point));
  const d = points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${x.toFixed(1)} ${y.toFixed(1)}`).join("");
  const start = points[0];
  const finish = points[points.length - 1];
  const loop = start && finish && Math.hypot(start[0] - finish[0], start[1] - finish[1]) < SAME_PLACE;
  return (
    <svg
      className="course-outline"
      viewBox={`0 0 ${projection.width} ${projection.height}`}
      role="img"
      aria-label={label}
      fontSize={11}
    >
      <path className="course-outline-casing" d={d} />
      <path className="course-outline-line" d={d} />
      {course.waypoints.map((w) => {
        const [x, y] = projection.project([w.longitude, w.latitude]);
        return (
          <g key={`${w.name}-${w.distance}`} className="course-outline-waypoint">
            <circle cx={x} cy={y} r={3.5} />
            <text
              className="course-outline-label"
              x={x + 6}
              y={y - 5}
              textAnchor={x > projection.width * 0.7 ? "end" : "start"}
            >
              {w.name}
            </text>
          </g>
        );
      })}
      {start ? (
        <g className="course-outline-start">
          <circle cx={start[0]} cy={start[1]} r={6} />
          <text className="course-outline-label" y={start[1] + 18} {...labelAnchor(start[0], projection.width)}>
            {loop ? m.course_start_finish() : m.course_start()}
          </text>
        </g>
      ) : null}
      {finish && !loop ? (
        <g className="course-outline-finish">
          <rect x={finish[0] - 5} y={finish[1] - 5} width={10} height={10} />
          <text className="course-outline-label" y={finish[1] + 18} {...labelAnchor(finish[0], projection.width)}>
            {m.course_finish()}
          </text>
        </g>
      ) : null}
    </svg>
  );
}

type MapState = "outline" | "loading" | "ready";

/**
 * The course on a map: the outline always (server-rendered), and, once the map scrolls into view
 * in a browser that is online, a tile map (Leaflet, loaded then: it never weighs on the page's
 * first load) drawn over it with the track and the waypoints. The tiles come from the server's
 * configured source (`MAP_TILE_URL`); while none has loaded, or if they cannot load, the outline
 * stays in sight.
 */
export function CourseMap({ course, className }: { course: CourseAttributes; className?: string }) {
  const { mapTiles } = useRootData();
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLElement>(null);
  const [state, setState] = useState<MapState>("outline");
  const label = m.course_outline_label({ summary: courseSummaryText(course) });

  useEffect(() => {
    const element = frame.current;
    if (!element || !mapTiles || typeof IntersectionObserver === "undefined") return;
    let cancelled = false;
    let remove: (() => void) | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting) || !navigator.onLine) return;
        observer.disconnect();
        setState("loading");
        import("./course-map-tiles.ts")
          .then(({ drawTileMap }) => {
            if (cancelled || !canvas.current) return;
            remove = drawTileMap(canvas.current, course, mapTiles, {
              start: m.course_start(),
              finish: m.course_finish(),
              onFirstTile: () => {
                if (!cancelled) setState("ready");
              },
            });
          })
          // Without the map's code (offline since, a failed chunk), the outline is what stays.
          .catch(() => {
            if (!cancelled) setState("outline");
          });
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      remove?.();
    };
  }, [course, mapTiles]);

  return (
    <div ref={frame} className={className ? `course-map ${className}` : "course-map"} data-map={state}>
      <CourseOutline course={course} label={label} />
      {/* Leaflet's container is focusable (the keyboard moves the map); hidden (app.css) until a tile shows. */}
      <section ref={canvas} className="course-map-tiles" aria-label={m.course_map_label()} />
    </div>
  );
}
