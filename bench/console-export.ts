/**
 * `npm run bench:console-export`: how long the start list of a large appointment takes to stream
 * as XLSX and as CSV, and how much the process's memory grows meanwhile (resident set size sampled
 * every 20 ms while the file streams). The goal: under 10 s and under 100 MB of growth for 20,000
 * confirmed participants. See bench/README.md.
 *
 *   node bench/console-export.ts [--participants 20000] [--pglite]
 *
 * PostgreSQL by default (BENCH_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres): a
 * fresh database `sports_events_bench_export`, dropped at the end. The export goes through the whole
 * API app in process (session, use case, repository in keyset batches); nothing leaves the machine.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createApi } from "@sports/api";
import { schema } from "@sports/db";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { openBenchDatabase, writeVisitors } from "./bench-database.ts";
import { createCleanup, fail, progress, runBenchmark } from "./harness.ts";

const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const { values: args } = parseArgs({
  options: {
    participants: { type: "string", default: "20000" },
    pglite: { type: "boolean", default: false },
  },
});
const participants = Number(args.participants);
if (!Number.isInteger(participants) || participants < 1) fail("--participants must be a whole number from 1");
const postgresUrl = args.pglite ? undefined : (process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL);
const cleanup = createCleanup("bench:console-export", 15 * 60_000);

interface Measure {
  format: string;
  seconds: number;
  bytes: number;
  rssGrowthMb: number;
}

await runBenchmark(
  "bench:console-export",
  async () => {
    const bench = await openBenchDatabase(postgresUrl, { name: "sports_events_bench_export" });
    cleanup.add(() => bench.dispose());
    cleanup.add(() => bench.handle.close());
    progress(`migrating ${bench.description}`);
    await bench.handle.migrate();
    const { db } = bench.handle;

    progress(`writing ${participants} confirmed participants with bibs`);
    const [event] = await db
      .insert(schema.events)
      .values({
        slug: "bench-marathon",
        sport: "road-running",
        status: "published",
        title: { "en-US": "Bench marathon" },
        summary: { "en-US": "A benchmark." },
        startsAt: new Date(Date.now() + 30 * 86_400_000),
        endsAt: new Date(Date.now() + 30 * 86_400_000 + 6 * 3_600_000),
        venueName: "Piazza",
        locality: "Bologna",
        country: "IT",
        latitude: 44.49,
        longitude: 11.34,
        searchText: "bench marathon",
      })
      .returning();
    if (!event) fail("no event written");
    const [appointment] = await db
      .insert(schema.appointments)
      .values({
        eventId: event.id,
        slug: "marathon",
        title: { "en-US": "Marathon" },
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        capacity: participants,
        placesTaken: participants,
        priceTiers: [{ until: null, amount: 4000 }],
        bibFirst: 1,
        bibLast: participants,
      })
      .returning();
    if (!appointment) fail("no appointment written");
    const { userIds, tokens } = await writeVisitors(db, 1);
    const owner = userIds[0];
    // Set-based writes: a signup per participant, each paid, half the runners numbered (the rest last).
    await db.execute(sql`
      insert into signups (user_id, event_id, appointment_id, state, places, hold_expires_at, locale, created_at)
      select ${owner}::uuid, ${event.id}::uuid, ${appointment.id}::uuid, 'confirmed', 1, now(), 'en-US',
        now() - (n || ' seconds')::interval
      from generate_series(1, ${participants}) as n`);
    await db.execute(sql`
      insert into participants (signup_id, position, given_name, family_name, birth_date, gender, club,
        federation_card, nationality, tshirt_size, emergency_contact_name, emergency_contact_phone,
        certificate_expires_on, consents_accepted_at, ticket_code)
      select s.id, 1, 'Zoë', 'Runner ' || lpad(row_number() over (order by s.created_at)::text, 6, '0'),
        '1990-01-01', 'female', 'Atletica Città', 'FIDAL-' || substr(s.id::text, 1, 8), 'IT', 'M',
        'Bruno Runner', '+39 051 111111', '2028-01-01', now(), upper(substr(replace(s.id::text, '-', ''), 1, 10))
      from signups s where s.appointment_id = ${appointment.id}::uuid`);
    await db.execute(sql`
      insert into payments (signup_id, provider, state, amount, currency, locale, paid_at)
      select s.id, 'demo', 'paid', 4000, 'EUR', 'en-US', now()
      from signups s where s.appointment_id = ${appointment.id}::uuid`);
    await db.execute(sql`
      insert into bibs (event_id, number, participant_id)
      select ${event.id}::uuid, row_number() over (order by p.family_name), p.id
      from participants p join signups s on s.id = p.signup_id
      where s.appointment_id = ${appointment.id}::uuid and p.family_name < 'Runner ' || lpad(${Math.floor(participants / 2)}::text, 6, '0')`);
    await db.execute(sql`analyze`);
    await db.update(schema.users).set({ role: "organiser" }).where(sql`${schema.users.id} = ${owner}::uuid`);

    const api = new Hono().route("/api", createApi({ db, siteUrl: () => "http://localhost" }));
    const measures: Measure[] = [];
    for (const format of ["xlsx", "csv"] as const) {
      progress(`streaming the start list as ${format.toUpperCase()}`);
      global.gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const started = performance.now();
      const answer = await api.request(`/api/appointments/${appointment.id}/start-list.${format}`, {
        headers: { authorization: `Bearer ${tokens[0]}` },
      });
      if (answer.status !== 200 || !answer.body) fail(`the ${format} export answered ${answer.status}`);
      let bytes = 0;
      const reader = answer.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        peak = Math.max(peak, process.memoryUsage().rss);
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      measures.push({ format, seconds, bytes, rssGrowthMb: (peak - baseline) / 1_048_576 });
    }

    const lines = [
      `Start list export, ${participants} confirmed participants, ${bench.description}`,
      "",
      "format   seconds   size (MB)   peak RSS growth (MB)   goal: < 10 s, < 100 MB",
      ...measures.map(
        (m) =>
          `${m.format.padEnd(8)} ${m.seconds.toFixed(2).padStart(7)}   ${(m.bytes / 1_048_576).toFixed(2).padStart(9)}   ${m.rssGrowthMb.toFixed(1).padStart(20)}   ${m.seconds < 10 && m.rssGrowthMb < 100 ? "met" : "MISSED"}`,
      ),
    ];
    console.log(lines.join("\n"));
    mkdirSync(".bench", { recursive: true });
    writeFileSync(
      ".bench/console-export.json",
      `${JSON.stringify({ participants, database: bench.description, measures }, null, 2)}\n`,
    );
  },
  cleanup,
);
