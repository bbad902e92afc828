/**
 * What `npm run bench:queue` makes of a run: the crowd's answers checked against the database (the
 * places taken, the signups, one queue entry per visitor at the place it was told), the orders of
 * admission, a queued visitor's refresh beside a kept page's load, and the opening 10 s at a time
 * from the processes' logs. See bench/README.md, "The opening's waiting room".
 */
import { type Database, schema } from "@sports/db";
import { and, eq, inArray } from "drizzle-orm";
import type { ServerProcess } from "../apps/web/server/testing/process.ts";
import type { CrowdResult, VisitorRecord } from "./queue-client.ts";

export interface Percentiles {
  p50: number;
  p99: number;
}

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

export const median = (values: number[]) => percentiles(values).p50;

/** Ranks 1…n of `values`, ties sharing their average rank. */
function ranks(values: number[]): number[] {
  const order = values.map((value, i) => ({ value, i })).sort((a, b) => a.value - b.value);
  const result = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.value === order[start]?.value) end++;
    for (let k = start; k <= end; k++) result[(order[k] as { i: number }).i] = (start + end) / 2 + 1;
    start = end + 1;
  }
  return result;
}

/** Spearman's rank correlation of two orders of the same people: Pearson's on their ranks. */
export function spearman(xs: number[], ys: number[]): number {
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mean = (rx.length + 1) / 2;
  let xy = 0;
  let xx = 0;
  let yy = 0;
  for (let i = 0; i < rx.length; i++) {
    const dx = (rx[i] as number) - mean;
    const dy = (ry[i] as number) - mean;
    xy += dx * dy;
    xx += dx * dx;
    yy += dy * dy;
  }
  return xy / Math.sqrt(xx * yy);
}

/** What the database holds after the run, for the event and its appointment. */
export async function readOpening(db: Database, eventId: string, appointmentId: string, userIds: string[]) {
  const [appointment] = await db
    .select({ placesTaken: schema.appointments.placesTaken })
    .from(schema.appointments)
    .where(eq(schema.appointments.id, appointmentId));
  const { signups, queueEntries, waitingRooms } = schema;
  return {
    placesTaken: appointment?.placesTaken ?? 0,
    signups: await db
      .select({ id: signups.id, userId: signups.userId, state: signups.state, places: signups.places })
      .from(signups)
      .where(eq(signups.appointmentId, appointmentId)),
    entries: await db
      .select({
        id: queueEntries.id,
        userId: queueEntries.userId,
        place: queueEntries.place,
        admitAt: queueEntries.admitAt,
        shuffleKey: queueEntries.shuffleKey,
      })
      .from(queueEntries)
      .where(and(eq(queueEntries.eventId, eventId), inArray(queueEntries.userId, userIds))),
    room: (
      await db
        .select({ lastPlace: waitingRooms.lastPlace, rankedAt: waitingRooms.rankedAt })
        .from(waitingRooms)
        .where(eq(waitingRooms.eventId, eventId))
    )[0],
  };
}

