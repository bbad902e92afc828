import { describe, expect, it } from "vitest";
import type { Buyer } from "./billing.ts";
import {
  BILLING_PROBLEM_CODES,
  type BillingDetailsInput,
  type BillingProblem,
  type BillingProblemCode,
  checkBillingDetails,
} from "./billing-details.ts";

const italianAddress = { street: "Via Roma 1", postalCode: "20121", locality: "Milano", province: "MI", country: "IT" };
const germanAddress = { street: "Unter den Linden 5", postalCode: "10117", locality: "Berlin", country: "DE" };

const business = (changes: Partial<BillingDetailsInput> = {}): BillingDetailsInput => ({
  kind: "business",
  name: "ASD Atletica Milano",
  vatNumber: "00159560366",
  address: italianAddress,
  recipientCode: "ABC1234",
  ...changes,
});
const person = (changes: Partial<BillingDetailsInput> = {}): BillingDetailsInput => ({
  kind: "person",
  name: "Mario Rossi",
  ...changes,
});

/** The problems of some details, or "valid". */
const problemsOf = (input: BillingDetailsInput): BillingProblem[] | "valid" => {
  const checked = checkBillingDetails(input);
  return "problems" in checked ? checked.problems : "valid";
};
/** The buyer of some details expected valid. */
const buyerOf = (input: BillingDetailsInput): Buyer => {
  const checked = checkBillingDetails(input);
  if ("problems" in checked) throw new Error(`unexpected problems: ${JSON.stringify(checked.problems)}`);
  return checked.details;
};

describe("the buyer's kind", () => {
  it.each([
    [{ kind: undefined }, [{ field: "kind", code: "required" }]],
    [{ kind: "club" }, [{ field: "kind", code: "required" }]],
    [{ kind: " person " }, "valid"],
    [{ kind: "person" }, "valid"],
  ] as const)("%j: %j", (changes, expected) => {
    expect(problemsOf(person(changes))).toEqual(expected);
  });
});

