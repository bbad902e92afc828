/**
 * Telling what depends on the catalogue that it changed: the cached event totals and the kept reads
 * (kept-reads.ts) here, and whatever else a process keeps from it (the server's rendered pages).
 * Writers to the catalogue call `catalogueChanged` after they commit.
 *
 * On PostgreSQL several processes share one database, so a change also goes out as a `NOTIFY` on
 * `CATALOGUE_CHANNEL`, and every process listens for the others' on a connection of its own
 * (`shareCatalogueChanges`, started by `openDatabase`). On PGlite, one process per data folder, a
 * change stays in process. Whatever is kept still lapses by itself within seconds, which bounds the
 * lag if a notification is ever lost.
 *
 * The same listening connection hears the database's notifications of account changes
 * (accounts/changes.ts), this process's own too, and passes them on.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { ACCOUNTS_CHANNEL, accountChangeHeard } from "../accounts/changes.ts";
import { databaseListeners } from "../listeners.ts";
import { forgetCounts } from "./event-counts.ts";
import { forgetKeptReads } from "./kept-reads.ts";

/** The PostgreSQL notification channel of catalogue changes; the payload names the process that made it. */
export const CATALOGUE_CHANNEL = "catalogue_changed";

type Listener = () => void;

const listeners = databaseListeners<Listener>();
const sharingByDatabase = new WeakMap<object, CatalogueChangeSharing>();

/** Calls `listener` after every change to `db`'s catalogue, made here or by another process on it. */
export function onCatalogueChange(db: object, listener: Listener): () => void {
  return listeners.add(db, listener);
}

/**
 * Call after adding, removing or republishing events, appointments or places: drops what this
 * process kept at once, and resolves once the other processes on the same PostgreSQL database have
 * been told. It never rejects: if the database cannot be reached, their copies lapse by themselves.
 */
export async function catalogueChanged(db: object): Promise<void> {
  dropKept(db);
  await sharingByDatabase.get(db)?.announce();
}

function dropKept(db: object): void {
  forgetCounts(db);
  forgetKeptReads(db);
  for (const listener of listeners.of(db)) listener();
}

export interface CatalogueChangeSharing {
  /** Sends this process's change to the others. */
  announce(): Promise<void>;
  /** Resolves once the listening connection is up (again after a reconnection), or once stopped. */
  listening(): Promise<void>;
  /** Closes the listening connection; announcing stops too. */
  stop(): Promise<void>;
}

/** How long to wait before connecting the listener again, doubling up to the last figure. */
const RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000];
/** An unreachable server fails the attempt after this long (closing the database waits for it). */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Shares `db`'s catalogue changes with every process on the same PostgreSQL database: a change made
 * here is announced with `NOTIFY` through `pool`, and a connection of its own (outside the pool,
 * made with `connection`) `LISTEN`s for the others'. Whenever that connection starts listening, at
 * first or after it was lost, what was kept is dropped, since a change may have gone unheard.
 */
export function shareCatalogueChanges(
  db: object,
  pool: Pick<pg.Pool, "query">,
  connection: pg.ClientConfig,
): CatalogueChangeSharing {
  const origin = randomUUID();
  let stopped = false;
  let client: pg.Client | undefined;
  let attempts = 0;
  let retry: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;
  let markUp = () => {};
  let up: Promise<void>;
  const expectListening = () => {
    up = new Promise((resolve) => {
      markUp = resolve;
    });
  };

  const connect = async () => {
    retry = undefined;
    const listener = new pg.Client({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...connection });
    let lost = false;
    const reconnect = () => {
      if (lost) return;
      lost = true;
      listener.end().catch(() => {});
      if (client === listener) {
        client = undefined;
        expectListening();
      }
      if (stopped || retry) return;
      const delay = RECONNECT_DELAYS_MS[Math.min(attempts++, RECONNECT_DELAYS_MS.length - 1)];
      retry = setTimeout(() => {
        connecting = connect();
      }, delay);
      retry.unref();
    };
    listener.on("error", reconnect);
    listener.on("end", reconnect);
    listener.on("notification", ({ channel, payload }) => {
      if (channel === CATALOGUE_CHANNEL && payload !== origin) dropKept(db);
      if (channel === ACCOUNTS_CHANNEL) accountChangeHeard(db, payload ?? null);
    });
    try {
      await listener.connect();
      await listener.query(`listen ${CATALOGUE_CHANNEL}; listen ${ACCOUNTS_CHANNEL}`);
    } catch {
      reconnect();
      return;
    }
    if (stopped) {
      lost = true;
      await listener.end().catch(() => {});
      return;
    }
    client = listener;
    attempts = 0;
    dropKept(db);
    accountChangeHeard(db, null);
    markUp();
  };

  expectListening();
  connecting = connect();

  const sharing: CatalogueChangeSharing = {
    async announce() {
      if (stopped) return;
      try {
        await pool.query("select pg_notify($1, $2)", [CATALOGUE_CHANNEL, origin]);
      } catch {
        // The others' kept copies lapse by themselves.
      }
    },
    listening: () => up,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      markUp();
      sharingByDatabase.delete(db);
      // A connection being made is closed by its own attempt, before the database may be dropped or copied.
      await connecting;
      const listener = client;
      client = undefined;
      await listener?.end().catch(() => {});
    },
  };
  sharingByDatabase.set(db, sharing);
  return sharing;
}

/** Resolves once `db`'s process listens for the other processes' changes (at once where there are none). */
export function listeningForCatalogueChanges(db: object): Promise<void> {
  return sharingByDatabase.get(db)?.listening() ?? Promise.resolve();
}