const count = <T>(items: T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((all, item) => {
    all[key(item)] = (all[key(item)] ?? 0) + 1;
    return all;
  }, {});

/** The crowd's answers against the database: the bench's checks and the orders of admission. */
export function judgeOpening(input: {
  crowd: CrowdResult;
  rows: Awaited<ReturnType<typeof readOpening>>;
  userIds: string[];
  early: number;
  places: number;
}) {
  const { crowd, rows, userIds } = input;
  const people = crowd.visitors.map((record, i) => ({
    ...record,
    userId: userIds[i] as string,
    early: i < input.early,
  }));
  const entriesOf = new Map<string, typeof rows.entries>();
  for (const entry of rows.entries) entriesOf.set(entry.userId, [...(entriesOf.get(entry.userId) ?? []), entry]);
  const live = rows.signups.filter((s) => ["held", "awaiting-payment", "confirmed"].includes(s.state));
  const livePlaces = live.reduce((sum, s) => sum + s.places, 0);
  const stored = new Set(rows.signups.map((s) => s.id));
  const told = new Set(crowd.visitors.flatMap((record) => (record.signupId ? [record.signupId] : [])));
  const joined = people.filter((p) => p.entryId);
  const signedUp = people.filter((p) => p.final === "signed-up");
  const soldOut = people.filter((p) => p.final === "sold-out");
  const none = people.filter((p) => !p.final);
  const entryOf = (p: { userId: string }) => entriesOf.get(p.userId) ?? [];
  const { faults } = crowd;
  const causes = faults.flatMap((f) => f.failed.map((status) => `${f.kind} ${status || "connection failed"}`));

  // The orders: joining (the first join request sent) against admission (the place first told;
  // admission times grow with places).
  const ordered = (group: typeof people) => group.filter((p) => p.place !== undefined && p.joinSentAt !== undefined);
  const rho = (group: typeof people) =>
    spearman(
      group.map((p) => p.joinSentAt as number),
      group.map((p) => p.place as number),
    );
  const earlyOrdered = ordered(people.filter((p) => p.early));
  const laterOrdered = ordered(people.filter((p) => !p.early));
  const admitAtOf = new Map(rows.entries.map((entry) => [entry.userId, entry.admitAt?.getTime()]));
  return {
    joined: joined.length,
    drawn: people.filter((p) => p.early && entryOf(p)[0]?.shuffleKey != null).length,
    signedUp: signedUp.length,
    replayed: signedUp.filter((p) => p.replayed).length,
    soldOut: soldOut.length,
    soldOutAfterAdmission: soldOut.filter((p) => p.admittedSeenAt).length,
    noFinalAnswer: none.length,
    stuck: count(none, (p) => p.stuck ?? "unknown"),
    rejoined: people.filter((p) => p.rejoined.length > 0).length,
    rejoinedFor: count(
      people.flatMap((p) => p.rejoined),
      (code) => code,
    ),
    fiveHundredsSeen: faults.flatMap((f) => f.failed.filter((status) => status >= 500)).length,
    fiveHundredsAnswered: faults.filter((f) => f.failed.some((s) => s >= 500) && f.final > 0 && f.final < 500).length,
    connectionFailuresSeen: faults.flatMap((f) => f.failed.filter((status) => status === 0)).length,
    leftFailing: faults.filter((f) => f.final === 0 || f.final >= 500).length,
    faultCauses: count(causes, (cause) => cause),
    placesTaken: rows.placesTaken,
    livePlaces,
    oversold: Math.max(0, rows.placesTaken - input.places),
    takenVersusLive: Math.abs(rows.placesTaken - livePlaces),
    signupsToldMissing: signedUp.filter((p) => !p.signupId || !stored.has(p.signupId)).length,
    signupsUntold: live.filter((s) => !told.has(s.id)).length,
    visitorsWithTwoSignups: Object.values(count(live, (s) => s.userId ?? "")).filter((n) => n > 1).length,
    // A visitor's entry: exactly one in the database, the one it was told, at the place it was told
    // (its last turn's, for one that joined again).
    entriesMissing: joined.filter((p) => entryOf(p).length === 0).length,
    entriesDoubled: people.filter((p) => entryOf(p).length > 1).length,
    entriesNotTheOneTold: joined.filter((p) => entryOf(p).length === 1 && entryOf(p)[0]?.id !== p.entryId).length,
    placesMoved: joined.filter((p) => {
      const found = entryOf(p)[0];
      return found !== undefined && p.lastPlace !== undefined && found.place !== p.lastPlace;
    }).length,
    rhoEarly: rho(earlyOrdered),
    rhoEarlyOf: earlyOrdered.length,
    rhoLater: rho(laterOrdered),
    rhoLaterOf: laterOrdered.length,
    // How long after its admission time a visitor saw it, reading at the pace it was told.
    admissionNoticedMs: percentiles(
      signedUp
        .filter((p) => p.rejoined.length === 0 && p.admittedSeenAt !== undefined)
        .map((p) => (p.admittedSeenAt as number) - (admitAtOf.get(p.userId) ?? Number.NaN))
        .filter((lag) => Number.isFinite(lag)),
    ),
    lastAnswerAt: Math.max(...people.map((p: VisitorRecord) => (p.final ? (p.doneAt ?? 0) : 0))),
    drawnAt: rows.room?.rankedAt?.getTime(),
    placesGiven: rows.room?.lastPlace ?? 0,
  };
}

export type OpeningFigures = ReturnType<typeof judgeOpening>;

type LogLine = Record<string, unknown>;
const isJoin = (l: LogLine) => l.method === "POST" && String(l.path).endsWith("/queue-entries");
const isRead = (l: LogLine) => l.method === "GET" && String(l.path).startsWith("/api/queue-entries/");
const isSignup = (l: LogLine) => l.method === "POST" && l.path === "/api/signups";

/** The request lines the processes logged from `from` to `to` (epoch ms). */
export const loggedBetween = (servers: ServerProcess[], from: number, to: number) =>
  servers.flatMap((server) =>
    server.logs.filter((line) => line.msg === "request" && Number(line.time) >= from && Number(line.time) < to),
  );

/**
 * A refresh beside a kept page while the crowd was in the room: the crowd's own reads and the
 * prober's page loads, as the visitors timed them, and the processes' own time, from their log.
 */
export function whileWaiting(crowd: CrowdResult, lines: LogLine[], pagePath: string) {
  return {
    reads: crowd.reads.ms.length,
    read: percentiles(crowd.reads.ms),
    waitingRead: percentiles(crowd.reads.ms.filter((_, i) => crowd.reads.waiting[i])),
    pages: crowd.pages.ms.length,
    page: percentiles(crowd.pages.ms),
    pageHits: crowd.pages.hit.filter(Boolean).length,
    pageFailures: crowd.pages.status.filter((status) => status !== 200).length,
    readInProcess: percentiles(lines.filter(isRead).map((l) => Number(l.ms))),
    pageInProcess: percentiles(lines.filter((l) => l.method === "GET" && l.path === pagePath).map((l) => Number(l.ms))),
  };
}

/** The opening `stepMs` at a time from `from` (epoch ms): what the processes answered, and how fast. */
export function timelineOf(
  crowd: CrowdResult,
  servers: ServerProcess[],
  window: { from: number; to: number; opening: number },
  stepMs = 10_000,
) {
  const steps = [];
  for (let from = window.from; from < window.to; from += stepMs) {
    const to = from + stepMs;
    const lines = loggedBetween(servers, from, to);
    const inStep = (at: number[], ms: number[]) =>
      ms.filter((_, i) => (at[i] as number) >= from && (at[i] as number) < to);
    steps.push({
      fromOpeningMs: from - window.opening,
      joins: lines.filter(isJoin).length,
      reads: lines.filter(isRead).length,
      signups: lines.filter(isSignup).length,
      read: percentiles(inStep(crowd.reads.at, crowd.reads.ms)),
      readInProcess: percentiles(lines.filter(isRead).map((l) => Number(l.ms))),
      joinInProcess: percentiles(lines.filter(isJoin).map((l) => Number(l.ms))),
      page: percentiles(inStep(crowd.pages.at, crowd.pages.ms)),
      failed: crowd.faults.filter((f) => f.at >= from && f.at < to).length,
    });
  }
  return steps;
}

/** nginx's complaints by kind: the time, the worker, the connection's number and the addresses left out. */
export const nginxErrorKinds = (lines: string[]) =>
  count(lines, (line) =>
    line
      .replace(/^\S+ \S+ /, "")
      .replace(/\d+#\d+: (\*\d+ )?/, "")
      .replace(/,? (client|upstream|request|host|server):.*$/, "")
      .replace(/\d+/g, "N"),
  );
