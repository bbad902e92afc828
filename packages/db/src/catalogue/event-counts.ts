/**
 * How many public events match a list's filters: `meta.total` and the `last` link of every page.
 *
 * An exact `count(*)` reads every matching row, so its cost grows with the catalogue while the
 * page itself does not. Small results are counted every time; a count at or above
 * `CACHED_COUNT_FLOOR` is kept for `COUNT_TTL_MS` per database and set of filters, so a total of
 * thousands of events may lag the catalogue by a few seconds. Writers to the catalogue in this
 * process call `catalogueChanged`; other processes see a change when their entry lapses.
 * See docs/decisions/005-event-list-at-scale.md.
 */

export const CACHED_COUNT_FLOOR = 1000;
export const COUNT_TTL_MS = 10_000;
/** Distinct filter combinations kept per database; the oldest go first. */
const MAX_ENTRIES = 500;

interface CachedCount {
  total: number;
  expiresAt: number;
}

const countsByDatabase = new WeakMap<object, Map<string, CachedCount>>();

/**
 * The total for `key`, from the cache when a large one is fresh there, otherwise from `count`.
 * `clock` is injectable for tests; it is a monotonic millisecond clock, not the request's `now`.
 */
export async function countEvents(
  db: object,
  key: string,
  count: () => Promise<number>,
  clock: () => number = performance.now.bind(performance),
): Promise<number> {
  let counts = countsByDatabase.get(db);
  const cached = counts?.get(key);
  if (cached && cached.expiresAt > clock()) return cached.total;
  const total = await count();
  if (total < CACHED_COUNT_FLOOR) {
    counts?.delete(key);
    return total;
  }
  if (!counts) {
    counts = new Map();
    countsByDatabase.set(db, counts);
  }
  counts.delete(key);
  counts.set(key, { total, expiresAt: clock() + COUNT_TTL_MS });
  if (counts.size > MAX_ENTRIES) counts.delete(counts.keys().next().value as string);
  return total;
}

/** Forgets every cached total of `db` (through `catalogueChanged`, in changes.ts). */
export function forgetCounts(db: object): void {
  countsByDatabase.delete(db);
}
