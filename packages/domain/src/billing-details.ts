import { BUYER_KINDS, type Buyer, type PostalAddress } from "./billing.ts";
import {
  FOREIGN_RECIPIENT_CODE,
  NO_RECIPIENT_CODE,
  normalizeRecipientCode,
  normalizeTaxCode,
  pecProblem,
  postalCodeProblem,
  provinceProblem,
  recipientCodeProblem,
  splitVatNumber,
  taxCodeProblem,
  vatNumberProblem,
} from "./fiscal-codes.ts";

/**
 * Every reason a buyer's billing details are refused, so each may have its message. `required` is a
 * missing field; the others are named after the field and what is wrong with it.
 */
export const BILLING_PROBLEM_CODES = [
  "required",
  "full-name-required",
  "vat-or-tax-code-required",
  "vat-number-shape",
  "vat-number-check-digit",
  "tax-code-shape",
  "tax-code-check-character",
  "tax-code-check-digit",
  "country-shape",
  "postal-code-shape",
  "province-shape",
  "recipient-code-shape",
  "recipient-code-foreign-only",
  "recipient-code-foreign",
  "pec-shape",
] as const;
export type BillingProblemCode = (typeof BILLING_PROBLEM_CODES)[number];

/** One thing wrong with the billing details: the field (`name`, `address/postalCode`…) and why. */
export interface BillingProblem {
  field: string;
  code: BillingProblemCode;
}

/** The billing details as the recap form sends them: every field as typed, any of them missing. */
export interface BillingDetailsInput {
  kind?: string;
  /** A business's name, or a person's full name when the form does not ask for the two apart. */
  name?: string;
  givenName?: string;
  familyName?: string;
  taxCode?: string;
  /** The VAT id, with or without its country's prefix (IT01234567890, DE123456789, 01234567890). */
  vatNumber?: string;
  address?: {
    street?: string;
    postalCode?: string;
    locality?: string;
    province?: string;
    country?: string;
  };
  recipientCode?: string;
  pec?: string;
  /** Whether a person asks for an invoice rather than a receipt; a business always gets an invoice. */
  wantsInvoice?: boolean;
}

/**
 * A buyer's billing details checked and tidied for the documents: codes in upper case without
 * spaces, words trimmed, a person's name in its two parts. Either the buyer, or every problem at once.
 *
 * A business needs its name, a VAT number or a tax code, its full address and its recipient code.
 * A person needs a name; asking for an invoice they also need a full address and, in Italy, a tax
 * code, and without a recipient code get `0000000` (`XXXXXXX` abroad). Whatever is given is checked.
 */
export function checkBillingDetails(input: BillingDetailsInput): { details: Buyer } | { problems: BillingProblem[] } {
  const problems: BillingProblem[] = [];
  const report = (field: string, code: BillingProblemCode | null) => {
    if (code !== null) problems.push({ field, code });
  };

  const kind = BUYER_KINDS.find((each) => each === input.kind?.trim());
  if (kind === undefined) report("kind", "required");
  const business = kind === "business";
  const invoice = business || input.wantsInvoice === true;

  const names = business ? businessName(input) : personName(input);
  for (const problem of names.problems) report(problem.field, problem.code);

  const address = readAddress(input.address, invoice, report);
  const country = address.country;
  const abroad = country !== null && country !== "IT";

  const taxCode = present(input.taxCode) ? normalizeTaxCode(input.taxCode) : null;
  if (taxCode !== null) report("taxCode", taxCodeProblem(taxCode));
  else if (kind === "person" && invoice && !abroad) report("taxCode", "required");

  const vatNumber = present(input.vatNumber) ? splitVatNumber(input.vatNumber, country ?? "IT") : null;
  if (vatNumber !== null) report("vatNumber", vatNumberProblem(vatNumber.country, vatNumber.code));
  else if (business && taxCode === null) report("vatNumber", "vat-or-tax-code-required");

  const recipientCode = present(input.recipientCode)
    ? normalizeRecipientCode(input.recipientCode)
    : kind === "person" && invoice
      ? defaultRecipientCode(abroad)
      : null;
  if (recipientCode !== null) report("recipientCode", recipientCodeProblem(recipientCode, { country }));
  else if (business) report("recipientCode", "required");

  const pec = present(input.pec) ? input.pec.trim() : null;
  if (pec !== null) report("pec", pecProblem(pec));

  if (problems.length > 0 || kind === undefined) return { problems };
  return {
    details: {
      kind,
      ...names.buyer,
      taxCode,
      vatNumber,
      address: address.value,
      recipientCode,
      pec,
    },
  };
}

