/**
 * Hearing that an account changed or a session ended, for whatever a process keeps of who a session
 * is (the server's visitors of kept pages, docs/decisions/033-kept-pages-for-everyone.md).
 *
 * The database says so itself: triggers (migration 0016) `NOTIFY accounts_changed` with the user's
 * id for every row of `users` updated or deleted and every session deleted, so no code path that
 * changes an account can forget to, and the notification goes out when the transaction commits,
 * never before. On PGlite the database's own client listens (`hearAccountChangesOnPglite`); on
 * PostgreSQL the connection that hears the other processes' catalogue changes listens on this
 * channel too (catalogue/changes.ts), for this process's changes as much as the others'. Whenever
 * that connection (re)starts listening, every listener hears "anyone": a change may have gone unheard.
 */
import type { PGlite } from "@electric-sql/pglite";
import { databaseListeners } from "../listeners.ts";

/** The PostgreSQL notification channel of account changes; the payload is the user's id. */
export const ACCOUNTS_CHANNEL = "accounts_changed";

/** Called with the id of the user whose account or session changed, or with null for "anyone". */
export type AccountChangeListener = (userId: string | null) => void;

const listeners = databaseListeners<AccountChangeListener>();

/** Calls `listener` after every committed change of an account or end of a session on `db`, by any process. */
export function onAccountChange(db: object, listener: AccountChangeListener): () => void {
  return listeners.add(db, listener);
}

/** What the listening connection heard: `payload` is a user's id, or null for "anyone". */
export function accountChangeHeard(db: object, userId: string | null): void {
  for (const listener of listeners.of(db)) listener(userId || null);
}

/** On PGlite, one process per database: its own client hears the triggers' notifications. */
export async function hearAccountChangesOnPglite(db: object, client: Pick<PGlite, "listen">): Promise<void> {
  await client.listen(ACCOUNTS_CHANNEL, (payload) => accountChangeHeard(db, payload));
}
