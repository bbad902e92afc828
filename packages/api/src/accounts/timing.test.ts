import * as argon2 from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestApi, type TestApi } from "../testing.ts";
import { accountClient, resource } from "./test-client.ts";

/**
 * Whether an address has an account must not show in how long login or reset take. Wall-clock
 * figures are for `npm run bench:accounts`; here the work itself is counted: the expensive step,
 * argon2, runs the same number of times on both paths.
 */
vi.mock("@node-rs/argon2", async (original) => {
  const real = await original<typeof import("@node-rs/argon2")>();
  return { ...real, hash: vi.fn(real.hash), verify: vi.fn(real.verify) };
});

let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api.database.close());

const { send, register, newClient } = accountClient(() => api);
const clearCalls = () => {
  vi.mocked(argon2.verify).mockClear();
  vi.mocked(argon2.hash).mockClear();
};
const argonCalls = () => ({
  verify: vi.mocked(argon2.verify).mock.calls.length,
  hash: vi.mocked(argon2.hash).mock.calls.length,
});

describe("an unknown address", () => {
  it("costs a login one argon2 verification, as a wrong password does, from the first attempt on", async () => {
    const { email } = await register();
    clearCalls();
    const login = (address: string) =>
      send("POST", "/api/sessions", resource("sessions", { email: address, password: "not the one" }), {
        "x-test-client": newClient(),
      });

    const unknown = await login("first-unknown@example.org");
    const afterUnknown = argonCalls();
    const known = await login(email);
    const total = argonCalls();

    expect(unknown.status).toBe(401);
    expect(known.status).toBe(401);
    expect(afterUnknown).toEqual({ verify: 1, hash: 0 });
    expect({ verify: total.verify - afterUnknown.verify, hash: total.hash - afterUnknown.hash }).toEqual({
      verify: 1,
      hash: 0,
    });
  });

  it("costs a reset request no argon2 work, as a known one, and gets the same answer", async () => {
    const { email } = await register();
    clearCalls();
    const request = (address: string) =>
      send("POST", "/api/password-resets", resource("password-resets", { email: address }), {
        "x-test-client": newClient(),
      });
    const known = await request(email);
    const unknown = await request("ghost-timing@example.org");
    expect(known.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(argonCalls()).toEqual({ verify: 0, hash: 0 });
  });
});
