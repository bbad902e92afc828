import { schema } from "@sports/db";
import { insertAppointment, insertEvent, insertStay } from "@sports/db/testing";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { PDF, runner, signupClient } from "./test-client.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;
let clock = NOW;
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ now: () => clock });
});
afterAll(() => api.database.close());

const { visitor, send, start, participants, stays, upload } = signupClient(() => api);

async function openAppointment(capacity = 10, eventOverrides = {}, appointmentOverrides = {}) {
  const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null, ...eventOverrides });
  const appointment = await insertAppointment(api.database.db, event, { capacity, ...appointmentOverrides });
  return { event, appointment };
}

const placesTaken = async (appointmentId: string) =>
  (await api.database.db.select().from(schema.appointments).where(eq(schema.appointments.id, appointmentId)))[0]
    ?.placesTaken;

/** Rows in every signup table: what "the database is unchanged" compares. */
async function rowCounts() {
  const { db } = api.database;
  const tables = [schema.signups, schema.participants, schema.stayBookings, schema.certificates, schema.signupAudit];
  return Promise.all(tables.map(async (table) => (await db.select({ n: count() }).from(table))[0]?.n));
}

/** A signup held by a new visitor, started from the site's Italian pages. */
async function heldSignup(capacity = 10, eventOverrides = {}) {
  const { event, appointment } = await openAppointment(capacity, eventOverrides);
  const owner = await visitor();
  const answer = await start(owner.token, appointment.id, {}, { "accept-language": "it-IT" });
  expect(answer.status).toBe(201);
  return { event, appointment, owner, id: answer.body.data.id as string };
}

