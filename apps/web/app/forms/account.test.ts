import { ApiError } from "@sports/jsonapi";
import { afterEach, describe, expect, it } from "vitest";
import { setBrowserLocale } from "../i18n/locale.ts";
import { loginForm, personalDataAttributes, personalDataForm, registrationForm } from "./account.ts";
import { replyWithApiError } from "./reply.ts";
import { parseForm } from "./use-site-form.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("the account forms", () => {
  it("put each problem on its own field", () => {
    const submission = parseForm(
      form({ givenName: "Ada", familyName: "", email: "ada@", password: "short" }),
      registrationForm,
    );
    expect(submission.status).toBe("error");
    const errors = submission.reply().error ?? {};
    expect(Object.keys(errors).sort()).toEqual(["acceptTerms", "email", "familyName", "password"]);
    expect(errors.familyName).toEqual(["Fill in this field."]);
    expect(errors.email).toEqual(["Enter an e-mail address such as name@example.org."]);
    expect(errors.password).toEqual(["Enter at least 8 characters."]);
    expect(errors.acceptTerms).toEqual(["Accept the terms and the privacy notice to create the account."]);
  });

  it("take a ticked checkbox and trimmed text", () => {
    const submission = parseForm(
      form({
        givenName: " Ada ",
        familyName: "Lovelace",
        email: "ada@example.org",
        password: "trail at dawn",
        acceptTerms: "on",
      }),
      registrationForm,
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({ givenName: "Ada", acceptTerms: true });
  });

  it("ask for the password on login but apply no rules to it", () => {
    expect(parseForm(form({ email: "ada@example.org", password: "x" }), loginForm).status).toBe("success");
    expect(parseForm(form({ email: "ada@example.org" }), loginForm).reply().error).toEqual({
      password: ["Fill in this field."],
    });
  });

  it("send emptied optional personal data as null, so the API clears it", () => {
    const submission = parseForm(
      form({ givenName: "Ada", familyName: "Lovelace", phone: "", country: "IT", preferredLocale: "it-IT" }),
      personalDataForm,
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(personalDataAttributes(submission.value)).toMatchObject({
      phone: null,
      country: "IT",
      birthDate: null,
      taxCode: null,
    });
  });

  it("put the API's refusal of a codice fiscale at its field, in the page's language", () => {
    const submission = parseForm(
      form({ givenName: "Ada", familyName: "Lovelace", taxCode: "RSSMRA85T10A562T", preferredLocale: "it-IT" }),
      personalDataForm,
    );
    expect(submission.status === "success" && personalDataAttributes(submission.value).taxCode).toBe(
      "RSSMRA85T10A562T",
    );
    setBrowserLocale("it-IT");
    const refusal = (code: string) =>
      replyWithApiError(
        submission,
        new ApiError(400, [{ status: "400", code, title: "", source: { pointer: "/data/attributes/taxCode" } }]),
      ).error?.taxCode;
    expect(refusal("tax-code-check-character")).toEqual([
      "La lettera di controllo del codice fiscale non è corretta: controlla di averlo scritto bene.",
    ]);
    expect(refusal("tax-code-shape")?.[0]).toMatch(/^Questo non è un codice fiscale/);
    expect(refusal("tax-code-check-digit")?.[0]).toMatch(/^La cifra di controllo del codice fiscale/);
    setBrowserLocale("en-US");
  });

  describe("refuse what the API refuses, saying what to fix in the visitor's language", () => {
    afterEach(() => setBrowserLocale("en-US"));
    const profile = (fields: Record<string, string>) =>
      parseForm(
        form({ givenName: "Ada", familyName: "Lovelace", preferredLocale: "it-IT", ...fields }),
        personalDataForm,
      );

    it("line breaks, tabs and other invisible characters in a name or any other text", () => {
      const oneLine = "Use one line of plain text: remove line breaks, tabs and other invisible characters.";
      for (const name of ["Ada\r\nBcc: x@example.org", "Ada\tL", "Ada\u0085L", "Ada\u2028L", "Ada\u202eL"]) {
        expect(profile({ givenName: name, street: `Via ${name}` }).reply().error, name).toEqual({
          givenName: [oneLine],
          street: [oneLine],
        });
        const registration = form({ givenName: "Ada", familyName: name, email: "ada@example.org", password: "x" });
        expect(parseForm(registration, registrationForm).reply().error?.familyName).toEqual([oneLine]);
      }
      setBrowserLocale("it-IT");
      expect(profile({ locality: "Bologna\n" + "Bcc" }).reply().error).toEqual({
        locality: ["Usa una sola riga di testo semplice: togli a capo, tabulazioni e altri caratteri invisibili."],
      });
    });

    it("a birth date in the future or before 1900", () => {
      expect(profile({ birthDate: "2999-12-31" }).reply().error).toEqual({
        birthDate: ["The date of birth cannot be in the future."],
      });
      expect(profile({ birthDate: "1899-12-31" }).reply().error).toEqual({
        birthDate: ["Enter a date of birth from 1900 onwards."],
      });
      expect(profile({ birthDate: new Date().toISOString().slice(0, 10) }).status).toBe("success");
      setBrowserLocale("de-DE");
      expect(profile({ birthDate: "2999-12-31" }).reply().error).toEqual({
        birthDate: ["Das Geburtsdatum darf nicht in der Zukunft liegen."],
      });
    });

    it("a phone number that is not one, saying what one is", () => {
      expect(profile({ phone: "12ab" }).reply().error).toEqual({
        phone: [
          "Enter a phone number of 6 to 15 digits, such as +1 617 555 0100: only digits, a leading +, spaces, dots, hyphens, slashes and parentheses.",
        ],
      });
      expect(profile({ phone: "(051) 12-34-56" }).status).toBe("success");
      setBrowserLocale("fr-FR");
      expect(profile({ phone: "12ab" }).reply().error?.phone?.[0]).toMatch(
        /^Saisissez un numéro de téléphone de 6 à 15 chiffres/,
      );
    });
  });
});
