import { describe, expect, it } from "vitest";
import { setBrowserLocale } from "../i18n/locale.ts";
import {
  dayAfter,
  newStayRow,
  participantAttributes,
  participantDefaults,
  participantsForm,
  recapForm,
  requiredParticipantFields,
  roomOffers,
  stayDefaults,
  staysForm,
} from "./signup.ts";
import { parseForm } from "./use-site-form.ts";

const form = (fields: Record<string, string | File>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

const trail = {
  medicalCertificate: "competitive" as const,
  federationCardRequired: false,
  tshirtSizes: ["S", "M", "L"],
  participantsPerSignup: 2,
};

const ada = {
  "participants[0].givenName": " Ada ",
  "participants[0].familyName": "Lovelace",
  "participants[0].birthDate": "1990-12-10",
  "participants[0].gender": "female",
  "participants[0].email": "ada@example.org",
  "participants[0].tshirtSize": "M",
  "participants[0].emergencyContactName": "Charles Babbage",
  "participants[0].emergencyContactPhone": "+44 20 7946 0000",
  "participants[0].keptCertificateId": "c1",
  "participants[0].certificateExpiresOn": "2028-01-31",
  "participants[0].termsAccepted": "on",
  "participants[0].privacyAccepted": "on",
};

describe("the participants form", () => {
  it("asks for what the event asks, each problem on its own field", () => {
    const submission = parseForm(form({ "participants[0].givenName": "Ada" }), participantsForm(trail));
    const errors = submission.reply().error ?? {};
    expect(Object.keys(errors).sort()).toEqual(
      [
        "birthDate",
        "certificateExpiresOn",
        "emergencyContactName",
        "emergencyContactPhone",
        "email",
        "familyName",
        "gender",
        "privacyAccepted",
        "termsAccepted",
        "tshirtSize",
        // Asked for even while other fields are wrong, so the visitor sees everything at once.
        "certificateId",
      ]
        .map((name) => `participants[0].${name}`)
        .sort(),
    );
    expect(errors["participants[0].certificateId"]).toEqual(["Upload the medical certificate."]);
    expect(errors["participants[0].termsAccepted"]).toEqual(["The participant must accept the event rules."]);
    expect(errors["participants[0].tshirtSize"]).toEqual(["Fill in this field."]);
  });

  it("is built once per set of rules, and anew for other rules", () => {
    expect(participantsForm({ ...trail })).toBe(participantsForm(trail));
    expect(participantsForm({ ...trail, participantsPerSignup: 1 })).not.toBe(participantsForm(trail));
    const second = Object.fromEntries(Object.entries(ada).map(([name, value]) => [name.replace("[0]", "[1]"), value]));
    const two = form({ ...ada, ...second });
    expect(parseForm(two, participantsForm(trail)).status).toBe("success");
    expect(parseForm(two, participantsForm({ ...trail, participantsPerSignup: 1 })).status).not.toBe("success");
  });

  it("asks nothing of a certificate, a card or a T-shirt when the event does not", () => {
    const plain = { ...trail, medicalCertificate: "none" as const, tshirtSizes: [] };
    const { "participants[0].keptCertificateId": _, "participants[0].tshirtSize": __, ...rest } = ada;
    expect(parseForm(form(rest), participantsForm(plain)).status).toBe("success");
    const carded = parseForm(form(ada), participantsForm({ ...trail, federationCardRequired: true }));
    expect(carded.reply().error).toEqual({ "participants[0].federationCard": ["Fill in this field."] });
  });

  it("takes a participant without a certificate only where the event takes it later, and then sends none", () => {
    const { "participants[0].keptCertificateId": _, "participants[0].certificateExpiresOn": __, ...rest } = ada;
    const later = { ...rest, "participants[0].certificateLater": "on" };
    expect(parseForm(form(later), participantsForm(trail)).status).not.toBe("success");
    const allowed = parseForm(form(later), participantsForm({ ...trail, certificateLater: true }));
    expect(allowed.status).toBe("success");
    if (allowed.status === "success")
      expect(participantAttributes(allowed.value)[0]).toMatchObject({
        certificateId: null,
        certificateExpiresOn: null,
      });
    // Without the tick, the certificate is asked for as before.
    const unticked = parseForm(form(rest), participantsForm({ ...trail, certificateLater: true }));
    expect(Object.keys(unticked.reply().error ?? {}).sort()).toEqual([
      "participants[0].certificateExpiresOn",
      "participants[0].certificateId",
    ]);
    expect(requiredParticipantFields({ ...trail, certificateLater: true }).has("certificateId")).toBe(false);
  });

  it("marks as required exactly the fields it refuses empty, under each event's rules", () => {
    const rulesOf = [
      trail,
      { ...trail, federationCardRequired: true },
      { ...trail, medicalCertificate: "none" as const, tshirtSizes: [] },
      { ...trail, medicalCertificate: "non-competitive" as const, tshirtSizes: ["M"] },
    ];
    for (const rules of rulesOf) {
      // Every field empty but one, so each empty field's own problem shows.
      const refused = Object.keys(
        parseForm(form({ "participants[0].club": "" }), participantsForm(rules)).reply().error ?? {},
      );
      const required = [...requiredParticipantFields(rules)].map((name) => `participants[0].${name}`);
      expect(required.sort()).toEqual(refused.sort());
    }
    expect(requiredParticipantFields({ ...trail, federationCardRequired: true }).has("federationCard")).toBe(true);
    expect(requiredParticipantFields(trail).has("phone")).toBe(false);
  });

  it("checks a chosen file's type and size before it travels", () => {
    const text = new File(["hello"], "note.txt", { type: "text/plain" });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "scan.pdf", { type: "application/pdf" });
    for (const [file, message] of [
      [text, "Upload a PDF, JPEG or PNG file."],
      [big, "The file is larger than 5 MB: upload a smaller one."],
    ] as const) {
      const submission = parseForm(form({ ...ada, "participants[0].certificateId": file }), participantsForm(trail));
      expect(submission.reply().error?.["participants[0].certificateId"]).toEqual([message]);
    }
  });

  it("refuses what the API refuses in names, phones and birth dates, in the visitor's language", () => {
    const submitted = (fields: Record<string, string>) =>
      parseForm(form({ ...ada, ...fields }), participantsForm(trail)).reply().error;
    expect(
      submitted({
        "participants[0].givenName": "Ada\u2028Bcc: x@example.org",
        "participants[0].emergencyContactName": "Charles\tBabbage",
        "participants[0].birthDate": "2999-12-31",
        "participants[0].phone": "12ab",
        "participants[0].emergencyContactPhone": "+44 20 7946 abcd",
      }),
    ).toEqual({
      "participants[0].givenName": [
        "Use one line of plain text: remove line breaks, tabs and other invisible characters.",
      ],
      "participants[0].emergencyContactName": [
        "Use one line of plain text: remove line breaks, tabs and other invisible characters.",
      ],
      "participants[0].birthDate": ["The date of birth cannot be in the future."],
      "participants[0].phone": [
        "Enter a phone number of 6 to 15 digits, such as +1 617 555 0100: only digits, a leading +, spaces, dots, hyphens, slashes and parentheses.",
      ],
      "participants[0].emergencyContactPhone": [
        "Enter a phone number of 6 to 15 digits, such as +1 617 555 0100: only digits, a leading +, spaces, dots, hyphens, slashes and parentheses.",
      ],
    });
    expect(submitted({ "participants[0].birthDate": "1899-12-31" })).toEqual({
      "participants[0].birthDate": ["Enter a date of birth from 1900 onwards."],
    });
    setBrowserLocale("es-ES");
    try {
      expect(
        submitted({ "participants[0].birthDate": "2999-12-31", "participants[0].familyName": "Love\u0085lace" }),
      ).toEqual({
        "participants[0].birthDate": ["La fecha de nacimiento no puede ser futura."],
        "participants[0].familyName": [
          "Use una sola línea de texto simple: quite los saltos de línea, las tabulaciones y otros caracteres invisibles.",
        ],
      });
    } finally {
      setBrowserLocale("en-US");
    }
  });

  it("sends every attribute, the kept certificate as the id and absent ones as null", () => {
    const submission = parseForm(form(ada), participantsForm(trail));
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(participantAttributes(submission.value)).toEqual([
      {
        givenName: "Ada",
        familyName: "Lovelace",
        birthDate: "1990-12-10",
        gender: "female",
        email: "ada@example.org",
        phone: null,
        nationality: null,
        club: null,
        federationCard: null,
        tshirtSize: "M",
        emergencyContactName: "Charles Babbage",
        emergencyContactPhone: "+44 20 7946 0000",
        certificateId: "c1",
        certificateExpiresOn: "2028-01-31",
        termsAccepted: true,
        privacyAccepted: true,
      },
    ]);
  });

  it("takes no more participants than the event allows", () => {
    const three = { ...ada };
    for (const index of [1, 2])
      for (const [name, value] of Object.entries(ada))
        Object.assign(three, { [name.replace("[0]", `[${index}]`)]: value });
    expect(parseForm(form(three), participantsForm(trail)).reply().error?.participants).toHaveLength(1);
  });

  it("starts from the saved participants, or the first time from the visitor's own data", () => {
    const visitor = {
      givenName: "Ada",
      familyName: "Lovelace",
      birthDate: null,
      gender: "female" as const,
      email: "ada@example.org",
      phone: null,
      club: "Analytical RC",
      federationCard: null,
    };
    expect(participantDefaults([], visitor)).toEqual([
      { givenName: "Ada", familyName: "Lovelace", gender: "female", email: "ada@example.org", club: "Analytical RC" },
    ]);
    const saved = {
      position: 1,
      givenName: "Grace",
      familyName: "Hopper",
      birthDate: "1906-12-09",
      gender: null,
      email: null,
      phone: null,
      nationality: "US",
      club: null,
      federationCard: null,
      tshirtSize: "S",
      emergencyContactName: null,
      emergencyContactPhone: null,
      certificateId: "c9",
      certificateExpiresOn: "2027-05-01",
      termsAccepted: true,
      privacyAccepted: true,
    };
    expect(participantDefaults([saved], visitor)).toEqual([
      {
        givenName: "Grace",
        familyName: "Hopper",
        birthDate: "1906-12-09",
        nationality: "US",
        tshirtSize: "S",
        keptCertificateId: "c9",
        certificateExpiresOn: "2027-05-01",
        termsAccepted: "on",
        privacyAccepted: "on",
      },
    ]);
  });
});

