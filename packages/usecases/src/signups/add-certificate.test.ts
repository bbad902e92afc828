import { type DatabaseHandle, holdSignup, schema } from "@sports/db";
import { insertAppointment, insertEvent, insertPerson, openTestDatabase } from "@sports/db/testing";
import { hold, isRefusal, type Refusal } from "@sports/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDeps } from "../testing.ts";
import { addCertificate, reuseCertificate } from "./add-certificate.ts";

const NOW = new Date("2027-05-01T10:00:00Z");
const DAY = 86_400_000;
const PDF = Buffer.from("%PDF-1.4\n%%EOF\n");

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const deps = () => testDeps(database.db, NOW);
const actorOf = (userId: string) => ({ kind: "user" as const, userId });

/** A held signup of `userId` for a new race `inDays` days from now. */
async function heldSignup(userId: string, inDays: number) {
  const event = await insertEvent(database.db, NOW, { startsAt: new Date(NOW.getTime() + inDays * DAY) });
  const appointment = await insertAppointment(database.db, event);
  const transition = hold({
    id: crypto.randomUUID(),
    actor: actorOf(userId),
    availability: "open",
    holdMinutes: 15,
    now: NOW,
    places: 1,
    maxPerSignup: 4,
  });
  const held = await holdSignup(database.db, {
    transition,
    eventId: event.id,
    appointmentId: appointment.id,
    locale: "en-US",
  });
  if (held.outcome !== "created") throw new Error("expected a new signup");
  return held.signup;
}

/** A certificate uploaded with a signup and saved with its participant, valid until `expiresOn`. */
async function certificateOf(userId: string, expiresOn: string | null) {
  const signup = await heldSignup(userId, 20);
  const file = { mediaType: "application/pdf", content: PDF, fileName: "certificato.pdf" };
  const { certificate } = await addCertificate(deps(), actorOf(userId), { signupId: signup.id, file });
  await database.db.insert(schema.participants).values({
    signupId: signup.id,
    position: 1,
    givenName: "Ada",
    familyName: "Lovelace",
    consentsAcceptedAt: NOW,
    certificateId: certificate.id,
    certificateExpiresOn: expiresOn,
  });
  return certificate;
}

async function refusalOf(attempt: Promise<unknown>): Promise<Refusal> {
  const error = await attempt.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isRefusal(error)) throw new Error(`not refused: ${String(error)}`);
  return error;
}

describe("reuseCertificate", () => {
  it("keeps a copy of the person's earlier certificate with the new signup, with its expiry date", async () => {
    const user = await insertPerson(database.db);
    const earlier = await certificateOf(user.id, "2027-12-31");
    const signup = await heldSignup(user.id, 60);
    const reused = await reuseCertificate(deps(), actorOf(user.id), { signupId: signup.id, certificateId: earlier.id });
    expect(reused.expiresOn).toBe("2027-12-31");
    expect(reused.certificate).toMatchObject({ signupId: signup.id, userId: user.id, fileName: "certificato.pdf" });
    expect(reused.certificate.id).not.toBe(earlier.id);
    expect(reused.certificate.size).toBe(PDF.length);
  });

  it("refuses a certificate that has expired by the race day, or whose expiry was never given", async () => {
    const user = await insertPerson(database.db);
    // Valid for 40 more days: not on a race 60 days away.
    const lapsing = await certificateOf(user.id, new Date(NOW.getTime() + 40 * DAY).toISOString().slice(0, 10));
    const signup = await heldSignup(user.id, 60);
    const expired = await refusalOf(
      reuseCertificate(deps(), actorOf(user.id), { signupId: signup.id, certificateId: lapsing.id }),
    );
    expect(expired.code).toBe("invalid-input");
    expect(expired.problems.map((problem) => problem.code)).toEqual(["certificate-expired"]);
    const undated = await certificateOf(user.id, null);
    const unknownExpiry = await refusalOf(
      reuseCertificate(deps(), actorOf(user.id), { signupId: signup.id, certificateId: undated.id }),
    );
    expect(unknownExpiry.problems.map((problem) => problem.code)).toEqual(["certificate-expired"]);
  });

  it("refuses someone else's certificate as it refuses an unknown one", async () => {
    const owner = await insertPerson(database.db);
    const other = await insertPerson(database.db);
    const theirs = await certificateOf(owner.id, "2027-12-31");
    const signup = await heldSignup(other.id, 60);
    const stranger = await refusalOf(
      reuseCertificate(deps(), actorOf(other.id), { signupId: signup.id, certificateId: theirs.id }),
    );
    expect(stranger.code).toBe("not-found");
    const unknown = await refusalOf(
      reuseCertificate(deps(), actorOf(other.id), { signupId: signup.id, certificateId: crypto.randomUUID() }),
    );
    expect(unknown.code).toBe("not-found");
  });
});