describe("POST /api/signups", () => {
  it("holds a place at once for the event's hold time and answers 201 with the signup", async () => {
    const { appointment, event } = await openAppointment(5, { holdMinutes: 20 });
    const ada = await visitor();
    const answer = await start(ada.token, appointment.id);
    expect(answer.status).toBe(201);
    expect(answer.headers.get("location")).toBe(`/api/signups/${answer.body.data.id}`);
    expect(answer.body.data.attributes).toMatchObject({
      state: "held",
      places: 1,
      holdExpiresAt: new Date(NOW.getTime() + 20 * MINUTE).toISOString(),
      cancellable: true,
      price: { total: { amount: 2500, currency: "EUR" } },
    });
    expect(answer.body.data.relationships.event.data).toEqual({ type: "events", id: event.id });
    // A runner's own signup: no club's entry (docs/decisions/068-club-entries.md).
    expect(answer.body.data.relationships.club).toEqual({ data: null });
    expect(answer.body.included.map((r: { type: string }) => r.type).sort()).toEqual(["appointments", "events"]);
    expect(await placesTaken(appointment.id)).toBe(1);
  });

  it("answers a second signup for the same appointment with the hold already there", async () => {
    const { appointment } = await openAppointment();
    const ada = await visitor();
    const first = await start(ada.token, appointment.id);
    const second = await start(ada.token, appointment.id);
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(await placesTaken(appointment.id)).toBe(1);
  });

  it("takes an event that signs up as a whole through its implicit appointment", async () => {
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null, signupMode: "event" });
    const implicit = await insertAppointment(api.database.db, event, { implicit: true, capacity: 3 });
    const answer = await send((await visitor()).token, "POST", "/api/signups", {
      data: { type: "signups", relationships: { event: { data: { type: "events", id: event.id } } } },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.relationships.appointment.data.id).toBe(implicit.id);
  });

  type Refusal = {
    code: string;
    event?: Parameters<typeof insertEvent>[2];
    appointment?: Parameters<typeof insertAppointment>[2];
    body?: object;
  };
  it.each<Refusal>([
    { code: "sold-out", appointment: { capacity: 0 } },
    { code: "not-open", event: { signupOpensAt: new Date(NOW.getTime() + DAY) } },
    { code: "closed", appointment: { signupDeadline: new Date(NOW.getTime() - DAY) } },
    { code: "closed", event: { startsAt: new Date(NOW.getTime() - DAY), endsAt: new Date(NOW.getTime() - DAY / 2) } },
    { code: "closed", event: { status: "cancelled" } },
    { code: "too-many-participants", body: { places: 2 } },
  ])(
    "refuses with 409 $code, writing nothing",
    async ({ code, event: eventOverrides, appointment: appointmentOverrides, body }) => {
      const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null, ...eventOverrides });
      const appointment = await insertAppointment(api.database.db, event, { capacity: 10, ...appointmentOverrides });
      const before = await rowCounts();
      const answer = await start((await visitor()).token, appointment.id, body);
      expect(answer.status).toBe(409);
      expect(answer.body.errors[0].code).toBe(code);
      expect(await rowCounts()).toEqual(before);
    },
  );

  // This process keeps an appointment it has just judged a hold on (packages/db/src/signups/hold-target.ts);
  // another process changes it without this one hearing of it: an update straight to the database.
  it("judges a hold on the appointment as it is now, though this process kept it as it was", async () => {
    const { event, appointment } = await openAppointment(10, { holdMinutes: 20 });
    expect((await start((await visitor()).token, appointment.id)).status).toBe(201);
    const { db } = api.database;
    await db.update(schema.events).set({ holdMinutes: 45 }).where(eq(schema.events.id, event.id));
    const longer = await start((await visitor()).token, appointment.id);
    expect(longer.status).toBe(201);
    expect(longer.body.data.attributes.holdExpiresAt).toBe(new Date(NOW.getTime() + 45 * MINUTE).toISOString());
    const included = longer.body.included.find((r: { type: string }) => r.type === "appointments");
    expect(included.attributes).toMatchObject({ capacity: 10, remaining: 8 });

    await db
      .update(schema.appointments)
      .set({ signupDeadline: new Date(NOW.getTime() - MINUTE) })
      .where(eq(schema.appointments.id, appointment.id));
    const before = await rowCounts();
    const closed = await start((await visitor()).token, appointment.id);
    expect(closed.status).toBe(409);
    expect(closed.body.errors[0].code).toBe("closed");
    expect(await rowCounts()).toEqual(before);
    expect(await placesTaken(appointment.id)).toBe(2);
  });

  it("accepts a hold refused a moment ago once the appointment opened, though this process kept it shut", async () => {
    const { event, appointment } = await openAppointment(10, { signupOpensAt: new Date(NOW.getTime() + DAY) });
    const early = await start((await visitor()).token, appointment.id);
    expect(early.body.errors[0].code).toBe("not-open");
    await api.database.db.update(schema.events).set({ signupOpensAt: NOW }).where(eq(schema.events.id, event.id));
    expect((await start((await visitor()).token, appointment.id)).status).toBe(201);
    expect(await placesTaken(appointment.id)).toBe(1);
  });

  it("leaves eligibility to the participants: the visitor may be signing up someone else", async () => {
    const { appointment } = await openAppointment(10, { minAge: 8, maxAge: 14 }, { gender: "female" });
    const parent = await visitor({ gender: "male", birthDate: "1980-02-02" });
    const answer = await start(parent.token, appointment.id);
    expect(answer.status).toBe(201);
    const child = runner({ birthDate: "2017-03-03", gender: "female" });
    expect((await participants(parent.token, answer.body.data.id, [child])).status).toBe(200);
  });

  it("needs a login (401), a known appointment (404) and a well-formed document (400)", async () => {
    const { appointment } = await openAppointment();
    const ada = await visitor();
    const before = await rowCounts();
    expect((await start(undefined, appointment.id)).status).toBe(401);
    const unknown = await start(ada.token, crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].source.pointer).toBe("/data/relationships/appointment");
    expect((await start(ada.token, "not-an-id")).status).toBe(404);
    const badDocuments = [
      { data: { type: "signups", relationships: { coupon: { data: { type: "coupons", id: "x" } } } } },
      { data: { type: "signups", relationships: { appointment: { data: { type: "events", id: appointment.id } } } } },
      { data: { type: "signups", attributes: { places: "2" }, relationships: {} } },
      { data: { type: "signups", attributes: { state: "confirmed" } } },
      { data: { type: "bookings" } },
      { data: [] },
    ];
    for (const body of badDocuments) {
      const answer = await send(ada.token, "POST", "/api/signups", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors[0].source.pointer).toMatch(/^\/data/);
    }
    expect((await send(ada.token, "POST", "/api/signups", "{", {})).status).toBe(400);
    expect((await send(ada.token, "POST", "/api/signups", "{}", { "content-type": "text/plain" })).status).toBe(415);
    expect(await rowCounts()).toEqual(before);
  });
});

