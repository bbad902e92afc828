import { startStripeFake } from "@sports/api/testing";
import { insertSession, insertUser, openDatabase, schema } from "@sports/db";
import { createPostgresDatabase, insertAppointment, insertEvent, testDatabaseUrl } from "@sports/db/testing";
import { hashToken, newToken } from "@sports/usecases";
import { eq } from "drizzle-orm";
import pg from "pg";
import { expect, it } from "vitest";
import { startServerProcess } from "./testing/process.ts";

const WEBHOOK_SECRET = "whsec_crash";

/**
 * Stripe's confirmation reaches the server, which is killed (SIGKILL) before it writes anything:
 * a test transaction holds the signup's row lock, so the webhook waits right before its write. The
 * provider never got a 2xx, so it delivers again; the restarted server completes the payment, once.
 */
it("completes a payment once when the server dies between the provider's confirmation and the database write", async () => {
  if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is needed for *.pg.test.ts");
  const database = await createPostgresDatabase(testDatabaseUrl, { migrated: false });
  const stripe = await startStripeFake();
  const env = {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: "3",
    DEMO_DATA: "false",
    PAYMENT_PROVIDERS: "stripe",
    STRIPE_SECRET_KEY: "sk_test_crash",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  };
  let server = startServerProcess(env);
  const handle = await (async () => {
    await server.listening;
    return openDatabase({ url: database.url, poolSize: 2 });
  })();
  const locker = new pg.Client({ connectionString: database.url });
  await locker.connect();
  try {
    let url = await server.listening;
    const { db } = handle;
    const event = await insertEvent(db, new Date(), { signupOpensAt: null });
    const appointment = await insertAppointment(db, event, { capacity: 5 });
    const user = await insertUser(db, {
      email: "crash@example.org",
      passwordHash: "$argon2id$not-used",
      givenName: "Ada",
      familyName: "Runner",
      preferredLocale: "en-US",
      termsAcceptedAt: new Date(),
    });
    if (user === "email-taken") throw new Error("taken");
    const token = newToken();
    await insertSession(db, {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/vnd.api+json" },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: await response.json() };
    };

    const held = await call("POST", "/api/signups", {
      data: { type: "signups", relationships: { appointment: { data: { type: "appointments", id: appointment.id } } } },
    });
    const signupId = held.body.data.id as string;
    const people = await call("PATCH", `/api/signups/${signupId}/participants`, {
      data: [
        {
          type: "participants",
          attributes: {
            givenName: "Ada",
            familyName: "Runner",
            birthDate: "1990-04-12",
            gender: "female",
            email: "ada@example.org",
            phone: "+39 051 000000",
            nationality: "IT",
            emergencyContactName: "Bruno Runner",
            emergencyContactPhone: "+39 051 111111",
            termsAccepted: true,
            privacyAccepted: true,
          },
        },
      ],
    });
    expect([people.status, people.body.errors?.[0]]).toEqual([200, undefined]);
    const submitted = await call("PATCH", `/api/signups/${signupId}`, {
      data: {
        type: "signups",
        id: signupId,
        attributes: { state: "awaiting-payment", paymentMethod: "stripe", termsAccepted: true },
      },
    });
    expect([submitted.status, submitted.body.errors?.[0]]).toEqual([200, undefined]);
    const started = await call("POST", "/api/payments", {
      data: { type: "payments", relationships: { signup: { data: { type: "signups", id: signupId } } } },
    });
    expect(started.status).toBe(201);
    const sessionId = stripe.sessions.at(-1)?.id as string;
    stripe.complete(sessionId);
    const { body, signature } = stripe.signedPayload(
      stripe.event("checkout.session.completed", stripe.session(sessionId)),
      WEBHOOK_SECRET,
    );
    const deliver = () =>
      fetch(`${url}/api/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      });

    // The first delivery verifies the signature, then waits for the signup's lock: kill it there.
    await locker.query("begin");
    await locker.query("select id from signups where id = $1 for update", [signupId]);
    const first = deliver().then(
      (response) => response.status,
      () => "connection lost",
    );
    for (let waited = 0; ; waited += 50) {
      const { rows } = await locker.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if (rows[0].n > 0) break;
      if (waited > 10_000) throw new Error("the webhook never reached the database");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    server.child.kill("SIGKILL");
    expect(await first).toBe("connection lost");
    await server.exited;
    await locker.query("rollback");

    const state = async () => {
      const [signup] = await db.select().from(schema.signups).where(eq(schema.signups.id, signupId));
      const payments = await db.select().from(schema.payments).where(eq(schema.payments.signupId, signupId));
      return { signup: signup?.state, payments: payments.map((p) => p.state) };
    };
    expect(await state()).toEqual({ signup: "awaiting-payment", payments: ["pending"] });

    // Stripe delivers again, to the restarted server; and once more, as it may.
    server = startServerProcess(env);
    url = await server.listening;
    expect((await deliver()).status).toBe(200);
    expect((await deliver()).status).toBe(200);
    expect(await state()).toEqual({ signup: "confirmed", payments: ["paid"] });
    const paid = await db.select().from(schema.paymentAudit).where(eq(schema.paymentAudit.toState, "paid"));
    expect(paid).toHaveLength(1);
    const confirmations = await db.select().from(schema.signupAudit).where(eq(schema.signupAudit.signupId, signupId));
    expect(confirmations.filter((entry) => entry.action === "confirm")).toHaveLength(1);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    await locker.end();
    await handle.close();
    await stripe.close();
    await database.drop();
  }
});
