/** A course's figures in words, in the page's language (components/course-profile.tsx, the races' list). */
import type { CourseAttributes, CourseSummary } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";
import { getLocale, type Locale } from "../paraglide/runtime.js";

/**
 * "21.1 km, 850 m up, 850 m down, highest 1,240 m"; the distance alone when the GPX had no
 * elevations (the highest point is then unknown).
 */
export function courseSummaryText(
  course: CourseSummary & { highest?: CourseAttributes["highest"] },
  locale: Locale = getLocale(),
): string {
  const distance = formatKilometres(course.distance, locale);
  if (course.highest === null) return m.course_summary_no_elevation({ distance }, { locale });
  const gain = formatMetres(course.elevationGain, locale);
  const loss = formatMetres(course.elevationLoss, locale);
  // The summary alone (an appointment's) does not say the highest point.
  if (course.highest === undefined) return m.course_summary_short({ distance, gain, loss }, { locale });
  return m.course_summary({ distance, gain, loss, highest: formatMetres(course.highest, locale) }, { locale });
}

/** What a list of races says of one with a course: "21.1 km · 850 m up". */
export function courseBriefText(course: CourseSummary, locale: Locale = getLocale()): string {
  return m.course_brief(
    { distance: formatKilometres(course.distance, locale), gain: formatMetres(course.elevationGain, locale) },
    { locale },
  );
}

const cache = new Map<string, Intl.NumberFormat>();

/** Node's ICU and the browser's may put different spaces in units: plain spaces, as lib/format.ts does. */
const spaces = (text: string) => text.replace(/[\u2009\u202f]/g, " ");

function unitFormat(locale: string, unit: "kilometer" | "meter", fractionDigits: number): Intl.NumberFormat {
  const key = `u|${locale}|${unit}|${fractionDigits}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "unit",
      unit,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    cache.set(key, format);
  }
  return format;
}

/** Metres as kilometres, one decimal unless told ("21.1 km", "21,1 km"). */
export function formatKilometres(metres: number, locale: string, fractionDigits = 1): string {
  return spaces(unitFormat(locale, "kilometer", fractionDigits).format(metres / 1000));
}

/** Whole metres ("1,240 m", "1.240 m"), for elevations and climbs. */
export function formatMetres(metres: number, locale: string): string {
  return spaces(unitFormat(locale, "meter", 0).format(Math.round(metres)));
}
