import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApi, type TestApi } from "../testing.ts";
import { accountClient, bearer } from "./test-client.ts";

const ORGANISER = "organiser@example.org";

let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [ORGANISER] });
});
afterAll(() => api.database.close());

const { send, register, confirm } = accountClient(() => api);
const roleOf = async (token: string) => (await send("GET", "/api/users/me", undefined, bearer(token))).body.data;

describe("the organiser role (ORGANISER_EMAILS)", () => {
  it("is not given at registration, even at an organiser's address, but once the address is confirmed from its session", async () => {
    const organiser = await register(ORGANISER);
    expect((await roleOf(organiser.token)).attributes).toMatchObject({ role: "user", emailVerified: false });
    // Whoever registered the address cannot act as the organiser before reading its mail.
    const markPaid = await send(
      "POST",
      "/api/signups/00000000-0000-4000-8000-000000000000/payments",
      { data: { type: "payments", attributes: {} } },
      bearer(organiser.token),
    );
    expect(markPaid.status).toBe(403);
    expect(markPaid.body.errors[0].code).toBe("not-organiser");

    // Confirmed from the session that registered it: its holder knows the password and reads the mail.
    const confirmed = await confirm(ORGANISER, bearer(organiser.token));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.attributes).toMatchObject({ role: "organiser", emailVerified: true });
    expect((await roleOf(organiser.token)).attributes.role).toBe("organiser");
  });

  it("is not given by confirming any other address", async () => {
    const runner = await register();
    const confirmed = await confirm(runner.email, bearer(runner.token));
    expect(confirmed.body.data.attributes).toMatchObject({ role: "user", emailVerified: true });
  });
});
