/**
 * `npm run bench:results`: a large race's results, end to end on PostgreSQL (see bench/README.md).
 *
 *   node bench/results.ts [--finishers 20000] [--requests 300] [--diplomas 1000] [--pglite]
 *
 * 1. A timing file of `--finishers` rows (`;`, a BOM, Italian headers, gun and net times, three
 *    splits) previewed and applied through the API: seconds and the process's peak memory growth
 *    for each (goal: under 5 s and 200 MB).
 * 2. The results API at that size, filtered by gender, category and club, and searched by name:
 *    `--requests` requests each, their median and 99th percentile beside the race's unfiltered
 *    first page measured in the same run (goal: p99 under 50 ms).
 * 3. `--diplomas` diplomas drawn one after the other with the race's cover (goal: under 100 ms each).
 * 4. The results page (first page, in Italian) beside the event's page, each kept (the page cache)
 *    and rendered (a second app without it), `--pages` answers each, alternating; medians. Needs
 *    `npm run build` first, like every benchmark of whole pages.
 *
 * PostgreSQL by default (BENCH_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres): a fresh
 * database `sports_events_bench_results`, dropped at the end. Everything runs in process.
 */
import "./production-react.ts";
import { mkdirSync, writeFileSync } from "node:fs";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { createApi } from "@sports/api";
import { findRaceResults, schema, storedResults } from "@sports/db";
import { diplomaOf, prepareDiplomaImage } from "@sports/usecases";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import sharp from "sharp";
import { createServerApp } from "../apps/web/server/app.ts";
import { createLogger } from "../apps/web/server/logger.ts";
import { openBenchDatabase, writeVisitors } from "./bench-database.ts";
import { createCleanup, fail, progress, runBenchmark } from "./harness.ts";

const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const { values: args } = parseArgs({
  options: {
    finishers: { type: "string", default: "20000" },
    requests: { type: "string", default: "300" },
    diplomas: { type: "string", default: "1000" },
    pages: { type: "string", default: "200" },
    pglite: { type: "boolean", default: false },
  },
});
const finishers = Number(args.finishers);
const requests = Number(args.requests);
const diplomas = Number(args.diplomas);
const pages = Number(args.pages);
if (![finishers, requests, diplomas, pages].every((n) => Number.isInteger(n) && n >= 1))
  fail("counts are whole numbers from 1");
const postgresUrl = args.pglite ? undefined : (process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL);
const cleanup = createCleanup("bench:results", 20 * 60_000);

const CLUBS = ["Atletica Città", "Runners Bergamo", "GS Alpini", "Podistica Ostia", "Team Zoë"];
/** Seconds as the file writes them: `h:mm:ss,d`. */
function clock(seconds: number): string {
  const tenths = Math.round(seconds * 10);
  const whole = Math.floor(tenths / 10);
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  return `${hours}:${String(minutes).padStart(2, "0")}:${String(rest).padStart(2, "0")},${tenths % 10}`;
}

/** The timing company's file: every bib finishes, a few do not; times spread from 2:10 to 6:00. */
function timingFile(count: number): string {
  const lines = ["Pettorale;Cognome;Nome;Tempo ufficiale;Tempo netto;10 km;21 km;30 km;Stato"];
  for (let bib = 1; bib <= count; bib++) {
    const gun = 7800 + ((bib * 7919) % 13_800) + (bib % 10) / 10;
    const net = gun - (bib % 120);
    const out = bib % 97 === 0;
    const splits = [0.23, 0.5, 0.71].map((share) => clock(net * share)).join(";");
    lines.push(
      `${bib};Runner;Bench;${out ? "" : clock(gun)};${out ? "" : clock(net)};${splits};${out ? "Ritirato" : ""}`,
    );
  }
  return `\uFEFF${lines.join("\n")}\n`;
}

async function measured<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; rssGrowthMb: number }> {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const value = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { value, seconds, rssGrowthMb: (peak - baseline) / 1_048_576 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The results page and the event's page, kept and rendered, answered in turn: each one's median in ms. */
async function pageTimes(db: Parameters<typeof createServerApp>[0]["database"], count: number) {
  const logger = createLogger("info", new Writable({ write: (_line, _encoding, done) => done() }));
  const app = (seconds: number) =>
    createServerApp({
      config: { DEFAULT_LOCALE: "it-IT", PAGE_CACHE_SECONDS: seconds },
      siteUrl: () => "http://localhost",
      database: db,
      logger,
    });
  const [kept, rendered] = await Promise.all([app(3600), app(0)]);
  const paths = {
    results: "/it-IT/evento/bench-marathon/appuntamento/marathon/classifica",
    event: "/it-IT/evento/bench-marathon",
  };
  const times: Record<string, number[]> = {};
  for (let i = 0; i < count + 10; i++)
    for (const [page, path] of Object.entries(paths))
      for (const [how, server] of Object.entries({ kept, rendered })) {
        const started = performance.now();
        const answer = await server.request(path);
        await answer.arrayBuffer();
        if (answer.status !== 200) fail(`${path} answered ${answer.status}`);
        const list = times[`${page} ${how}`] ?? [];
        times[`${page} ${how}`] = list;
        if (i >= 10) list.push(performance.now() - started);
      }
  return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]));
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

