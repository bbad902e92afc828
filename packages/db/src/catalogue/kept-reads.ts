/**
 * Reads of the public catalogue kept in memory: what every visitor reads alike (an event, its
 * appointments and stays, a content page, a page of the event list) is read from the database once
 * and answered from memory until the catalogue changes. Writers call `catalogueChanged`
 * (changes.ts), which drops every kept read of this process at once and, on PostgreSQL, of every
 * other process on the same database (its `NOTIFY`). A kept read also lapses after `KEPT_READ_MS`,
 * which bounds how far a read that depends on the clock (which events are still upcoming) can lag,
 * and how long a change whose notification was lost can go unseen.
 *
 * What changes without the catalogue changing, the places an appointment has taken, is never kept:
 * the use cases read it fresh (`placesTakenOf`, appointments.ts) and lay it over what was kept.
 * See docs/decisions/037-catalogue-reads-from-memory.md.
 */

/** The longest a kept read is answered from memory, whatever the catalogue does. */
export const KEPT_READ_MS = 10_000;
/** Kept reads per database (distinct events, list pages and filters…); the oldest go first. */
export const MAX_KEPT_READS = 2_000;

interface KeptRead {
  value: Promise<unknown>;
  until: number;
}

const keptByDatabase = new WeakMap<object, Map<string, KeptRead>>();

function readsOf(db: object): Map<string, KeptRead> {
  let reads = keptByDatabase.get(db);
  if (!reads) {
    reads = new Map();
    keptByDatabase.set(db, reads);
  }
  return reads;
}

/** Keeps `value` as the newest entry for `key`, the oldest going when there are too many. */
function keep(reads: Map<string, KeptRead>, key: string, value: Promise<unknown>, now: number): KeptRead {
  const entry = { value, until: now + KEPT_READ_MS };
  reads.delete(key);
  reads.set(key, entry);
  if (reads.size > MAX_KEPT_READS) reads.delete(reads.keys().next().value as string);
  return entry;
}

/**
 * `read()`'s answer for `key`, kept for `db` until the catalogue changes or `KEPT_READ_MS` pass.
 * Callers asking for the same key while it is being read share that read. A read that fails is not
 * kept; neither is one that was under way when the catalogue changed (it may have read the old
 * catalogue), though its own callers get its answer. `clock` is a monotonic millisecond clock.
 */
export function keptRead<T>(
  db: object,
  key: string,
  read: () => Promise<T>,
  clock: () => number = performance.now.bind(performance),
): Promise<T> {
  const reads = readsOf(db);
  const now = clock();
  const found = reads.get(key);
  if (found && found.until > now) return found.value as Promise<T>;
  const value = read();
  const entry = keep(reads, key, value, now);
  value.catch(() => {
    if (reads.get(key) === entry) reads.delete(key);
  });
  return value;
}

/** Keeps `value`, just read, as the answer for `key` in place of what was kept. */
export function keepRead<T>(
  db: object,
  key: string,
  value: T,
  clock: () => number = performance.now.bind(performance),
): void {
  keep(readsOf(db), key, Promise.resolve(value), clock());
}

/** Forgets what is kept for `key`, if anything. */
export function forgetKeptRead(db: object, key: string): void {
  keptByDatabase.get(db)?.delete(key);
}

/** Forgets every kept read of `db` (through `catalogueChanged` and the other processes' notifications). */
export function forgetKeptReads(db: object): void {
  keptByDatabase.delete(db);
}
