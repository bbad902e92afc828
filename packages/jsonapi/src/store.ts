import type { DataDocument, Links, Meta, Relationship, ResourceIdentifier, ResourceObject } from "./document.ts";

/**
 * One resource as the site knows it, merged from every document that mentioned it. Frozen, and replaced by
 * a new object only when something in it changed, so React can compare records by identity.
 */
export interface StoredRecord<TType extends string = string, TAttributes = Record<string, unknown>> {
  readonly type: TType;
  readonly id: string;
  /** Partial because a sparse fieldset may not have brought every attribute yet. */
  readonly attributes: Readonly<Partial<TAttributes>>;
  readonly relationships: Readonly<Record<string, Relationship>>;
  readonly links: Readonly<Links>;
  readonly meta: Readonly<Meta>;
}

/** What `push` hands back: the primary data as stored records, in the document's shape. */
export type PushResult<TData> = TData extends ResourceObject<infer TType, infer TAttributes>[]
  ? StoredRecord<TType, TAttributes>[]
  : TData extends ResourceObject<infer TType, infer TAttributes>
    ? StoredRecord<TType, TAttributes>
    : null;

type AnyRecord = StoredRecord<any, any>;

/**
 * The normalised JSON:API record store (docs/behaviour.md#client-stores-and-the-record-store): one
 * record per type+id, whatever document brought it.
 */
export class RecordStore {
  private readonly records = new Map<string, Map<string, AnyRecord>>();
  private readonly listeners = new Set<() => void>();
  /** `all(type)` answers, kept until that type changes, so a selector can return them to React directly. */
  private readonly lists = new Map<string, AnyRecord[]>();
  private readonly relatedLists = new Map<string, AnyRecord[]>();
  private currentVersion = 0;

  /** Grows by one for each change that listeners were told about. */
  get version(): number {
    return this.currentVersion;
  }

  /** Stores `included` and `data`; an unchanged document leaves records, version and listeners alone. */
  push<TData extends ResourceObject | ResourceObject[] | null>(document: DataDocument<TData>): PushResult<TData> {
    const primary = document.data === null ? [] : Array.isArray(document.data) ? document.data : [document.data];
    let changed = false;
    for (const resource of [...(document.included ?? []), ...primary]) changed = this.merge(resource) || changed;
    if (changed) this.notify();
    const stored = primary.map((resource) => this.find(resource.type, resource.id) as AnyRecord);
    if (document.data === null) return null as PushResult<TData>;
    return (Array.isArray(document.data) ? stored : stored[0]) as PushResult<TData>;
  }

  find<TAttributes = Record<string, unknown>, TType extends string = string>(
    type: TType,
    id: string,
  ): StoredRecord<TType, TAttributes> | undefined {
    return this.records.get(type)?.get(id);
  }

  /** In the order records were first stored; the same array until a record of this type changes. */
  all<TAttributes = Record<string, unknown>, TType extends string = string>(
    type: TType,
  ): readonly StoredRecord<TType, TAttributes>[] {
    let list = this.lists.get(type);
    if (!list) {
      list = Object.freeze([...(this.records.get(type)?.values() ?? [])]) as AnyRecord[];
      this.lists.set(type, list);
    }
    return list;
  }

  /**
   * The stored records a relationship points to: an array for to-many, a record or null for to-one.
   * Identifiers of records not (yet) stored are skipped. The current stored version of `record` is used.
   * Arrays are frozen and reused while they hold the same records.
   */
  related<TAttributes = Record<string, unknown>>(
    record: ResourceIdentifier,
    relationshipName: string,
  ): StoredRecord<string, TAttributes> | StoredRecord<string, TAttributes>[] | null {
    const source = this.find(record.type, record.id) ?? (record as Partial<StoredRecord>);
    const linkage = source.relationships?.[relationshipName]?.data;
    if (!Array.isArray(linkage)) return linkage ? (this.find(linkage.type, linkage.id) ?? null) : null;
    const found = linkage.flatMap(({ type, id }) => this.find(type, id) ?? []);
    // Reuse the previous array while it holds the same records, so selectors stay stable.
    const key = `${record.type}\u0000${record.id}\u0000${relationshipName}`;
    const previous = this.relatedLists.get(key);
    if (previous && previous.length === found.length && previous.every((item, index) => item === found[index]))
      return previous;
    const list = Object.freeze(found) as AnyRecord[];
    this.relatedLists.set(key, list);
    return list;
  }