describe("a business", () => {
  it.each<[string, Partial<BillingDetailsInput>, BillingProblem[] | "valid"]>([
    ["complete", {}, "valid"],
    ["without a name", { name: "  " }, [{ field: "name", code: "required" }]],
    ["with a tax code and no VAT number", { vatNumber: undefined, taxCode: "80213330584" }, "valid"],
    ["with a person's tax code and no VAT number", { vatNumber: undefined, taxCode: "RSSMRA85T10A562S" }, "valid"],
    [
      "with neither VAT number nor tax code",
      { vatNumber: "", taxCode: undefined },
      [{ field: "vatNumber", code: "vat-or-tax-code-required" }],
    ],
    [
      "with a wrong check digit",
      { vatNumber: "00159560367" },
      [{ field: "vatNumber", code: "vat-number-check-digit" }],
    ],
    ["with a VAT number too short", { vatNumber: "IT0015956036" }, [{ field: "vatNumber", code: "vat-number-shape" }]],
    [
      "with a wrong tax code beside a good VAT number",
      { taxCode: "00484960587" },
      [{ field: "taxCode", code: "tax-code-check-digit" }],
    ],
    ["without a recipient code", { recipientCode: undefined }, [{ field: "recipientCode", code: "required" }]],
    ["with the code 0000000", { recipientCode: "0000000" }, "valid"],
    [
      "with a foreign recipient code",
      { recipientCode: "XXXXXXX" },
      [{ field: "recipientCode", code: "recipient-code-foreign-only" }],
    ],
    [
      "with a short recipient code",
      { recipientCode: "ABC12" },
      [{ field: "recipientCode", code: "recipient-code-shape" }],
    ],
    ["with a PEC", { pec: "fatture@pec.atleticamilano.it" }, "valid"],
    ["with a wrong PEC", { pec: "fatture.atleticamilano.it" }, [{ field: "pec", code: "pec-shape" }]],
    [
      "without an address",
      { address: undefined },
      [
        { field: "address/street", code: "required" },
        { field: "address/locality", code: "required" },
        { field: "address/country", code: "required" },
        { field: "address/postalCode", code: "required" },
      ],
    ],
    [
      "without a street",
      { address: { ...italianAddress, street: " " } },
      [{ field: "address/street", code: "required" }],
    ],
    [
      "without a locality",
      { address: { ...italianAddress, locality: undefined } },
      [{ field: "address/locality", code: "required" }],
    ],
    [
      "without a postal code",
      { address: { ...italianAddress, postalCode: "" } },
      [{ field: "address/postalCode", code: "required" }],
    ],
    [
      "with a wrong postal code",
      { address: { ...italianAddress, postalCode: "2012" } },
      [{ field: "address/postalCode", code: "postal-code-shape" }],
    ],
    [
      "in Italy without a province",
      { address: { ...italianAddress, province: undefined } },
      [{ field: "address/province", code: "required" }],
    ],
    [
      "in Italy with a wrong province",
      { address: { ...italianAddress, province: "Milano" } },
      [{ field: "address/province", code: "province-shape" }],
    ],
    [
      "with a country that is not a code",
      { address: { ...italianAddress, country: "Italia" } },
      [{ field: "address/country", code: "country-shape" }],
    ],
  ])("%s: %j", (_, changes, expected) => {
    expect(problemsOf(business(changes))).toEqual(expected);
  });

  it.each<[string, Partial<BillingDetailsInput>, BillingProblem[] | "valid"]>([
    ["with its prefixed VAT id and XXXXXXX", {}, "valid"],
    ["with its VAT id without a prefix", { vatNumber: "123456789" }, "valid"],
    ["without a province", { address: { ...germanAddress, province: undefined } }, "valid"],
    [
      "with an Italian recipient code",
      { recipientCode: "ABC1234" },
      [{ field: "recipientCode", code: "recipient-code-foreign" }],
    ],
    [
      "with the code 0000000",
      { recipientCode: "0000000" },
      [{ field: "recipientCode", code: "recipient-code-foreign" }],
    ],
    ["without a recipient code", { recipientCode: undefined }, [{ field: "recipientCode", code: "required" }]],
    ["with a VAT id of no plausible shape", { vatNumber: "DE1" }, [{ field: "vatNumber", code: "vat-number-shape" }]],
    [
      "with a wrong postal code",
      { address: { ...germanAddress, postalCode: "10/117" } },
      [{ field: "address/postalCode", code: "postal-code-shape" }],
    ],
  ])("abroad, %s: %j", (_, changes, expected) => {
    expect(
      problemsOf(business({ address: germanAddress, vatNumber: "DE123456789", recipientCode: "XXXXXXX", ...changes })),
    ).toEqual(expected);
  });

  it("is stored tidied: codes in upper case, words trimmed, the VAT id split", () => {
    expect(
      buyerOf({
        kind: "business",
        name: "  ASD   Atletica Milano ",
        vatNumber: "it 001 595 60366",
        taxCode: " 80213330584 ",
        address: { street: " Via  Roma 1 ", postalCode: " 20121 ", locality: "Milano ", province: "mi", country: "it" },
        recipientCode: "abc1234",
        pec: " fatture@pec.atleticamilano.it ",
      }),
    ).toEqual({
      kind: "business",
      name: "ASD Atletica Milano",
      givenName: null,
      familyName: null,
      taxCode: "80213330584",
      vatNumber: { country: "IT", code: "00159560366" },
      address: { street: "Via Roma 1", postalCode: "20121", locality: "Milano", province: "MI", country: "IT" },
      recipientCode: "ABC1234",
      pec: "fatture@pec.atleticamilano.it",
    });
  });

  it("abroad keeps its VAT id's country and no province", () => {
    const buyer = buyerOf(
      business({
        vatNumber: "de 123 456 789",
        address: { ...germanAddress, province: "Berlin", country: "de" },
        recipientCode: "xxxxxxx",
      }),
    );
    expect(buyer.vatNumber).toEqual({ country: "DE", code: "123456789" });
    expect(buyer.address).toEqual({ ...germanAddress, province: null });
    expect(buyer.recipientCode).toBe("XXXXXXX");
  });

  it("gives every problem at once", () => {
    expect(
      problemsOf({
        kind: "business",
        vatNumber: "00159560367",
        address: { street: "Via Roma 1", postalCode: "2012", country: "IT" },
        recipientCode: "XXXXXXX",
        pec: "fatture",
      }),
    ).toEqual([
      { field: "name", code: "required" },
      { field: "address/locality", code: "required" },
      { field: "address/postalCode", code: "postal-code-shape" },
      { field: "address/province", code: "required" },
      { field: "vatNumber", code: "vat-number-check-digit" },
      { field: "recipientCode", code: "recipient-code-foreign-only" },
      { field: "pec", code: "pec-shape" },
    ]);
  });
});

