import type { Event, Locale, Sport } from "@sports/domain";
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lt, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "../database.ts";
import { appointments, events } from "../schema.ts";
import { countEvents } from "./event-counts.ts";

export const EVENT_SORT_FIELDS = ["startsAt", "endsAt", "title", "priceFrom"] as const;
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

/** Every column but the internal search text and the creation time, shaped as the domain's Event. */
export const eventColumns = (() => {
  const { searchText: _searchText, createdAt: _createdAt, ...columns } = getTableColumns(events);
  return columns;
})();

/** Published and cancelled events are public; drafts never leave the back office. */
const isPublic = ne(events.status, "draft");

/**
 * The instant a list's events must still be running on (end on or after): the later of
 * `filter[from]` and, for upcoming events, now. Undefined when the list has no such bound.
 */
function runningOn(filters: EventFilters, now: Date): Date | undefined {
  const instants = [filters.from, filters.when === "upcoming" ? now : undefined].filter((d) => d !== undefined);
  return instants.length ? new Date(Math.max(...instants.map((d) => d.getTime()))) : undefined;
}

/** Every filter but the "still running on" bound, which `listEvents` applies itself. */
function otherConditions(filters: EventFilters, now: Date): SQL[] {
  const conditions: SQL[] = [isPublic];
  if (filters.sports?.length) conditions.push(inArray(events.sport, filters.sports));
  if (filters.to) conditions.push(lt(events.startsAt, filters.to));
  if (filters.when === "past") conditions.push(lt(events.endsAt, now));
  if (filters.text) conditions.push(ilike(events.searchText, `%${escapeLike(filters.text.toLowerCase())}%`));
  return conditions;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Events under way at `instant`: started before it and not yet ended (the period index). */
function underWayAt(instant: Date): SQL[] {
  return [
    lt(events.startsAt, instant),
    sql`tstzrange(${events.startsAt}, ${events.endsAt}, '[]') @> ${instant.toISOString()}::timestamptz`,
  ];
}

/**
 * An event's "price from" as the API shows it (`priceFrom`, packages/api/src/catalogue/serializers.ts):
 * the lowest current price of the appointments a visitor can still sign up for (open or not yet
 * open, as `appointmentAvailability` in packages/domain/src/catalogue.ts decides), or of all its
 * appointments when none can be. An appointment's current price is its first tier, in `until`
 * order with the open-ended tier last, whose `until` is today or later in the event's time zone
 * (`currentTier`, packages/domain/src/price.ts). Null for an event without prices.
 */
function priceFrom(now: Date): SQL {
  const at = now.toISOString();
  return sql`(
    select case when bool_or(offer.bookable) then min(offer.amount) filter (where offer.bookable) else min(offer.amount) end
    from (
      select
        (select (tier ->> 'amount')::integer
           from jsonb_array_elements(${appointments.priceTiers}) as tier
           where tier ->> 'until' is null
              or tier ->> 'until' >= to_char(${at}::timestamptz at time zone ${events.timeZone}, 'YYYY-MM-DD')
           order by tier ->> 'until' asc nulls last
           limit 1) as amount,
        (${events.status} = 'published'
          and ${appointments.cancelledAt} is null
          and ${at}::timestamptz < least(coalesce(${appointments.signupDeadline}, ${events.signupClosesAt}, ${appointments.startsAt}), ${appointments.startsAt})
          and ((${events.signupOpensAt} is not null and ${at}::timestamptz < ${events.signupOpensAt})
            or ${appointments.placesTaken} < ${appointments.capacity})) as bookable
      from ${appointments}
      where ${appointments.eventId} = ${events.id}
    ) as offer
  )`;
}

function orderOf(sort: EventSort[], locale: Locale, now: Date): SQL[] {
  const columns = sort.map(({ field, descending }) => {
    if (field === "priceFrom") {
      // Events without a price come last either way.
      return descending ? sql`${priceFrom(now)} desc nulls last` : sql`${priceFrom(now)} asc nulls last`;
    }
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

async function countWhere(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(events).where(where);
  return row?.total ?? 0;
}

/**
 * One page of public events and the number of public events matching the filters.
 *
 * A list of events still running on an instant, in start order (upcoming events, the site's
 * default), is read as two runs that follow each other: the events already under way at that
 * instant (few, found through the period index) and those starting from it on (read in order from
 * the start index). A single "ends on or after" condition would make the database read, and skip,
 * every event that ended before the instant. See docs/decisions/005-event-list-at-scale.md.
 */
export async function listEvents(db: Database, query: EventListQuery): Promise<{ events: Event[]; total: number }> {
  const { filters, sort, pageSize } = query;
  const offset = (query.pageNumber - 1) * pageSize;
  const conditions = otherConditions(filters, query.now);
  const instant = runningOn(filters, query.now);
  const countKey = JSON.stringify(filters);
  const page = (where: SQL | undefined, from: number, size: number) =>
    db
      .select(eventColumns)
      .from(events)
      .where(where)
      .orderBy(...orderOf(sort, query.locale, query.now))
      .limit(size)
      .offset(from) as Promise<Event[]>;

  const inStartOrder = sort.length === 1 && sort[0]?.field === "startsAt" && !sort[0].descending;
  if (!instant || !inStartOrder) {
    const where = and(...conditions, instant ? gte(events.endsAt, instant) : undefined);
    const [rows, total] = await Promise.all([
      page(where, offset, pageSize),
      countEvents(db, countKey, () => countWhere(db, where)),
    ]);
    return { events: rows, total };
  }

  const underWay = and(...conditions, ...underWayAt(instant));
  const starting = and(...conditions, gte(events.startsAt, instant));
  // One row more than the page needs says whether the events under way fill it on their own.
  const first = await page(underWay, 0, offset + pageSize + 1);
  if (first.length > offset + pageSize) {
    const total = await countEvents(db, countKey, async () => {
      const [a, b] = await Promise.all([countWhere(db, underWay), countWhere(db, starting)]);
      return a + b;
    });
    return { events: first.slice(offset, offset + pageSize), total };
  }
  const fromUnderWay = first.slice(offset);
  const needed = pageSize - fromUnderWay.length;
  const [rest, total] = await Promise.all([
    needed > 0 ? page(starting, Math.max(0, offset - first.length), needed) : [],
    countEvents(db, countKey, async () => first.length + (await countWhere(db, starting))),
  ]);
  return { events: [...fromUnderWay, ...rest], total };
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
