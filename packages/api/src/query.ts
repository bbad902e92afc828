import { invalidParameter } from "./errors.ts";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** What one endpoint accepts besides `locale`: anything else in the query string is a 400. */
export interface QuerySpec<TFilters> {
  /** Each filter's parser: it turns the raw value into a typed one, or throws `invalidParameter`. */
  filters?: { [K in keyof TFilters]-?: (value: string, parameter: string) => TFilters[K] };
  sortFields?: readonly string[];
  includes?: readonly string[];
  /** The fields each resource type in the answer can be narrowed to with `fields[type]`. */
  fieldsets?: Record<string, readonly string[]>;
  paginated?: boolean;
}

export interface ParsedQuery<TFilters> {
  filters: Partial<TFilters>;
  sort: { field: string; descending: boolean }[];
  include: Set<string>;
  fields: Map<string, Set<string>>;
  page: { number: number; size: number };
}

const FAMILY = /^(filter|fields|page)\[([^\]]*)\]$/;

export function parseQuery<TFilters>(url: URL, spec: QuerySpec<TFilters>): ParsedQuery<TFilters> {
  const parsed: ParsedQuery<TFilters> = {
    filters: {},
    sort: [],
    include: new Set(),
    fields: new Map(),
    page: { number: 1, size: DEFAULT_PAGE_SIZE },
  };
  const seen = new Set<string>();
  for (const [name, value] of url.searchParams) {
    if (seen.has(name)) throw invalidParameter(name, `Give ${name} once.`);
    seen.add(name);
    if (name === "locale") continue;
    if (name === "sort" && spec.sortFields) parsed.sort = parseSort(value, spec.sortFields);
    else if (name === "include" && spec.includes) parsed.include = parseList(name, value, spec.includes);
    else {
      const [, family, member = ""] = FAMILY.exec(name) ?? [];
      if (family === "filter" && spec.filters && member in spec.filters) {
        const parse = spec.filters[member as keyof TFilters];
        (parsed.filters as Record<string, unknown>)[member] = parse(value, name);
      } else if (family === "fields" && spec.fieldsets && member in spec.fieldsets) {
        parsed.fields.set(member, parseList(name, value, spec.fieldsets[member] ?? [], true));
      } else if (family === "page" && spec.paginated && (member === "number" || member === "size")) {
        parsed.page[member] = parsePageMember(name, member, value);
      } else {
        throw invalidParameter(name, unknownParameterDetail(name, family, spec));
      }
    }
  }
  return parsed;
}

function unknownParameterDetail<T>(name: string, family: string | undefined, spec: QuerySpec<T>): string {
  if (family === "filter" && spec.filters) return `Unknown filter; use ${listOf(Object.keys(spec.filters))}.`;
  if (family === "fields" && spec.fieldsets)
    return `Unknown resource type; use ${listOf(Object.keys(spec.fieldsets))}.`;
  if (family === "page" && spec.paginated) return "Use page[number] and page[size].";
  return `This endpoint does not take ${name}.`;
}

const listOf = (names: readonly string[]) => names.map((n) => `"${n}"`).join(", ");

function parseList(name: string, value: string, allowed: readonly string[], allowEmpty = false): Set<string> {
  const items = value === "" && allowEmpty ? [] : value.split(",").map((item) => item.trim());
  for (const item of items) {
    if (!allowed.includes(item)) throw invalidParameter(name, `Unknown value "${item}"; use ${listOf(allowed)}.`);
  }
  return new Set(items);
}

function parseSort(value: string, allowed: readonly string[]) {
  return value.split(",").map((raw) => {
    const descending = raw.startsWith("-");
    const field = descending ? raw.slice(1) : raw;
    if (!allowed.includes(field)) {
      throw invalidParameter("sort", `Cannot sort by "${field}"; use ${listOf(allowed)}, with "-" for descending.`);
    }
    return { field, descending };
  });
}

function parsePageMember(name: string, member: "number" | "size", value: string): number {
  const number = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (member === "number" && !(number >= 1)) throw invalidParameter(name, "Page numbers are whole numbers from 1.");
  if (member === "size" && !(number >= 1 && number <= MAX_PAGE_SIZE)) {
    throw invalidParameter(name, `Page sizes are whole numbers from 1 to ${MAX_PAGE_SIZE}.`);
  }
  return number;
}

/** Pagination links that keep every other parameter of the request. */
export function paginationLinks(url: URL, page: { number: number; size: number }, total: number) {
  const last = Math.max(1, Math.ceil(total / page.size));
  const to = (number: number) => {
    const target = new URL(url);
    target.searchParams.set("page[number]", String(number));
    target.searchParams.set("page[size]", String(page.size));
    return `${target.pathname}${target.search}`;
  };
  return {
    self: to(page.number),
    first: to(1),
    prev: page.number > 1 ? to(Math.min(page.number - 1, last)) : null,
    next: page.number < last ? to(page.number + 1) : null,
    last: to(last),
  };
}