describe("a person", () => {
  it.each<[string, Partial<BillingDetailsInput>, BillingProblem[] | "valid"]>([
    ["with a name only", {}, "valid"],
    ["without a name", { name: undefined }, [{ field: "name", code: "required" }]],
    ["with one word for a name", { name: "Mario" }, [{ field: "name", code: "full-name-required" }]],
    ["with the names apart", { name: undefined, givenName: "Mario", familyName: "Rossi" }, "valid"],
    [
      "with a given name and no family name",
      { name: undefined, givenName: "Mario" },
      [{ field: "familyName", code: "required" }],
    ],
    [
      "with a family name and no given name",
      { name: undefined, familyName: "Rossi" },
      [{ field: "givenName", code: "required" }],
    ],
    ["with a tax code", { taxCode: "RSSMRA85T10A562S" }, "valid"],
    [
      "with a wrong tax code",
      { taxCode: "RSSMRA85T10A562T" },
      [{ field: "taxCode", code: "tax-code-check-character" }],
    ],
    ["with a tax code of no shape", { taxCode: "RSSMRA85" }, [{ field: "taxCode", code: "tax-code-shape" }]],
    [
      "with a partial address",
      { address: { street: "Via Roma 1" } },
      [
        { field: "address/locality", code: "required" },
        { field: "address/country", code: "required" },
        { field: "address/postalCode", code: "required" },
      ],
    ],
    ["with a wrong PEC", { pec: "mario" }, [{ field: "pec", code: "pec-shape" }]],
    [
      "with a wrong recipient code",
      { recipientCode: "ABC" },
      [{ field: "recipientCode", code: "recipient-code-shape" }],
    ],
  ])("%s: %j", (_, changes, expected) => {
    expect(problemsOf(person(changes))).toEqual(expected);
  });

  it.each<[string, Partial<BillingDetailsInput>, BillingProblem[] | "valid"]>([
    ["with a tax code and an address", {}, "valid"],
    ["with an omocodic tax code", { taxCode: "rssmra85t10a56nh" }, "valid"],
    ["without a tax code", { taxCode: undefined }, [{ field: "taxCode", code: "required" }]],
    [
      "without an address",
      { address: undefined },
      [
        { field: "address/street", code: "required" },
        { field: "address/locality", code: "required" },
        { field: "address/country", code: "required" },
        { field: "address/postalCode", code: "required" },
      ],
    ],
    [
      "in Italy without a province",
      { address: { ...italianAddress, province: "" } },
      [{ field: "address/province", code: "required" }],
    ],
    ["abroad without a tax code", { taxCode: undefined, address: germanAddress }, "valid"],
    [
      "abroad with an Italian recipient code",
      { taxCode: undefined, address: germanAddress, recipientCode: "ABC1234" },
      [{ field: "recipientCode", code: "recipient-code-foreign" }],
    ],
  ])("asking for an invoice, %s: %j", (_, changes, expected) => {
    expect(
      problemsOf(person({ wantsInvoice: true, taxCode: "RSSMRA85T10A562S", address: italianAddress, ...changes })),
    ).toEqual(expected);
  });

  it.each<[string, Partial<BillingDetailsInput>, Pick<Buyer, "name" | "givenName" | "familyName">]>([
    [
      "splits the last word off a full name",
      { name: " Maria  Grazia   Bianchi " },
      {
        name: "Maria Grazia Bianchi",
        givenName: "Maria Grazia",
        familyName: "Bianchi",
      },
    ],
    [
      "keeps the names given apart",
      { name: undefined, givenName: " Maria ", familyName: "De Luca" },
      {
        name: "Maria De Luca",
        givenName: "Maria",
        familyName: "De Luca",
      },
    ],
    [
      "keeps a full name beside the names apart",
      { name: "Maria De Luca", givenName: "Maria", familyName: "De Luca" },
      {
        name: "Maria De Luca",
        givenName: "Maria",
        familyName: "De Luca",
      },
    ],
  ])("%s", (_, changes, names) => {
    expect(buyerOf(person(changes))).toMatchObject(names);
  });

  it.each<[string, Partial<BillingDetailsInput>, string | null]>([
    [
      "gets 0000000 for an invoice",
      { wantsInvoice: true, taxCode: "RSSMRA85T10A562S", address: italianAddress },
      "0000000",
    ],
    ["gets XXXXXXX for an invoice abroad", { wantsInvoice: true, address: germanAddress }, "XXXXXXX"],
    [
      "keeps a recipient code given",
      { wantsInvoice: true, taxCode: "RSSMRA85T10A562S", address: italianAddress, recipientCode: "abc1234" },
      "ABC1234",
    ],
    ["has none for a receipt", {}, null],
  ])("%s", (_, changes, recipientCode) => {
    expect(buyerOf(person(changes)).recipientCode).toBe(recipientCode);
  });

  it("is stored tidied, with nothing it was not given", () => {
    expect(buyerOf(person({ taxCode: " rssmra85t10a562s " }))).toEqual({
      kind: "person",
      name: "Mario Rossi",
      givenName: "Mario",
      familyName: "Rossi",
      taxCode: "RSSMRA85T10A562S",
      vatNumber: null,
      address: null,
      recipientCode: null,
      pec: null,
    });
  });
});

