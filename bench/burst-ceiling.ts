/**
 * PostgreSQL's own ceiling for what a signup must do on the hot row (bench:burst): the conditional
 * `UPDATE … places_taken` that takes a place, sent by as many connections as the API's pool has,
 * each statement its own transaction, with no HTTP, no session, no signup row: only the one
 * statement every signup for the appointment queues on. A signup can never go faster than this;
 * bench:burst reports its own rate as a share of it.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";

export interface CeilingFigures {
  statements: number;
  taken: number;
  statementsPerSecond: number;
}

/** `statements` attempts at a place of `appointmentId` over `connections` connections, all at once. */
export async function placeCeiling(
  url: string,
  appointmentId: string,
  statements: number,
  connections: number,
): Promise<CeilingFigures> {
  const clients = Array.from({ length: connections }, () => new pg.Client({ connectionString: url }));
  await Promise.all(clients.map((client) => client.connect()));
  try {
    const take = {
      name: "take-a-place",
      text: "update appointments set places_taken = places_taken + 1 where id = $1 and places_taken + 1 <= capacity and cancelled_at is null",
      values: [appointmentId],
    };
    // Prepared on each connection before the clock starts (on an appointment that is not there).
    await Promise.all(clients.map((client) => client.query({ ...take, values: [randomUUID()] })));
    let next = 0;
    let taken = 0;
    const started = performance.now();
    await Promise.all(
      clients.map(async (client) => {
        while (next < statements) {
          next++;
          const result = await client.query(take);
          taken += result.rowCount ?? 0;
        }
      }),
    );
    const elapsedMs = performance.now() - started;
    return { statements, taken, statementsPerSecond: (statements / elapsedMs) * 1000 };
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}
