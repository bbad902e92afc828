import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { remindCertificates } from "@sports/usecases";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { PDF, runner, signupClient } from "./test-client.ts";

const DAY = 86_400_000;
const clock = NOW;
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ now: () => clock });
});
afterAll(() => api.database.close());

const { visitor, send, start, participants, submit } = signupClient(() => api);

/** A race 30 days after NOW (2027-05-31 in Rome), asking for a competitive certificate. */
async function race(eventOverrides = {}) {
  const event = await insertEvent(api.database.db, NOW, {
    signupOpensAt: null,
    medicalCertificate: "competitive",
    timeZone: "Europe/Rome",
    ...eventOverrides,
  });
  const appointment = await insertAppointment(api.database.db, event, { capacity: 10 });
  return { event, appointment };
}

/** A signup for `race`, its one participant given as `person`, submitted for a bank transfer. */
async function submitted(eventOverrides = {}, person: object = {}) {
  const { event, appointment } = await race(eventOverrides);
  const owner = await visitor();
  const id = (await start(owner.token, appointment.id)).body.data.id as string;
  const filled = await participants(owner.token, id, [runner(person)]);
  expect(filled.status, JSON.stringify(filled.body)).toBe(200);
  const paid = await submit(owner.token, id, "bank-transfer");
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { event, owner, id };
}

async function confirmed(eventOverrides = {}, person: object = {}) {
  const signup = await submitted(eventOverrides, person);
  await api.database.db.update(schema.signups).set({ state: "confirmed" }).where(eq(schema.signups.id, signup.id));
  return signup;
}

const uploadFor = (token: string, id: string, query: string) =>
  send(token, "POST", `/api/signups/${id}/certificates?${query}`, PDF, {
    "content-type": "application/pdf",
    "content-disposition": 'attachment; filename="cert.pdf"',
  });

const participantRow = async (signupId: string) =>
  (await api.database.db.select().from(schema.participants).where(eq(schema.participants.signupId, signupId)))[0];

describe("a certificate to upload later", () => {
  it("lets a participant be signed up without one only where the event takes it later", async () => {
    const { appointment } = await race();
    const owner = await visitor();
    const id = (await start(owner.token, appointment.id)).body.data.id;
    const refused = await participants(owner.token, id, [runner()]);
    expect(refused.body.errors.map((e: { code: string }) => e.code)).toEqual(["certificate-required", "required"]);
    const later = await submitted({ certificateLater: true });
    expect((await participantRow(later.id))?.certificateId).toBeNull();
  });

  it("is uploaded from My signups after confirmation, its review pending again, with an audit line", async () => {
    const { owner, id } = await confirmed({ certificateLater: true });
    const added = await uploadFor(owner.token, id, "participant=1&expiresOn=2027-12-31");
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data.meta.expiresOn).toBe("2027-12-31");
    const row = await participantRow(id);
    expect(row).toMatchObject({ certificateId: added.body.data.id, certificateExpiresOn: "2027-12-31" });
    expect(row?.certificateReview).toBeNull();
    const lines = await api.database.db
      .select()
      .from(schema.auditEntries)
      .where(and(eq(schema.auditEntries.subjectId, id), eq(schema.auditEntries.action, "certificate-uploaded")));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actorKind: "user", actorUserId: owner.id });
    // Pending now: nothing to replace until the organiser rejects it.
    const again = await uploadFor(owner.token, id, "participant=1&expiresOn=2027-12-31");
    expect([again.status, again.body.errors[0].code]).toEqual([409, "wrong-state"]);
    await api.database.db
      .update(schema.participants)
      .set({
        certificateReview: "rejected",
        certificateReviewReason: "Unreadable",
        certificateReviewedBy: owner.id,
        certificateReviewedAt: clock,
      })
      .where(eq(schema.participants.signupId, id));
    // The runner reads the organiser's word and reason, never who gave it or when a reminder went.
    const read = await send(owner.token, "GET", `/api/signups/${id}?include=participants`);
    const attributes = read.body.included.find(
      (resource: { type: string }) => resource.type === "participants",
    )?.attributes;
    expect(attributes).toMatchObject({ certificateReview: "rejected", certificateReviewReason: "Unreadable" });
    expect(attributes).not.toHaveProperty("certificateReviewedBy");
    expect(attributes).not.toHaveProperty("certificateRemindedDays");
    expect((await uploadFor(owner.token, id, "participant=1&expiresOn=2028-01-31")).status).toBe(201);
    expect(await participantRow(id)).toMatchObject({ certificateReview: null, certificateReviewReason: null });
    // Kept on the runner's saved participant, to be offered again.
    const saved = await send(owner.token, "GET", "/api/users/me/participants");
    expect(saved.body.data[0].meta.certificate.expiresOn).toBe("2028-01-31");
  });

  it("refuses one that lapses before race day, naming the day, and someone else's signup", async () => {
    const { owner, id } = await confirmed({ certificateLater: true });
    const lapsing = await uploadFor(owner.token, id, "participant=1&expiresOn=2027-05-30");
    expect(lapsing.status).toBe(400);
    expect(lapsing.body.errors[0]).toMatchObject({
      code: "certificate-expired",
      detail: "The certificate must be valid on 2027-05-31.",
    });
    const stranger = await visitor();
    expect((await uploadFor(stranger.token, id, "participant=1&expiresOn=2027-12-31")).status).toBe(403);
    const nobody = await uploadFor(owner.token, id, "participant=2&expiresOn=2027-12-31");
    expect(nobody.status).toBe(404);
    const bad = await uploadFor(owner.token, id, "participant=1&expiresOn=31-12-2027");
    expect([bad.status, bad.body.errors[0].source]).toEqual([400, { parameter: "expiresOn" }]);
    expect((await participantRow(id))?.certificateId).toBeNull();
  });
});

