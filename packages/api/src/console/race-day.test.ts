import { schema } from "@sports/db";
import { livePayments } from "@sports/payments";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runner } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";
import { raceDayFixtures } from "./testing/race-day.ts";

let clock = NOW;
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({
    now: () => clock,
    organiserEmails: [CONSOLE_ORGANISER],
    payments: livePayments({ providers: ["demo"] }),
  });
});
afterAll(() => api.database.close());

const team = teamClient(() => api);
let organiserPerson: Awaited<ReturnType<typeof team.organiser>> | undefined;
/** The one organiser of these tests (their address registers once). */
const organiser = async () => {
  organiserPerson ??= await team.organiser();
  return organiserPerson;
};
const fixtures = raceDayFixtures(() => api);

async function ticketsOfSignup(signupId: string) {
  return api.database.db
    .select({ id: schema.participants.id, code: schema.participants.ticketCode, bib: schema.bibs.number })
    .from(schema.participants)
    .leftJoin(schema.bibs, eq(schema.bibs.participantId, schema.participants.id))
    .where(eq(schema.participants.signupId, signupId))
    .orderBy(schema.participants.position);
}

/** RFC 4180 read back: quoted fields may hold the delimiter, quotes (doubled) and line breaks. */
function parseCsv(text: string, delimiter = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === delimiter) {
      row.push(field);
      field = "";
    } else if (character === "\n" || character === "\r") {
      if (character === "\r" && text[index + 1] === "\n") index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += character;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

const checkInBody = (attributes: object, relationships: object = {}) => ({
  data: { type: "check-ins", attributes, relationships },
});

describe("the owner's tickets", () => {
  it("carry the bib once given, for a confirmed signup only", async () => {
    const { appointment } = await fixtures.race({ bibFirst: 300, bibLast: 400 });
    const { owner, read } = await fixtures.signup(appointment.id);
    const person = read.body.included.find((one: { type: string }) => one.type === "participants");
    expect(person.attributes).toMatchObject({ bib: 300, ticketCode: expect.any(String) });
    const unpaid = await fixtures.signup(appointment.id, [runner()], false);
    const waiting = unpaid.read.body.included.find((one: { type: string }) => one.type === "participants");
    expect(waiting.attributes.bib).toBeUndefined();
    expect(waiting.attributes.ticketCode).toBeNull();
    expect(owner.token).not.toBe(unpaid.owner.token);
  });
});

describe("POST /api/check-ins", () => {
  it("checks a confirmed participant in once: 201, then 409 with when; organisers and staff only", async () => {
    const { appointment } = await fixtures.race({ bibFirst: 1, bibLast: 100 });
    const { id } = await fixtures.signup(appointment.id);
    const [ticket] = await ticketsOfSignup(id);
    expect(ticket?.code).toBeTruthy();
    expect(ticket?.bib).toBe(1);
    const runnerPerson = await team.runner();
    const refused = await team.send(
      "POST",
      "/api/check-ins",
      checkInBody({ ticketCode: ticket?.code }),
      runnerPerson.headers,
    );
    expect(refused.status).toBe(403);
    const staff = await team.staff();
    // Typed as read aloud: lower case, with a dash.
    const typed = `${ticket?.code?.slice(0, 5).toLowerCase()}-${ticket?.code?.slice(5)}`;
    const first = await team.send("POST", "/api/check-ins", checkInBody({ ticketCode: typed }), staff.headers);
    expect(first.status).toBe(201);
    expect(first.body.included[0].attributes).toMatchObject({ givenName: "Ada", familyName: "Runner", bib: 1 });
    const second = await team.send("POST", "/api/check-ins", checkInBody({ ticketCode: ticket?.code }), staff.headers);
    expect(second.status).toBe(409);
    expect(second.body.errors[0].code).toBe("already-checked-in");
    expect(second.body.errors[0].meta).toEqual({
      checkedInAt: first.body.data.attributes.checkedInAt,
      participantId: ticket?.id,
      givenName: "Ada",
      familyName: "Runner",
    });
    const boss = await organiser();
    const log = await team.send(
      "GET",
      `/api/audit-entries?filter[subjectType]=participants&filter[subjectId]=${ticket?.id}`,
      undefined,
      boss.headers,
    );
    expect(log.body.data.map((entry: { attributes: { action: string } }) => entry.attributes.action)).toEqual([
      "check-in",
    ]);
  });

  it("makes exactly one check-in of two at once", async () => {
    const { appointment } = await fixtures.race();
    const { id } = await fixtures.signup(appointment.id);
    const [ticket] = await ticketsOfSignup(id);
    const staff = await team.staff();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        team.send("POST", "/api/check-ins", checkInBody({ ticketCode: ticket?.code }), staff.headers),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  });

  it("refuses an unknown code (404), a signup not confirmed (409), and finds by bib, participant and name", async () => {
    const { event, appointment } = await fixtures.race({ bibFirst: 500, bibLast: 600 });
    const staff = await team.staff();
    const unknown = await team.send("POST", "/api/check-ins", checkInBody({ ticketCode: "ZZZZZZZZZZ" }), staff.headers);
    expect(unknown.status).toBe(404);
    const unpaid = await fixtures.signup(appointment.id, [runner({ familyName: "Unpaid" })], false);
    const [unpaidParticipant] = await ticketsOfSignup(unpaid.id);
    const notConfirmed = await team.send(
      "POST",
      "/api/check-ins",
      checkInBody({}, { participant: { data: { type: "participants", id: unpaidParticipant?.id } } }),
      staff.headers,
    );
    expect(notConfirmed.status).toBe(409);
    expect(notConfirmed.body.errors[0].code).toBe("not-confirmed");

    await fixtures.signup(appointment.id, [runner({ givenName: "Zoë", familyName: "Éclair" })]);
    // Typed without the accents, or with them.
    const byName = await team.send("GET", "/api/participants?filter[search]=zoe%20eclair", undefined, staff.headers);
    expect(byName.status).toBe(200);
    const byAccentedName = await team.send(
      "GET",
      `/api/participants?filter[search]=${encodeURIComponent("ÉCLAIR")}`,
      undefined,
      staff.headers,
    );
    expect(byAccentedName.body.data.map((p: { id: string }) => p.id)).toEqual(
      byName.body.data.map((p: { id: string }) => p.id),
    );
    const found = byName.body.data[0];
    expect(found.attributes).toMatchObject({ familyName: "Éclair", bib: 500 });
    const byBibSearch = await team.send(
      "GET",
      `/api/participants?filter[search]=500&filter[event]=${event.id}`,
      undefined,
      staff.headers,
    );
    expect(byBibSearch.body.data.map((p: { id: string }) => p.id)).toEqual([found.id]);
    const byBib = await team.send(
      "POST",
      "/api/check-ins",
      checkInBody({ bib: 500 }, { event: { data: { type: "events", id: event.id } } }),
      staff.headers,
    );
    expect(byBib.status).toBe(201);
    expect(byBib.body.data.relationships.participant.data.id).toBe(found.id);
    const bibWithoutEvent = await team.send("POST", "/api/check-ins", checkInBody({ bib: 500 }), staff.headers);
    expect(bibWithoutEvent.status).toBe(400);
  });
});

describe("the check-in window", () => {
  it("opens at the start of the day the event's days before the race, in its time zone, and closes as it ends", async () => {
    // NOW is midnight in Honolulu (UTC-10): the first moment of the day before a race there on
    // 2 May at 20:00, which is 3 May in UTC (whose day before would start ten hours later).
    const startsAt = new Date("2027-05-03T06:00:00Z");
    const { appointment } = await fixtures.race(
      {},
      { timeZone: "Pacific/Honolulu", checkInOpensDaysBefore: 1, startsAt, endsAt: new Date("2027-05-03T10:00:00Z") },
    );
    const early = await fixtures.signup(appointment.id);
    const late = await fixtures.signup(appointment.id);
    const staff = await team.staff();
    const checkIn = async (signupId: string, at: Date) => {
      const [ticket] = await ticketsOfSignup(signupId);
      clock = at;
      try {
        return await team.send("POST", "/api/check-ins", checkInBody({ ticketCode: ticket?.code }), staff.headers);
      } finally {
        clock = NOW;
      }
    };
    const before = await checkIn(early.id, new Date(NOW.getTime() - 1));
    expect(before.status).toBe(409);
    expect(before.body.errors[0]).toMatchObject({
      code: "check-in-not-open",
      meta: { opensOn: "2027-05-01", closesAt: appointment.endsAt.toISOString(), givenName: "Ada" },
    });
    expect((await checkIn(early.id, NOW)).status).toBe(201);
    expect((await checkIn(late.id, appointment.endsAt)).body.errors[0].code).toBe("check-in-not-open");
    expect((await checkIn(late.id, new Date(appointment.endsAt.getTime() - 1))).status).toBe(201);
  });

  it("closes a signup to its owner's cancellation and transfers once one of its people is checked in", async () => {
    const { appointment } = await fixtures.race(
      {},
      { participantsPerSignup: 2, cancellationDaysBefore: 5, transferDaysBefore: 5, refundDaysBefore: 5 },
    );
    const { id, owner } = await fixtures.signup(appointment.id, [runner(), runner({ givenName: "Bea" })]);
    const attributes = async () => (await fixtures.send(owner.token, "GET", `/api/signups/${id}`)).body.data.attributes;
    expect(await attributes()).toMatchObject({ cancellable: true, transferable: true });
    const [ada] = await ticketsOfSignup(id);
    const staff = await team.staff();
    expect(
      (await team.send("POST", "/api/check-ins", checkInBody({ ticketCode: ada?.code }), staff.headers)).status,
    ).toBe(201);
    expect(await attributes()).toMatchObject({
      state: "confirmed",
      cancellable: false,
      transferable: false,
      refund: null,
    });
    const cancelled = await fixtures.send(owner.token, "PATCH", `/api/signups/${id}`, {
      data: { type: "signups", id, attributes: { state: "cancelled" } },
    });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.errors[0].code).toBe("already-checked-in");
    expect((await attributes()).state).toBe("confirmed");
  });
});

