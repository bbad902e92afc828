import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeningForCatalogueChanges } from "../catalogue/changes.ts";
import type { DatabaseHandle } from "../database.ts";
import { insertPerson, openTestDatabase } from "../testing.ts";
import { deleteSession, deleteUser, insertSession, updatePersonalData } from "./accounts.ts";
import { onAccountChange } from "./changes.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await listeningForCatalogueChanges(handle.db);
});
afterAll(() => handle?.close());

/** The user ids a process hears of, and a promise of the next one. */
function ears(db: object) {
  const heard: (string | null)[] = [];
  let wake = (_: string | null) => {};
  const next = () =>
    new Promise<string | null>((resolve) => {
      wake = resolve;
    });
  onAccountChange(db, (userId) => {
    heard.push(userId);
    wake(userId);
  });
  return { heard, next };
}

describe("account changes, as the database announces them (on PGlite, and on PostgreSQL with TEST_DATABASE_URL)", () => {
  it("are heard once committed, with the user's id: a changed account, an ended session, a deleted account", async () => {
    const { heard, next } = ears(handle.db);
    const ada = await insertPerson(handle.db);
    const bea = await insertPerson(handle.db);
    await insertSession(handle.db, {
      tokenHash: `hash-${ada.id}`,
      userId: ada.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(heard).toEqual([]);

    let heardNext = next();
    await updatePersonalData(handle.db, ada.id, { givenName: "Adelina" });
    expect(await heardNext).toBe(ada.id);

    heardNext = next();
    await deleteSession(handle.db, `hash-${ada.id}`);
    expect(await heardNext).toBe(ada.id);

    // A change rolled back is never announced: the next thing heard is Bea's committed change.
    await handle.db
      .transaction(async (tx) => {
        await updatePersonalData(tx as never, ada.id, { givenName: "Never" });
        throw new Error("rolled back");
      })
      .catch(() => {});
    heardNext = next();
    await updatePersonalData(handle.db, bea.id, { givenName: "Beata" });
    expect(await heardNext).toBe(bea.id);

    heardNext = next();
    await deleteUser(handle.db, ada.id);
    expect(await heardNext).toBe(ada.id);
    expect(heard).toEqual([ada.id, ada.id, bea.id, ada.id]);
  });
});
