import { type DatabaseHandle, insertClubEntry, schema } from "@sports/db";
import { insertPerson, openTestDatabase } from "@sports/db/testing";
import { isRefusal } from "@sports/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../accounts/secrets.ts";
import { missingOf } from "../club-entries/find.ts";
import { checkIn } from "../console/check-in.ts";
import { markPaid } from "../payments/mark-paid.ts";
import { submitSignup } from "../signups/submit.ts";
import { testDeps } from "../testing.ts";
import { remindAthletes } from "./links.ts";
import { athletePartFor, completeAthletePart, uploadAthleteCertificate } from "./part.ts";
import { resendAthleteLink } from "./resend.ts";
import { clubSignup } from "./testing.ts";

/**
 * A club's athletes' own part (docs/decisions/068-club-entries.md), on a real database: their links
 * mailed when the club's signup is confirmed, the part given once through a link, reminders with a
 * new link voiding the old, and the check-in desk refusing an athlete who has not given theirs.
 */

const NOW = new Date("2027-05-01T10:00:00Z");
const DAY = 86_400_000;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

let database: DatabaseHandle;
let organiser: { kind: "organiser"; userId: string };
beforeAll(async () => {
  database = await openTestDatabase();
  organiser = { kind: "organiser", userId: (await insertPerson(database.db)).id };
});
afterAll(() => database.close());

const deps = (now = NOW) => testDeps(database.db, now);
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

/** The athletes' link mails written to these addresses, oldest first, each with the token it carries. */
async function linkMails(addresses: string[]) {
  const mails = await database.db
    .select()
    .from(schema.outgoingMails)
    .where(
      and(
        inArray(schema.outgoingMails.to, addresses),
        inArray(schema.outgoingMails.kind, ["athlete-link", "athlete-reminder"]),
      ),
    )
    .orderBy(asc(schema.outgoingMails.createdAt), asc(schema.outgoingMails.kind));
  return mails.map((mail) => ({
    ...mail,
    token: /\/it-IT\/atleta\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? "",
  }));
}

async function refusalOf(attempt: Promise<unknown>) {
  try {
    await attempt;
  } catch (error) {
    if (isRefusal(error)) return { code: error.code, meta: error.meta, problems: error.problems };
    throw error;
  }
  throw new Error("not refused");
}

const participantRow = async (id: string) =>
  (await database.db.select().from(schema.participants).where(eq(schema.participants.id, id)))[0];

/** A club's signup confirmed by the organiser marking its bank transfer paid, with unique addresses. */
async function confirmedClubSignup(options: Parameters<typeof clubSignup>[2] = {}) {
  const tag = crypto.randomUUID().slice(0, 8);
  const athletes = [
    { givenName: "Luca", familyName: "Bianchi", email: `luca-${tag}@example.org`, consentsAcceptedAt: null },
    { givenName: "Sara", familyName: "Verdi", email: `sara-${tag}@example.org`, consentsAcceptedAt: null },
    { givenName: "Paolo", familyName: "Neri", email: null, consentsAcceptedAt: null },
  ];
  const made = await clubSignup(database.db, NOW, { athletes, ...options });
  await markPaid(deps(), organiser, { signupId: made.signup.id });
  const addresses = athletes.flatMap((athlete) => (athlete.email ? [athlete.email] : []));
  return { ...made, addresses };
}