describe("the certificate at the desk, and undoing a check-in", () => {
  it("refuses a runner without an approved certificate (409, the reason), checks them in when confirmed, undoes", async () => {
    // The race is 30 days away: a certificate valid for 20 more days lapses before it.
    const { appointment } = await fixtures.race({}, { medicalCertificate: "competitive", certificateLater: true });
    const { id } = await fixtures.signup(appointment.id);
    const [ada] = await ticketsOfSignup(id);
    const staff = await team.staff();
    const post = (attributes: object) =>
      team.send("POST", "/api/check-ins", checkInBody({ ticketCode: ada?.code, ...attributes }), staff.headers);
    const refused = async () => (await post({})).body.errors[0];
    expect(await refused()).toMatchObject({
      status: "409",
      code: "certificate-not-approved",
      meta: { reason: "missing", participantId: ada?.id, givenName: "Ada", familyName: "Runner" },
    });
    const [file] = await api.database.db
      .insert(schema.certificates)
      .values({ signupId: id, mediaType: "application/pdf", fileName: "c.pdf", size: 1, content: Buffer.from("x") })
      .returning();
    const certificate = (expiresOn: string) =>
      api.database.db
        .update(schema.participants)
        .set({ certificateId: file?.id, certificateExpiresOn: expiresOn })
        .where(eq(schema.participants.id, ada?.id ?? ""));
    await certificate(new Date(NOW.getTime() + 20 * 86_400_000).toISOString().slice(0, 10));
    expect((await refused()).meta.reason).toBe("expired");
    await certificate("2099-12-31");
    expect((await refused()).meta.reason).toBe("pending");

    const confirmed = await post({ confirmWithoutCertificate: true });
    expect(confirmed.status).toBe(201);
    const checkInId = confirmed.body.data.id;
    expect(checkInId).not.toBe(ada?.id);
    expect(confirmed.body.data.attributes).toMatchObject({ withoutCertificate: "pending" });
    expect(confirmed.body.data.relationships.participant.data.id).toBe(ada?.id);

    // Undone by the desk (a runner may not): 204, then 404; checked in again, as a new check-in.
    const undo = (headers: Record<string, string>, checkIn = checkInId) =>
      team.send("DELETE", `/api/check-ins/${checkIn}`, undefined, headers);
    expect((await undo((await team.runner()).headers)).status).toBe(403);
    expect((await undo(staff.headers)).status).toBe(204);
    expect((await undo(staff.headers)).status).toBe(404);
    expect((await undo(staff.headers, "not-a-check-in")).status).toBe(404);
    const again = await post({ confirmWithoutCertificate: true });
    expect(again.status).toBe(201);
    const log = await team.send(
      "GET",
      `/api/audit-entries?filter[subjectType]=participants&filter[subjectId]=${ada?.id}`,
      undefined,
      (await organiser()).headers,
    );
    expect(
      log.body.data.map((entry: { attributes: { action: string; actor: object } }) => entry.attributes.action),
    ).toEqual(["check-in", "undo-check-in", "check-in"]);
  });

  it("tells each race's checked in and still to come, for the team only", async () => {
    const { event, appointment } = await fixtures.race({ bibFirst: 1, bibLast: 10 });
    const first = await fixtures.signup(appointment.id, [runner({ familyName: "Zeta" })]);
    await fixtures.signup(appointment.id, [runner({ familyName: "Bianchi" })]);
    const [zeta] = await ticketsOfSignup(first.id);
    const staff = await team.staff();
    await team.send("POST", "/api/check-ins", checkInBody({ ticketCode: zeta?.code }), staff.headers);
    const path = `/api/events/${event.id}/check-in-tallies`;
    expect((await team.send("GET", path, undefined, (await team.runner()).headers)).status).toBe(403);
    const tallies = await team.send("GET", path, undefined, { ...staff.headers, "accept-language": "it-IT" });
    expect(tallies.status).toBe(200);
    expect(tallies.body.meta.eventTitle).toBe(event.title["it-IT"]);
    expect(tallies.body.data).toHaveLength(1);
    expect(tallies.body.data[0]).toMatchObject({
      type: "check-in-tallies",
      id: appointment.id,
      attributes: { title: appointment.title["it-IT"], checkedIn: 1, toCome: 1 },
    });
    const toCome = tallies.body.data[0].relationships.toCome.data.map((one: { id: string }) => one.id);
    const included = tallies.body.included.filter((one: { id: string }) => toCome.includes(one.id));
    expect(included.map((one: { attributes: { familyName: string } }) => one.attributes.familyName)).toEqual([
      "Bianchi",
    ]);
    expect(
      (
        await team.send(
          "GET",
          "/api/events/00000000-0000-4000-8000-000000000000/check-in-tallies",
          undefined,
          staff.headers,
        )
      ).status,
    ).toBe(404);
  });
});

