import { schema } from "@sports/db";
import { insertRace } from "@sports/db/testing";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer } from "../accounts/test-client.ts";
import { CONSOLE_ORGANISER, teamClient } from "../console/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

let api: TestApi;
const team = teamClient(() => api);
let organiser: Awaited<ReturnType<typeof team.organiser>>;
let runner: Awaited<ReturnType<typeof team.runner>>;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER] });
  organiser = await team.organiser();
  runner = await team.runner();
});
afterAll(() => api.database.close());

const JSON_API = "application/vnd.api+json";

async function call(method: string, path: string, options: { headers?: Record<string, string>; body?: BodyInit } = {}) {
  const response = await api.request(path, {
    method,
    headers: { accept: JSON_API, ...options.headers },
    body: options.body,
  });
  return response;
}

async function json(response: Response) {
  return { status: response.status, body: await response.json() };
}

const setRace = (id: string, attributes: object) =>
  call("PATCH", `/api/appointments/${id}`, {
    headers: { ...organiser.headers, "content-type": JSON_API },
    body: JSON.stringify({ data: { type: "appointments", id, attributes } }),
  });

/** Uploads a file and applies its first preview. */
async function importFile(appointmentId: string, body: BodyInit) {
  const preview = await json(
    await call("POST", `/api/appointments/${appointmentId}/result-imports`, { headers: organiser.headers, body }),
  );
  expect(preview.status).toBe(201);
  const id = preview.body.data.id;
  await call("PATCH", `/api/result-imports/${id}`, {
    headers: { ...organiser.headers, "content-type": JSON_API },
    body: JSON.stringify({ data: { type: "result-imports", id, attributes: { state: "applied" } } }),
  });
  return preview.body.data.attributes;
}

async function race() {
  const { appointment } = await insertRace(api.database.db, NOW, {
    startsAt: new Date("2027-06-10T07:00:00Z"),
    runners: [
      {
        bib: 7,
        givenName: "Chiara",
        familyName: "Galli",
        gender: "female",
        birthDate: "1988-02-02",
        userId: runner.id,
        email: null,
      },
      {
        bib: 8,
        givenName: "Ivo",
        familyName: "Sala",
        gender: "male",
        birthDate: "1975-07-07",
        email: "ivo@example.org",
      },
    ],
  });
  return appointment.id;
}

const ids = async (appointmentId: string) => {
  const list = await json(
    await call("GET", `/api/appointments/${appointmentId}/results?sort=bib`, { headers: organiser.headers }),
  );
  return list.body.data.map((line: { id: string }) => line.id) as string[];
};

describe("results in and out as files", () => {
  it("imports a workbook, exports CSV, XLSX and IOF XML, and imports that IOF list back unchanged", async () => {
    const appointmentId = await race();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Classifica");
    sheet.addRow(["Pett.", "Cognome", "Nome", "Tempo"]);
    sheet.addRow([7, "Galli", "Chiara", "0:42:10.3"]);
    sheet.addRow([8, "Sala", "Ivo", "0:44:00"]);
    const preview = await importFile(appointmentId, Buffer.from(await book.xlsx.writeBuffer()));
    expect(preview).toMatchObject({ format: "xlsx", summary: { new: 2 } });

    const csv = await call("GET", `/api/appointments/${appointmentId}/results.csv?locale=it-IT`, {
      headers: organiser.headers,
    });
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain("1;7;Galli;Chiara;femmina;SF35;;classificato;42:10,3;");
    const xlsx = await call("GET", `/api/appointments/${appointmentId}/results.xlsx`, { headers: organiser.headers });
    expect(xlsx.headers.get("content-type")).toContain("spreadsheetml");
    const xml = await call("GET", `/api/appointments/${appointmentId}/results.xml`, { headers: organiser.headers });
    const iof = await xml.text();
    expect(iof).toContain("<ResultList");

    const again = await importFile(appointmentId, iof);
    expect(again).toMatchObject({ format: "iof", summary: { new: 0, changed: 0, unchanged: 2 } });
    const doctype = await json(
      await call("POST", `/api/appointments/${appointmentId}/result-imports`, {
        headers: organiser.headers,
        body: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]>${iof.replace(/^<\?xml[^>]*>/, "")}`,
      }),
    );
    expect([doctype.status, doctype.body.errors[0].code]).toEqual([422, "timing-file-unreadable"]);
  });

  it("gives the diploma to the team, to the account that signed up, and to anyone with its code once official", async () => {
    const appointmentId = await race();
    await importFile(appointmentId, "Bib;Time\n7;0:42:10\n8;0:44:00\n");
    const [chiara, ivo] = await ids(appointmentId);
    const path = `/api/results/${chiara}/diploma.pdf`;
    expect((await call("GET", path)).status).toBe(404);

    await setRace(appointmentId, { resultsState: "provisional" });
    const own = await call("GET", path, { headers: bearer(runner.token) });
    expect(own.headers.get("content-type")).toBe("application/pdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await own.arrayBuffer())), {
      mergePages: true,
    });
    expect(text).toContain("Chiara Galli");
    expect(text).toContain("42:10");

    const code = (
      await api.database.db
        .select()
        .from(schema.results)
        .where(eq(schema.results.id, chiara as string))
    )[0]?.diplomaCode;
    expect((await call("GET", `${path}?code=${code}`)).status).toBe(404);
    await setRace(appointmentId, { resultsState: "official" });
    expect((await call("GET", `${path}?code=${code}`)).status).toBe(200);
    expect((await call("GET", `${path}?code=AAAAAAAAAA`)).status).toBe(404);
    const verified = await json(await call("GET", `/api/diplomas/${code}`));
    expect(verified.body.data.attributes).toMatchObject({
      familyName: "Galli",
      resultsState: "official",
      ranks: { overall: 1 },
    });

    // Official: each finisher with an address is mailed once, in their account's language.
    const mails = await api.database.db
      .select()
      .from(schema.outgoingMails)
      .where(eq(schema.outgoingMails.kind, "official-result"));
    expect(mails.map((mail) => mail.to).sort()).toEqual(["ivo@example.org", runner.email].sort());
    expect(mails.find((mail) => mail.to === "ivo@example.org")?.text).toContain(
      `/api/results/${ivo}/diploma.pdf?code=`,
    );
    await setRace(appointmentId, { resultsState: "provisional", resultsReason: "A claim" });
    await setRace(appointmentId, { resultsState: "official" });
    expect(
      (
        await api.database.db
          .select()
          .from(schema.outgoingMails)
          .where(eq(schema.outgoingMails.kind, "official-result"))
      ).length,
    ).toBe(2);
  });
});
