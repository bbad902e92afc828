import { FREE_LOGIN_FAILURES, loginDelaySeconds, THROTTLE_RULES } from "@sports/usecases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApi, type TestApi } from "../testing.ts";
import { accountClient, bearer, resource } from "./test-client.ts";

let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api.database.close());

const { send, register, registerAs, mailTo, newClient, newEmail } = accountClient(() => api);

describe("registration", () => {
  it("creates the account, logs it in at once and mails a verification link", async () => {
    const email = "Grace.Hopper@Example.org ";
    const answer = await send(
      "POST",
      "/api/users",
      resource("users", {
        email,
        password: "compilers all the way",
        givenName: "Grace",
        familyName: "Hopper",
        preferredLocale: "it-IT",
        acceptTerms: true,
      }),
      { "x-test-client": newClient() },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      type: "users",
      attributes: { email: "grace.hopper@example.org", emailVerified: false, preferredLocale: "it-IT", role: "user" },
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/argon2|passwordHash|compilers/);
    const mail = await mailTo("grace.hopper@example.org");
    const link = /https?:\/\/\S+\/it-IT\/registrazione\?verifica=([\w-]{43})/.exec(mail?.text ?? "");
    expect(link).not.toBeNull();

    const me = await send("GET", "/api/users/me", undefined, bearer(answer.body.included[0].attributes.token));
    expect(me.body.data.attributes.givenName).toBe("Grace");

    const verified = await send("POST", `/api/email-verifications/${link?.[1]}`);
    expect(verified.status).toBe(200);
    expect(verified.body.data.attributes.emailVerified).toBe(true);
    expect((await send("POST", `/api/email-verifications/${link?.[1]}`)).status).toBe(404);
  });

  it("says which fields are wrong, each with its pointer, and creates nothing", async () => {
    const answer = await send(
      "POST",
      "/api/users",
      resource("users", { email: "not-an-email", password: "", givenName: " ", colour: "red" }),
      { "x-test-client": newClient() },
    );
    expect(answer.status).toBe(400);
    const byPointer = Object.fromEntries(
      answer.body.errors.map((e: { source: { pointer: string }; code: string }) => [e.source.pointer, e.code]),
    );
    expect(byPointer).toMatchObject({
      "/data/attributes/email": "invalid-email",
      "/data/attributes/password": "too-short",
      "/data/attributes/givenName": "too-short",
      "/data/attributes/familyName": "required",
      "/data/attributes/acceptTerms": "required",
      "/data/attributes/colour": "unknown-attribute",
    });
  });

  it.each([
    ["short1!", "password-too-short"],
    ["Password", "password-common"],
    ["qwertyuiop", "password-common"],
  ])("refuses the password %j (%s)", async (password, code) => {
    const answer = await send(
      "POST",
      "/api/users",
      resource("users", { email: newEmail(), password, givenName: "A", familyName: "B", acceptTerms: true }),
      { "x-test-client": newClient() },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({ code, source: { pointer: "/data/attributes/password" } });
  });

  it("does not count a refused password against the address's registrations", async () => {
    const address = newClient();
    for (let i = 0; i < THROTTLE_RULES.registrationPerIp.points; i++) {
      expect((await registerAs(newEmail(), "password", address)).status).toBe(400);
    }
    expect((await registerAs(newEmail(), "trail at dawn 2027", address)).status).toBe(201);
  });

  it("answers 409 for a taken address, behind its own throttle", async () => {
    const { email } = await register();
    const address = newClient();
    for (let i = 0; i < THROTTLE_RULES.takenEmailPerIp.points; i++) {
      const taken = await registerAs(email, "another fine passphrase", address);
      expect(taken.status).toBe(409);
      expect(taken.body.errors[0]).toMatchObject({
        code: "email-taken",
        source: { pointer: "/data/attributes/email" },
      });
    }
    const throttled = await registerAs(email, "another fine passphrase", address);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses bodies that are not JSON:API resource documents", async () => {
    expect((await send("POST", "/api/users", "{not json")).body.errors[0].code).toBe("invalid-json");
    expect((await send("POST", "/api/users", resource("sessions", {}))).body.errors[0].code).toBe("invalid-type");
    expect((await send("POST", "/api/users", { data: [] })).status).toBe(400);
    expect((await send("POST", "/api/users", "x", { "content-type": "text/plain" })).status).toBe(415);
    const huge = resource("users", { email: newEmail(), givenName: "x".repeat(70_000) });
    expect((await send("POST", "/api/users", huge)).status).toBe(413);
  });

  it("refuses an address holding a control character, NUL included, wherever one is entered", async () => {
    for (const email of ["ada\u0000@example.org", "ada\u0007lovelace@example.org"]) {
      const forms = [
        ["/api/users", { email, password: "trail at dawn 2027", givenName: "Ada", familyName: "L", acceptTerms: true }],
        ["/api/sessions", { email, password: "trail at dawn 2027" }],
        ["/api/password-resets", { email }],
      ] as const;
      for (const [path, attributes] of forms) {
        const type = path.slice("/api/".length);
        const answer = await send("POST", path, resource(type, attributes), { "x-test-client": newClient() });
        expect(answer.status, path).toBe(400);
        expect(answer.body.errors[0]).toMatchObject({
          code: "invalid-email",
          source: { pointer: "/data/attributes/email" },
        });
      }
    }
  });
});

describe("login and logout", () => {
  it("gives a new session token for the right password, usable as a Bearer token until logout", async () => {
    const { email, password } = await register();
    const login = await send("POST", "/api/sessions", resource("sessions", { email, password }), {
      "x-test-client": newClient(),
    });
    expect(login.status).toBe(201);
    const token = login.body.data.attributes.token;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(login.headers.get("set-cookie")).toBeNull();
    expect((await send("GET", "/api/users/me", undefined, bearer(token))).status).toBe(200);
    expect((await send("DELETE", "/api/sessions/current", undefined, bearer(token))).status).toBe(204);
    const stale = await send("DELETE", "/api/sessions/current", undefined, { cookie: `session=${token}` });
    expect(stale.status).toBe(401);
    expect(stale.headers.get("set-cookie")).toMatch(/^session=; Max-Age=0; Path=\//);
    const after = await send("GET", "/api/users/me", undefined, bearer(token));
    expect(after.status).toBe(401);
    expect(after.body.errors[0].code).toBe("not-authenticated");
  });

  it("answers the same for an unknown address and a wrong password", async () => {
    const { email } = await register();
    const client = newClient();
    const wrong = await send("POST", "/api/sessions", resource("sessions", { email, password: "not the one" }), {
      "x-test-client": client,
    });
    const unknown = await send(
      "POST",
      "/api/sessions",
      resource("sessions", { email: "nobody@example.org", password: "not the one" }),
      { "x-test-client": client },
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body.errors).toEqual(wrong.body.errors);
  });

  it("answers a session token never to be stored, in the cookie alone when the site asks for one", async () => {
    const { email, password } = await register();
    for (const setCookie of [false, true]) {
      const login = await send("POST", "/api/sessions", resource("sessions", { email, password, setCookie }), {
        "x-test-client": newClient(),
      });
      expect(login.status).toBe(201);
      expect(login.headers.get("cache-control")).toBe("no-store");
      expect(login.headers.get("location")).toBe("/api/sessions/current");
      expect(Boolean(login.headers.get("set-cookie"))).toBe(setCookie);
      expect("token" in login.body.data.attributes).toBe(!setCookie);
      expect(login.body.data.attributes.expiresAt).toMatch(/^\d{4}-/);
    }
    const registered = await send(
      "POST",
      "/api/users",
      resource("users", {
        email: newEmail(),
        password: "a fine long passphrase",
        givenName: "Ada",
        familyName: "Lovelace",
        acceptTerms: true,
        setCookie: true,
      }),
      { "x-test-client": newClient() },
    );
    expect(registered.status).toBe(201);
    expect(registered.headers.get("cache-control")).toBe("no-store");
    expect(registered.headers.get("location")).toBe("/api/users/me");
    expect(JSON.stringify(registered.body)).not.toMatch(/"token"/);
    // Everything included is reached from the primary data (JSON:API's full linkage).
    expect(registered.body.data.relationships.session.data).toEqual({ type: "sessions", id: "current" });
    expect(registered.body.included).toEqual([expect.objectContaining({ type: "sessions", id: "current" })]);
  });

  it("sets an HttpOnly SameSite=Lax cookie when the site asks, Secure with __Host- outside local http", async () => {
    const { email, password } = await register();
    const local = await send("POST", "/api/sessions", resource("sessions", { email, password, setCookie: true }), {
      "x-test-client": newClient(),
      "x-site-origin": "http://localhost:3000",
    });
    expect(local.headers.get("set-cookie")).toMatch(/^session=[\w-]{43}; .*HttpOnly; SameSite=Lax/);
    expect(local.headers.get("set-cookie")).not.toContain("Secure");
    const secure = await send("POST", "/api/sessions", resource("sessions", { email, password, setCookie: true }), {
      "x-test-client": newClient(),
      "x-site-origin": "https://events.example.org",
    });
    const cookie = secure.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Host-session=[\w-]{43}; /);
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Domain");

    const value = /^(__Host-session=[\w-]+)/.exec(cookie)?.[1] ?? "";
    const site = { cookie: value, "x-site-origin": "https://events.example.org" };
    expect((await send("GET", "/api/users/me", undefined, site)).status).toBe(200);
    // A cookie-authenticated change from another site is refused; from the site itself it goes through.
    const forged = await send("PATCH", "/api/users/me", resource("users", { club: "Evil AC" }), {
      ...site,
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(forged.status).toBe(403);
    expect(forged.body.errors[0].code).toBe("cross-site-request");
    const own = await send("PATCH", "/api/users/me", resource("users", { club: "Atletica Bologna" }), {
      ...site,
      origin: "https://events.example.org",
      "sec-fetch-site": "same-origin",
    });
    expect(own.status).toBe(200);
    expect(own.body.data.attributes.club).toBe("Atletica Bologna");
  });

  it("never locks an account's owner out, however many wrong passwords come from elsewhere", async () => {
    const { email, password } = await register();
    const attacker = newClient();
    for (let i = 0; i < 10; i++) {
      const failed = await send("POST", "/api/sessions", resource("sessions", { email, password: "wrong guess" }), {
        "x-test-client": i < FREE_LOGIN_FAILURES ? attacker : newClient(),
      });
      expect(failed.status).toBe(401);
    }
    const owner = await send("POST", "/api/sessions", resource("sessions", { email, password }), {
      "x-test-client": newClient(),
    });
    expect(owner.status).toBe(201);
  });

  it("makes one address wait longer and longer after each wrong password for one account", async () => {
    const { email, password } = await register();
    const client = newClient();
    const attempt = (guess: string) =>
      send("POST", "/api/sessions", resource("sessions", { email, password: guess }), { "x-test-client": client });
    for (let i = 0; i < FREE_LOGIN_FAILURES; i++) expect((await attempt("wrong guess")).status).toBe(401);
    // One failure more: a wait, during which even the right password is not tried.
    expect((await attempt("wrong guess")).status).toBe(401);
    const held = await attempt(password);
    expect(held.status).toBe(429);
    expect(held.body.errors[0].code).toBe("too-many-requests");
    expect(Number(held.headers.get("retry-after"))).toBe(loginDelaySeconds(FREE_LOGIN_FAILURES + 1));
    // Another account from the same address is not held.
    const other = await register();
    const elsewhere = await send("POST", "/api/sessions", resource("sessions", { email: other.email, password: "x" }), {
      "x-test-client": client,
    });
    expect(elsewhere.status).toBe(401);
  });

  it("grows the wait from a second to a quarter of an hour", () => {
    const waits = Array.from({ length: 20 }, (_, failures) => loginDelaySeconds(failures + 1));
    expect(waits.slice(0, FREE_LOGIN_FAILURES)).toEqual(Array(FREE_LOGIN_FAILURES).fill(0));
    expect(waits.slice(FREE_LOGIN_FAILURES, FREE_LOGIN_FAILURES + 4)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...waits)).toBe(15 * 60);
  });

  it("throttles failed logins per address, whatever the accounts", async () => {
    const client = newClient();
    let last = 0;
    for (let i = 0; i <= THROTTLE_RULES.loginFailuresPerIp.points; i++) {
      last = (
        await send("POST", "/api/sessions", resource("sessions", { email: newEmail(), password: "whatever it is" }), {
          "x-test-client": client,
        })
      ).status;
    }
    expect(last).toBe(429);
  });
});