describe("the ticket the runner gets", () => {
  it("is in the confirmation mail (code and QR code) and, for the owner, on the confirmed signup", async () => {
    const { appointment } = await fixtures.race({ bibFirst: 7, bibLast: 9 });
    const { id, owner } = await fixtures.signup(appointment.id);
    const [ticket] = await ticketsOfSignup(id);
    const read = await fixtures.send(owner.token, "GET", `/api/signups/${id}`);
    const participant = read.body.included.find((resource: { type: string }) => resource.type === "participants");
    expect(participant.attributes.ticketCode).toBe(ticket?.code);
    expect(participant.attributes.ticketQr).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    const mail = (await api.mails()).find((one) => one.to === owner.email && one.text.includes(ticket?.code ?? "-"));
    expect(mail?.html).toContain(ticket?.code);
    expect(mail?.html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+"/);

    const unpaid = await fixtures.signup(appointment.id, [runner()], false);
    const unpaidRead = await fixtures.send(unpaid.owner.token, "GET", `/api/signups/${unpaid.id}`);
    const unpaidParticipant = unpaidRead.body.included.find(
      (resource: { type: string }) => resource.type === "participants",
    );
    expect(unpaidParticipant.attributes).toMatchObject({ ticketCode: null, ticketQr: null });
  });
});

describe("bibs in the console", () => {
  it("changes one participant's bib, never to one taken in the event: organisers only, audited", async () => {
    const { appointment } = await fixtures.race({ bibFirst: 10, bibLast: 20 });
    const a = await fixtures.signup(appointment.id);
    const b = await fixtures.signup(appointment.id);
    const [pa] = await ticketsOfSignup(a.id);
    const [pb] = await ticketsOfSignup(b.id);
    expect([pa?.bib, pb?.bib]).toEqual([10, 11]);
    const boss = await organiser();
    const staff = await team.staff();
    const body = (id: string | undefined, bib: number | null) => ({
      data: { type: "participants", id, attributes: { bib } },
    });
    expect((await team.send("PATCH", `/api/participants/${pa?.id}`, body(pa?.id, 42), staff.headers)).status).toBe(403);
    const taken = await team.send("PATCH", `/api/participants/${pa?.id}`, body(pa?.id, 11), boss.headers);
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].code).toBe("bib-taken");
    const changed = await team.send("PATCH", `/api/participants/${pa?.id}`, body(pa?.id, 42), boss.headers);
    expect(changed.status).toBe(200);
    expect(changed.body.data.attributes.bib).toBe(42);
    expect((await ticketsOfSignup(a.id))[0]?.bib).toBe(42);
    const log = await team.send(
      "GET",
      `/api/audit-entries?filter[subjectId]=${pa?.id}&filter[subjectType]=participants`,
      undefined,
      boss.headers,
    );
    expect(log.body.data[0].attributes).toMatchObject({
      action: "change-bib",
      before: { bib: 10 },
      after: { bib: 42 },
    });
  });

  it("renumbers an appointment by surname or in signup order", async () => {
    const { appointment } = await fixtures.race({ bibFirst: 1, bibLast: 2 });
    const first = await fixtures.signup(appointment.id, [runner({ familyName: "Zanetti" })]);
    const second = await fixtures.signup(appointment.id, [runner({ familyName: "Abate" })]);
    const third = await fixtures.signup(appointment.id, [runner({ familyName: "Moro" })]);
    // The test clock stands still: the order they came in, written as it would be.
    for (const [minute, signup] of [first, second, third].entries())
      await api.database.db
        .update(schema.signups)
        .set({ createdAt: new Date(Date.UTC(2027, 0, 1, 0, minute)) })
        .where(eq(schema.signups.id, signup.id));
    const bibs = async () =>
      [first, second, third].map(async (signup) => (await ticketsOfSignup(signup.id))[0]?.bib ?? null);
    expect(await Promise.all(await bibs())).toEqual([1, 2, null]);
    const boss = await organiser();
    const assign = (order: string) =>
      team.send(
        "POST",
        `/api/appointments/${appointment.id}/bib-assignments`,
        { data: { type: "bib-assignments", attributes: { order } } },
        boss.headers,
      );
    const bySurname = await assign("surname");
    expect(bySurname.status).toBe(200);
    expect(bySurname.body.meta).toEqual({ assigned: 2, withoutBib: 1 });
    expect(await Promise.all(await bibs())).toEqual([null, 1, 2]);
    await assign("signup");
    expect(await Promise.all(await bibs())).toEqual([1, 2, null]);
  });
});

