import type { CourseAttributes } from "@sports/jsonapi";
import { elided } from "../i18n/elision.ts";
import { courseSummaryText, formatKilometres, formatMetres } from "../lib/course-text.ts";
import * as m from "../paraglide/messages.js";
import { getLocale } from "../paraglide/runtime.js";

/** Round steps for an axis: 1, 2, 2.5, 5 × a power of ten. */
export function niceStep(span: number, wanted: number): number {
  const raw = span / Math.max(1, wanted);
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 2.5, 5, 10]) {
    if (raw <= factor * power) return factor * power;
  }
  return 10 * power;
}

/** The ticks from `min` to `max` (both rounded outwards to a step), `count` of them or a few more. */
export function axisTicks(min: number, max: number, wanted: number): { from: number; to: number; ticks: number[] } {
  const step = niceStep(max - min || 1, wanted);
  const from = Math.floor(min / step) * step;
  const to = Math.max(from + step, Math.ceil(max / step) * step);
  const ticks: number[] = [];
  for (let value = from; value <= to + step / 1000; value += step) ticks.push(Math.round(value * 1000) / 1000);
  return { from, to, ticks };
}

/** The elevation at `distance` along the profile, by linear interpolation. */
export function elevationAt(profile: [number, number][], distance: number): number | null {
  if (profile.length === 0) return null;
  const first = profile[0] as [number, number];
  if (distance <= first[0]) return first[1];
  for (let i = 1; i < profile.length; i++) {
    const [d1, e1] = profile[i] as [number, number];
    if (distance <= d1) {
      const [d0, e0] = profile[i - 1] as [number, number];
      return d1 === d0 ? e1 : e0 + ((e1 - e0) * (distance - d0)) / (d1 - d0);
    }
  }
  return (profile[profile.length - 1] as [number, number])[1];
}

interface Layout {
  width: number;
  height: number;
  /** The font size in the drawing's units, which the layout's width keeps near 11–13 px on screen. */
  font: number;
  left: number;
  right: number;
  bottom: number;
  /** Space above the plot per row of waypoint labels. */
  labelRow: number;
  distanceTicks: number;
  elevationTicks: number;
}

/**
 * Two drawings of one profile: a narrow one for phones and a wide one for larger screens (app.css
 * shows one of them), so its labels stay readable where the drawing scales to the column's width.
 */
const NARROW: Layout = {
  width: 360,
  height: 210,
  font: 11,
  // Room for "2,500 m" at this size (0.6 em a character).
  left: 52,
  right: 10,
  bottom: 22,
  labelRow: 14,
  distanceTicks: 4,
  elevationTicks: 3,
};
const WIDE: Layout = {
  width: 760,
  height: 270,
  font: 12,
  left: 60,
  right: 14,
  bottom: 26,
  labelRow: 16,
  distanceTicks: 8,
  elevationTicks: 4,
};
const MAX_LABEL_ROWS = 3;

interface PlacedLabel {
  name: string;
  x: number;
  row: number;
  anchor: "start" | "middle" | "end";
}

/**
 * Where each waypoint's name goes above the plot: on the first row where it does not run into the
 * previous name (names are measured roughly, 0.6 em a character), at most three rows, shortened
 * when no row has room.
 */
export function placeLabels(
  points: { name: string; x: number }[],
  layout: { font: number; left: number; right: number; width: number },
): PlacedLabel[] {
  const ends: number[] = Array(MAX_LABEL_ROWS).fill(Number.NEGATIVE_INFINITY);
  const charWidth = layout.font * 0.6;
  const gap = layout.font * 0.5;
  return points.map(({ name, x }) => {
    let text = name;
    const span = () => text.length * charWidth;
    const place = () => {
      const w = span();
      let start = x - w / 2;
      let anchor: PlacedLabel["anchor"] = "middle";
      if (start < 2) {
        start = Math.max(2, x - 4);
        anchor = "start";
      } else if (x + w / 2 > layout.width - 2) {
        start = Math.min(layout.width - 2, x + 4) - w;
        anchor = "end";
      }
      return { start, end: start + w, anchor };
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      const { start, end, anchor } = place();
      const row = ends.findIndex((last) => start >= last + gap);
      if (row !== -1) {
        ends[row] = end;
        return { name: text, x: anchor === "middle" ? x : anchor === "start" ? start : end, row, anchor };
      }
      // No row has room: the name shortened to a few letters, then dropped into the fullest row.
      text = name.length > 6 ? `${name.slice(0, 5)}…` : name;
    }
    const { start, end, anchor } = place();
    const row = ends.indexOf(Math.min(...ends));
    ends[row] = end;
    return { name: text, x: anchor === "middle" ? x : anchor === "start" ? start : end, row, anchor };
  });
}

