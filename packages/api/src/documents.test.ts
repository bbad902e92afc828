import { insertAppointment, insertEvent } from "@sports/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runner, signupClient } from "./signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "./testing.ts";

/** JSON:API 1.1 on what a request's body names: its resource's type and id must be the endpoint's. */
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api.database.close());

const { visitor, send, start, participants } = signupClient(() => api);

describe("a PATCH whose body names another resource than its URL", () => {
  it("is refused with 409 on the profile, which stays as it was; its own id, or none, goes through", async () => {
    const ada = await visitor();
    const other = await visitor();
    const patch = (data: object) => send(ada.token, "PATCH", "/api/users/me", { data });
    const refused = await patch({ type: "users", id: other.id, attributes: { club: "Someone else's" } });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ code: "id-mismatch", source: { pointer: "/data/id" } });
    expect((await send(ada.token, "GET", "/api/users/me")).body.data.attributes.club).toBeNull();
    expect((await send(other.token, "GET", "/api/users/me")).body.data.attributes.club).toBeNull();

    expect((await patch({ type: "users", id: ada.id, attributes: { club: "Atletica" } })).status).toBe(200);
    expect((await patch({ type: "users", id: "me", attributes: { club: "Atletica" } })).status).toBe(200);
    expect((await patch({ type: "users", attributes: { club: "Atletica" } })).status).toBe(200);
  });

  it("is refused with 409 on a signup, which is not submitted", async () => {
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
    const appointment = await insertAppointment(api.database.db, event, { capacity: 5 });
    const owner = await visitor();
    const first = (await start(owner.token, appointment.id)).body.data.id as string;
    expect((await participants(owner.token, first, [runner()])).status).toBe(200);
    const submit = (id: string) =>
      send(owner.token, "PATCH", `/api/signups/${first}`, {
        data: {
          type: "signups",
          id,
          attributes: { state: "awaiting-payment", paymentMethod: "bank-transfer", termsAccepted: true },
        },
      });
    const refused = await submit(crypto.randomUUID());
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe("id-mismatch");
    expect((await send(owner.token, "GET", `/api/signups/${first}`)).body.data.attributes.state).toBe("held");
    expect((await submit(first.toUpperCase())).status).toBe(200);
  });
});
