import { ApiError, NetworkError } from "@sports/jsonapi";
import { describe, expect, it } from "vitest";
import { setBrowserLocale } from "../i18n/locale.ts";
import { loginForm, registrationForm } from "./account.ts";
import { appointmentForm, NEW_APPOINTMENT_FIELDS, newAppointmentForm, roomTypeForm } from "./console-catalogue.ts";
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

describe("an API refusal of a console form", () => {
  const problem = (pointer: string, code: string, meta?: Record<string, number>) => ({
    status: "400",
    code,
    title: "",
    source: { pointer: `/data/attributes/${pointer}` },
    ...(meta ? { meta } : {}),
  });
  const inItalian = <T>(read: () => T): T => {
    setBrowserLocale("it-IT");
    try {
      return read();
    } finally {
      setBrowserLocale("en-US");
    }
  };

  it("lands each price tier's problem on its row, with the bound the API names, in the page's language", () => {
    const appointment = submitted(appointmentForm, {
      slug: "long",
      startsAt: "2027-06-10T07:00",
      endsAt: "2027-06-10T13:00",
      capacity: "10",
      gender: "any",
      "priceTiers[0].until": "2027-05-31",
      "priceTiers[0].amount": "25",
      "priceTiers[1].until": "2027-06-05",
      "priceTiers[1].amount": "27,50",
      "priceTiers[2].until": "",
      "priceTiers[2].amount": "30",
    });
    const refusal = new ApiError(400, [
      problem("priceTiers/1/amount", "number-too-small", { min: 0 }),
      problem("priceTiers/2/until", "one-open-tier"),
      problem("capacity", "capacity-below-taken"),
      problem("bibLast", "below-first-bib"),
    ]);
    expect(inItalian(() => replyWithApiError(appointment, refusal).error)).toEqual({
      "priceTiers[1].amount": ["Inserisci 0 o più."],
      "priceTiers[2].until": ["Solo un prezzo può valere fino alla partenza: indica l'ultimo giorno di questo."],
      capacity: ["Sono già occupati più posti di così: la capienza non può scendere sotto."],
      // No last bib was sent: said above the form rather than lost.
      "": ["L'ultimo pettorale è inferiore al primo."],
    });
  });

  it("lands a problem on the field the form names otherwise, and in the form's words for that field", () => {
    const room = submitted(roomTypeForm, { guests: "2", pricePerNight: "80", roomsPerNight: "3" });
    const refusal = new ApiError(400, [
      problem("guests", "number-too-small", { min: 1 }),
      problem("roomsPerNight", "number-too-big", { max: 10_000 }),
    ]);
    expect(inItalian(() => replyWithApiError(room, refusal).error)).toEqual({
      guests: ["Inserisci 1 o più."],
      roomsPerNight: ["Inserisci al massimo 10000."],
    });
    const appointment = submitted(newAppointmentForm, {
      slug: "short",
      startsAt: "2027-06-10T07:00",
      endsAt: "2027-06-10T13:00",
      capacity: "100",
      price: "20",
    });
    const wrong = new ApiError(400, [
      problem("priceTiers/0/amount", "number-too-big", { max: 10_000_000 }),
      problem("slug", "invalid-format"),
    ]);
    const options = {
      fields: NEW_APPOINTMENT_FIELDS,
      fieldMessages: { slug: { "invalid-format": () => "Not a slug." } },
    };
    expect(replyWithApiError(appointment, wrong, options).error).toEqual({
      price: ["Enter at most 10000000."],
      slug: ["Not a slug."],
    });
  });
});