describe("an athlete's link", () => {
  it("is mailed at confirmation to each athlete with an address, in the signup's language", async () => {
    const { participants, addresses, appointment } = await confirmedClubSignup();
    const mails = await linkMails(addresses);
    expect(mails.map((mail) => [mail.to, mail.kind, mail.signupId])).toEqual([
      [addresses[0], "athlete-link", null],
      [addresses[1], "athlete-link", null],
    ]);
    const [luca] = mails;
    expect(luca?.subject).toMatch(/^Completa la tua iscrizione: /);
    expect(luca?.text).toContain("Atletica Valle ti ha iscritto a");
    expect(luca?.text).toContain("il certificato medico");
    const rows = await Promise.all(participants.map((one) => participantRow(one.id)));
    expect(rows.map((row) => row?.athleteLinkHash)).toEqual([
      hashToken(mails[0]?.token ?? ""),
      hashToken(mails[1]?.token ?? ""),
      null,
    ]);
    expect(rows[0]?.athleteLinkExpiresAt).toEqual(appointment.signupDeadline);
  });

  it("is mailed when a free club signup is confirmed at its submission", async () => {
    const made = await clubSignup(database.db, NOW, {
      state: "held",
      athletes: [{ givenName: "Eva", familyName: "Sala", email: "eva.sala@example.org", consentsAcceptedAt: null }],
    });
    await database.db
      .update(schema.appointments)
      .set({ priceTiers: [{ until: null, amount: 0 }] })
      .where(eq(schema.appointments.id, made.appointment.id));
    const manager = { kind: "user" as const, userId: made.manager.id };
    await submitSignup(deps(), manager, { signupId: made.signup.id, termsAccepted: true });
    expect((await linkMails(["eva.sala@example.org"])).map((mail) => mail.kind)).toEqual(["athlete-link"]);
  });

  it("shows the athlete their own part, takes it once, and links their account", async () => {
    const { participants, addresses, club, event } = await confirmedClubSignup();
    const [luca, sara] = participants;
    const token = (await linkMails(addresses)).find((mail) => mail.to === addresses[0])?.token ?? "";
    const view = await athletePartFor(deps(), token);
    expect(view.participant.id).toBe(luca?.id);
    expect([view.club, view.event.id, view.missing]).toEqual([
      "Atletica Valle",
      event.id,
      ["consents", "emergency-contact", "certificate"],
    ]);

    // Each problem at its field, the link still good.
    const certificate = await uploadAthleteCertificate(deps(), token, {
      mediaType: "application/pdf",
      content: PDF,
      fileName: "certificato.pdf",
    });
    const refused = await refusalOf(
      completeAthletePart(deps(), { kind: "visitor" }, token, {
        termsAccepted: true,
        certificateId: certificate.id,
        certificateExpiresOn: "2027-05-30",
      }),
    );
    expect(refused.code).toBe("invalid-input");
    expect(refused.problems?.map((problem) => [problem.attribute, problem.code])).toEqual([
      ["privacyAccepted", "required"],
      ["emergencyContactName", "required"],
      ["emergencyContactPhone", "required"],
      ["certificateExpiresOn", "certificate-expired"],
    ]);

    // Logged in with the address the link was mailed to: the club's roster entry becomes theirs.
    const [rostered] = await database.db
      .insert(schema.clubAthletes)
      .values({ clubId: club.id, givenName: "Luca", familyName: "Bianchi", email: addresses[0] })
      .returning();
    await database.db
      .update(schema.participants)
      .set({ clubAthleteId: rostered?.id })
      .where(eq(schema.participants.id, luca?.id ?? ""));
    const account = await insertPerson(database.db, { email: addresses[0] });
    const done = await completeAthletePart(deps(at(1)), { kind: "user", userId: account.id }, token, {
      termsAccepted: true,
      privacyAccepted: true,
      emergencyContactName: "Marta Bianchi",
      emergencyContactPhone: "+39 333 1234567",
      certificateId: certificate.id,
      certificateExpiresOn: "2027-12-31",
    });
    expect(done.missing).toEqual([]);
    expect(await participantRow(luca?.id ?? "")).toMatchObject({
      consentsAcceptedAt: at(1),
      athleteCompletedAt: at(1),
      athleteLinkHash: null,
      certificateId: certificate.id,
      certificateExpiresOn: "2027-12-31",
      emergencyContactPhone: "+39 333 1234567",
    });
    const [linked] = await database.db
      .select()
      .from(schema.clubAthletes)
      .where(eq(schema.clubAthletes.id, rostered?.id ?? ""));
    expect(linked?.userId).toBe(account.id);

    // Spent: refused as any unknown link; so is a token of another shape, and Sara's past its lapse.
    expect((await refusalOf(athletePartFor(deps(at(1)), token))).code).toBe("invalid-token");
    expect((await refusalOf(athletePartFor(deps(), "not-a-token"))).code).toBe("invalid-token");
    const saraToken = (await linkMails(addresses)).find((mail) => mail.to === addresses[1])?.token ?? "";
    expect((await athletePartFor(deps(at(9)), saraToken)).participant.id).toBe(sara?.id);
    expect((await refusalOf(athletePartFor(deps(at(10)), saraToken))).code).toBe("invalid-token");
  });

  it("is mailed again, new, 7 and 2 days before it lapses, to whoever still misses a part", async () => {
    const { addresses } = await confirmedClubSignup({ medicalCertificate: "none" });
    const [first] = (await linkMails(addresses)).filter((mail) => mail.to === addresses[1]);
    // Luca gives his part; Sara does not. Their links lapse 10 days from now.
    const lucaToken = (await linkMails(addresses)).find((mail) => mail.to === addresses[0])?.token ?? "";
    const part = {
      termsAccepted: true,
      privacyAccepted: true,
      emergencyContactName: "Ada",
      emergencyContactPhone: "051 123456",
    };
    await completeAthletePart(deps(), { kind: "visitor" }, lucaToken, part);

    // The other tests' athletes share the database: only this signup's reminders are counted.
    const reminders = async () => (await linkMails(addresses)).filter((mail) => mail.kind === "athlete-reminder");
    const remindedAt = async (days: number) => {
      await remindAthletes(deps(at(days)));
      return (await reminders()).length;
    };
    expect(await remindedAt(2)).toBe(0);
    expect(await remindedAt(3.5)).toBe(1);
    expect(await remindedAt(4)).toBe(1);
    const [reminder] = await reminders();
    expect([reminder?.to, reminder?.subject.startsWith("Promemoria: ")]).toEqual([addresses[1], true]);
    const second = reminder?.token ?? "";
    expect((await refusalOf(athletePartFor(deps(at(4)), first?.token ?? ""))).code).toBe("invalid-token");
    expect((await athletePartFor(deps(at(4)), second)).missing).toEqual(["consents", "emergency-contact"]);

    expect(await remindedAt(8.5)).toBe(2);
    expect(await remindedAt(9)).toBe(2);
    expect((await refusalOf(athletePartFor(deps(at(9)), second))).code).toBe("invalid-token");
  });
});

