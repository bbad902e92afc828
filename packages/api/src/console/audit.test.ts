import { recordAudit } from "@sports/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApi, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";

let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER] });
});
afterAll(() => api.database.close());

const team = teamClient(() => api);

describe("GET /api/audit-entries", () => {
  it("is the organiser's alone: 401 without a session, 403 for a runner and for staff", async () => {
    expect((await team.send("GET", "/api/audit-entries")).status).toBe(401);
    const runner = await team.runner();
    const refused = await team.send("GET", "/api/audit-entries", undefined, runner.headers);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe("not-staff");
    const staff = await team.staff();
    const staffRefused = await team.send("GET", "/api/audit-entries", undefined, staff.headers);
    expect(staffRefused.status).toBe(403);
    expect(staffRefused.body.errors[0].code).toBe("not-organiser");
  });

  it("answers the log newest first, a page at a time, filtered by record", async () => {
    const organiser = await team.organiser();
    const actor = { kind: "organiser" as const, userId: organiser.id };
    for (const [index, subjectId] of ["a", "b", "a"].entries())
      await recordAudit(
        api.database.db,
        actor,
        { action: "update", subjectType: "pages", subjectId, before: { n: index }, after: { n: index + 1 } },
        new Date(Date.UTC(2027, 0, 1 + index)),
      );
    const all = await team.send(
      "GET",
      "/api/audit-entries?filter[subjectType]=pages&page[size]=2",
      undefined,
      organiser.headers,
    );
    expect(all.status).toBe(200);
    expect(all.body.data.map((entry: any) => entry.attributes.after)).toEqual([{ n: 3 }, { n: 2 }]);
    expect(all.body.data[0].attributes).toMatchObject({
      actorKind: "organiser",
      actorUserId: organiser.id,
      actorEmail: organiser.email,
    });
    const next = await team.send(
      "GET",
      `/api${all.body.links.next.replace(/^\/api/, "")}`,
      undefined,
      organiser.headers,
    );
    expect(next.body.data.map((entry: any) => entry.attributes.after)).toEqual([{ n: 1 }]);
    const onlyA = await team.send(
      "GET",
      "/api/audit-entries?filter[subjectType]=pages&filter[subjectId]=a",
      undefined,
      organiser.headers,
    );
    expect(onlyA.body.data).toHaveLength(2);
    const bad = await team.send("GET", "/api/audit-entries?page[size]=9999", undefined, organiser.headers);
    expect(bad.status).toBe(400);
  });
});