  remove(type: string, id: string): boolean {
    const removed = this.records.get(type)?.delete(id) ?? false;
    if (removed) {
      this.lists.delete(type);
      const prefix = `${type}\u0000${id}\u0000`;
      for (const key of this.relatedLists.keys()) if (key.startsWith(prefix)) this.relatedLists.delete(key);
      this.notify();
    }
    return removed;
  }

  clear(): void {
    if (this.records.size === 0) return;
    this.records.clear();
    this.lists.clear();
    this.relatedLists.clear();
    this.notify();
  }

  /** For `useSyncExternalStore`; bound, so it can be passed as is. Returns the unsubscribe function. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** For `useSyncExternalStore`: the version, which changes exactly when something in the store did. */
  readonly getSnapshot = (): number => this.currentVersion;

  /** Attributes, links and meta merge key by key; each named relationship is replaced. Returns whether anything changed. */
  private merge(resource: ResourceObject): boolean {
    let byId = this.records.get(resource.type);
    if (!byId) {
      byId = new Map();
      this.records.set(resource.type, byId);
    }
    const existing = byId.get(resource.id);
    const attributes = mergeKeys(existing?.attributes ?? {}, resource.attributes ?? {});
    const relationships = mergeRelationships(existing?.relationships ?? {}, resource.relationships ?? {});
    const links = mergeKeys(existing?.links ?? {}, resource.links ?? {});
    const meta = mergeKeys(existing?.meta ?? {}, resource.meta ?? {});
    if (
      existing &&
      attributes === existing.attributes &&
      relationships === existing.relationships &&
      links === existing.links &&
      meta === existing.meta
    )
      return false;
    byId.set(
      resource.id,
      Object.freeze({ type: resource.type, id: resource.id, attributes, relationships, links, meta }),
    );
    this.lists.delete(resource.type);
    return true;
  }

  private notify(): void {
    this.currentVersion += 1;
    for (const listener of [...this.listeners]) listener();
  }
}

/**
 * The answer of a relationship's related link (`/api/events/{id}/stays`) as a compound document that
 * also states the linkage: pushed, it tells a store which records `owner`'s `relationship` holds.
 * The records alone cannot say it: an event without stays and one whose stays were never read look
 * alike, and a page must know which it has before it answers from the store.
 */
export function withLinkage<TData extends ResourceObject[]>(
  owner: ResourceIdentifier,
  relationship: string,
  document: DataDocument<TData>,
): DataDocument<TData> {
  const linkage = document.data.map(({ type, id }) => ({ type, id }));
  const stated: ResourceObject = {
    type: owner.type,
    id: owner.id,
    relationships: { [relationship]: { data: linkage } },
  };
  return { ...document, included: [...(document.included ?? []), stated] };
}

/** A new frozen object only when some incoming value differs (deeply) from the stored one. */
function mergeKeys<T extends object>(current: T, incoming: object): T {
  const changes = Object.entries(incoming).filter(
    ([key, value]) => !isEqual((current as Record<string, unknown>)[key], value),
  );
  if (changes.length === 0 && Object.isFrozen(current)) return current;
  return Object.freeze({ ...current, ...Object.fromEntries(changes) }) as T;
}

/**
 * Replaces each named relationship whole. A relationship without `data` says nothing about linkage
 * (only links or meta came), so the linkage already known is kept.
 */
function mergeRelationships(
  current: Readonly<Record<string, Relationship>>,
  incoming: Readonly<Record<string, Relationship>>,
): Readonly<Record<string, Relationship>> {
  const next: Record<string, Relationship> = { ...current };
  let changed = !Object.isFrozen(current);
  for (const [name, relationship] of Object.entries(incoming)) {
    const known = current[name];
    const replacement =
      "data" in relationship || known?.data === undefined ? relationship : { ...relationship, data: known.data };
    if (known && isEqual(known, replacement)) continue;
    next[name] = replacement;
    changed = true;
  }
  return changed ? Object.freeze(next) : current;
}

/** Structural equality for JSON values, which is all a document can hold. */
function isEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every(
    (key) => Object.hasOwn(b, key) && isEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
