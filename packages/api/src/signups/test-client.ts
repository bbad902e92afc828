import { insertSession, insertUser, updatePersonalData } from "@sports/db";
import type { PersonalData } from "@sports/domain";
import { hashToken, newToken } from "@sports/usecases";
import type { TestApi } from "../testing.ts";

const JSONAPI = "application/vnd.api+json";

/** The smallest file every PDF reader opens: enough for the content check. */
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** Visitors and requests for the signup tests. Visitors are written straight to the database: no argon2, no throttle. */
export function signupClient(api: () => TestApi) {
  let people = 0;

  async function visitor(profile: Partial<PersonalData> = {}) {
    const { db } = api().database;
    const user = await insertUser(db, {
      email: `visitor${++people}-${crypto.randomUUID().slice(0, 8)}@example.org`,
      passwordHash: "$argon2id$not-used",
      givenName: "Ada",
      familyName: "Runner",
      preferredLocale: "it-IT",
      termsAcceptedAt: new Date(),
    });
    if (user === "email-taken") throw new Error("address taken");
    if (Object.keys(profile).length > 0) await updatePersonalData(db, user.id, profile);
    const token = newToken();
    await insertSession(db, { tokenHash: hashToken(token), userId: user.id, expiresAt: new Date("2100-01-01") });
    return { ...user, token };
  }

  async function send(
    token: string | undefined,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await api().request(path, {
      method,
      headers: {
        "content-type": JSONAPI,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === "string" || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body) }),
    });
    const type = response.headers.get("content-type") ?? "";
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text && type.includes("json") ? JSON.parse(text) : text,
    };
  }

  const start = (
    token: string | undefined,
    appointmentId: string,
    attributes: object = {},
    headers: Record<string, string> = {},
  ) =>
    send(
      token,
      "POST",
      "/api/signups",
      {
        data: {
          type: "signups",
          attributes,
          relationships: { appointment: { data: { type: "appointments", id: appointmentId } } },
        },
      },
      headers,
    );

  const participants = (token: string, signupId: string, people: object[]) =>
    send(token, "PATCH", `/api/signups/${signupId}/participants`, {
      data: people.map((attributes) => ({ type: "participants", attributes })),
    });

  const stays = (token: string, signupId: string, bookings: object[]) =>
    send(token, "PATCH", `/api/signups/${signupId}/stay-bookings`, {
      data: bookings.map((attributes) => ({ type: "stay-bookings", attributes })),
    });

  const upload = (token: string, signupId: string, content: Uint8Array, type = "application/pdf", name = "cert.pdf") =>
    send(token, "POST", `/api/signups/${signupId}/certificates`, content, {
      "content-type": type,
      "content-disposition": `attachment; filename="${name}"`,
    });

  /** Sends a held signup for payment by `paymentMethod`, the terms accepted, as the recap's button does. */
  const submit = (token: string, signupId: string, paymentMethod = "demo") =>
    send(token, "PATCH", `/api/signups/${signupId}`, {
      data: {
        type: "signups",
        id: signupId,
        attributes: { state: "awaiting-payment", paymentMethod, termsAccepted: true },
      },
    });

  /** Starts a payment of a submitted signup and makes `decision` on the demo provider's page: its answer, and the payment. */
  async function payByDemo(token: string, signupId: string, decision = "pay") {
    const payment = await send(token, "POST", "/api/payments", {
      data: { type: "payments", relationships: { signup: { data: { type: "signups", id: signupId } } } },
    });
    const paymentId = payment.body.data.id as string;
    const decided = await send(token, "POST", `/api/demo-payments/${paymentId}`, {
      data: { type: "demo-payments", attributes: { decision } },
    });
    return { decided, paymentId };
  }

  return { visitor, send, start, participants, stays, upload, submit, payByDemo };
}

/** A participant who answers every question the test events ask. */
export function runner(overrides: object = {}) {
  return {
    givenName: "Ada",
    familyName: "Runner",
    birthDate: "1990-04-12",
    gender: "female",
    email: "ada@example.org",
    phone: "+39 051 000000",
    nationality: "IT",
    emergencyContactName: "Bruno Runner",
    emergencyContactPhone: "+39 051 111111",
    termsAccepted: true,
    privacyAccepted: true,
    ...overrides,
  };
}
