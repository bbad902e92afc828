import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, queueMail, schema, unsentMailCounts } from "@sports/db";
import { insertAppointment, insertEvent, openTestDatabase } from "@sports/db/testing";
import type { BillingDocumentContent } from "@sports/domain";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { CREDIT_NOTE, INVOICE } from "../billing/documents.fixture.ts";
import { createMailDelivery, retryDelayMs } from "./delivery.ts";
import { createMailer, listOutbox, type Mailer, type MailMessage, readOutboxMail } from "./mailer.ts";

/** A mailer that keeps what it is given, and fails while `failing` is set. */
function recordingMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer & { sent: MailMessage[]; failing: boolean } = {
    kind: "outbox",
    sent,
    failing: false,
    async send(message) {
      if (mailer.failing) throw new Error("relay refused");
      sent.push(message);
    },
    close() {},
  };
  return mailer;
}

const mail = (to: string, kind = "verify-email") => ({
  to,
  subject: `Hello ${to}`,
  text: "Hi",
  html: "<p>Hi</p>",
  kind,
});

let database: DatabaseHandle;
let clock: Date;
beforeEach(async () => {
  database = await openTestDatabase();
  clock = new Date("2027-05-01T10:00:00Z");
  return () => database.close();
});

describe("the mail outbox", () => {
  it("keeps a mail only when the change it reports is committed", async () => {
    await database.db.transaction(async (tx) => {
      await queueMail(tx, mail("kept@example.org"));
    });
    await database.db
      .transaction(async (tx) => {
        await queueMail(tx, mail("rolled-back@example.org"));
        throw new Error("the change failed");
      })
      .catch(() => {});
    const mailer = recordingMailer();
    await createMailDelivery({ db: database.db, mailer, now: () => clock }).deliver();
    expect(mailer.sent.map((message) => message.to)).toEqual(["kept@example.org"]);
  });

  it("sends each mail once, with its outbox id as the Message-ID, even when deliveries overlap", async () => {
    for (let n = 0; n < 45; n++) await queueMail(database.db, mail(`person-${n}@example.org`));
    const mailer = recordingMailer();
    const deliveries = [1, 2, 3].map(() => createMailDelivery({ db: database.db, mailer, now: () => clock }));
    const counts = await Promise.all(deliveries.map((delivery) => delivery.deliver()));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(45);
    expect(new Set(mailer.sent.map((message) => message.to)).size).toBe(45);
    expect(mailer.sent.every((message) => typeof message.id === "string")).toBe(true);
    expect(await unsentMailCounts(database.db)).toEqual({ pending: 0, failed: 0 });
    // Nothing is left to send a second time.
    expect(await deliveries[0]?.deliver()).toBe(0);
  });

  it("tries a failed mail again after its backoff, and keeps the relay's error meanwhile", async () => {
    const id = await queueMail(database.db, mail("later@example.org"));
    const mailer = recordingMailer();
    const delivery = createMailDelivery({ db: database.db, mailer, now: () => clock });
    mailer.failing = true;
    expect(await delivery.deliver()).toBe(0);
    const [failed] = await database.db.select().from(schema.outgoingMails).where(eq(schema.outgoingMails.id, id));
    expect(failed).toMatchObject({ attempts: 1, lastError: "relay refused", sentAt: null });
    expect(failed?.notBefore.getTime()).toBe(clock.getTime() + retryDelayMs(1));

    mailer.failing = false;
    expect(await delivery.deliver()).toBe(0);
    clock = new Date(clock.getTime() + retryDelayMs(1));
    expect(await delivery.deliver()).toBe(1);
    expect(mailer.sent.map((message) => message.to)).toEqual(["later@example.org"]);
  });

  it("lets another process send a mail whose sender died after claiming it, once its claim lapsed", async () => {
    await queueMail(database.db, mail("orphan@example.org"));
    // A process claims the mail and dies before the relay answers: its send never returns.
    const dying = createMailDelivery({
      db: database.db,
      mailer: { kind: "outbox", send: () => new Promise(() => {}), close() {} },
      now: () => clock,
    });
    void dying.deliver();
    await expect.poll(async () => (await database.db.select().from(schema.outgoingMails))[0]?.attempts).toBe(1);

    const mailer = recordingMailer();
    const survivor = createMailDelivery({ db: database.db, mailer, now: () => clock });
    expect(await survivor.deliver()).toBe(0);
    clock = new Date(clock.getTime() + 2 * 60_000);
    expect(await survivor.deliver()).toBe(1);
    expect(mailer.sent.map((message) => message.to)).toEqual(["orphan@example.org"]);
  });

  it("stops trying after its last attempt and counts the mail as failed", async () => {
    await queueMail(database.db, mail("never@example.org"));
    const mailer = recordingMailer();
    mailer.failing = true;
    const delivery = createMailDelivery({ db: database.db, mailer, now: () => clock });
    for (let attempt = 1; attempt <= 12; attempt++) {
      await delivery.deliver();
      clock = new Date(clock.getTime() + retryDelayMs(attempt));
    }
    const [row] = await database.db.select().from(schema.outgoingMails);
    expect(row?.attempts).toBe(10);
    expect(await unsentMailCounts(database.db)).toEqual({ pending: 0, failed: 1 });
  });
});