describe("an athlete's link mailed again", () => {
  it("goes at a manager's asking, new, at most once in ten minutes, until the links lapse", async () => {
    const { participants, addresses, club, appointment, manager, signup } = await confirmedClubSignup();
    const entry = await insertClubEntry(database.db, {
      clubId: club.id,
      appointmentId: appointment.id,
      createdBy: manager.id,
      source: "roster",
      rows: [],
      at: NOW,
    });
    await database.db
      .update(schema.clubEntries)
      .set({ state: "held", signupId: signup.id })
      .where(eq(schema.clubEntries.id, entry.id));
    const [luca, , paolo] = participants;
    const resend = (
      when: Date,
      participantId = luca?.id ?? "",
      actor = { kind: "user" as const, userId: manager.id },
    ) => resendAthleteLink(deps(when), actor, { entryId: entry.id, participantId });
    const [first] = await linkMails([addresses[0] ?? ""]);

    // The confirmation's mail went just now: not yet, and when.
    await expect(resend(at(0))).rejects.toMatchObject({ code: "too-many-requests", retryAfterSeconds: 600 });
    const later = new Date(NOW.getTime() + 11 * 60_000);
    const again = await resend(later);
    expect(again).toMatchObject({ participantId: luca?.id, mailedAt: later });
    const mails = await linkMails([addresses[0] ?? ""]);
    expect(mails.map((mail) => mail.kind)).toEqual(["athlete-link", "athlete-reminder"]);
    expect((await refusalOf(athletePartFor(deps(later), first?.token ?? ""))).code).toBe("invalid-token");
    expect((await athletePartFor(deps(later), mails[1]?.token ?? "")).participant.id).toBe(luca?.id);
    const listed = await missingOf(deps(later), { kind: "user", userId: manager.id }, entry.id);
    expect(listed.map((one) => one.mailedAt)).toEqual([later, NOW, null]);
    expect((await refusalOf(resend(later))).code).toBe("too-many-requests");

    const stranger = { kind: "user" as const, userId: (await insertPerson(database.db)).id };
    expect((await refusalOf(resend(at(1), luca?.id, stranger))).code).toBe("not-found");
    expect((await refusalOf(resend(at(1), paolo?.id))).code).toBe("wrong-state");
    expect((await refusalOf(resend(at(10)))).code).toBe("closed");
    expect(await linkMails([addresses[0] ?? ""])).toHaveLength(2);
  });
});

describe("the check-in desk", () => {
  it("refuses a club's athlete who has not given their part, and checks them in once they have", async () => {
    const { participants, addresses, event } = await confirmedClubSignup({ medicalCertificate: "none" });
    const [luca] = participants;
    const staff = { kind: "staff" as const, userId: organiser.userId };
    const raceDay = new Date(event.startsAt.getTime() - 3_600_000);
    const participantId = luca?.id ?? "";
    expect(await refusalOf(checkIn(deps(raceDay), staff, { participantId }))).toMatchObject({
      code: "participant-incomplete",
      meta: { missing: ["consents", "emergency-contact"], participantId, givenName: "Luca", familyName: "Bianchi" },
    });
    const token = (await linkMails(addresses)).find((mail) => mail.to === addresses[0])?.token ?? "";
    await completeAthletePart(deps(), { kind: "visitor" }, token, {
      termsAccepted: true,
      privacyAccepted: true,
      emergencyContactName: "Marta Bianchi",
      emergencyContactPhone: "+39 333 1234567",
    });
    expect((await checkIn(deps(raceDay), staff, { participantId })).checkedInAt).toEqual(raceDay);
  });
});
