/**
 * `npm run bench:in-process`: what a page's read of the API in process costs when the answer's
 * document is written as JSON and parsed back, against the same read with the document handed
 * over as it is (`DocumentHandover`, packages/api/src/respond.ts; docs/decisions/040-documents-handed-over.md).
 * The reads are those the site's pages make, through the site's own client, on the demo catalogue:
 * the event list, an event with its appointments, a runner's signup, and who the runner is. The two
 * ways alternate round by round in this one process; the report gives each read's median.
 *
 *   node bench/in-process.ts [--postgres postgres://…] [--reads 2000] [--rounds 5]
 */
import "./production-react.ts";
import { parseArgs } from "node:util";
import { createApi, DocumentHandover, VisitSessions } from "@sports/api";
import { seedDemoData } from "@sports/db";
import { createApiClient, handOver } from "@sports/jsonapi";
import { courseOfGpx } from "@sports/usecases";
import { openBenchDatabase, writeVisitors } from "./bench-database.ts";
import { createCleanup, fail, progress, runBenchmark } from "./harness.ts";
import { int, table } from "./report.ts";

const { values: args } = parseArgs({
  options: {
    postgres: { type: "string" },
    reads: { type: "string", default: "2000" },
    rounds: { type: "string", default: "5" },
  },
});
const reads = Number(args.reads);
const rounds = Number(args.rounds);
if (!Number.isInteger(reads) || reads < 10) fail("--reads must be a whole number of at least 10");
if (!Number.isInteger(rounds) || rounds < 1) fail("--rounds must be a whole number of at least 1");

const cleanup = createCleanup("bench:in-process", 20 * 60_000);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function main() {
  progress(args.postgres ? "opening PostgreSQL" : "opening PGlite");
  const database = await openBenchDatabase(args.postgres, { name: "sports_events_bench_in_process" });
  cleanup.add(database.dispose);
  cleanup.add(() => database.handle.close());
  await database.handle.migrate();
  await seedDemoData(database.handle.db, { now: new Date(), readCourse: courseOfGpx });
  const api = createApi({ db: database.handle.db, siteUrl: () => "http://localhost" });
  const {
    tokens: [token],
  } = await writeVisitors(database.handle.db, 1, "in-process-runner");
  const cookie = `session=${token}`;

  /** The site's transport (apps/web/server/pages/site.ts) for one page, its documents handed over or written as JSON. */
  const clientFor = (handedOver: boolean) => {
    const visit = new VisitSessions();
    return createApiClient({
      baseUrl: "http://site.internal",
      fetch: async (url, init) => {
        const { pathname, search } = new URL(url);
        const headers = new Headers(init.headers);
        headers.set("cookie", cookie);
        const handover = handedOver ? new DocumentHandover() : undefined;
        const response = await api.request(
          pathname.replace(/^\/api(?=\/)/, "") + search,
          { ...init, headers },
          {
            visitSessions: visit,
            handover,
          },
        );
        return handover?.document === undefined ? response : handOver(response, handover.document);
      },
    });
  };

  // A signup of the runner's, held on the first open appointment, as the signup button holds one.
  const listed = await clientFor(false).get("/api/events?filter[when]=upcoming&include=appointments&page[size]=50");
  const open = (listed.document.included ?? []).find(
    (resource) => resource.type === "appointments" && resource.attributes?.state === "open",
  );
  if (!open) throw new Error("the demo catalogue has no open appointment");
  const held = await clientFor(false).post("/api/signups", {
    data: { type: "signups", relationships: { appointment: { data: { type: "appointments", id: open.id } } } },
  });
  const signupId = (held.document?.data as { id?: string } | undefined)?.id;
  if (!signupId) throw new Error("the demo appointment took no signup");
  const event = (listed.document.data as unknown as { attributes: { slug: string } }[])[0]?.attributes.slug;

  const cardFields =
    "slug,sport,status,title,startsAt,endsAt,timeZone,venue,cover,signupOpensAt,priceFrom,availability";
  const READS: [string, string][] = [
    [
      "the event list (a page of cards)",
      `/api/events?filter[when]=upcoming&page[size]=12&fields[events]=${cardFields}`,
    ],
    ["an event with its appointments", `/api/events/${event}?include=appointments`],
    ["a runner's signup", `/api/signups/${signupId}`],
    ["who the runner is (the guard's read)", "/api/users/me"],
  ];
  const rows: string[][] = [];
  for (const [name, path] of READS) {
    const times: Record<"json" | "handed", number[]> = { json: [], handed: [] };
    for (let round = 0; round < rounds; round++) {
      progress(`${name}: round ${round + 1} of ${rounds}`);
      // Which way goes first alternates from round to round.
      const order = round % 2 ? (["handed", "json"] as const) : (["json", "handed"] as const);
      for (const way of order) {
        const client = clientFor(way === "handed");
        for (let i = 0; i < 100; i++) await client.get(path, { query: { locale: "en-US" } });
        const started = performance.now();
        for (let i = 0; i < reads; i++) await client.get(path, { query: { locale: "en-US" } });
        times[way].push(((performance.now() - started) / reads) * 1000);
      }
    }
    const json = median(times.json);
    const handed = median(times.handed);
    const { document } = await clientFor(false).get(path, { query: { locale: "en-US" } });
    const bytes = JSON.stringify(document).length;
    rows.push([
      name,
      int(bytes),
      `${int(json)} µs`,
      `${int(handed)} µs`,
      `${int(json - handed)} µs (${Math.round(((json - handed) / json) * 100)}%)`,
    ]);
  }
  console.log(
    `bench:in-process — ${database.description}; ${int(reads)} reads a round, ${rounds} rounds alternating, medians`,
  );
  console.log(
    table([["read", "JSON bytes", "written as JSON", "handed over", "saved"], ...rows], ["l", "r", "r", "r", "r"]),
  );
}

await runBenchmark("bench:in-process", main, cleanup);
