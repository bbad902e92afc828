/**
 * The waiting-list run of `npm run bench:burst` (docs/decisions/027-waiting-list.md): a crowd signs
 * up for an appointment until it is sold out, everyone refused joins its line at the same moment,
 * then places are freed by cancellations sent all at once while members of the public try to sign up.
 * Every freed place must go to the first in line, one each, with one offer mail, and none to the
 * public. See bench/README.md.
 */
import { Worker } from "node:worker_threads";
import { type Database, schema } from "@sports/db";
import { and, asc, count, countDistinct, eq, inArray, sql } from "drizzle-orm";
import { writeBurstAppointment } from "./bench-database.ts";
import type { BurstAnswer, BurstCall, BurstInput } from "./burst-client.ts";

export interface WaitingListFigures {
  signedUp: number;
  joined: number;
  /** Distinct positions the joins answered: one each, 1 to `joined`, when the line is right. */
  positions: number;
  freed: number;
  offers: number;
  /** Offers made to someone other than the first `freed` in line. */
  outOfTurn: number;
  offerMails: number;
  /** Offer mails beyond one per offered signup. */
  duplicatedMails: number;
  publicAttempts: number;
  publicLetIn: number;
  stillWaiting: number;
  placesTaken: number;
  /** Places the live signups hold: equal to `placesTaken` when nothing is lost or counted twice. */
  placesHeld: number;
  serverErrors: number;
  /** From a cancellation sent to its answer, by which its offer and mail are committed. */
  freeToOffer: { p50: number; p99: number; max: number };
}

type Crowd = Omit<BurstInput, "spreadMs" | "appointmentId"> & { appointmentId?: string };

/** One crowd in a worker thread of its own, every request at the same moment. */
async function crowd(input: Crowd): Promise<BurstAnswer[]> {
  const worker = new Worker(new URL("./burst-client.ts", import.meta.url), {
    workerData: { appointmentId: "", ...input, spreadMs: 0 },
  });
  const result = await new Promise<{ answers: BurstAnswer[] }>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  await worker.terminate();
  return result.answers;
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export async function waitingListRun(input: {
  db: Database;
  url: string;
  event: typeof schema.events.$inferSelect;
  tokens: string[];
  publicTokens: string[];
  places: number;
  freed: number;
}): Promise<WaitingListFigures> {
  const { db, url, tokens, places, freed } = input;
  const appointment = await writeBurstAppointment(db, input.event, "waiting-list", places);
  const signups = await crowd({ url, appointmentId: appointment.id, tokens });
  const holders = tokens.flatMap((token, i) =>
    signups[i]?.status === 201 && signups[i]?.signupId ? [{ token, signupId: signups[i].signupId as string }] : [],
  );
  const refused = tokens.filter((_, i) => signups[i]?.status === 409);

  const join: BurstCall = {
    method: "POST",
    path: "/api/waiting-list-entries",
    body: JSON.stringify({
      data: {
        type: "waiting-list-entries",
        relationships: { appointment: { data: { type: "appointments", id: appointment.id } } },
      },
    }),
  };
  const joins = await crowd({ url, tokens: refused, calls: refused.map(() => join) });
  const joined = joins.filter((answer) => answer.status === 201).length;
  const [line] = await db
    .select({ positions: countDistinct(schema.waitingListEntries.line) })
    .from(schema.waitingListEntries)
    .where(eq(schema.waitingListEntries.appointmentId, appointment.id));
  const firstInLine = await db
    .select({ userId: schema.waitingListEntries.userId })
    .from(schema.waitingListEntries)
    .where(eq(schema.waitingListEntries.appointmentId, appointment.id))
    .orderBy(asc(schema.waitingListEntries.line))
    .limit(freed);

  // The places come back all at once while the public tries to sign up.
  const leaving = holders.slice(0, freed);
  const cancel = (signupId: string): BurstCall => ({
    method: "PATCH",
    path: `/api/signups/${signupId}`,
    body: JSON.stringify({ data: { type: "signups", id: signupId, attributes: { state: "cancelled" } } }),
  });
  const [cancellations, publicAnswers] = await Promise.all([
    crowd({
      url,
      tokens: leaving.map((holder) => holder.token),
      calls: leaving.map((holder) => cancel(holder.signupId)),
    }),
    crowd({ url, appointmentId: appointment.id, tokens: input.publicTokens }),
  ]);

  const offers = await db
    .select({ userId: schema.waitingListEntries.userId, signupId: schema.waitingListEntries.signupId })
    .from(schema.waitingListEntries)
    .where(
      and(eq(schema.waitingListEntries.appointmentId, appointment.id), eq(schema.waitingListEntries.state, "offered")),
    );
  const offeredSignups = offers.flatMap((offer) => (offer.signupId ? [offer.signupId] : []));
  const [mails] =
    offeredSignups.length === 0
      ? [{ all: 0, distinct: 0 }]
      : await db
          .select({ all: count(), distinct: countDistinct(schema.outgoingMails.signupId) })
          .from(schema.outgoingMails)
          .where(
            and(
              eq(schema.outgoingMails.kind, "waiting-list-offer"),
              inArray(schema.outgoingMails.signupId, offeredSignups),
            ),
          );
  const [waiting] = await db
    .select({ n: count() })
    .from(schema.waitingListEntries)
    .where(
      and(eq(schema.waitingListEntries.appointmentId, appointment.id), eq(schema.waitingListEntries.state, "waiting")),
    );
  const [row] = await db.select().from(schema.appointments).where(eq(schema.appointments.id, appointment.id));
  const [held] = await db
    .select({ places: sql<number>`coalesce(sum(${schema.signups.places}), 0)::int` })
    .from(schema.signups)
    .where(
      and(
        eq(schema.signups.appointmentId, appointment.id),
        inArray(schema.signups.state, ["held", "awaiting-payment", "confirmed"]),
      ),
    );
  const first = new Set(firstInLine.map((entry) => entry.userId));
  const latencies = cancellations.map((answer) => answer.ms).sort((a, b) => a - b);
  const all = [...signups, ...joins, ...cancellations, ...publicAnswers];
  return {
    signedUp: holders.length,
    joined,
    positions: Number(line?.positions ?? 0),
    freed: cancellations.filter((answer) => answer.status === 200).length,
    offers: offers.length,
    outOfTurn: offers.filter((offer) => !first.has(offer.userId)).length,
    offerMails: Number(mails?.all ?? 0),
    duplicatedMails: Number(mails?.all ?? 0) - Number(mails?.distinct ?? 0),
    publicAttempts: publicAnswers.length,
    publicLetIn: publicAnswers.filter((answer) => answer.status === 201).length,
    stillWaiting: Number(waiting?.n ?? 0),
    placesTaken: row?.placesTaken ?? 0,
    placesHeld: Number(held?.places ?? 0),
    serverErrors: all.filter((answer) => answer.status >= 500 || answer.status === 0).length,
    freeToOffer: { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: latencies.at(-1) ?? 0 },
  };
}