describe("a signup is its owner's only", () => {
  it("is listed and shown to its owner, 403 to anyone else, 401 to nobody", async () => {
    const { id, owner } = await heldSignup();
    const other = await visitor();
    const list = await send(owner.token, "GET", "/api/signups");
    expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([id]);
    expect((await send(other.token, "GET", "/api/signups")).body.data).toEqual([]);
    expect((await send(owner.token, "GET", `/api/signups/${id}`)).status).toBe(200);
    for (const [method, path, body] of [
      ["GET", `/api/signups/${id}`],
      ["PATCH", `/api/signups/${id}`, { data: { type: "signups", attributes: { state: "cancelled" } } }],
      ["PATCH", `/api/signups/${id}/participants`, { data: [] }],
      ["PATCH", `/api/signups/${id}/stay-bookings`, { data: [] }],
    ] as const) {
      const answer = await send(other.token, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.errors[0].code).toBe("not-owner");
      expect((await send(undefined, method, path, body)).status).toBe(401);
    }
    expect((await upload(other.token, id, PDF)).status).toBe(403);
    expect((await send(owner.token, "GET", `/api/signups/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe("a deleted account", () => {
  it("leaves its signups to the organiser, without their owner", async () => {
    const { id, owner, appointment } = await heldSignup();
    await participants(owner.token, id, [runner()]);
    expect((await send(owner.token, "DELETE", "/api/users/me")).status).toBe(204);
    const [kept] = await api.database.db.select().from(schema.signups).where(eq(schema.signups.id, id));
    expect(kept).toMatchObject({ userId: null, state: "held" });
    expect(await placesTaken(appointment.id)).toBe(1);
  });
});

describe("participants", () => {
  it("replaces the list, holding one place per participant", async () => {
    const { id, owner, appointment } = await heldSignup(3, { participantsPerSignup: 4 });
    const two = await participants(owner.token, id, [runner(), runner({ givenName: "Bea", email: "bea@example.org" })]);
    expect(two.status).toBe(200);
    expect(two.body.data.attributes).toMatchObject({ places: 2, price: { participants: { count: 2, amount: 5000 } } });
    expect(two.body.included.filter((r: { type: string }) => r.type === "participants")).toHaveLength(2);
    expect(await placesTaken(appointment.id)).toBe(2);
    const four = await participants(owner.token, id, [runner(), runner(), runner(), runner()]);
    expect(four.status).toBe(409);
    expect(four.body.errors[0].code).toBe("sold-out");
    expect(await placesTaken(appointment.id)).toBe(2);
    const past = await send(owner.token, "GET", "/api/users/me/participants");
    expect(past.body.data.map((p: { attributes: { givenName: string } }) => p.attributes.givenName)).toEqual([
      "Ada",
      "Bea",
    ]);
  });

  it("points at every field the event needs and every rule a participant breaks", async () => {
    const { id, owner } = await heldSignup(10, {
      participantsPerSignup: 2,
      minAge: 18,
      federationCardRequired: true,
      medicalCertificate: "competitive",
      tshirtSizes: ["S", "M"],
    });
    const before = await rowCounts();
    const problems = async (people: object[]) => {
      const answer = await participants(owner.token, id, people);
      expect(answer.status).toBe(400);
      return answer.body.errors.map((e: { code: string; source: { pointer: string } }) => [e.source.pointer, e.code]);
    };
    // First what any participant must be: the shape of each field.
    expect(await problems([runner({ birthDate: "0000-01-01", certificateExpiresOn: "0000-12-31" })])).toEqual([
      ["/data/0/attributes/birthDate", "invalid-format"],
      ["/data/0/attributes/certificateExpiresOn", "invalid-format"],
    ]);
    expect(
      await problems([
        runner({ birthDate: "12/04/1990" }),
        { givenName: "", familyName: "Runner", termsAccepted: false, privacyAccepted: true, shoeSize: 42 },
      ]),
    ).toEqual(
      expect.arrayContaining([
        ["/data/0/attributes/birthDate", "invalid-format"],
        ["/data/1/attributes/givenName", "too-short"],
        ["/data/1/attributes/termsAccepted", "invalid-value"],
        ["/data/1/attributes/shoeSize", "unknown-attribute"],
      ]),
    );
    // Then what this event asks and this appointment allows.
    expect(
      await problems([
        runner({ birthDate: "2015-01-01", tshirtSize: "XXL", certificateExpiresOn: "2027-05-02" }),
        runner({ gender: null, emergencyContactPhone: "", tshirtSize: "M", federationCard: "FIDAL 1" }),
      ]),
    ).toEqual([
      ["/data/0/attributes/federationCard", "required"],
      ["/data/0/attributes/tshirtSize", "invalid-value"],
      ["/data/0/attributes/birthDate", "too-young"],
      ["/data/0/attributes/certificateId", "certificate-required"],
      ["/data/0/attributes/certificateExpiresOn", "certificate-expired"],
      ["/data/1/attributes/gender", "required"],
      ["/data/1/attributes/emergencyContactPhone", "required"],
      ["/data/1/attributes/certificateId", "certificate-required"],
      ["/data/1/attributes/certificateExpiresOn", "required"],
    ]);
    expect(await rowCounts()).toEqual(before);
  });

  it("takes a blank optional field as left empty, and a nationality only as its two-letter code", async () => {
    const { id, owner } = await heldSignup();
    const blank = await participants(owner.token, id, [runner({ nationality: "  ", club: " ", tshirtSize: "" })]);
    expect(blank.status).toBe(200);
    const [person] = blank.body.included.filter((r: { type: string }) => r.type === "participants");
    expect(person.attributes).toMatchObject({ nationality: null, club: null, tshirtSize: null });
    for (const nationality of ["it", "ITA", "I T", " I"]) {
      const refused = await participants(owner.token, id, [runner({ nationality })]);
      expect(refused.status, nationality).toBe(400);
      expect(refused.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
        "/data/0/attributes/nationality",
      ]);
    }
    const italian = await participants(owner.token, id, [runner({ nationality: " IT " })]);
    expect(italian.body.included.find((r: { type: string }) => r.type === "participants").attributes.nationality).toBe(
      "IT",
    );
  });

  it("keeps gender-restricted appointments to their gender", async () => {
    const { appointment } = await openAppointment(10, { participantsPerSignup: 2 }, { gender: "female" });
    const owner = await visitor();
    const id = (await start(owner.token, appointment.id)).body.data.id;
    const answer = await participants(owner.token, id, [runner(), runner({ gender: "male" })]);
    expect(answer.body.errors.map((e: { code: string }) => e.code)).toEqual(["wrong-gender"]);
    expect(answer.body.errors[0].source.pointer).toBe("/data/1/attributes/gender");
  });
});

describe("medical certificates", () => {
  it("are stored when their content is what their type says, and read back by their owner only", async () => {
    const { id, owner } = await heldSignup(10, { medicalCertificate: "competitive" });
    const stored = await upload(owner.token, id, PDF, "application/pdf", "../../etc/my cert.pdf");
    expect(stored.status).toBe(201);
    expect(stored.body.data.attributes).toMatchObject({ fileName: "my cert.pdf", mediaType: "application/pdf" });
    const certificateId = stored.body.data.id;
    const file = await send(owner.token, "GET", `/api/signups/${id}/certificates/${certificateId}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
    const ok = await participants(owner.token, id, [runner({ certificateId, certificateExpiresOn: "2028-01-01" })]);
    expect(ok.status).toBe(200);
    const other = await heldSignup();
    const borrowed = await participants(other.owner.token, other.id, [runner({ certificateId })]);
    expect(borrowed.body.errors[0].code).toBe("invalid-certificate");
  });

  it("keeps a name of any script, and is downloaded under it (RFC 6266 filename*)", async () => {
    const { id, owner } = await heldSignup(10, { medicalCertificate: "competitive" });
    const name = "Certificato Ünïcödé 証明書 (2027).pdf";
    const stored = await send(owner.token, "POST", `/api/signups/${id}/certificates`, PDF, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    });
    expect(stored.body.data.attributes.fileName).toBe(name);
    const file = await send(owner.token, "GET", `/api/signups/${id}/certificates/${stored.body.data.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="Certificato Unicode ___ (2027).pdf"; filename*=UTF-8''Certificato%20%C3%9Cn%C3%AFc%C3%B6d%C3%A9%20%E8%A8%BC%E6%98%8E%E6%9B%B8%20%282027%29.pdf`,
    );
  });

  it("refuses a file that is not what its type says, an unaccepted type and an empty file", async () => {
    const { id, owner } = await heldSignup();
    const before = await rowCounts();
    const png = await upload(owner.token, id, PDF, "image/png", "photo.png");
    expect([png.status, png.body.errors[0].code]).toEqual([400, "file-content-mismatch"]);
    const exe = await upload(owner.token, id, Buffer.from("MZ\x90\x00"), "application/x-msdownload");
    expect([exe.status, exe.body.errors[0].code]).toEqual([415, "unsupported-media-type"]);
    expect((await upload(owner.token, id, new Uint8Array(0))).status).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a PDF that carries a script (422 certificate-active-content), keeping nothing", async () => {
    const { id, owner } = await heldSignup();
    const before = await rowCounts();
    const scripted = Buffer.from(
      "%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/J#61vaScript/JS(app.alert(1))>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    const refused = await upload(owner.token, id, scripted);
    expect([refused.status, refused.body.errors?.[0]?.code]).toEqual([422, "certificate-active-content"]);
    expect(refused.body.errors[0].detail).toMatch(/active content/);
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses 50 MB with 413 without reading it whole", async () => {
    const { id, owner } = await heldSignup();
    const before = await rowCounts();
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024);
    chunk.set(PDF);
    const fifty = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 50 * 1024 * 1024) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const streamed = await api.request(`/api/signups/${id}/certificates`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/pdf" },
      body: fifty,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(6 * 1024 * 1024);
    // A declared length over the limit is refused before a byte is read.
    const declared = await upload(owner.token, id, PDF, "application/pdf");
    expect(declared.status).toBe(201);
    const big = await send(owner.token, "POST", `/api/signups/${id}/certificates`, PDF, {
      "content-type": "application/pdf",
      "content-length": String(50 * 1024 * 1024),
    });
    expect(big.status).toBe(413);
    expect((await rowCounts())[3]).toBe((before[3] ?? 0) + 1);
  });
});

describe("stays", () => {
  it("books rooms inside the offered nights, priced per night, and refuses the night with no room left", async () => {
    const { event, appointment } = await openAppointment(10);
    const stay = await insertStay(api.database.db, event, { firstNight: "2027-06-10", lastNight: "2027-06-12" });
    const single = stay.roomTypes.find((room) => room.roomsPerNight === 4);
    if (!single) throw new Error("no single room");
    const booking = { roomTypeId: single.id, checkIn: "2027-06-10", checkOut: "2027-06-13", rooms: 3, guests: 3 };
    const ada = await visitor();
    const adaSignup = (await start(ada.token, appointment.id)).body.data.id;
    const booked = await stays(ada.token, adaSignup, [booking]);
    expect(booked.status).toBe(200);
    expect(booked.body.data.attributes).toMatchObject({
      staysChosen: true,
      price: { stays: [{ nights: 3, rooms: 3, amount: 54000 }], total: { amount: 56500 } },
    });
    const bea = await visitor();
    const beaSignup = (await start(bea.token, appointment.id)).body.data.id;
    const last = await stays(bea.token, beaSignup, [{ ...booking, checkIn: "2027-06-12", rooms: 2, guests: 2 }]);
    expect([last.status, last.body.errors[0].code]).toEqual([409, "sold-out"]);
    expect(
      (await stays(bea.token, beaSignup, [{ ...booking, checkIn: "2027-06-12", rooms: 1, guests: 1 }])).status,
    ).toBe(200);
    const wrong = await stays(bea.token, beaSignup, [
      { ...booking, checkIn: "2027-06-09", checkOut: "2027-06-14", rooms: 1, guests: 2 },
    ]);
    expect(wrong.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      "/data/0/attributes/checkIn",
      "/data/0/attributes/checkOut",
      "/data/0/attributes/guests",
    ]);
    const skipped = await stays(bea.token, beaSignup, []);
    expect(skipped.body.data.attributes).toMatchObject({ staysChosen: true, price: { stays: [] } });
  });
});

describe("submitting and cancelling", () => {
  it("moves a complete signup to awaiting payment with its deadline and mails the visitor in the signup's language", async () => {
    const { id, owner } = await heldSignup(10, { paymentTermDays: 3 });
    const submitBody = { data: { type: "signups", attributes: { state: "awaiting-payment" } } };
    const incomplete = await send(owner.token, "PATCH", `/api/signups/${id}`, submitBody);
    expect(incomplete.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      "/data/attributes/paymentMethod",
      "/data/attributes/termsAccepted",
    ]);
    const complete = {
      data: {
        type: "signups",
        attributes: { state: "awaiting-payment", paymentMethod: "bank-transfer", termsAccepted: true },
      },
    };
    const noParticipants = await send(owner.token, "PATCH", `/api/signups/${id}`, complete);
    expect([noParticipants.status, noParticipants.body.errors[0].code]).toEqual([409, "no-participants"]);
    await participants(owner.token, id, [runner()]);
    const submitted = await send(owner.token, "PATCH", `/api/signups/${id}`, complete);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.attributes).toMatchObject({
      state: "awaiting-payment",
      paymentMethod: "bank-transfer",
      termsAccepted: true,
      paymentDueAt: new Date(NOW.getTime() + 3 * DAY).toISOString(),
    });
    const mail = await waitForMail(owner.email);
    expect(mail.subject).toMatch(/^Iscrizione in attesa di pagamento/);
    expect(mail.text).toContain("25,00");
    expect(mail.text).toContain(`/it-IT/evento/`);
    const again = await participants(owner.token, id, [runner()]);
    expect([again.status, again.body.errors[0].code]).toEqual([409, "wrong-state"]);
  });

  it("gives the places back on cancellation, with the audit log recording each step", async () => {
    const { id, owner, appointment } = await heldSignup();
    const cancelled = await send(owner.token, "PATCH", `/api/signups/${id}`, {
      data: { type: "signups", attributes: { state: "cancelled" } },
    });
    expect(cancelled.body.data.attributes).toMatchObject({ state: "cancelled", cancellable: false });
    expect(await placesTaken(appointment.id)).toBe(0);
    const audit = await api.database.db
      .select()
      .from(schema.signupAudit)
      .where(eq(schema.signupAudit.signupId, id))
      .orderBy(schema.signupAudit.id);
    expect(audit.map((entry) => [entry.action, entry.fromState, entry.toState, entry.actorUserId])).toEqual([
      ["hold", null, "held", owner.id],
      ["cancel", "held", "cancelled", owner.id],
    ]);
  });
});

