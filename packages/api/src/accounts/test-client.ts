import { expect } from "vitest";
import type { TestApi } from "../testing.ts";

const JSONAPI = "application/vnd.api+json";

export const resource = (type: string, attributes: object) => ({ data: { type, attributes } });
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Requests and fixtures for the account tests, over the test API `api()` answers (opened in beforeAll). */
export function accountClient(api: () => TestApi) {
  let clients = 0;
  let people = 0;
  /** Each test speaks from its own address, so throttling in one does not spill into another. */
  const newClient = () => `198.51.100.${++clients}`;
  const newEmail = () => `runner${++people}@example.org`;

  async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await api().request(path, {
      method,
      headers: { "content-type": JSONAPI, "x-test-client": "192.0.2.200", ...headers },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }

  /** A registration attempt with a valid body but for the address given. */
  const registerAs = (email: string, password: string, client: string) =>
    send(
      "POST",
      "/api/users",
      resource("users", { email, password, givenName: "Ada", familyName: "Lovelace", acceptTerms: true }),
      { "x-test-client": client },
    );

  async function register(email = newEmail(), password = "trail at dawn 2027", client = newClient()) {
    const answer = await registerAs(email, password, client);
    expect(answer.status).toBe(201);
    const token = answer.body.included[0].attributes.token as string;
    return { email, password, token, id: answer.body.data.id as string };
  }

  /** Mails are written after the answer goes out: waits for the newest one sent to `to`. */
  async function mailTo(to: string, subject?: RegExp) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const mail = (await api().mails()).find((m) => m.to === to && (!subject || subject.test(m.subject)));
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no mail to ${to}`);
  }

  /**
   * Follows the address confirmation mailed to `email`: answers the API's answer to it. `headers`:
   * the session it is followed from (the account's own keeps going; any other ends).
   */
  async function confirm(email: string, headers: Record<string, string> = {}) {
    const mail = await mailTo(email);
    const token = /verifica=([\w-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`no confirmation link in the mail to ${email}`);
    return send("POST", `/api/email-verifications/${token}`, undefined, headers);
  }

  /** Asks for a reset link for `email` and sets `password` with it: the answer to the new password. */
  async function resetThroughMail(email: string, password: string) {
    const asked = await send("POST", "/api/password-resets", resource("password-resets", { email }), {
      "x-test-client": newClient(),
    });
    expect(asked.status).toBe(202);
    const mail = await mailTo(email, /password/i);
    const token = /\/resetPassword\?token=([\w-]{43})/.exec(mail.text)?.[1];
    return send("PATCH", `/api/password-resets/${token}`, resource("password-resets", { password }));
  }

  /** Logs in: the new session's bearer headers, or undefined when refused. */
  async function logIn(email: string, password: string) {
    const answer = await send("POST", "/api/sessions", resource("sessions", { email, password }), {
      "x-test-client": newClient(),
    });
    return answer.status === 201 ? bearer(answer.body.data.attributes.token as string) : undefined;
  }

  return { send, register, registerAs, mailTo, confirm, resetThroughMail, logIn, newClient, newEmail };
}