describe("the stays form", () => {
  const offers = roomOffers([
    {
      firstNight: "2027-06-11",
      lastNight: "2027-06-12",
      roomTypes: [
        {
          id: "double",
          name: "Double",
          guests: 2,
          pricePerNight: { amount: 14800, currency: "EUR" },
          roomsPerNight: 3,
        },
      ],
    },
  ]);
  const booking = (fields: Record<string, string>) =>
    parseForm(
      form(Object.fromEntries(Object.entries(fields).map(([name, value]) => [`stays[0].${name}`, value]))),
      staysForm(offers),
    );

  it("keeps the dates within the nights offered: check-out at most the morning after the last", () => {
    const good = { roomTypeId: "double", checkIn: "2027-06-11", checkOut: "2027-06-13", rooms: "1", guests: "2" };
    expect(booking(good).status).toBe("success");
    expect(booking({ ...good, checkIn: "2027-06-10" }).reply().error).toEqual({
      "stays[0].checkIn": ["Choose a night this lodging offers."],
    });
    expect(booking({ ...good, checkOut: "2027-06-14" }).reply().error).toEqual({
      "stays[0].checkOut": ["Check out after check-in, and at the latest the morning after the last night offered."],
    });
    expect(booking({ ...good, checkOut: "2027-06-11" }).reply().error).toHaveProperty(["stays[0].checkOut"]);
  });

  it("says a departure before the arrival on the departure, even before a room is chosen", () => {
    const backwards = { roomTypeId: "", checkIn: "2027-06-12", checkOut: "2027-06-11", rooms: "1", guests: "1" };
    const errors = booking(backwards).reply().error ?? {};
    expect(errors["stays[0].checkOut"]).toEqual(["Check out after check-in."]);
    expect(errors).toHaveProperty(["stays[0].roomTypeId"]);
    expect(booking({ ...backwards, roomTypeId: "double" }).reply().error).toEqual({
      "stays[0].checkOut": ["Check out after check-in."],
    });
  });

  it("fits the guests in the rooms, and the rooms in what there is", () => {
    const good = { roomTypeId: "double", checkIn: "2027-06-11", checkOut: "2027-06-12", rooms: "1", guests: "2" };
    expect(booking({ ...good, guests: "3" }).reply().error).toEqual({
      "stays[0].guests": ["Too many guests for these rooms."],
    });
    expect(booking({ ...good, rooms: "4", guests: "4" }).reply().error).toEqual({
      "stays[0].rooms": ["There are not that many rooms of this type."],
    });
    expect(booking({ ...good, roomTypeId: "" }).reply().error).toHaveProperty(["stays[0].roomTypeId"]);
    expect(booking({ ...good, rooms: "0" }).reply().error).toEqual({ "stays[0].rooms": ["Enter 1 or more."] });
  });

  it("starts with the saved bookings, or one row to fill in, with the nights when only one range is offered", () => {
    expect(stayDefaults([])).toEqual([{ rooms: "1", guests: "1" }]);
    expect(stayDefaults([], offers)).toEqual([
      { checkIn: "2027-06-11", checkOut: "2027-06-13", rooms: "1", guests: "1" },
    ]);
    const twoRanges = [
      { firstNight: "2027-06-11", lastNight: "2027-06-12" },
      { firstNight: "2027-06-10", lastNight: "2027-06-12" },
    ];
    expect(newStayRow(twoRanges)).toEqual({ rooms: "1", guests: "1" });
    expect(
      stayDefaults([{ roomTypeId: "double", checkIn: "2027-06-11", checkOut: "2027-06-12", rooms: 2, guests: 3 }]),
    ).toEqual([{ roomTypeId: "double", checkIn: "2027-06-11", checkOut: "2027-06-12", rooms: "2", guests: "3" }]);
  });

  it("counts days across a month's end", () => {
    expect(dayAfter("2027-06-30")).toBe("2027-07-01");
    expect(dayAfter("2028-02-28")).toBe("2028-02-29");
  });
});

