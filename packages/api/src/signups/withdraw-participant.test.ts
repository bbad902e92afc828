import { addClubManager } from "@sports/db";
import { livePayments } from "@sports/payments";
import { paidClubSignup, testDeps } from "@sports/usecases/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { signupClient } from "./test-client.ts";

/** `DELETE /api/signups/{id}/participants/{participantId}` (docs/api.md#withdrawing-an-athlete). */
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ payments: livePayments({ providers: ["demo"] }) });
});
afterAll(() => api.database.close());

const { visitor, send } = signupClient(() => api);

describe("withdrawing an athlete over HTTP", () => {
  it("answers a manager of the club the signup as it now stands; a runner gets 403", async () => {
    const { db } = api.database;
    const entry = await paidClubSignup(testDeps(db, NOW, { payments: livePayments({ providers: ["demo"] }) }), {
      athletes: 3,
    });
    const manager = await visitor();
    await addClubManager(db, { clubId: entry.club.id, userId: manager.id, addedBy: null, at: NOW });
    const path = (participantId: string) => `/api/signups/${entry.signupId}/participants/${participantId}`;
    const [first, second] = entry.participantIds;

    const stranger = await send((await visitor()).token, "DELETE", path(first ?? ""));
    expect(stranger.status).toBe(403);
    expect(stranger.body.errors[0].code).toBe("not-owner");
    const unknown = await send(manager.token, "DELETE", path(crypto.randomUUID()));
    expect(unknown.status).toBe(404);

    const answer = await send(manager.token, "DELETE", path(first ?? ""));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ type: "signups", id: entry.signupId, attributes: { places: 2 } });
    expect(answer.body.data.relationships.participants.data.map((one: { id: string }) => one.id)).toEqual(
      entry.participantIds.slice(1),
    );
    // Two athletes left: the second may go, the last one stays (cancel the entry instead).
    expect((await send(manager.token, "DELETE", path(second ?? ""))).status).toBe(200);
    const last = await send(manager.token, "DELETE", path(entry.participantIds[2] ?? ""));
    expect(last.status).toBe(409);
    expect(last.body.errors[0].code).toBe("last-participant");
  });
});