function ProfileDrawing({
  course,
  layout,
  label,
  locale,
  className,
}: {
  course: CourseAttributes;
  layout: Layout;
  label: string;
  locale: string;
  className: string;
}) {
  const { profile, waypoints } = course;
  const length = Math.max(course.distance, profile[profile.length - 1]?.[0] ?? 0, 1);
  const elevations = profile.map(([, e]) => e);
  const low = Math.min(...elevations, course.lowest ?? Number.POSITIVE_INFINITY);
  const high = Math.max(...elevations, course.highest ?? Number.NEGATIVE_INFINITY);
  // A flat course still gets some height: at least 50 m of axis.
  const pad = Math.max(0, 50 - (high - low)) / 2;
  const yAxis = axisTicks(low - pad, high + pad, layout.elevationTicks);
  const xAxis = axisTicks(0, length / 1000, layout.distanceTicks);
  const km = xAxis.ticks.filter((t) => t <= length / 1000 + 1e-9);

  const plotRight = layout.width - layout.right;
  const x = (metres: number) => layout.left + (metres / length) * (plotRight - layout.left);

  const marks = waypoints
    .filter((w) => w.distance >= 0 && w.distance <= length)
    .map((w) => ({ ...w, x: x(w.distance) }));
  const labels = placeLabels(marks, layout);
  const rows = labels.length === 0 ? 0 : Math.max(...labels.map((l) => l.row)) + 1;
  const top = 8 + rows * layout.labelRow;
  const plotBottom = layout.height - layout.bottom;
  const y = (elevation: number) =>
    plotBottom - ((elevation - yAxis.from) / (yAxis.to - yAxis.from)) * (plotBottom - top);

  const line = profile.map(([d, e], i) => `${i === 0 ? "M" : "L"}${x(d).toFixed(1)} ${y(e).toFixed(1)}`).join("");
  const first = profile[0];
  const last = profile[profile.length - 1];
  const area =
    first && last ? `${line}L${x(last[0]).toFixed(1)} ${plotBottom}L${x(first[0]).toFixed(1)} ${plotBottom}Z` : "";
  const kmDigits = xAxis.ticks.some((t) => !Number.isInteger(t)) ? 1 : 0;

  return (
    <svg
      className={className}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-label={label}
      fontSize={layout.font}
      data-layout={layout === NARROW ? "narrow" : "wide"}
    >
      <g className="course-profile-grid">
        {yAxis.ticks.map((tick) => (
          <g key={`y${tick}`}>
            <line x1={layout.left} x2={plotRight} y1={y(tick)} y2={y(tick)} />
            <text x={layout.left - 4} y={y(tick)} textAnchor="end" dominantBaseline="middle">
              {formatMetres(tick, locale)}
            </text>
          </g>
        ))}
        {km.map((tick) => (
          <g key={`x${tick}`}>
            <line x1={x(tick * 1000)} x2={x(tick * 1000)} y1={plotBottom} y2={plotBottom + 4} />
            <text
              x={x(tick * 1000)}
              y={layout.height - 4}
              textAnchor={tick === 0 ? "start" : x(tick * 1000) > plotRight - 20 ? "end" : "middle"}
            >
              {formatKilometres(tick * 1000, locale, kmDigits)}
            </text>
          </g>
        ))}
      </g>
      <path className="course-profile-area" d={area} />
      <path className="course-profile-line" d={line} />
      <line className="course-profile-axis" x1={layout.left} x2={plotRight} y1={plotBottom} y2={plotBottom} />
      <g className="course-profile-waypoints">
        {marks.map((mark, i) => {
          const placed = labels[i] as PlacedLabel;
          const elevation = mark.elevation ?? elevationAt(profile, mark.distance);
          const markY = elevation === null ? plotBottom : y(elevation);
          const labelY = 8 + placed.row * layout.labelRow + layout.font * 0.8;
          return (
            <g key={`${mark.name}-${mark.distance}`} className="course-profile-waypoint">
              <line x1={mark.x} x2={mark.x} y1={labelY + 3} y2={markY} />
              <circle cx={mark.x} cy={markY} r={layout.font * 0.33} />
              <text x={placed.x} y={labelY} textAnchor={placed.anchor}>
                {placed.name}
              </text>
            </g>
          );
        })}
      </g>
    </svg>
  );
}

/**
 * A course's elevation profile, drawn on the server as SVG (it needs no JavaScript): distance in
 * km along, elevation in m up, the named waypoints marked, and the figures in words above it for
 * everyone (the drawing's accessible name says them too). Without elevations only the words show.
 */
export function CourseProfile({ course, className }: { course: CourseAttributes; className?: string }) {
  const locale = getLocale();
  const summary = courseSummaryText(course, locale);
  const drawn = course.profile.length >= 2;
  const label = m.course_profile_label({ summary });
  return (
    <figure className={className ? `course-profile ${className}` : "course-profile"}>
      <figcaption className="course-summary">{summary}</figcaption>
      {drawn ? (
        <>
          <ProfileDrawing
            course={course}
            layout={NARROW}
            label={label}
            locale={locale}
            className="course-profile-svg course-profile-narrow"
          />
          <ProfileDrawing
            course={course}
            layout={WIDE}
            label={label}
            locale={locale}
            className="course-profile-svg course-profile-wide"
          />
        </>
      ) : null}
      {course.waypoints.length > 0 ? (
        <div className="course-waypoints">
          <p className="course-waypoints-lead">{m.course_waypoints_count({ count: course.waypoints.length })}</p>
          <ul>
            {course.waypoints.map((w) => (
              <li key={`${w.name}-${w.distance}`}>
                <strong>{w.name}</strong>{" "}
                {elided(m.course_waypoint_at({ distance: formatKilometres(w.distance, locale) }), locale)}
                {w.elevation !== null ? `, ${formatMetres(w.elevation, locale)}` : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </figure>
  );
}