describe("start lists", () => {
  it("streams the CSV and the XLSX of an appointment's confirmed participants, by bib then surname", async () => {
    const { event, appointment } = await fixtures.race({ bibFirst: 1, bibLast: 100 });
    // A club with both delimiters and a quote in its name: quoted in either language's CSV.
    const club = 'Atletica "Città"; Bergamo, BG';
    const rossi = await fixtures.signup(appointment.id, [runner({ familyName: "Rossi", club })]);
    await fixtures.signup(appointment.id, [runner({ familyName: "Bianchi", givenName: "Zoë" })]);
    // Rossi's signup holds a discount code (set here as the recap sets it: the signup's code, one use taken).
    const [code] = await api.database.db
      .insert(schema.discountCodes)
      .values({ eventId: event.id, code: "CLUB10", kind: "percent", value: 10, maxUses: 5, usesTaken: 1 })
      .returning();
    await api.database.db
      .update(schema.signups)
      .set({ discountCodeId: code?.id ?? null })
      .where(eq(schema.signups.id, rossi.id));
    await fixtures.signup(appointment.id, [runner({ familyName: "Unpaid" })], false);
    const staff = await team.staff();
    const lists = await team.send("GET", `/api/events/${event.id}/start-lists`, undefined, staff.headers);
    expect(lists.body.data[0].attributes).toMatchObject({ confirmed: 2, withBib: 2, bibFirst: 1, bibLast: 100 });

    const csv = await api.request(`/api/appointments/${appointment.id}/start-list.csv`, {
      headers: { ...staff.headers, "accept-language": "en-US" },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="start-list-.*\.csv"/);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // In English: commas, and the byte-order mark still (spreadsheets otherwise misread the accents).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text).toContain(`,"Atletica ""Città""; Bergamo, BG",`);
    const rows = parseCsv(text);
    expect(rows[0]?.slice(0, 4)).toEqual(["Bib", "Surname", "Name", "Gender"]);
    // Staff read whether each is paid, not who had a discount: no discount code column.
    expect(rows.map((row) => row.length)).toEqual([13, 13, 13]);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[2], row[3], row[6], row[12]])).toEqual([
      ["1", "Rossi", "Ada", "female", club, "paid"],
      ["2", "Bianchi", "Zoë", "female", "", "paid"],
    ]);
    const organisers = await api.request(`/api/appointments/${appointment.id}/start-list.csv`, {
      headers: { ...(await organiser()).headers, "accept-language": "en-US" },
    });
    const theirs = parseCsv(new TextDecoder().decode(new Uint8Array(await organisers.arrayBuffer()).slice(3)));
    expect(theirs.map((row) => row[13])).toEqual(["Discount code", "CLUB10", ""]);
    // In Italian (the console's link names the page's language): semicolons, a byte-order mark, Italian words.
    const italian = await api.request(`/api/appointments/${appointment.id}/start-list.csv?locale=it-IT`, {
      headers: { ...staff.headers, "accept-language": "en-US" },
    });
    const italianBytes = new Uint8Array(await italian.arrayBuffer());
    expect([...italianBytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const italianText = new TextDecoder().decode(italianBytes.slice(3));
    expect(italianText).toContain(`;"Atletica ""Città""; Bergamo, BG";`);
    const italianRows = parseCsv(italianText, ";");
    expect(italianRows[0]?.slice(0, 4)).toEqual(["Pettorale", "Cognome", "Nome", "Sesso"]);
    expect(italianRows.slice(1).map((row) => [row[0], row[1], row[3], row[6], row[12]])).toEqual([
      ["1", "Rossi", "femmina", club, "pagato"],
      ["2", "Bianchi", "femmina", "", "pagato"],
    ]);

    const xlsx = await api.request(`/api/appointments/${appointment.id}/start-list.xlsx`, {
      headers: { ...staff.headers, "accept-language": "it-IT" },
    });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const values = (row: number) => ((sheet?.getRow(row).values ?? []) as unknown[]).slice(1, 4);
    expect(sheet?.rowCount).toBe(3);
    expect(values(2)).toEqual([1, "Rossi", "Ada"]);
    expect(values(3)).toEqual([2, "Bianchi", "Zoë"]);
    // Its words in the request's language too: gender and payment.
    const words = (row: number) => [4, 7, 13].map((cell) => sheet?.getRow(row).getCell(cell).value);
    expect([1, 2].map(words)).toEqual([
      ["Sesso", "Società", "Pagamento"],
      ["femmina", club, "pagato"],
    ]);
    // The discount code, the fourteenth column, its header in the request's language: the organiser's alone.
    const fourteenth = (book: ExcelJS.Workbook) =>
      [1, 2, 3].map((row) => book.worksheets[0]?.getRow(row).getCell(14).value ?? null);
    expect(fourteenth(workbook)).toEqual([null, null, null]);
    const forOrganiser = await api.request(`/api/appointments/${appointment.id}/start-list.xlsx`, {
      headers: { ...(await organiser()).headers, "accept-language": "it-IT" },
    });
    const theirBook = new ExcelJS.Workbook();
    await theirBook.xlsx.load(await forOrganiser.arrayBuffer());
    expect(fourteenth(theirBook)).toEqual(["Codice sconto", "CLUB10", null]);

    const runnerPerson = await team.runner();
    const refused = await api.request(`/api/appointments/${appointment.id}/start-list.csv`, {
      headers: runnerPerson.headers,
    });
    expect(refused.status).toBe(403);
  });

  it("lets a download be given up part way", async () => {
    const { appointment } = await fixtures.race({ bibFirst: 1, bibLast: 10 });
    await fixtures.signup(appointment.id);
    const staff = await team.staff();
    for (const format of ["csv", "xlsx"]) {
      const answer = await api.request(`/api/appointments/${appointment.id}/start-list.${format}`, {
        headers: staff.headers,
      });
      const reader = answer.body?.getReader();
      expect((await reader?.read())?.done).toBe(false);
      await reader?.cancel();
    }
  });

  it("reads the list in batches, each after the last line of the one before", async () => {
    const { appointment } = await fixtures.race({ bibFirst: 1, bibLast: 3 });
    for (const familyName of ["Dd", "Cc", "Bb", "Aa", "Ee"])
      await fixtures.signup(appointment.id, [runner({ familyName })]);
    const { startListRows } = await import("@sports/db");
    const batches: string[][] = [];
    for await (const batch of startListRows(api.database.db, appointment.id, 2))
      batches.push(batch.map((row) => `${row.bib ?? "-"} ${row.familyName}`));
    expect(batches).toEqual([["1 Dd", "2 Cc"], ["3 Bb", "- Aa"], ["- Ee"]]);
  });
});