await runBenchmark(
  "bench:results",
  async () => {
    const bench = await openBenchDatabase(postgresUrl, { name: "sports_events_bench_results" });
    cleanup.add(() => bench.dispose());
    cleanup.add(() => bench.handle.close());
    progress(`migrating ${bench.description}`);
    await bench.handle.migrate();
    const { db } = bench.handle;

    progress(`writing ${finishers} confirmed participants with bibs`);
    const startsAt = new Date(Date.now() - 86_400_000);
    const [event] = await db
      .insert(schema.events)
      .values({
        slug: "bench-marathon",
        sport: "road-running",
        status: "published",
        title: { "it-IT": "Maratona di prova", "en-US": "Bench marathon" },
        summary: { "en-US": "A benchmark." },
        startsAt,
        endsAt: new Date(startsAt.getTime() + 6 * 3_600_000),
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
        title: { "it-IT": "Maratona", "en-US": "Marathon" },
        startsAt,
        endsAt: event.endsAt,
        capacity: finishers,
        placesTaken: finishers,
        priceTiers: [{ until: null, amount: 4000 }],
        bibFirst: 1,
        bibLast: finishers,
        courseDistance: 42_195,
        courseElevationGain: 120,
        courseElevationLoss: 120,
      })
      .returning();
    if (!appointment) fail("no appointment written");
    const { userIds, tokens } = await writeVisitors(db, 1);
    const owner = userIds[0];
    await db.execute(sql`
      insert into signups (user_id, event_id, appointment_id, state, places, hold_expires_at, locale)
      select ${owner}::uuid, ${event.id}::uuid, ${appointment.id}::uuid, 'confirmed', 1, now(), 'it-IT'
      from generate_series(1, ${finishers})`);
    await db.execute(sql`
      insert into participants (signup_id, position, given_name, family_name, birth_date, gender, club, consents_accepted_at)
      select s.id, 1, 'Zoë', 'Runner ' || lpad(n::text, 6, '0'),
        make_date(1950 + (n % 55), 1 + (n % 12), 1 + (n % 28)),
        (array['female', 'male', 'male', 'non-binary'])[1 + n % 4],
        (array[${sql.raw(CLUBS.map((club) => `'${club}'`).join(", "))}])[1 + n % ${CLUBS.length}], now()
      from (select id, (row_number() over ())::int as n from signups where appointment_id = ${appointment.id}::uuid) s`);
    await db.execute(sql`
      insert into bibs (event_id, number, participant_id)
      select ${event.id}::uuid, row_number() over (order by p.family_name), p.id
      from participants p join signups s on s.id = p.signup_id where s.appointment_id = ${appointment.id}::uuid`);
    await db.execute(sql`analyze`);
    await db.update(schema.users).set({ role: "organiser" }).where(sql`${schema.users.id} = ${owner}::uuid`);

    const api = new Hono().route("/api", createApi({ db, siteUrl: () => "http://localhost" }));
    const headers = { authorization: `Bearer ${tokens[0]}`, accept: "application/vnd.api+json" };
    const file = timingFile(finishers);

    progress(`previewing a ${(file.length / 1_048_576).toFixed(1)} MB timing file of ${finishers} rows`);
    const preview = await measured(async () => {
      const answer = await api.request(`/api/appointments/${appointment.id}/result-imports`, {
        method: "POST",
        headers,
        body: file,
      });
      if (answer.status !== 201) fail(`the preview answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
      return (await answer.json()) as { data: { id: string; attributes: { summary: { new: number } } } };
    });
    const summary = preview.value.data.attributes.summary;
    if (summary.new !== finishers)
      fail(`the preview counted ${summary.new} new bibs: ${JSON.stringify(summary).slice(0, 400)}`);
    progress("applying it");
    const importId = preview.value.data.id;
    const apply = await measured(async () => {
      const answer = await api.request(`/api/result-imports/${importId}`, {
        method: "PATCH",
        headers: { ...headers, "content-type": "application/vnd.api+json" },
        body: JSON.stringify({ data: { type: "result-imports", id: importId, attributes: { state: "applied" } } }),
      });
      if (answer.status !== 200) fail(`applying answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
    });
    if ((await storedResults(db, appointment.id)).size !== finishers) fail("not every result was stored");
    await db.execute(sql`analyze`);

    const base = `/api/appointments/${appointment.id}/results`;
    const queries: [string, string][] = [
      ["first page, by rank", `${base}?page[size]=50`],
      ["women", `${base}?filter[gender]=female&page[size]=50`],
      ["category SM45", `${base}?filter[category]=SM45&page[size]=50`],
      ["club", `${base}?filter[club]=${encodeURIComponent("Team Zoë")}&page[size]=50`],
      ["search a name", `${base}?filter[search]=runner%20012345`],
      ["last page, by name", `${base}?sort=name&page[number]=400&page[size]=50`],
    ];
    const latencies: { name: string; p50: number; p99: number }[] = [];
    for (const [name, path] of queries) {
      progress(`results API: ${name}`);
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const started = performance.now();
        const answer = await api.request(path, { headers });
        await answer.arrayBuffer();
        if (answer.status !== 200) fail(`${path} answered ${answer.status}`);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      latencies.push({ name, p50: percentile(times, 0.5), p99: percentile(times, 0.99) });
    }

    progress(`drawing ${diplomas} diplomas`);
    const race = await findRaceResults(db, appointment.id);
    if (!race) fail("the race is gone");
    const lines = [...(await storedResults(db, appointment.id)).values()].filter((line) => line.status === "finished");
    const cover = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: "#2a6f97" } })
      .jpeg()
      .toBuffer();
    const image = await prepareDiplomaImage(cover);
    const deps = { siteUrl: "http://localhost" };
    const drawing = await measured(async () => {
      for (let i = 0; i < diplomas; i++)
        await diplomaOf(deps, race, lines[i % lines.length] as (typeof lines)[number], { locale: "it-IT", image });
    });

    progress(`publishing the results, then ${pages} answers of each page, kept and rendered`);
    await api.request(`/api/appointments/${appointment.id}`, {
      method: "PATCH",
      headers: { ...headers, "content-type": "application/vnd.api+json" },
      body: JSON.stringify({
        data: { type: "appointments", id: appointment.id, attributes: { resultsState: "provisional" } },
      }),
    });
    const pageMedians = await pageTimes(bench.handle, pages);

    const reference = latencies[0]?.p99 ?? 1;
    const report = [
      `Results of a race of ${finishers} finishers, ${bench.description}`,
      "",
      "timing file          seconds   peak RSS growth (MB)   goal: < 5 s, < 200 MB",
      `preview (POST)       ${preview.seconds.toFixed(2).padStart(7)}   ${preview.rssGrowthMb.toFixed(1).padStart(20)}`,
      `apply (PATCH)        ${apply.seconds.toFixed(2).padStart(7)}   ${apply.rssGrowthMb.toFixed(1).padStart(20)}`,
      "",
      `results API, ${requests} requests each    p50 (ms)   p99 (ms)   p99 / first page   goal: p99 < 50 ms`,
      ...latencies.map(
        (l) =>
          `${l.name.padEnd(32)} ${l.p50.toFixed(1).padStart(8)}   ${l.p99.toFixed(1).padStart(8)}   ${(l.p99 / reference).toFixed(2).padStart(16)}`,
      ),
      "",
      `diplomas: ${diplomas} in ${drawing.seconds.toFixed(2)} s, ${((drawing.seconds * 1000) / diplomas).toFixed(1)} ms each (goal: < 100 ms)`,
      "",
      `pages, ${pages} answers each, alternating     median (ms)   / the event's page, kept`,
      ...Object.entries(pageMedians).map(
        ([name, value]) =>
          `${name.padEnd(40)} ${value.toFixed(2).padStart(8)}   ${(value / (pageMedians["event kept"] ?? 1)).toFixed(2).padStart(8)}`,
      ),
    ];
    console.log(report.join("\n"));
    mkdirSync(".bench", { recursive: true });
    writeFileSync(
      ".bench/results.json",
      `${JSON.stringify({ finishers, database: bench.description, preview, apply, latencies, diplomas: drawing, pages: pageMedians }, null, 2)}\n`,
    );
  },
  cleanup,
);
