import { formatCalendarDay, formatNumber } from "../lib/format.ts";
import * as m from "../paraglide/messages.js";

export interface DayCount {
  day: string;
  signups: number;
  places: number;
}

/** Every day from the first to the last given, the days without signups as zeros. */
export function everyDay(days: readonly DayCount[]): DayCount[] {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return [];
  const byDay = new Map(days.map((day) => [day.day, day]));
  const out: DayCount[] = [];
  for (let at = Date.parse(`${first.day}T00:00:00Z`); at <= Date.parse(`${last.day}T00:00:00Z`); at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    out.push(byDay.get(day) ?? { day, signups: 0, places: 0 });
  }
  return out;
}

const WIDTH = 640;
const HEIGHT = 200;
const AXIS = 24;

/**
 * Signups per day as a bar chart drawn on the server: plain SVG, no chart code in the browser. The
 * picture is named for screen readers, and the same numbers follow in a table for everyone.
 */
export function SignupsChart({ days, locale }: { days: readonly DayCount[]; locale: string }) {
  const all = everyDay(days);
  if (all.length === 0) return <p>{m.console_dashboard_no_signups()}</p>;
  const highest = Math.max(...all.map((day) => day.signups), 1);
  const step = WIDTH / all.length;
  const bar = Math.max(step * 0.7, 1);
  const first = all[0];
  const last = all.at(-1);
  return (
    <figure className="console-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
        role="img"
        aria-label={m.console_dashboard_chart_label()}
        preserveAspectRatio="none"
      >
        <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="console-chart-axis" />
        {all.map((day, index) => {
          const height = (day.signups / highest) * (HEIGHT - 16);
          return (
            <rect
              key={day.day}
              x={index * step + (step - bar) / 2}
              y={HEIGHT - height}
              width={bar}
              height={height}
              className="console-chart-bar"
            >
              <title>{`${formatCalendarDay(day.day, locale)}: ${formatNumber(day.signups, locale)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="console-chart-range">
        <span>{first ? formatCalendarDay(first.day, locale) : ""}</span>
        <span>{last && last !== first ? formatCalendarDay(last.day, locale) : ""}</span>
      </figcaption>
      <details className="console-chart-numbers">
        <summary>{m.console_dashboard_numbers()}</summary>
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">{m.console_dashboard_day()}</th>
              <th scope="col">{m.console_dashboard_signups()}</th>
              <th scope="col">{m.console_dashboard_places()}</th>
            </tr>
          </thead>
          <tbody>
            {all.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatCalendarDay(day.day, locale)}</th>
                <td>{formatNumber(day.signups, locale)}</td>
                <td>{formatNumber(day.places, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