describe("a lapsed hold", () => {
  it("is shown expired, its places free for the next visitor, and can no longer be changed", async () => {
    const { id, owner, appointment } = await heldSignup(1);
    const late = await visitor();
    expect((await start(late.token, appointment.id)).body.errors[0].code).toBe("sold-out");
    clock = new Date(NOW.getTime() + 16 * MINUTE);
    try {
      const shown = await send(owner.token, "GET", `/api/signups/${id}`);
      expect(shown.body.data.attributes.state).toBe("expired");
      expect(await placesTaken(appointment.id)).toBe(0);
      // Its appointment as the expiry left it, not as it was read with the signup a moment before.
      const shownAppointment = shown.body.included.find(
        (resource: { type: string; id: string }) => resource.type === "appointments" && resource.id === appointment.id,
      );
      expect(shownAppointment.attributes).toMatchObject({ remaining: 1, state: "open" });
      const changed = await participants(owner.token, id, [runner()]);
      expect([changed.status, changed.body.errors[0].code]).toEqual([409, "wrong-state"]);
      expect((await start(late.token, appointment.id)).status).toBe(201);
    } finally {
      clock = NOW;
    }
  });

  it("is released by a signup that finds the appointment full, without anyone opening it", async () => {
    const { appointment } = await heldSignup(1);
    clock = new Date(NOW.getTime() + 16 * MINUTE);
    try {
      expect((await start((await visitor()).token, appointment.id)).status).toBe(201);
      expect(await placesTaken(appointment.id)).toBe(1);
    } finally {
      clock = NOW;
    }
  });
});

async function waitForMail(to: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = (await api.mails()).find((m) => m.to === to);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}