describe("certificate reminders", () => {
  const outbox = (signupId: string) =>
    api.database.db
      .select()
      .from(schema.outgoingMails)
      .where(and(eq(schema.outgoingMails.signupId, signupId), eq(schema.outgoingMails.kind, "certificate-reminder")));
  const remind = (at: Date) =>
    remindCertificates({ db: api.database.db, now: at, siteUrl: "https://example.org", mailQueued: () => {} });

  it("mails the owner once per threshold, in the account's language, even from two processes at once", async () => {
    const { id } = await confirmed({ certificateLater: true, certificateReminderDays: [14, 7] });
    await submitted({ certificateLater: true, certificateReminderDays: [14, 7] }); // unpaid: never reminded
    const day = (n: number) => new Date(NOW.getTime() + n * DAY);
    await remind(day(15)); // 15 days away: nothing due
    expect(await outbox(id)).toHaveLength(0);
    await Promise.all([remind(day(16)), remind(day(16))]); // 14 days away, twice at once
    const first = await outbox(id);
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toMatch(/^Manca il certificato medico/);
    expect(first[0]?.text).toContain("https://example.org/it-IT/modificaDati#iscrizioni");
    expect(first[0]?.text).toContain("Mancano 14 giorni a");
    expect((await participantRow(id))?.certificateRemindedDays).toBe(14);
    await remind(day(17));
    expect(await outbox(id)).toHaveLength(1);
    await remind(day(23)); // 7 days away
    expect(await outbox(id)).toHaveLength(2);
    await remind(day(29));
    expect(await outbox(id)).toHaveLength(2);
  });

  it("stops once the certificate is there", async () => {
    const { owner, id } = await confirmed({ certificateLater: true, certificateReminderDays: [14] });
    expect((await uploadFor(owner.token, id, "participant=1&expiresOn=2027-12-31")).status).toBe(201);
    await remind(new Date(NOW.getTime() + 20 * DAY));
    expect(await outbox(id)).toHaveLength(0);
  });
});
