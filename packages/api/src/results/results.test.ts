import { storedResults } from "@sports/db";
import { insertRace } from "@sports/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSOLE_ORGANISER, teamClient } from "../console/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

let api: TestApi;
const team = teamClient(() => api);
let organiser: Awaited<ReturnType<typeof team.organiser>>;
let staff: Awaited<ReturnType<typeof team.staff>>;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER] });
  organiser = await team.organiser();
  staff = await team.staff();
});
afterAll(() => api.database.close());

const JSON_API = "application/vnd.api+json";

async function call(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: BodyInit; type?: string } = {},
) {
  const response = await api.request(path, {
    method,
    headers: { accept: JSON_API, ...(options.type ? { "content-type": options.type } : {}), ...options.headers },
    body: options.body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const patch = (path: string, type: string, id: string, attributes: object, headers = organiser.headers) =>
  call("PATCH", path, { headers, type: JSON_API, body: JSON.stringify({ data: { type, id, attributes } }) });

async function race() {
  const { appointment } = await insertRace(api.database.db, NOW, {
    startsAt: new Date("2027-06-10T07:00:00Z"),
    runners: [
      {
        bib: 101,
        givenName: "Giulia",
        familyName: "Esposito",
        gender: "female",
        birthDate: "1980-03-01",
        club: "Runners Bergamo",
      },
      { bib: 102, givenName: "Paolo", familyName: "Conte", gender: "male", birthDate: "2009-05-05" },
      {
        bib: 103,
        givenName: "Zoë",
        familyName: "Martín",
        gender: "female",
        birthDate: "1995-11-11",
        club: "Runners Bergamo",
      },
    ],
  });
  return appointment.id;
}

const FILE =
  "\uFEFFPett;Atleta;Ora arrivo;Stato\n101;Esposito Giulia;10:41:02,5;\n102;Conte Paolo;10:39:00;\n103;Martín Zoë;;DNF\n";

describe("results over HTTP", () => {
  it("uploads, remaps, applies, publishes and serves a race's results, filtered and searched", async () => {
    const appointmentId = await race();
    const uploaded = await call("POST", `/api/appointments/${appointmentId}/result-imports`, {
      headers: organiser.headers,
      type: "text/csv",
      body: FILE,
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data.attributes).toMatchObject({
      state: "preview",
      format: "csv",
      mapping: { bib: 0, name: 1, finishClock: 2 },
    });
    // Clock times need the gun: without it, nobody has a time yet.
    expect(uploaded.body.data.attributes.summary).toMatchObject({ new: 3, invalidRows: [] });

    const started = await patch(`/api/appointments/${appointmentId}`, "appointments", appointmentId, {
      startedAt: "2027-06-10T09:00:00+02:00",
    });
    expect(started.status).toBe(200);
    expect(started.body.data.attributes).toMatchObject({
      startedAt: "2027-06-10T07:00:00.000Z",
      resultsState: "unpublished",
    });

    const importId = uploaded.body.data.id;
    const stale = await patch(`/api/result-imports/${importId}`, "result-imports", importId, { state: "applied" });
    expect([stale.status, stale.body.errors[0].code]).toEqual([409, "results-changed"]);
    const again = await patch(`/api/result-imports/${importId}`, "result-imports", importId, {});
    expect(again.body.data.attributes.summary).toMatchObject({ new: 3 });
    const applied = await patch(`/api/result-imports/${importId}`, "result-imports", importId, { state: "applied" });
    expect(applied.body.data.attributes.state).toBe("applied");

    expect((await call("GET", `/api/appointments/${appointmentId}/results`)).status).toBe(404);
    const hidden = await call("GET", `/api/appointments/${appointmentId}`);
    expect(hidden.body.data.attributes.resultsState).toBe("unpublished");
    const forStaff = await call("GET", `/api/appointments/${appointmentId}/results`, { headers: staff.headers });
    expect(forStaff.body.data.map((r: { attributes: { bib: number } }) => r.attributes.bib)).toEqual([102, 101, 103]);
    expect(forStaff.body.data[1].attributes).toMatchObject({
      gunTime: 6062.5,
      category: "SF45",
      ranks: { overall: 2, gender: 1, category: 1 },
      gap: 122.5,
    });

    await patch(`/api/appointments/${appointmentId}`, "appointments", appointmentId, { resultsState: "provisional" });
    // The public appointment says so at once (its kept read dropped), so its pages link the results.
    const shown = await call("GET", `/api/appointments/${appointmentId}`);
    expect(shown.body.data.attributes.resultsState).toBe("provisional");
    const women = await call(
      "GET",
      `/api/appointments/${appointmentId}/results?filter[gender]=female&filter[search]=martin`,
    );
    expect(women.body.data.map((r: { attributes: { status: string } }) => r.attributes.status)).toEqual(["dnf"]);
    expect(women.body.meta).toMatchObject({ total: 1, clubs: ["Runners Bergamo"], resultsState: "provisional" });
    const club = await call(
      "GET",
      `/api/appointments/${appointmentId}/results?filter[club]=runners%20bergamo&sort=-bib`,
    );
    expect(club.body.data.map((r: { attributes: { bib: number } }) => r.attributes.bib)).toEqual([103, 101]);

    const code = (await storedResults(api.database.db, appointmentId)).get(101)?.diplomaCode;
    const diploma = await call("GET", `/api/diplomas/${code?.toLowerCase()}`);
    expect(diploma.body.data.attributes).toMatchObject({
      familyName: "Esposito",
      gunTime: 6062.5,
      timeZone: "Europe/Rome",
      rankBy: "gunTime",
      resultsState: "provisional",
    });
    expect(diploma.body.data.attributes.raceSlug).toEqual(expect.any(String));
    expect((await call("GET", "/api/diplomas/ABCDEFGHJK")).status).toBe(404);
  });

  it("corrects a result with a reason, shows its history to the team, and keeps staff out of changes", async () => {
    const appointmentId = await race();
    const uploaded = await call("POST", `/api/appointments/${appointmentId}/result-imports`, {
      headers: organiser.headers,
      type: "text/csv",
      body: "Bib,Time\n101,1:40:00\n102,1:39:00\n",
    });
    await patch(`/api/result-imports/${uploaded.body.data.id}`, "result-imports", uploaded.body.data.id, {
      state: "applied",
    });
    const list = await call("GET", `/api/appointments/${appointmentId}/results?sort=bib`, {
      headers: organiser.headers,
    });
    const paolo = list.body.data[1].id;
    const refused = await patch(`/api/results/${paolo}`, "results", paolo, { status: "dsq", reason: " " });
    expect([refused.status, refused.body.errors[0].source.pointer]).toEqual([400, "/data/attributes/reason"]);
    const byStaff = await patch(
      `/api/results/${paolo}`,
      "results",
      paolo,
      { status: "dsq", reason: "x" },
      staff.headers,
    );
    expect(byStaff.status).toBe(403);
    const done = await patch(`/api/results/${paolo}`, "results", paolo, {
      status: "dsq",
      reason: "Cut the course at km 12",
    });
    expect(done.body.data.attributes).toMatchObject({ status: "dsq", ranks: { overall: null } });
    const one = await call("GET", `/api/results/${paolo}`, { headers: organiser.headers });
    expect(one.body.meta.history.map((h: { source: string; kind: string }) => `${h.source}:${h.kind}`)).toEqual([
      "file:gun",
      "console:status",
    ]);
    expect(one.body.meta.history[1].reason).toBe("Cut the course at km 12");
  });

  it("refuses a file over 20 MB before reading it, and one that holds no table", async () => {
    const appointmentId = await race();
    const big = await call("POST", `/api/appointments/${appointmentId}/result-imports`, {
      headers: { ...organiser.headers, "content-length": String(21 * 1024 * 1024) },
      type: "text/csv",
      body: "Bib,Time\n",
    });
    expect([big.status, big.body.errors[0].code]).toEqual([413, "file-too-large"]);
    const empty = await call("POST", `/api/appointments/${appointmentId}/result-imports`, {
      headers: organiser.headers,
      type: "text/csv",
      body: "\n\n",
    });
    expect([empty.status, empty.body.errors[0].code]).toEqual([422, "timing-file-unreadable"]);
  });
});
