import { lockLapsedSignups, snapshotOf } from "@sports/db";
import { expire } from "@sports/domain";
import type { Deps } from "../deps.ts";
import { applyTransition } from "./transitions.ts";

const BATCH = 200;

/**
 * Expires signups whose hold or payment term has lapsed (of one appointment, when given), the site
 * acting (the domain's `expire` takes no other actor), their places and room nights given back
 * through `applyTransition`. A batch is one transaction taking its rows with `skip locked`, so
 * processes expiring together never expire one signup twice; answers how many were expired.
 */
export async function expireSignups(deps: Deps, options: { appointmentId?: string } = {}): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await deps.db.transaction(async (tx) => {
      const lapsed = await lockLapsedSignups(tx, deps.now, {
        limit: BATCH,
        ...(options.appointmentId ? { appointmentId: options.appointmentId } : {}),
      });
      for (const signup of lapsed) await applyTransition(deps, tx, signup, expire(snapshotOf(signup, 0), deps.now));
      return lapsed.length;
    });
    total += expired;
    if (expired < BATCH) {
      // Freed places may have been offered to a waiting list, with a mail each (waiting-list/offers.ts).
      if (total > 0) deps.mailQueued();
      return total;
    }
  }
}
