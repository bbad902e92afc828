import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

/**
 * The waiting room over HTTP (docs/api.md, "Waiting rooms"; decision 072): the organiser sets it on
 * the event, runners join and read their one entry, and a signup needs the admitted pass, refused
 * with JSON:API errors at `queuePass` otherwise.
 */
let clock = NOW;
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ now: () => clock });
});
afterAll(() => api.database.close());

const { visitor, send, start } = signupClient(() => api);
const OPENING = new Date(NOW.getTime() + 3_600_000);
const at = (seconds: number) => new Date(OPENING.getTime() + seconds * 1000);

async function organiser() {
  const person = await visitor();
  await api.database.db.update(schema.users).set({ role: "organiser" }).where(eq(schema.users.id, person.id));
  return person;
}

const setRoom = (token: string, eventId: string, waitingRoom: unknown, attributes: object = {}) =>
  send(token, "PATCH", `/api/events/${eventId}`, {
    data: { type: "events", id: eventId, attributes: { ...attributes, waitingRoom } },
  });
const join = (token: string | undefined, eventId: string) =>
  send(token, "POST", `/api/events/${eventId}/queue-entries`);
const read = (token: string | undefined, id: string) => send(token, "GET", `/api/queue-entries/${id}`);

describe("the waiting room over HTTP", () => {
  it("is set and taken off by the organiser, on an event with a signup opening", async () => {
    clock = NOW;
    const olga = await organiser();
    const none = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
    const refused = await setRoom(olga.token, none.id, { shuffleMinutes: 10, admitPerMinute: 100 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({
      code: "opening-required",
      source: { pointer: "/data/attributes/waitingRoom" },
    });
    // Given with the opening, the room is set after it.
    const opened = await setRoom(
      olga.token,
      none.id,
      { shuffleMinutes: 10, admitPerMinute: 100 },
      { signupOpensAt: OPENING.toISOString() },
    );
    expect(opened.status).toBe(200);
    expect(opened.body.data.attributes.waitingRoom).toEqual({ shuffleMinutes: 10, admitPerMinute: 100 });
    const bad = await setRoom(olga.token, none.id, { shuffleMinutes: -1, admitPerMinute: 0 });
    expect(bad.body.errors.map((error: { source: { pointer: string } }) => error.source.pointer).sort()).toEqual([
      "/data/attributes/waitingRoom/admitPerMinute",
      "/data/attributes/waitingRoom/shuffleMinutes",
    ]);
    const read = await send(olga.token, "GET", `/api/console/events/${none.id}`);
    expect(read.body.data.attributes.waitingRoom).toEqual({ shuffleMinutes: 10, admitPerMinute: 100 });
    const page = await send(undefined, "GET", `/api/events/${none.id}`);
    expect(page.body.data.attributes.waitingRoom).toEqual({
      opensAt: new Date(OPENING.getTime() - 10 * 60_000).toISOString(),
      shuffleMinutes: 10,
      admitPerMinute: 100,
    });
    const off = await setRoom(olga.token, none.id, null);
    expect(off.body.data.attributes.waitingRoom).toBeNull();
    expect((await send(undefined, "GET", `/api/events/${none.id}`)).body.data.attributes.waitingRoom).toBeNull();
    expect((await setRoom((await visitor()).token, none.id, null)).status).toBe(403);
  });

  it("gives each account one entry, its place, and a pass the signup needs", async () => {
    clock = NOW;
    const olga = await organiser();
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: OPENING });
    const race = await insertAppointment(api.database.db, event, { capacity: 10 });
    await setRoom(olga.token, event.id, { shuffleMinutes: 30, admitPerMinute: 60 });
    const [ada, bea] = [await visitor(), await visitor()];

    clock = at(-31 * 60);
    expect((await join(ada.token, event.id)).body.errors[0]).toMatchObject({
      status: "409",
      code: "queue-not-open",
      meta: { opensAt: at(-30 * 60).toISOString() },
    });
    clock = at(-60);
    const first = await join(ada.token, event.id);
    expect(first.status).toBe(201);
    expect(first.headers.get("location")).toBe(`/api/queue-entries/${first.body.data.id}`);
    expect(first.body.data.attributes).toMatchObject({ state: "waiting", place: null, estimatedWait: 60, pass: null });
    expect(first.body.meta).toEqual({ refreshAfter: 30 });
    const again = await join(ada.token, event.id);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await join(undefined, event.id)).status).toBe(401);
    expect((await read(bea.token, first.body.data.id)).status).toBe(404);
    const mine = await send(ada.token, "GET", `/api/queue-entries?filter[event]=${event.id}`);
    expect(mine.body.data.map((entry: { id: string }) => entry.id)).toEqual([first.body.data.id]);
    expect((await send(bea.token, "GET", `/api/queue-entries?filter[event]=${event.id}`)).body.data).toEqual([]);
    expect((await send(bea.token, "GET", "/api/queue-entries")).body.errors[0].code).toBe("invalid-parameter");
    const beaEntry = (await join(bea.token, event.id)).body.data;

    clock = at(0);
    const adaDoc = (await read(ada.token, first.body.data.id)).body.data;
    const beaDoc = (await read(bea.token, beaEntry.id)).body.data;
    const [admitted, beaNow] = [adaDoc.attributes, beaDoc.attributes];
    const [winner, other] = admitted.state === "admitted" ? [ada, bea] : [bea, ada];
    const pass = (admitted.state === "admitted" ? admitted : beaNow).pass as string;
    const waiting = admitted.state === "admitted" ? beaDoc : adaDoc;
    expect(waiting.attributes).toMatchObject({ state: "waiting", position: 1, ahead: 0 });
    // The waiting entry's address carries its signed standing, read again with no session.
    expect(waiting.links.self).toMatch(/^\/api\/queue-entries\/[\w-]+\?standing=/);
    const reread = await send(undefined, "GET", waiting.links.self);
    expect(reread.status).toBe(200);
    expect(reread.body.data.attributes).toMatchObject({ state: "waiting", position: 1, pass: null });
    expect((await send(undefined, "GET", `${waiting.links.self}x`)).status).toBe(401);

    const signup = (token: string, queuePass?: string) =>
      start(token, race.id, queuePass === undefined ? {} : { queuePass });
    const required = await signup(winner.token);
    expect(required.status).toBe(403);
    expect(required.body.errors[0]).toMatchObject({
      code: "queue-pass-required",
      source: { pointer: "/data/attributes/queuePass" },
    });
    expect((await signup(other.token, pass)).body.errors[0].code).toBe("queue-pass-invalid");
    expect((await signup(winner.token, pass)).status).toBe(201);
    expect((await signup(winner.token, pass)).body.errors[0].code).toBe("queue-pass-used");
  });

  it("refuses a pass past its ten minutes", async () => {
    clock = NOW;
    const olga = await organiser();
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: OPENING });
    const race = await insertAppointment(api.database.db, event, { capacity: 10 });
    await setRoom(olga.token, event.id, { shuffleMinutes: 0, admitPerMinute: 60 });
    const ada = await visitor();
    clock = at(5);
    const entry = (await join(ada.token, event.id)).body.data;
    expect(entry.attributes.state).toBe("admitted");
    expect(entry.attributes.passExpiresAt).toBe(at(605).toISOString());
    clock = at(605);
    expect((await start(ada.token, race.id, { queuePass: entry.attributes.pass })).body.errors[0]).toMatchObject({
      status: "403",
      code: "queue-pass-expired",
    });
  });

  it("keeps the site's pass in an HttpOnly cookie, which the site's signup takes", async () => {
    clock = NOW;
    const olga = await organiser();
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: OPENING });
    const race = await insertAppointment(api.database.db, event, { capacity: 10 });
    await setRoom(olga.token, event.id, { shuffleMinutes: 0, admitPerMinute: 60 });
    const ada = await visitor();
    clock = at(1);
    const site = { cookie: `session=${ada.token}`, origin: "http://localhost" };
    const joined = await api.request(`/api/events/${event.id}/queue-entries`, { method: "POST", headers: site });
    expect(joined.status).toBe(201);
    const cookie = joined.headers.getSetCookie().find((line) => line.startsWith("queue-pass="));
    expect(cookie).toMatch(/^queue-pass=[\w.-]+; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/);
    // A Bearer client gets the pass in the document only.
    const bearer = await join(ada.token, event.id);
    expect(bearer.headers.getSetCookie()).toEqual([]);
    const passCookie = (cookie ?? "").split(";")[0];
    const held = await api.request("/api/signups", {
      method: "POST",
      headers: { ...site, cookie: `${site.cookie}; ${passCookie}`, "content-type": "application/vnd.api+json" },
      body: JSON.stringify({
        data: { type: "signups", relationships: { appointment: { data: { type: "appointments", id: race.id } } } },
      }),
    });
    expect(held.status).toBe(201);
  });
});