describe("the recap form", () => {
  const offered = recapForm(["demo", "bank-transfer"]);

  it("asks how to pay, in its own words rather than a text field's, and for the terms", () => {
    expect(parseForm(form({}), offered).reply().error).toEqual({
      paymentMethod: ["Choose how you want to pay."],
      termsAccepted: ["Accept the terms of the signup to go on."],
    });
    expect(parseForm(form({ paymentMethod: "cash", termsAccepted: "on" }), offered).reply().error).toEqual({
      paymentMethod: ["Choose one of the options."],
    });
    setBrowserLocale("it-IT");
    try {
      expect(parseForm(form({ termsAccepted: "on" }), offered).reply().error).toEqual({
        paymentMethod: ["Scegli come vuoi pagare."],
      });
    } finally {
      setBrowserLocale("en-US");
    }
  });

  it("takes only a method the event offers", () => {
    expect(parseForm(form({ paymentMethod: "stripe", termsAccepted: "on" }), offered).reply().error).toEqual({
      paymentMethod: ["Choose one of the options."],
    });
    const chosen = parseForm(form({ paymentMethod: "demo", termsAccepted: "on" }), offered);
    expect(chosen.status === "success" && chosen.value).toEqual({ paymentMethod: "demo", termsAccepted: true });
  });
});
