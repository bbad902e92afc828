import { CERTIFICATE_STATUSES } from "@sports/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../database.ts";
import { rowsOf } from "../driver-results.ts";
import { openTestDatabase } from "../testing.ts";
import { certificateStatusIn, certificateStatusSql } from "./certificate-status.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("a certificate's status in SQL", () => {
  it("lets through exactly the participants the status expression names, for every set of statuses", async () => {
    const raceDay = sql`'2027-06-01'::date`;
    // Every shape a participant's certificate can have: none, expiring before, on or after race day or
    // never, each not yet looked at, approved or rejected.
    const shapes = sql`(values
      (null::uuid, null::date, null::text),
      ${sql.join(
        ["2027-05-31", "2027-06-01", "2027-07-01", null].flatMap((expires) =>
          [null, "approved", "rejected"].map((review) => sql`(gen_random_uuid(), ${expires}::date, ${review}::text)`),
        ),
        sql`, `,
      )}) as p(certificate_id, certificate_expires_on, certificate_review)`;
    const subsets = Array.from({ length: 2 ** CERTIFICATE_STATUSES.length - 1 }, (_, bits) =>
      CERTIFICATE_STATUSES.filter((_, i) => ((bits + 1) >> i) & 1),
    );
    // A condition may come out null where the status is another: in a WHERE that is "not through".
    for (const statuses of subsets) {
      const result = await database.db.execute(sql`
        select count(*) filter (where (${certificateStatusSql("p", raceDay)} in (${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )})) is distinct from coalesce(${certificateStatusIn("p", raceDay, statuses)}, false))::int as differing,
          count(*) filter (where ${certificateStatusIn("p", raceDay, statuses)})::int as through
        from ${shapes}`);
      const [row] = rowsOf(result) as { differing: number; through: number }[];
      expect({ statuses, differing: row?.differing }).toEqual({ statuses, differing: 0 });
      if (statuses.length === CERTIFICATE_STATUSES.length) expect(row?.through).toBe(13);
    }
  });
});
