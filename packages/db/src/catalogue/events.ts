import type { Event, Locale, Sport } from "@sports/domain";
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lt, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "../database.ts";
import { events } from "../schema.ts";

export const EVENT_SORT_FIELDS = ["startsAt", "endsAt", "title"] as const;
export type EventSortField = (typeof EVENT_SORT_FIELDS)[number];

export interface EventSort {
  field: EventSortField;
  descending: boolean;
}

export interface EventFilters {
  sports?: Sport[];
  /** Events still running on or after this instant. */
  from?: Date;
  /** Events starting before this instant. */
  to?: Date;
  text?: string;
  when?: "upcoming" | "past";
}

export interface EventListQuery {
  filters: EventFilters;
  sort: EventSort[];
  /** 1-based. */
  pageNumber: number;
  pageSize: number;
  /** The language a title sort reads, with fallback to en-US. */
  locale: Locale;
  now: Date;
}

/** Every column but the internal search text, shaped as the domain's Event. */
const eventColumns = (() => {
  const { searchText: _searchText, createdAt: _createdAt, ...columns } = getTableColumns(events);
  return columns;
})();

/** Published and cancelled events are public; drafts never leave the back office. */
const isPublic = ne(events.status, "draft");

function whereOf(filters: EventFilters, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isPublic];
  if (filters.sports?.length) conditions.push(inArray(events.sport, filters.sports));
  if (filters.from) conditions.push(gte(events.endsAt, filters.from));
  if (filters.to) conditions.push(lt(events.startsAt, filters.to));
  if (filters.when === "upcoming") conditions.push(gte(events.endsAt, now));
  if (filters.when === "past") conditions.push(lt(events.endsAt, now));
  if (filters.text) conditions.push(ilike(events.searchText, `%${escapeLike(filters.text.toLowerCase())}%`));
  return and(...conditions);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function orderOf(sort: EventSort[], locale: Locale): SQL[] {
  const columns = sort.map(({ field, descending }) => {
    const column =
      field === "title"
        ? sql`coalesce(${events.title} ->> ${locale}, ${events.title} ->> 'en-US')`
        : field === "endsAt"
          ? events.endsAt
          : events.startsAt;
    return descending ? desc(column) : asc(column);
  });
  // The id makes the order total, so pages never overlap or skip a row.
  return [...columns, asc(events.id)];
}

/** One page of public events and the number of public events matching the filters. */
export async function listEvents(db: Database, query: EventListQuery): Promise<{ events: Event[]; total: number }> {
  const where = whereOf(query.filters, query.now);
  const [rows, totals] = await Promise.all([
    db
      .select(eventColumns)
      .from(events)
      .where(where)
      .orderBy(...orderOf(query.sort, query.locale))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db.select({ total: count() }).from(events).where(where),
  ]);
  return { events: rows as Event[], total: totals[0]?.total ?? 0 };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A public event by its id or its slug. */
export async function findPublicEvent(db: Database, idOrSlug: string): Promise<Event | undefined> {
  const match = isUuid(idOrSlug) ? eq(events.id, idOrSlug.toLowerCase()) : eq(events.slug, idOrSlug);
  const rows = await db.select(eventColumns).from(events).where(and(match, isPublic)).limit(1);
  return rows[0] as Event | undefined;
}

/** Public events by id, for appointments that need their event's rules. */
export async function publicEventsById(db: Database, ids: readonly string[]): Promise<Map<string, Event>> {
  if (ids.length === 0) return new Map();
  const rows = (await db
    .select(eventColumns)
    .from(events)
    .where(and(inArray(events.id, [...new Set(ids)]), isPublic))) as Event[];
  return new Map(rows.map((row) => [row.id, row]));
}