/** An issued document of a fresh signup, written straight into the table: its content is all delivery reads. */
async function insertDocument(content: BillingDocumentContent): Promise<string> {
  const event = await insertEvent(database.db, clock);
  const appointment = await insertAppointment(database.db, event);
  const [signup] = await database.db
    .insert(schema.signups)
    .values({
      eventId: event.id,
      appointmentId: appointment.id,
      state: "confirmed",
      places: 1,
      holdExpiresAt: clock,
      locale: "it-IT",
    })
    .returning();
  if (!signup) throw new Error("the signup was not written");
  const [document] = await database.db
    .insert(schema.billingDocuments)
    .values({
      kind: content.kind,
      series: content.series,
      year: content.year,
      sequence: content.sequence,
      number: content.number,
      issuedOn: content.issuedOn,
      signupId: signup.id,
      total: content.total,
      currency: content.currency,
      content,
    })
    .returning({ id: schema.billingDocuments.id });
  if (!document) throw new Error("the document was not written");
  return document.id;
}

describe("a mail with a billing document", () => {
  it("reaches the outbox with the document's PDF attached, named after its kind in the buyer's language", async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), "sports-delivery-"));
    const mailer = createMailer({ outboxDir, from: "Sport Events <no-reply@sport-events.test>" });
    try {
      const invoice = await insertDocument({ ...INVOICE, locale: "it-IT" });
      const creditNote = await insertDocument({ ...CREDIT_NOTE, locale: "en-US" });
      await queueMail(database.db, { ...mail("ada@example.org", "billing-document"), attachedDocumentId: invoice });
      await queueMail(database.db, { ...mail("bo@example.org", "billing-document"), attachedDocumentId: creditNote });
      await queueMail(database.db, mail("cy@example.org"));
      expect(await createMailDelivery({ db: database.db, mailer, now: () => clock }).deliver()).toBe(3);

      const attached = new Map<string, { filename: string; contentType: string; start: string }[]>();
      for (const entry of await listOutbox(outboxDir)) {
        const stored = await readOutboxMail(outboxDir, entry.id);
        const files = (stored?.attachments ?? []).map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          start: new TextDecoder().decode(content.subarray(0, 5)),
        }));
        attached.set(entry.to, files);
      }
      expect(Object.fromEntries(attached)).toEqual({
        "ada@example.org": [{ filename: "fattura-ASD-F-2026-12.pdf", contentType: "application/pdf", start: "%PDF-" }],
        "bo@example.org": [
          { filename: "credit-note-ASD-F-2026-15.pdf", contentType: "application/pdf", start: "%PDF-" },
        ],
        "cy@example.org": [],
      });
    } finally {
      mailer.close();
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it("fails the attempt when the document is missing, and tries again later", async () => {
    const id = await queueMail(database.db, {
      ...mail("ada@example.org", "billing-document"),
      attachedDocumentId: crypto.randomUUID(),
    });
    const mailer = recordingMailer();
    const errors: object[] = [];
    const logger = { info() {}, error: (details: object) => errors.push(details) };
    expect(await createMailDelivery({ db: database.db, mailer, now: () => clock, logger }).deliver()).toBe(0);
    expect(mailer.sent).toEqual([]);
    expect(errors).toMatchObject([{ mail: id, kind: "billing-document", attempts: 1 }]);
    const [row] = await database.db.select().from(schema.outgoingMails).where(eq(schema.outgoingMails.id, id));
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row?.lastError).toMatch(/billing document .* does not exist/);
    expect(row?.notBefore.getTime()).toBe(clock.getTime() + retryDelayMs(1));
  });
});
