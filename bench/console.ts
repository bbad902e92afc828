/**
 * `npm run bench:console`: the organiser's console on a big appointment. Seeds 20,000 signups on one
 * appointment (one participant each, payments, certificates in every status), then measures, one
 * request at a time through the JSON:API app on PostgreSQL, the console's reads: each step of
 * `STEPS` is a request, warmed up, then timed `--requests` times for its p50 and p99. See
 * bench/README.md.
 *
 *   node bench/console.ts [--signups 20000] [--requests 200] [--keep] [--database-url postgres://…]
 *
 * The database is a fresh `sports_events_bench_console` on the PostgreSQL server
 * (`BENCH_DATABASE_URL`, default the local one), dropped afterwards.
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createApi } from "@sports/api";
import { type Database, schema } from "@sports/db";
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { createLogger } from "../apps/web/server/logger.ts";
import { openBenchDatabase, writeBurstAppointment, writeBurstEvent, writeVisitors } from "./bench-database.ts";
import { createCleanup, fail, progress, runBenchmark } from "./harness.ts";
import { int, ms, table } from "./report.ts";

const { values } = parseArgs({
  options: {
    signups: { type: "string", default: "20000" },
    requests: { type: "string", default: "200" },
    /** Leaves the database in place afterwards, to look at plans with EXPLAIN. */
    keep: { type: "boolean", default: false },
    "database-url": {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    },
  },
});
const signups = Number(values.signups);
const requests = Number(values.requests);
if (!Number.isInteger(signups) || signups < 100) fail("--signups must be a whole number of at least 100");
if (!Number.isInteger(requests) || requests < 10) fail("--requests must be a whole number of at least 10");

/** What the p99 of every step should stay under. */
const GOAL_MS = 50;

/** The seeded appointment and its event, for the steps' paths. */
interface Seeded {
  eventId: string;
  appointmentId: string;
}

/**
 * The measured steps, in order: each a request the console makes. Add a step here (an export, a
 * start list…) and it is seeded, warmed up, timed and reported like the others.
 */
export interface Step {
  name: string;
  path(seeded: Seeded): string;
}

const STEPS: Step[] = [
  {
    name: "baseline: the organiser's own account",
    path: () => "/api/users/me",
  },
  {
    name: "first page (newest first)",
    path: (s) => `/api/appointments/${s.appointmentId}/signups?page[size]=50`,
  },
  {
    name: "filtered (confirmed, paid, certificate to review)",
    path: (s) =>
      `/api/appointments/${s.appointmentId}/signups?page[size]=50&filter[state]=confirmed&filter[payment]=paid&filter[certificate]=pending`,
  },
  {
    name: "sorted by family name, page 100",
    path: (s) => `/api/appointments/${s.appointmentId}/signups?page[size]=50&sort=familyName&page[number]=100`,
  },
  {
    name: "name search",
    path: (s) => `/api/appointments/${s.appointmentId}/signups?page[size]=50&filter[q]=rossi-1234`,
  },
  {
    name: "event list with participants",
    path: (s) => `/api/events/${s.eventId}/signups?page[size]=50&include=participants`,
  },
  {
    name: "certificates to review",
    path: (s) => `/api/events/${s.eventId}/participants?page[size]=50&filter[certificate]=missing,pending,expired`,
  },
];

/**
 * Writes `count` confirmed-or-not signups on the appointment in a few statements: one participant
 * each (family names `Rossi-0`…), a paid demo payment for two in three, a certificate for nine in
 * ten (one stored file shared), reviewed for some, lapsing before race day for some.
 */
