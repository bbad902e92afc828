import { ApiError, NetworkError } from "@sports/jsonapi";
import { describe, expect, it } from "vitest";
import { setBrowserLocale } from "../i18n/locale.ts";
import { loginForm, registrationForm } from "./account.ts";
import { replyWithApiError } from "./reply.ts";
import { participantsForm } from "./signup.ts";
import { parseForm } from "./use-site-form.ts";

const submitted = (schema: Parameters<typeof parseForm>[1], fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return parseForm(data, schema);
};

const registration = () =>
  submitted(registrationForm, {
    givenName: "Ada",
    familyName: "Lovelace",
    email: "ada@example.org",
    password: "password1",
    acceptTerms: "on",
  });

describe("an API refusal on a form", () => {
  it("lands next to the field its pointer names, and never sends the password back", () => {
    const refusal = new ApiError(400, [
      { status: "400", code: "password-common", title: "", source: { pointer: "/data/attributes/password" } },
      { status: "400", code: "email-taken", title: "", source: { pointer: "/data/attributes/email" } },
    ]);
    const result = replyWithApiError(registration(), refusal);
    expect(result.error).toMatchObject({
      password: ["This password is among the most used ones and easy to guess: choose another."],
      email: ["This e-mail address already has an account: log in, or reset the password."],
    });
    expect(JSON.stringify(result)).not.toContain("password1");
    expect(JSON.stringify(result)).toContain("ada@example.org");
  });

  it("says a wrong login above the form, and a throttle with the minutes to wait", () => {
    const login = submitted(loginForm, { email: "ada@example.org", password: "guess" });
    const wrong = new ApiError(401, [{ status: "401", code: "invalid-credentials", title: "" }]);
    expect(replyWithApiError(login, wrong).error?.[""]).toEqual(["The e-mail address or the password is not right."]);
    const throttled = new ApiError(
      429,
      [{ status: "429", code: "too-many-requests", title: "" }],
      new Headers({ "retry-after": "601" }),
    );
    expect(replyWithApiError(login, throttled).error?.[""]).toEqual(["Too many attempts. Try again in 11 minutes."]);
  });

  it("passes anything that is not a refusal on to the error page", () => {
    const login = submitted(loginForm, { email: "ada@example.org", password: "guess" });
    expect(() => replyWithApiError(login, new NetworkError("down"))).toThrow("down");
    expect(() => replyWithApiError(login, new ApiError(500, [{ status: "500", code: "x", title: "" }]))).toThrow();
  });
});

describe("an API refusal of a list", () => {
  const people = () =>
    submitted(
      participantsForm({
        medicalCertificate: "none",
        federationCardRequired: false,
        tshirtSizes: [],
        participantsPerSignup: 2,
      }),
      {
        "participants[0].givenName": "Ada",
        "participants[1].givenName": "Grace",
      },
    );

  it("lands on the listed item's field its pointer names, with the form's own words where it has them", () => {
    const refusal = new ApiError(400, [
      { status: "400", code: "too-young", title: "", source: { pointer: "/data/1/attributes/birthDate" } },
      {
        status: "400",
        code: "certificate-required",
        title: "",
        source: { pointer: "/data/0/attributes/certificateId" },
      },
      { status: "400", code: "required", title: "", source: { pointer: "/data/7/attributes/email" } },
    ]);
    const result = replyWithApiError(people(), refusal, { list: "participants" });
    expect(result.error).toMatchObject({
      "participants[1].birthDate": ["This participant is younger than this appointment allows."],
      "participants[0].certificateId": ["Upload the medical certificate."],
      // No seventh participant was sent: said above the form rather than lost.
      "": ["Fill in this field."],
    });
    const sold = new ApiError(409, [{ status: "409", code: "sold-out", title: "" }]);
    expect(replyWithApiError(people(), sold, { messages: { "sold-out": () => "No room left." } }).error?.[""]).toEqual([
      "No room left.",
    ]);
  });

  it("words the API's refusals of a text, a phone and a birth date in the visitor's language", () => {
    const refusal = new ApiError(400, [
      { status: "400", code: "invalid-characters", title: "", source: { pointer: "/data/0/attributes/givenName" } },
      { status: "400", code: "invalid-phone", title: "", source: { pointer: "/data/1/attributes/phone" } },
      { status: "400", code: "birth-date-in-future", title: "", source: { pointer: "/data/1/attributes/birthDate" } },
      { status: "400", code: "birth-date-too-early", title: "", source: { pointer: "/data/0/attributes/birthDate" } },
    ]);
    setBrowserLocale("it-IT");
    try {
      expect(replyWithApiError(people(), refusal, { list: "participants" }).error).toMatchObject({
        "participants[0].givenName": [
          "Usa una sola riga di testo semplice: togli a capo, tabulazioni e altri caratteri invisibili.",
        ],
        "participants[1].phone": [
          "Inserisci un numero di telefono da 6 a 15 cifre, come +39 051 123456: solo cifre, un + iniziale, spazi, punti, trattini, barre e parentesi.",
        ],
        "participants[1].birthDate": ["La data di nascita non può essere nel futuro."],
        "participants[0].birthDate": ["Inserisci una data di nascita dal 1900 in poi."],
      });
    } finally {
      setBrowserLocale("en-US");
    }
  });
});
