/**
 * `npm run bench:accounts`: whether an address having an account shows in how long a login or a
 * reset request takes. Each round times, side by side and in turn, a wrong password for a known
 * address and any password for an unknown one; then a reset request for each. The report gives
 * medians and their ratio (1.00 = indistinguishable). See bench/README.md.
 *
 *   node bench/accounts.ts [--rounds 30]
 *
 * The API runs in process on a fresh embedded database; nothing leaves the machine.
 */
import { parseArgs } from "node:util";
import { createApi } from "@sports/api";
import { openDatabase } from "@sports/db";
import { Hono } from "hono";
import { createCleanup, fail, progress, runBenchmark } from "./harness.ts";
import { median } from "./load.ts";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "30" } } });
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 5) fail("--rounds must be a whole number of at least 5");

const JSONAPI = "application/vnd.api+json";
const cleanup = createCleanup("bench:accounts", 10 * 60_000);

await runBenchmark(
  "bench:accounts",
  async () => {
    progress("migrating a fresh embedded database");
    const database = await openDatabase({ memory: true });
    cleanup.add(() => database.close());
    await database.migrate();
    const clientAddress = (c: { req: { header(name: string): string | undefined } }) =>
      c.req.header("x-bench-client") ?? "192.0.2.1";
    const api = new Hono().route(
      "/api",
      createApi({ db: database.db, siteUrl: () => "http://localhost", clientAddress }),
    );
    const post = (path: string, type: string, attributes: object, client: string) =>
      api.request(path, {
        method: "POST",
        headers: { "content-type": JSONAPI, "x-bench-client": client },
        body: JSON.stringify({ data: { type, attributes } }),
      });
    // Every round uses its own addresses and client, so no throttle ever answers instead of the code.
    const timed = async (send: () => Promise<Response> | Response, expected: number) => {
      const started = performance.now();
      const answer = await send();
      const ms = performance.now() - started;
      await answer.text();
      if (answer.status !== expected) fail(`expected ${expected}, got ${answer.status}`);
      return ms;
    };

    progress(`registering ${rounds} accounts`);
    const known: string[] = [];
    for (let i = 0; i < rounds; i++) {
      const email = `known-${i}@bench.test`;
      const attributes = {
        email,
        password: "a long bench passphrase",
        givenName: "B",
        familyName: "B",
        acceptTerms: true,
      };
      await timed(() => post("/api/users", "users", attributes, `198.51.100.${i}`), 201);
      known.push(email);
    }

    const figures = {
      loginKnown: [] as number[],
      loginUnknown: [] as number[],
      resetKnown: [] as number[],
      resetUnknown: [] as number[],
    };
    progress(`${rounds} rounds of login and reset, known and unknown in turn`);
    for (let i = 0; i < rounds; i++) {
      const client = `203.0.113.${i}`;
      const login = (email: string) => () => post("/api/sessions", "sessions", { email, password: "wrong" }, client);
      const reset = (email: string) => () => post("/api/password-resets", "password-resets", { email }, client);
      const unknown = `unknown-${i}@bench.test`;
      // Alternate which goes first, so warming up favours neither.
      if (i % 2 === 0) {
        figures.loginKnown.push(await timed(login(known[i] as string), 401));
        figures.loginUnknown.push(await timed(login(unknown), 401));
        figures.resetKnown.push(await timed(reset(known[i] as string), 202));
        figures.resetUnknown.push(await timed(reset(unknown), 202));
      } else {
        figures.loginUnknown.push(await timed(login(unknown), 401));
        figures.loginKnown.push(await timed(login(known[i] as string), 401));
        figures.resetUnknown.push(await timed(reset(unknown), 202));
        figures.resetKnown.push(await timed(reset(known[i] as string), 202));
      }
    }

    const line = (name: string, knownMs: number[], unknownMs: number[]) =>
      `${name.padEnd(8)} known ${median(knownMs).toFixed(1).padStart(7)} ms   unknown ${median(unknownMs)
        .toFixed(1)
        .padStart(7)} ms   unknown ÷ known ${(median(unknownMs) / median(knownMs)).toFixed(2)}`;
    console.log(`\nbench:accounts: medians of ${rounds} rounds, in process, embedded database`);
    console.log(line("login", figures.loginKnown, figures.loginUnknown));
    console.log(line("reset", figures.resetKnown, figures.resetUnknown));
  },
  cleanup,
);