/** The recipient code of a person who asks for an invoice and gives none: none in Italy, the foreign one abroad. */
function defaultRecipientCode(abroad: boolean): string {
  return abroad ? FOREIGN_RECIPIENT_CODE : NO_RECIPIENT_CODE;
}

type BuyerNames = Pick<Buyer, "name" | "givenName" | "familyName">;

/** A business's name: required, and no name apart. */
function businessName(input: BillingDetailsInput): { buyer: BuyerNames; problems: BillingProblem[] } {
  const name = words(input.name);
  return {
    buyer: { name: name ?? "", givenName: null, familyName: null },
    problems: name === null ? [{ field: "name", code: "required" }] : [],
  };
}

/**
 * A person's name and its two parts: as given apart (both then needed), or else split from the full
 * name, the last word being the family name, so a full name needs two words at least.
 */
function personName(input: BillingDetailsInput): { buyer: BuyerNames; problems: BillingProblem[] } {
  const full = words(input.name);
  const given = words(input.givenName);
  const family = words(input.familyName);
  if (given !== null || family !== null) {
    const problems: BillingProblem[] = [];
    if (given === null) problems.push({ field: "givenName", code: "required" });
    if (family === null) problems.push({ field: "familyName", code: "required" });
    return {
      buyer: { name: full ?? `${given ?? ""} ${family ?? ""}`.trim(), givenName: given, familyName: family },
      problems,
    };
  }
  const split = full?.lastIndexOf(" ") ?? -1;
  if (full === null || split < 0) {
    const code = full === null ? "required" : "full-name-required";
    return { buyer: { name: full ?? "", givenName: null, familyName: null }, problems: [{ field: "name", code }] };
  }
  return { buyer: { name: full, givenName: full.slice(0, split), familyName: full.slice(split + 1) }, problems: [] };
}

/**
 * The address, tidied: required in full when `required`, and otherwise in full once any part of it
 * is given. The province is an Italian address's only (null abroad); `country` is null when not given.
 */
function readAddress(
  input: BillingDetailsInput["address"],
  required: boolean,
  report: (field: string, code: BillingProblemCode | null) => void,
): { value: PostalAddress | null; country: string | null } {
  const street = words(input?.street);
  const postalCode = words(input?.postalCode)?.toUpperCase() ?? null;
  const locality = words(input?.locality);
  const province = words(input?.province)?.toUpperCase() ?? null;
  const country = words(input?.country)?.toUpperCase() ?? null;
  const given = [street, postalCode, locality, province, country].some((part) => part !== null);
  if (!required && !given) return { value: null, country: null };

  if (street === null) report("address/street", "required");
  if (locality === null) report("address/locality", "required");
  if (country === null) report("address/country", "required");
  else if (!/^[A-Z]{2}$/.test(country)) report("address/country", "country-shape");
  const countryKnown = country !== null && /^[A-Z]{2}$/.test(country) ? country : null;
  if (postalCode === null) report("address/postalCode", "required");
  else if (countryKnown !== null) report("address/postalCode", postalCodeProblem(countryKnown, postalCode));
  if (countryKnown === "IT") {
    report("address/province", province === null ? "required" : provinceProblem(countryKnown, province));
  }

  const value =
    street !== null && postalCode !== null && locality !== null && countryKnown !== null
      ? { street, postalCode, locality, province: countryKnown === "IT" ? province : null, country: countryKnown }
      : null;
  return { value, country: countryKnown };
}

/** Whether a field holds more than spaces. */
function present(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== "";
}

/** A field's words, trimmed and single-spaced; null when it holds none. */
function words(value: string | undefined): string | null {
  const tidy = value?.trim().replace(/\s+/g, " ") ?? "";
  return tidy === "" ? null : tidy;
}
