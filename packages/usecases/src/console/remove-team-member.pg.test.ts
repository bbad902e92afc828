import { type DatabaseHandle, schema } from "@sports/db";
import { insertPerson, openTestDatabase } from "@sports/db/testing";
import { Refusal } from "@sports/domain";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDeps } from "../testing.ts";
import { inviteTeamMember } from "./invite-team-member.ts";
import { removeTeamMember } from "./remove-team-member.ts";

/**
 * The team's last organiser under real concurrency, on PostgreSQL with a pool of connections: two
 * organisers act on each other at the same moment, round after round.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase({ poolSize: 4 });
});
afterAll(() => database.close());

const ROUNDS = 10;
type Organiser = { kind: "organiser"; userId: string; email: string };

/** Two fresh accounts, the team's only organisers. */
async function twoOrganisers(): Promise<[Organiser, Organiser]> {
  const { db } = database;
  const people = [await insertPerson(db), await insertPerson(db)];
  await db.update(schema.users).set({ role: "user" }).where(eq(schema.users.role, "organiser"));
  const ids = people.map((person) => person.id);
  await db
    .update(schema.users)
    .set({ role: "organiser", emailVerifiedAt: new Date() })
    .where(inArray(schema.users.id, ids));
  const [one, other] = people.map((person) => ({ kind: "organiser" as const, userId: person.id, email: person.email }));
  return [one as Organiser, other as Organiser];
}

/**
 * Each round, two organisers `act` on each other at once: answers how the actions ended ("done" or
 * the refusal's code) and how many organisers each round left.
 */
async function race(act: (actor: Organiser, other: Organiser) => Promise<unknown>) {
  const outcomes: Record<string, number> = {};
  const kept: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const [one, other] = await twoOrganisers();
    for (const ended of await Promise.allSettled([act(one, other), act(other, one)])) {
      const key = ended.status === "fulfilled" ? "done" : ended.reason instanceof Refusal ? ended.reason.code : "error";
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
    const organisers = await database.db.select().from(schema.users).where(eq(schema.users.role, "organiser"));
    kept.push(organisers.length);
  }
  return { outcomes, kept };
}

describe("two organisers acting on each other at once", () => {
  it("removing: one goes through each time, the other is refused last-organiser, one organiser stays", async () => {
    const deps = testDeps(database.db, new Date());
    const { outcomes, kept } = await race((actor, other) => removeTeamMember(deps, actor, { member: other.userId }));
    expect(outcomes).toEqual({ done: ROUNDS, "last-organiser": ROUNDS });
    expect(kept).toEqual(Array(ROUNDS).fill(1));
  });

  it("demoting: one goes through each time, the other is refused last-organiser, one organiser stays", async () => {
    const deps = testDeps(database.db, new Date());
    const { outcomes, kept } = await race((actor, other) =>
      inviteTeamMember(deps, actor, { email: other.email, role: "staff", locale: "it-IT" }),
    );
    expect(outcomes).toEqual({ done: ROUNDS, "last-organiser": ROUNDS });
    expect(kept).toEqual(Array(ROUNDS).fill(1));
  });
});
