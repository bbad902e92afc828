/**
 * `npm run bench:club-entries`: a club's entry of 500 athletes, previewed and held through the API
 * (see bench/README.md).
 *
 *   node bench/club-entries.ts [--athletes 500] [--runs 7] [--cards 20000] [--postgres] [--profile hold]
 *
 * Each run, a new club previews a roster file of `--athletes` rows (`;`, a BOM, Italian headers,
 * a FIDAL card on each row, checked against the event's list of `--cards` cards) for a new
 * appointment of the event (`POST …/club-entries`, goal: under 2 s), then holds its rows
 * (`PATCH /api/club-entries/{id}`, goal: under 1 s). The first run warms up and is left out; the
 * medians of the others are reported.
 *
 * The embedded database by default (PGlite in a temp folder); `--postgres` for PostgreSQL
 * (BENCH_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres: a fresh database
 * `sports_events_bench_club_entries`, dropped at the end). Everything runs in process. `--profile
 * preview` or `--profile hold` writes a CPU profile of that step's last run to .bench/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createApi } from "@sports/api";
import { catalogueChanged, schema } from "@sports/db";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { openBenchDatabase, writeVisitors } from "./bench-database.ts";
import { createCleanup, fail, progress, runBenchmark, startProfile } from "./harness.ts";

const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const { values: args } = parseArgs({
  options: {
    athletes: { type: "string", default: "500" },
    runs: { type: "string", default: "7" },
    cards: { type: "string", default: "20000" },
    postgres: { type: "boolean", default: false },
    profile: { type: "string" },
  },
});
const athletes = Number(args.athletes);
const runs = Number(args.runs);
const cards = Number(args.cards);
if (![athletes, runs, cards].every((n) => Number.isInteger(n) && n >= 1)) fail("counts are whole numbers from 1");
if (athletes > 500) fail("a club's entry holds at most 500 athletes");
if (cards < athletes) fail("--cards must be at least --athletes: each athlete's card is on the list");
const postgresUrl = args.postgres ? (process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL) : undefined;
const cleanup = createCleanup("bench:club-entries", 20 * 60_000);

const card = (n: number) => `BE${String(n).padStart(6, "0")}`;
const day = (n: number) =>
  `${String((n % 28) + 1).padStart(2, "0")}/${String((n % 12) + 1).padStart(2, "0")}/${1960 + (n % 45)}`;

/** A club secretary's roster: each athlete with a card of the list, in the club's own spelling. */
function rosterFile(run: number): string {
  const lines = ["Cognome;Nome;Sesso;Data di nascita;Email;Cellulare;Nazionalità;Tessera;Taglia"];
  for (let n = 1; n <= athletes; n++)
    lines.push(
      [`ATLETA ${run}-${n}`, "Bench", n % 2 ? "M" : "F", day(n), `atleta${run}.${n}@bench.test`, `333 ${1_000_000 + n}`]
        .concat(["ITA", card(run * athletes + n), ["S", "M", "L"][n % 3] ?? "M"])
        .join(";"),
    );
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** `work` timed; profiled too (`--profile`) when it is the step asked for, in the last run. */
async function timed<T>(step: string, last: boolean, work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const stop = last && args.profile === step ? await startProfile() : undefined;
  const started = performance.now();
  const value = await work();
  const seconds = (performance.now() - started) / 1000;
  await stop?.(`.bench/club-entries-${step}.cpuprofile`);
  return { value, seconds };
}

await runBenchmark(
  "bench:club-entries",
  async () => {
    const bench = await openBenchDatabase(postgresUrl, { name: "sports_events_bench_club_entries" });
    cleanup.add(() => bench.dispose());
    cleanup.add(() => bench.handle.close());
    progress(`migrating ${bench.description}`);
    await bench.handle.migrate();
    const { db } = bench.handle;

    const startsAt = new Date(Date.now() + 60 * 86_400_000);
    const [event] = await db
      .insert(schema.events)
      .values({
        slug: "bench-club-race",
        sport: "road-running",
        status: "published",
        title: { "it-IT": "Corsa delle società" },
        startsAt,
        endsAt: new Date(startsAt.getTime() + 4 * 3_600_000),
        venueName: "Piazza",
        locality: "Bologna",
        country: "IT",
        tshirtSizes: ["S", "M", "L"],
        acceptedCards: ["fidal"],
        medicalCertificate: "competitive",
      })
      .returning();
    if (!event) fail("no event written");
    const total = Math.max(cards, (runs + 1) * athletes);
    progress(`writing the event's list of ${total} FIDAL cards`);
    await db.execute(sql`
      insert into federation_cards (event_id, kind, card, family_name, given_name, birth_date, valid_until)
      select ${event.id}::uuid, 'fidal', 'BE' || lpad(n::text, 6, '0'),
        'Atleta ' || ((n - 1) / ${athletes}) || '-' || (((n - 1) % ${athletes}) + 1), 'Bench', null, '2099-12-31'
      from generate_series(1, ${total}) n`);
    const { userIds, tokens } = await writeVisitors(db, 1, "manager");
    const manager = userIds[0] as string;
    const api = new Hono().route("/api", createApi({ db, siteUrl: () => "http://localhost" }));
    const headers = { authorization: `Bearer ${tokens[0]}`, accept: "application/vnd.api+json" };

    const times: { preview: number; hold: number }[] = [];
    for (let run = 1; run <= runs + 1; run++) {
      const [appointment] = await db
        .insert(schema.appointments)
        .values({
          eventId: event.id,
          slug: `race-${run}`,
          startsAt,
          endsAt: event.endsAt,
          capacity: 10_000,
          priceTiers: [{ until: null, amount: 1500 }],
        })
        .returning();
      const [club] = await db
        .insert(schema.clubs)
        .values({ name: `Atletica Bench ${run}`, contactEmail: "club@bench.test", createdBy: manager })
        .returning();
      if (!appointment || !club) fail("no appointment or club written");
      await db.insert(schema.clubManagers).values({ clubId: club.id, userId: manager });
      await catalogueChanged(db);

      progress(`run ${run}: previewing ${athletes} athletes`);
      const last = run === runs + 1;
      const preview = await timed("preview", last, async () => {
        const answer = await api.request(`/api/appointments/${appointment.id}/club-entries?club=${club.id}`, {
          method: "POST",
          headers: { ...headers, "content-type": "text/csv" },
          body: rosterFile(run),
        });
        if (answer.status !== 201)
          fail(`the preview answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
        return (await answer.json()) as { data: { id: string; attributes: { summary: { valid: number } } } };
      });
      const { id, attributes } = preview.value.data;
      if (attributes.summary.valid !== athletes) fail(`only ${attributes.summary.valid} rows are valid`);
      progress(`run ${run}: holding them`);
      const hold = await timed("hold", last, async () => {
        const answer = await api.request(`/api/club-entries/${id}`, {
          method: "PATCH",
          headers: { ...headers, "content-type": "application/vnd.api+json" },
          body: JSON.stringify({ data: { type: "club-entries", id, attributes: { state: "held" } } }),
        });
        if (answer.status !== 200) fail(`the hold answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
        await answer.arrayBuffer();
      });
      if (run > 1) times.push({ preview: preview.seconds, hold: hold.seconds });
    }

    const figures = {
      athletes,
      runs,
      cards: total,
      database: bench.description,
      preview: median(times.map((time) => time.preview)),
      hold: median(times.map((time) => time.hold)),
      each: times,
    };
    console.log(
      [
        `A club's entry of ${athletes} athletes, ${bench.description}, median of ${runs} runs after one to warm up`,
        `preview (POST)   ${figures.preview.toFixed(3)} s   goal: < 2 s`,
        `hold (PATCH)     ${figures.hold.toFixed(3)} s   goal: < 1 s`,
      ].join("\n"),
    );
    mkdirSync(".bench", { recursive: true });
    writeFileSync(".bench/club-entries.json", `${JSON.stringify(figures, null, 2)}\n`);
  },
  cleanup,
);
