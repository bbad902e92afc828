import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { accountClient, bearer, resource } from "./test-client.ts";

let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api.database.close());

const { send, register, mailTo, newClient } = accountClient(() => api);

describe("the profile", () => {
  it("is downloaded as a file with ?download, the way a browser navigation asks for it", async () => {
    const { email, token } = await register();
    const answer = await send("GET", "/api/users/me?download", undefined, {
      ...bearer(token),
      accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="personal-data.json"');
    expect(answer.body.data.attributes.email).toBe(email);
    const plain = await send("GET", "/api/users/me", undefined, bearer(token));
    expect(plain.headers.get("content-disposition")).toBeNull();
  });

  it("changes personal data, refusing bad values with pointers", async () => {
    const { token } = await register();
    const changed = await send(
      "PATCH",
      "/api/users/me",
      resource("users", {
        birthDate: "1990-04-02",
        gender: "female",
        phone: "+39 051 123456",
        preferredLocale: "de-DE",
      }),
      bearer(token),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({
      birthDate: "1990-04-02",
      gender: "female",
      preferredLocale: "de-DE",
    });
    const bad = await send(
      "PATCH",
      "/api/users/me",
      resource("users", { birthDate: "1990-02-30", gender: "robot", club: "x".repeat(151) }),
      bearer(token),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
      "/data/attributes/birthDate",
      "/data/attributes/club",
      "/data/attributes/gender",
    ]);
    // A day of the year 0000 reads as ISO 8601, but the database has no such year.
    const yearZero = await send(
      "PATCH",
      "/api/users/me",
      resource("users", { birthDate: "0000-01-01" }),
      bearer(token),
    );
    expect(yearZero.status).toBe(400);
    expect(yearZero.body.errors[0]).toMatchObject({
      code: "invalid-format",
      source: { pointer: "/data/attributes/birthDate" },
    });
  });

  it("changes the password with the current one, ending every other session", async () => {
    const { email, password, token } = await register();
    const other = (
      await send("POST", "/api/sessions", resource("sessions", { email, password }), { "x-test-client": newClient() })
    ).body.data.attributes.token;
    const refused = await send(
      "PATCH",
      "/api/users/me",
      resource("users", { newPassword: "a brand new passphrase" }),
      bearer(token),
    );
    expect(refused.body.errors[0]).toMatchObject({
      code: "wrong-password",
      source: { pointer: "/data/attributes/currentPassword" },
    });
    const changed = await send(
      "PATCH",
      "/api/users/me",
      resource("users", { newPassword: "a brand new passphrase", currentPassword: password }),
      bearer(token),
    );
    expect(changed.status).toBe(200);
    expect((await send("GET", "/api/users/me", undefined, bearer(token))).status).toBe(200);
    expect((await send("GET", "/api/users/me", undefined, bearer(other))).status).toBe(401);
  });

  it("deletes the account and its sessions", async () => {
    const { token, email, password } = await register();
    expect((await send("DELETE", "/api/users/me", undefined, bearer(token))).status).toBe(204);
    expect((await send("GET", "/api/users/me", undefined, bearer(token))).status).toBe(401);
    const login = await send("POST", "/api/sessions", resource("sessions", { email, password }), {
      "x-test-client": newClient(),
    });
    expect(login.status).toBe(401);
  });
});

describe("password reset", () => {
  it("answers the same for known and unknown addresses, and mails a single-use link to the known one", async () => {
    const { email, token } = await register();
    const client = newClient();
    const known = await send("POST", "/api/password-resets", resource("password-resets", { email }), {
      "x-test-client": client,
    });
    const unknown = await send(
      "POST",
      "/api/password-resets",
      resource("password-resets", { email: "ghost@example.org" }),
      {
        "x-test-client": client,
      },
    );
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    const mail = await mailTo(email, /password/i);
    const reset = /\/resetPassword\?token=([\w-]{43})/.exec(mail.text)?.[1];
    expect(reset).toBeDefined();
    expect((await api.mails()).some((m) => m.to === "ghost@example.org")).toBe(false);

    const weak = await send(
      "PATCH",
      `/api/password-resets/${reset}`,
      resource("password-resets", { password: "password" }),
    );
    expect(weak.status).toBe(400);
    const done = await send(
      "PATCH",
      `/api/password-resets/${reset}`,
      resource("password-resets", { password: "reset and running" }),
    );
    expect(done.status).toBe(204);
    // Every session ends, the link is spent, and the new password works.
    expect((await send("GET", "/api/users/me", undefined, bearer(token))).status).toBe(401);
    const again = await send(
      "PATCH",
      `/api/password-resets/${reset}`,
      resource("password-resets", { password: "another one entirely" }),
    );
    expect(again.status).toBe(404);
    expect(again.body.errors[0].code).toBe("invalid-token");
    const login = await send("POST", "/api/sessions", resource("sessions", { email, password: "reset and running" }), {
      "x-test-client": newClient(),
    });
    expect(login.status).toBe(201);
  });

  it("refuses a link past its hour", async () => {
    let now = NOW;
    const clocked = await openTestApi({ now: () => now });
    try {
      const late = accountClient(() => clocked);
      const { email } = await late.register();
      const asked = await late.send("POST", "/api/password-resets", resource("password-resets", { email }), {
        "x-test-client": late.newClient(),
      });
      expect(asked.status).toBe(202);
      const reset = /\/resetPassword\?token=([\w-]{43})/.exec((await late.mailTo(email, /password/i)).text)?.[1];
      now = new Date(NOW.getTime() + 61 * 60_000);
      const expired = await late.send(
        "PATCH",
        `/api/password-resets/${reset}`,
        resource("password-resets", { password: "too late to run" }),
      );
      expect(expired.status).toBe(404);
      expect(expired.body.errors[0].code).toBe("invalid-token");
    } finally {
      await clocked.database.close();
    }
  });
});
