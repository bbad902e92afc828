import type { AppointmentAttributes, GenderList, ResultAttributes } from "@sports/jsonapi";
import { data, type RouterContextProvider } from "react-router";
import { readApi } from "./api.ts";
import { type EventDocument, includedOf } from "./records.ts";

/**
 * What the results pages read and how their addresses hold filters (docs/behaviour.md#results):
 * the race by its event's and its own slug, and the list's filters, order and page as the URL
 * carries them, checked here so the API never sees a value it would refuse.
 */

/** A page of the list: a crowd on a phone scrolls 50 lines, a printout takes them in two sheets. */
export const RESULTS_PAGE_SIZE = 50;

/** A line of the list: what its table shows of a result (its splits and gender stay on the finisher's page). */
export type ResultLineView = Omit<ResultAttributes, "splits" | "gender"> & { id: string };

/** A result of the API as a line of the list, without what the list does not show: the page's data stays small. */
export function lineOf({ id, attributes }: { id: string; attributes: ResultAttributes }): ResultLineView {
  const { splits: _splits, gender: _gender, ...shown } = attributes;
  return { id, ...shown };
}

export const GENDER_LISTS: readonly GenderList[] = ["female", "male", "open"];

/** The list's orders as the URL names them; each with `-` for descending. */
export const RESULT_SORTS = ["rank", "bib", "name", "time"] as const;
export type ResultSort = (typeof RESULT_SORTS)[number];

export interface ResultFilters {
  gender: GenderList | "";
  category: string;
  club: string;
  /** A name, a bib or a club. */
  q: string;
  sort: { field: ResultSort; descending: boolean };
  page: number;
}

/** A text filter as the API takes it: trimmed, and dropped when empty or too long to be real. */
const textOf = (value: string | null, max: number) => {
  const trimmed = (value ?? "").trim();
  return trimmed.length <= max ? trimmed : "";
};

/** The filters in the URL; anything malformed is dropped rather than refused, as on the event list. */
export function resultFiltersOf(url: URL): ResultFilters {
  const params = url.searchParams;
  const gender = params.get("gender") ?? "";
  const sort = params.get("sort") ?? "";
  const field = sort.replace(/^-/, "");
  const page = Number(params.get("page") ?? "1");
  return {
    gender: (GENDER_LISTS as readonly string[]).includes(gender) ? (gender as GenderList) : "",
    category: textOf(params.get("category"), 20),
    club: textOf(params.get("club"), 200),
    q: textOf(params.get("q"), 100),
    sort: (RESULT_SORTS as readonly string[]).includes(field)
      ? { field: field as ResultSort, descending: sort.startsWith("-") }
      : { field: "rank", descending: false },
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The URL's query for `filters`, defaults left out: the filters' form and every link of the list write it alike. */
export function resultSearchOf(filters: ResultFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.gender) params.set("gender", filters.gender);
  if (filters.category) params.set("category", filters.category);
  if (filters.club) params.set("club", filters.club);
  const { field, descending } = filters.sort;
  if (field !== "rank" || descending) params.set("sort", `${descending ? "-" : ""}${field}`);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

const FILTER_PARAMETERS = new Set(["q", "gender", "category", "club", "sort", "page"]);

/**
 * Whether the address holds the filters as the list writes them: the filters' form sends its empty
 * fields too, and a hand-written address may hold anything. The parameters React Router adds to
 * its data requests are no filters' business.
 */
export function isTidy(url: URL, filters: ResultFilters): boolean {
  const own = [...url.searchParams].filter(([name]) => FILTER_PARAMETERS.has(name));
  return new URLSearchParams(own).toString() === resultSearchOf(filters).toString();
}

/** The API's query for one page of the list (docs/api.md, GET /api/appointments/{id}/results). */
export function resultsQueryOf(filters: ResultFilters): Record<string, string | number | undefined> {
  return {
    "filter[gender]": filters.gender || undefined,
    "filter[category]": filters.category || undefined,
    "filter[club]": filters.club || undefined,
    "filter[search]": filters.q || undefined,
    sort: `${filters.sort.descending ? "-" : ""}${filters.sort.field}`,
    "page[number]": filters.page,
    "page[size]": RESULTS_PAGE_SIZE,
  };
}

/** A race as its results pages show it: its event's title and time zone, its own title, day and course. */
export interface ResultsRace {
  eventSlug: string;
  eventTitle: string;
  timeZone: string;
  appointmentId: string;
  appointment: Pick<AppointmentAttributes, "slug" | "title" | "startsAt" | "course" | "resultsState">;
}

/**
 * The race of `/evento/{slug}/appuntamento/{slug1}`, from the event's document (kept in memory by
 * the API: docs/decisions/037-catalogue-reads-from-memory.md); a 404 for an event or race there is not.
 */
export async function resultsRaceOf(
  context: Readonly<RouterContextProvider>,
  eventSlug: string,
  appointmentSlug: string,
): Promise<ResultsRace> {
  const document = await readApi<EventDocument>(context, `/api/events/${encodeURIComponent(eventSlug)}`, {
    include: "appointments",
  });
  const found = includedOf<AppointmentAttributes>(document, "appointments").find(
    (appointment) => appointment.attributes.slug === appointmentSlug,
  );
  if (!found) throw data(null, { status: 404 });
  const { slug, title, startsAt, course, resultsState } = found.attributes;
  return {
    eventSlug: document.data.attributes.slug,
    eventTitle: document.data.attributes.title,
    timeZone: document.data.attributes.timeZone,
    appointmentId: found.id,
    appointment: { slug, title, startsAt, course, resultsState },
  };
}

/** A text the API gives in every language (a diploma's titles), in the page's, else English, else any. */
export function textIn(texts: Record<string, string>, locale: string): string {
  return texts[locale] || texts["en-US"] || Object.values(texts).find(Boolean) || "";
}
