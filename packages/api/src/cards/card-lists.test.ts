import { cardsInForce, schema } from "@sports/db";
import { insertEvent } from "@sports/db/testing";
import { CARD_LIST_MAX_BYTES } from "@sports/domain";
import { cardProblem } from "@sports/usecases";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSOLE_ORGANISER, teamClient } from "../console/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

let api: TestApi;
const team = teamClient(() => api);
let organiser: Awaited<ReturnType<typeof team.organiser>>;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER] });
  organiser = await team.organiser();
});
afterAll(() => api.database.close());

const JSON_API = "application/vnd.api+json";

async function call(method: string, path: string, body: BodyInit | undefined, headers: Record<string, string>) {
  const response = await api.request(path, { method, headers: { accept: JSON_API, ...headers }, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const upload = (eventId: string, file: string, headers = organiser.headers, kind = "fidal") =>
  call("POST", `/api/events/${eventId}/card-lists?kind=${kind}`, file, { ...headers, "content-type": "text/csv" });

const apply = (id: string, headers = organiser.headers) =>
  call(
    "PATCH",
    `/api/card-lists/${id}`,
    JSON.stringify({ data: { type: "card-lists", id, attributes: { state: "applied" } } }),
    {
      ...headers,
      "content-type": JSON_API,
    },
  );

/** What the organiser gets from FIDAL: a BOM, `;`, Italian headers, dates as written in Italy. */
const FIRST = [
  "\uFEFFTessera;Cognome;Nome;Data di nascita;Scadenza;Società",
  "AB001;Rossi;Mario;01/02/1980;31/12/2027;Atletica Roma",
  "AB002;Bianchi;Anna;15/06/1992;31/12/2027;",
  "AB003;Verdi;Luca;;31/12/2027;",
  ";Senza;Tessera;;;",
].join("\r\n");

/** The next week's list: AB001 as it was, AB002 renewed only until May, AB003 gone, AB004 new. */
const SECOND = [
  "Tessera;Cognome;Nome;Data di nascita;Scadenza;Società",
  "AB001;Rossi;Mario;01/02/1980;31/12/2027;Atletica Roma",
  "ab 002;Bianchi;Anna;15/06/1992;31/05/2027;",
  "AB004;Nicolò;Zoë;1990-06-15;2027-12-31;",
].join("\n");

const cardsOf = async (eventId: string) =>
  (await cardsInForce(api.database.db, eventId, "fidal")).map(({ card, validUntil }) => `${card} ${validUntil}`);

describe("federation card lists over HTTP", () => {
  it("previews a list, applies it, replaces it, and refuses a preview the list moved away from", async () => {
    const event = await insertEvent(api.database.db, NOW);

    const first = await upload(event.id, FIRST);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      type: "card-lists",
      attributes: {
        kind: "fidal",
        state: "preview",
        appliedAt: null,
        summary: {
          entries: 3,
          invalid: 1,
          invalidRows: [{ line: 5, code: "card-missing" }],
          added: 3,
          removed: 0,
          changed: 0,
        },
      },
      relationships: { event: { data: { type: "events", id: event.id } } },
    });
    expect(await cardsOf(event.id)).toEqual([]);
    const applied = await apply(first.body.data.id);
    expect([applied.status, applied.body.data.attributes.state]).toEqual([200, "applied"]);
    expect(await cardsOf(event.id)).toEqual(["AB001 2027-12-31", "AB002 2027-12-31", "AB003 2027-12-31"]);
    expect((await apply(first.body.data.id)).body.errors[0].code).toBe("wrong-state");

    const second = await upload(event.id, SECOND);
    // Made on the same list, to be applied once the other has changed it.
    const stale = await upload(event.id, SECOND);
    expect(second.body.data.attributes.summary).toMatchObject({
      entries: 3,
      invalid: 0,
      added: 1,
      removed: 1,
      changed: 1,
      unchanged: 1,
    });
    expect((await apply(second.body.data.id)).status).toBe(200);
    expect(await cardsOf(event.id)).toEqual(["AB001 2027-12-31", "AB002 2027-05-31", "AB004 2027-12-31"]);
    const refused = await apply(stale.body.data.id);
    expect([refused.status, refused.body.errors[0].code]).toEqual([409, "card-list-changed"]);
    // Previewed again against the list now: nothing left to change, and it applies.
    const again = await call(
      "PATCH",
      `/api/card-lists/${stale.body.data.id}`,
      JSON.stringify({ data: { type: "card-lists", id: stale.body.data.id, attributes: { state: "preview" } } }),
      { ...organiser.headers, "content-type": JSON_API },
    );
    expect([again.status, again.body.data.attributes.state]).toEqual([200, "preview"]);
    expect(again.body.data.attributes.summary).toMatchObject({ added: 0, removed: 0, changed: 0, unchanged: 3 });
    expect((await apply(stale.body.data.id)).status).toBe(200);

    // The same file again: nothing to add, remove or change, and no card written again.
    const third = await upload(event.id, SECOND);
    const sameAgain = await upload(event.id, SECOND);
    expect(third.body.data.attributes.summary).toMatchObject({ added: 0, removed: 0, changed: 0, unchanged: 3 });
    expect((await apply(third.body.data.id)).status).toBe(200);
    // A preview made before it still holds: the list is as it was.
    expect((await apply(sameAgain.body.data.id)).status).toBe(200);
    const writers = await api.database.db
      .select({ card: schema.federationCards.card, importId: schema.federationCards.importId })
      .from(schema.federationCards)
      .where(and(eq(schema.federationCards.eventId, event.id), eq(schema.federationCards.kind, "fidal")));
    expect(Object.fromEntries(writers.map(({ card, importId }) => [card, importId]))).toEqual({
      AB001: first.body.data.id,
      AB002: second.body.data.id,
      AB004: second.body.data.id,
    });

    const log = await call("GET", `/api/audit-entries?filter[event]=${event.id}`, undefined, organiser.headers);
    expect(log.body.data.map((line: { attributes: { action: string } }) => line.attributes.action)).toContain(
      "card-list-applied",
    );
  });

  it("refuses a file with no valid row, one too large, and a kind it does not know", async () => {
    const event = await insertEvent(api.database.db, NOW);
    const empty = await upload(event.id, "Tessera;Cognome\n;Rossi\n");
    expect([empty.status, empty.body.errors[0].code]).toEqual([422, "file-unreadable"]);
    expect(empty.body.errors[0].meta.invalidRows).toEqual([
      { line: 2, code: "card-missing", column: "Tessera", value: null },
    ]);
    const headless = await upload(event.id, "Pettorale;Tempo\n1;1:00:00\n");
    expect([headless.status, headless.body.errors[0].code]).toEqual([422, "file-unreadable"]);
    const large = await upload(event.id, "x".repeat(CARD_LIST_MAX_BYTES + 1));
    expect([large.status, large.body.errors[0].code]).toEqual([413, "file-too-large"]);
    expect(large.body.errors[0].detail).toBe("A card list may be at most 5 MB.");
    const unknown = await upload(event.id, FIRST, organiser.headers, "uisp");
    expect([unknown.status, unknown.body.errors[0].source]).toEqual([400, { parameter: "kind" }]);
    const missing = await upload("00000000-0000-4000-8000-000000000000", FIRST);
    expect(missing.status).toBe(404);
  });

  it("keeps runners and staff out", async () => {
    const event = await insertEvent(api.database.db, NOW);
    const preview = await upload(event.id, FIRST);
    for (const [person, code] of [
      [await team.runner(), "not-staff"],
      [await team.staff(), "not-organiser"],
    ] as const) {
      const uploaded = await upload(event.id, FIRST, person.headers);
      expect([uploaded.status, uploaded.body.errors[0].code]).toEqual([403, code]);
      const applied = await apply(preview.body.data.id, person.headers);
      expect([applied.status, applied.body.errors[0].code]).toEqual([403, code]);
      const read = await call("GET", `/api/events/${event.id}/card-lists`, undefined, person.headers);
      expect([read.status, read.body.errors[0].code]).toEqual([403, code]);
    }
    expect(await cardsOf(event.id)).toEqual([]);
  });

  it("sets the cards an event accepts, and checks a participant's card against its lists", async () => {
    const event = await insertEvent(api.database.db, NOW, { status: "draft" });
    const change = (acceptedCards: unknown) =>
      call(
        "PATCH",
        `/api/events/${event.id}`,
        JSON.stringify({ data: { type: "events", id: event.id, attributes: { acceptedCards } } }),
        { ...organiser.headers, "content-type": JSON_API },
      );
    const changed = await change(["runcard", "fidal"]);
    expect([changed.status, changed.body.data.attributes.acceptedCards]).toEqual([200, ["fidal", "runcard"]]);
    const read = await call("GET", `/api/console/events/${event.id}`, undefined, organiser.headers);
    expect(read.body.data.attributes.acceptedCards).toEqual(["fidal", "runcard"]);
    expect((await change(["fidal", "fidal"])).status).toBe(400);
    expect((await change(["uisp"])).status).toBe(400);

    await apply((await upload(event.id, SECOND)).body.data.id);
    const lists = await call("GET", `/api/events/${event.id}/card-lists`, undefined, organiser.headers);
    expect(lists.status).toBe(200);
    expect(lists.body.meta).toEqual({ acceptedCards: ["fidal", "runcard"] });
    expect(lists.body.data.map((list: { id: string; attributes: object }) => [list.id, list.attributes])).toEqual([
      ["fidal", { kind: "fidal", accepted: true, cards: 3, appliedAt: NOW.toISOString() }],
      ["runcard", { kind: "runcard", accepted: true, cards: 0, appliedAt: null }],
      ["promotion", { kind: "promotion", accepted: false, cards: 0, appliedAt: null }],
    ]);
    const runner = { federationCard: "ab002", givenName: "Anna", familyName: "BIANCHI", birthDate: "1992-06-15" };
    const check = (acceptedCards: ("fidal" | "runcard")[], raceDay: string, participant = runner) =>
      cardProblem(api.database.db, { id: event.id, acceptedCards, raceDay }, participant);
    expect(await check([], "2027-06-13")).toBeNull();
    expect(await check(["fidal"], "2027-05-31")).toBeNull();
    expect(await check(["fidal"], "2027-06-01")).toBe("card-expired");
    expect(await check(["fidal"], "2027-05-31", { ...runner, familyName: "Rossi" })).toBe("card-name-mismatch");
    expect(await check(["fidal"], "2027-05-31", { ...runner, federationCard: "ZZ9" })).toBe("card-not-found");
    // The Runcard list is missing: a card on no list may be a Runcard, taken as typed.
    expect(await check(["fidal", "runcard"], "2027-05-31", { ...runner, federationCard: "ZZ9" })).toBeNull();
    expect(await check(["runcard"], "2027-06-13")).toBeNull();
  });
});
