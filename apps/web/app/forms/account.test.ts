import { describe, expect, it } from "vitest";
import { loginForm, personalDataAttributes, personalDataForm, registrationForm } from "./account.ts";
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
    expect(personalDataAttributes(submission.value)).toMatchObject({ phone: null, country: "IT", birthDate: null });
  });
});