async function seedSignups(db: Database, seeded: Seeded, userIds: string[], count: number) {
  const [certificate] = await db
    .insert(schema.certificates)
    .values({
      userId: userIds[0] ?? null,
      mediaType: "application/pdf",
      fileName: "bench.pdf",
      size: 8,
      content: Buffer.from("%PDF-1.4"),
    })
    .returning({ id: schema.certificates.id });
  const users = sql.raw(`array[${userIds.map((id) => `'${id}'::uuid`).join(",")}]`);
  await db.execute(sql`
    insert into signups (user_id, event_id, appointment_id, state, places, hold_expires_at, locale, created_at, updated_at)
    select (${users})[1 + (i % ${userIds.length})], ${seeded.eventId}, ${seeded.appointmentId},
      case when i % 10 < 7 then 'confirmed' when i % 10 < 9 then 'awaiting-payment' else 'cancelled' end,
      1, now() - interval '1 day', 'en-US', now() - (i || ' seconds')::interval, now()
    from generate_series(1, ${count}) as i`);
  await db.execute(sql`
    insert into participants (signup_id, position, given_name, family_name, email, consents_accepted_at,
      certificate_id, certificate_expires_on, certificate_review)
    select s.id, 1, 'Runner', 'Rossi-' || n, 'runner-' || n || '@bench.test', now(),
      case when n % 10 = 0 then null else ${certificate?.id ?? null}::uuid end,
      case when n % 20 = 1 then current_date else current_date + 400 end,
      case when n % 5 = 2 then 'approved' when n % 50 = 3 then 'rejected' else null end
    from (select id, row_number() over (order by created_at) as n from signups where appointment_id = ${seeded.appointmentId}) s`);
  await db.execute(sql`
    insert into payments (signup_id, provider, state, amount, currency, locale, paid_at, provider_reference)
    select id, 'demo', 'paid', 3000, 'EUR', 'en-US', now(), 'bench-' || id
    from signups where appointment_id = ${seeded.appointmentId} and state = 'confirmed'`);
  await db.execute(sql`update appointments set places_taken = ${count}, capacity = ${count}
    where id = ${seeded.appointmentId}`);
  await db.execute(sql`vacuum analyze`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

const cleanup = createCleanup("bench:console", 15 * 60_000);

await runBenchmark(
  "bench:console",
  async () => {
    progress("creating a fresh PostgreSQL database");
    const bench = await openBenchDatabase(values["database-url"], { name: "sports_events_bench_console" });
    if (!values.keep) cleanup.add(() => bench.dispose());
    cleanup.add(() => bench.handle.close());
    const { db } = bench.handle;
    await bench.handle.migrate();

    progress("writing the organiser and 1,000 runners");
    const { userIds, tokens } = await writeVisitors(db, 1_000);
    const organiserId = userIds[0] as string;
    await db.update(schema.users).set({ role: "organiser" }).where(eq(schema.users.id, organiserId));
    const event = await writeBurstEvent(db, "console-bench");
    const appointment = await writeBurstAppointment(db, event, "big", signups);
    const seeded = { eventId: event.id, appointmentId: appointment.id };

    progress(`writing ${int(signups)} signups on one appointment`);
    const seedStarted = performance.now();
    await seedSignups(db, seeded, userIds.slice(1), signups);
    const seedMs = performance.now() - seedStarted;

    const api = new Hono().route(
      "/api",
      createApi({ db, siteUrl: () => "http://localhost", logger: createLogger("warn") }),
    );
    const headers = { authorization: `Bearer ${tokens[0]}` };
    const figures: { step: string; path: string; total: number; p50: number; p99: number; max: number }[] = [];
    for (const step of STEPS) {
      const path = step.path(seeded);
      progress(`measuring: ${step.name}`);
      let total = 0;
      for (let i = 0; i < 20; i++) {
        const response = await api.request(path, { headers });
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
        total = ((await response.json()) as { meta?: { total?: number } }).meta?.total ?? 1;
      }
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const started = performance.now();
        const response = await api.request(path, { headers });
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      figures.push({
        step: step.name,
        path,
        total,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        max: times.at(-1) ?? 0,
      });
    }

    const lines = [
      `bench:console — ${bench.description}`,
      `${int(signups)} signups on one appointment, seeded in ${ms(seedMs, 0)}; ${requests} sequential requests a step`,
      "",
      table(
        [
          ["step", "matching", "p50", "p99", "max", `p99 < ${GOAL_MS} ms`],
          ...figures.map((f) => [
            f.step,
            int(f.total),
            ms(f.p50),
            ms(f.p99),
            ms(f.max),
            f.p99 < GOAL_MS ? "yes" : "NO",
          ]),
        ],
        ["l", "r", "r", "r", "r", "l"],
      ),
    ];
    console.log(lines.join("\n"));
    mkdirSync(".bench", { recursive: true });
    writeFileSync(
      ".bench/console.json",
      JSON.stringify({ signups, requests, seedMs, goalMs: GOAL_MS, steps: figures }, null, 2),
    );
  },
  cleanup,
);
