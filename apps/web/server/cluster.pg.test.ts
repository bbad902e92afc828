import { randomUUID } from "node:crypto";
import { type DatabaseHandle, openDatabase, schema } from "@sports/db";
import { createPostgresDatabase, insertAppointment, insertEvent, testDatabaseUrl } from "@sports/db/testing";
import { hashToken, newToken } from "@sports/usecases";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "./testing/process.ts";

const VISITORS = 120;
const PLACES = 40;
const RETRIES = 5;

interface Answer {
  status: number;
  signupId?: string;
  code?: string;
}

/**
 * Two server processes start together on one empty database (so they migrate it together) and
 * share a crowd of visitors signing up for one appointment. One process is killed (SIGKILL) in the
 * middle of it. A visitor whose request dies with it sends it again, with the same Idempotency-Key,
 * to the other process: every place is sold once, no visitor gets two signups, and every signup a
 * visitor was told of is in the database.
 */
it("sells every place once when one of two server processes dies in the middle of a signup burst", {
  timeout: 60_000,
}, async () => {
  if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is needed for *.pg.test.ts");
  const database = await createPostgresDatabase(testDatabaseUrl, { migrated: false });
  const env = { DATABASE_URL: database.url, DATABASE_POOL_SIZE: "5", DEMO_DATA: "false" };
  const servers: ServerProcess[] = [startServerProcess(env), startServerProcess(env)];
  let handle: DatabaseHandle | undefined;
  try {
    const [doomed, survivor] = (await Promise.all(servers.map((server) => server.listening))) as [string, string];
    handle = await openDatabase({ url: database.url, poolSize: 3 });
    const { db } = handle;
    const event = await insertEvent(db, new Date(), { signupOpensAt: null });
    const appointment = await insertAppointment(db, event, { capacity: PLACES });
    const tokens = Array.from({ length: VISITORS }, () => newToken());
    const users = await db
      .insert(schema.users)
      .values(
        tokens.map((_, i) => ({
          email: `visitor-${i}@cluster.test`,
          passwordHash: "$argon2id$not-used",
          givenName: "Visitor",
          familyName: String(i),
          preferredLocale: "en-US" as const,
          termsAcceptedAt: new Date(),
        })),
      )
      .returning({ id: schema.users.id });
    await db.insert(schema.sessions).values(
      users.map((user, i) => ({
        tokenHash: hashToken(tokens[i] as string),
        userId: user.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const body = JSON.stringify({
      data: { type: "signups", relationships: { appointment: { data: { type: "appointments", id: appointment.id } } } },
    });

    const fromSurvivor: number[] = [];
    let retried = 0;
    const post = async (url: string, token: string, key: string): Promise<Answer> => {
      let response: Response;
      let text: string;
      try {
        response = await fetch(`${url}/api/signups`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": "application/vnd.api+json",
            "idempotency-key": key,
          },
          body,
        });
        text = await response.text();
      } catch {
        return { status: 0 };
      }
      if (url === survivor) fromSurvivor.push(response.status);
      const document = response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : {};
      return { status: response.status, signupId: document.data?.id, code: document.errors?.[0]?.code };
    };
    /** One visitor: to their process first; on a lost connection or a 5xx, again with the same key to the other. */
    const signUp = async (token: string, first: string): Promise<Answer> => {
      const key = randomUUID();
      let answer = await post(first, token, key);
      for (let attempt = 1; attempt <= RETRIES && (answer.status === 0 || answer.status >= 500); attempt++) {
        retried++;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
        answer = await post(survivor, token, key);
      }
      return answer;
    };

    // Killed once it has answered a quarter of its half of the crowd: the rest is in flight or still to come.
    const victim = servers[0] as ServerProcess;
    const answeredBeforeKill = VISITORS / 2 / 4;
    const watch = setInterval(() => {
      const answered = victim.logs.filter((line) => line.msg === "request" && line.path === "/api/signups").length;
      if (answered >= answeredBeforeKill) {
        victim.child.kill("SIGKILL");
        clearInterval(watch);
      }
    }, 1);
    const answers = await Promise.all(tokens.map((token, i) => signUp(token, i % 2 === 0 ? doomed : survivor)));
    clearInterval(watch);
    await victim.exited;
    expect(victim.child.signalCode).toBe("SIGKILL");
    expect(retried).toBeGreaterThan(0);

    const [row] = await db.select().from(schema.appointments).where(eq(schema.appointments.id, appointment.id));
    const signups = await db.select().from(schema.signups).where(eq(schema.signups.appointmentId, appointment.id));
    const acknowledged = answers.flatMap((answer) =>
      answer.status === 201 || answer.status === 200 ? [answer.signupId] : [],
    );
    const outcomes = answers.map((answer) =>
      answer.status === 201 || answer.status === 200 ? "accepted" : `${answer.status} ${answer.code}`,
    );

    // Every visitor was answered: a signup or sold out, and the survivor answered no 5xx.
    expect(new Set(outcomes)).toEqual(new Set(["accepted", "409 sold-out"]));
    expect(fromSurvivor.filter((status) => status >= 500)).toEqual([]);
    // Not oversold: places taken within capacity, one held signup per place taken.
    expect(row?.placesTaken).toBe(PLACES);
    expect(signups.filter((signup) => signup.state === "held")).toHaveLength(PLACES);
    // No visitor (one key each) has two signups.
    expect(new Set(signups.map((signup) => signup.userId)).size).toBe(signups.length);
    // Every signup a visitor was told of is there, and each was told to one visitor only.
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    expect(new Set(signups.map((signup) => signup.id))).toEqual(new Set(acknowledged));
  } finally {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill("SIGTERM");
    await Promise.all(servers.map((server) => server.exited));
    await handle?.close();
    await database.drop();
  }
});
