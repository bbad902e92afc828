import { schema, setAthleteLink } from "@sports/db";
import { hashToken, newToken } from "@sports/usecases";
import { clubSignup } from "@sports/usecases/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDF, signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

/**
 * A club's athlete's own link over HTTP (docs/decisions/068-club-entries.md), without a session: what
 * it shows, the certificate sent through it, each problem at its field, and the link spent.
 */

let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api.database.close());

const client = signupClient(() => api);
const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  client.send(undefined, method, path, body, headers);

describe("an athlete's link", () => {
  it("shows only their own part, takes a certificate and the part once, then opens nothing", async () => {
    const { participants } = await clubSignup(api.database.db, NOW, { state: "confirmed" });
    const [luca] = participants;
    const token = newToken();
    const expiresAt = new Date(NOW.getTime() + 10 * 86_400_000);
    await setAthleteLink(api.database.db, luca?.id ?? "", { hash: hashToken(token), expiresAt, mailedAt: NOW });
    const path = `/api/athlete-links/${token}`;

    const shown = await send("GET", path);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    expect(shown.body.data).toMatchObject({
      type: "athlete-links",
      id: luca?.id,
      attributes: {
        givenName: "Luca",
        familyName: "Bianchi",
        club: "Atletica Valle",
        missing: ["consents", "emergency-contact", "certificate"],
        consentsGiven: false,
        expiresAt: expiresAt.toISOString(),
        certificate: { required: true, kind: "competitive", later: false, onFile: false, expiresOn: null },
      },
    });
    expect(JSON.stringify(shown.body)).not.toMatch(/Sara|Paolo|athleteLink|signup/);

    const uploaded = await send("POST", `${path}/certificates`, new Uint8Array(PDF), {
      "content-type": "application/pdf",
    });
    expect(uploaded.status).toBe(201);
    const part = {
      termsAccepted: true,
      privacyAccepted: true,
      emergencyContactName: "Marta Bianchi",
      emergencyContactPhone: "call me",
      certificateId: uploaded.body.data.id,
      certificateExpiresOn: "2027-12-31",
    };
    const patch = (attributes: object) => send("PATCH", path, { data: { type: "athlete-links", attributes } });
    const wrong = await patch(part);
    expect([wrong.status, wrong.body.errors.map((e: any) => [e.code, e.source.pointer])]).toEqual([
      400,
      [["invalid-phone", "/data/attributes/emergencyContactPhone"]],
    ]);
    const missing = await patch({ ...part, emergencyContactPhone: "+39 333 1234567", certificateExpiresOn: null });
    expect(missing.body.errors.map((e: any) => [e.code, e.source.pointer])).toEqual([
      ["required", "/data/attributes/certificateExpiresOn"],
    ]);

    const done = await patch({ ...part, emergencyContactPhone: "+39 333 1234567" });
    expect([done.status, done.body.data.attributes.missing]).toEqual([200, []]);
    const [row] = await api.database.db
      .select()
      .from(schema.participants)
      .where(eq(schema.participants.id, luca?.id ?? ""));
    expect([row?.consentsAcceptedAt, row?.athleteLinkHash, row?.certificateId]).toEqual([
      NOW,
      null,
      part.certificateId,
    ]);

    // Spent, and refused alike whatever is asked of it; a token of no token's shape too.
    for (const answer of [await send("GET", path), await patch(part), await send("GET", "/api/athlete-links/x")])
      expect([answer.status, answer.body.errors[0].code]).toEqual([404, "invalid-token"]);
  });
});