/** One input for each code the web app gives a message for: the compiler asks for a new code's example. */
const EXAMPLES: Record<BillingProblemCode, BillingDetailsInput> = {
  required: person({ name: "" }),
  "full-name-required": person({ name: "Mario" }),
  "vat-or-tax-code-required": business({ vatNumber: undefined }),
  "vat-number-shape": business({ vatNumber: "123" }),
  "vat-number-check-digit": business({ vatNumber: "00159560367" }),
  "tax-code-shape": person({ taxCode: "RSSMRA" }),
  "tax-code-check-character": person({ taxCode: "RSSMRA85T10A562T" }),
  "tax-code-check-digit": person({ taxCode: "00484960587" }),
  "country-shape": business({ address: { ...italianAddress, country: "ITA" } }),
  "postal-code-shape": business({ address: { ...italianAddress, postalCode: "201" } }),
  "province-shape": business({ address: { ...italianAddress, province: "M" } }),
  "recipient-code-shape": business({ recipientCode: "ABC" }),
  "recipient-code-foreign-only": business({ recipientCode: "XXXXXXX" }),
  "recipient-code-foreign": business({ vatNumber: "DE123456789", address: germanAddress }),
  "pec-shape": person({ pec: "mario" }),
};

it.each(BILLING_PROBLEM_CODES)("gives the code %s", (code) => {
  const problems = problemsOf(EXAMPLES[code]);
  expect(problems === "valid" ? [] : problems.map((problem) => problem.code)).toEqual([code]);
});
