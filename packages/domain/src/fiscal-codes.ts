/**
 * The shapes and check characters of the codes an Italian invoice carries: the partita IVA, the
 * codice fiscale, the postal code and province of an address, the SdI recipient code and the PEC.
 * Each check takes what a person typed, judges it as {@link normalizeVatNumber} and its siblings
 * would store it, and answers with a problem code or null when the value may be used.
 */

/** Why a VAT number is refused. */
export type VatNumberProblem = "vat-number-shape" | "vat-number-check-digit";
/** Why a codice fiscale is refused: a 16-character one by its check letter, an 11-digit one by its check digit. */
export type TaxCodeProblem = "tax-code-shape" | "tax-code-check-character" | "tax-code-check-digit";
/** Why an SdI recipient code is refused. */
export type RecipientCodeProblem = "recipient-code-shape" | "recipient-code-foreign-only" | "recipient-code-foreign";

/** The recipient code of one who receives invoices by PEC or in their tax drawer: valid for anyone in Italy. */
export const NO_RECIPIENT_CODE = "0000000";
/** The recipient code of a buyer abroad, whose invoice the SdI does not deliver. */
export const FOREIGN_RECIPIENT_CODE = "XXXXXXX";
/** The recipient code of the San Marino tax office, through which invoices to San Marino buyers pass. */
export const SAN_MARINO_RECIPIENT_CODE = "2R4GTO8";

/** A VAT number as stored: upper case, without spaces, dots or dashes, and without the country's prefix (IT unless told). */
export function normalizeVatNumber(input: string, country = "IT"): string {
  const code = compact(input);
  const prefix = country.trim().toUpperCase();
  return code.startsWith(prefix) ? code.slice(prefix.length) : code;
}

/**
 * A VAT id as typed, split into its country and number: a leading two-letter prefix is the country
 * (DE123456789), and a number without one belongs to `country` (the buyer's, IT unless told).
 */
export function splitVatNumber(input: string, country = "IT"): { country: string; code: string } {
  const code = compact(input);
  const prefix = /^[A-Z]{2}/.exec(code)?.[0];
  return prefix ? { country: prefix, code: code.slice(2) } : { country: country.trim().toUpperCase(), code };
}

/**
 * What is wrong with a VAT number of `country`: an Italian one is 11 digits whose last is the check
 * digit of the first ten; any other country's is only checked for a plausible shape (2 to 13 letters
 * and digits after a two-letter country).
 */
export function vatNumberProblem(country: string, code: string): VatNumberProblem | null {
  const countryCode = country.trim().toUpperCase();
  const number = normalizeVatNumber(code, countryCode);
  if (countryCode !== "IT") {
    return /^[A-Z]{2}$/.test(countryCode) && /^[A-Z0-9]{2,13}$/.test(number) ? null : "vat-number-shape";
  }
  if (!/^\d{11}$/.test(number)) return "vat-number-shape";
  return hasElevenDigitCheck(number) ? null : "vat-number-check-digit";
}

/** A codice fiscale as stored: upper case, without spaces. */
export function normalizeTaxCode(input: string): string {
  return input.toUpperCase().replace(/\s+/g, "");
}

/**
 * What is wrong with a codice fiscale: a person's is 16 characters (surname and name letters, year,
 * month letter, day, place and check letter; where codes of two people would coincide, some digits
 * are replaced by the letters L M N P Q R S T U V); a company's or an association's is 11 digits
 * with the same check digit as a VAT number.
 */
export function taxCodeProblem(code: string): TaxCodeProblem | null {
  const taxCode = normalizeTaxCode(code);
  if (/^\d{11}$/.test(taxCode)) return hasElevenDigitCheck(taxCode) ? null : "tax-code-check-digit";
  if (!PERSON_TAX_CODE.test(taxCode)) return "tax-code-shape";
  return taxCode.at(15) === taxCodeCheckCharacter(taxCode.slice(0, 15)) ? null : "tax-code-check-character";
}

/** What is wrong with a postal code: an Italian CAP is 5 digits, one abroad 2 to 10 letters, digits, spaces or dashes. */
export function postalCodeProblem(country: string, postalCode: string): "postal-code-shape" | null {
  const code = postalCode.trim().toUpperCase();
  const shape = country.trim().toUpperCase() === "IT" ? /^\d{5}$/ : /^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/;
  return shape.test(code) ? null : "postal-code-shape";
}

/** What is wrong with a province: in Italy its two letters (MI, RM…) are needed; abroad there is none to check. */
export function provinceProblem(country: string, province: string | null): "province-shape" | null {
  if (country.trim().toUpperCase() !== "IT") return null;
  return province !== null && /^[A-Z]{2}$/.test(province.trim().toUpperCase()) ? null : "province-shape";
}

/** A recipient code as stored: upper case, without spaces. */
export function normalizeRecipientCode(input: string): string {
  return input.toUpperCase().replace(/\s+/g, "");
}

/**
 * What is wrong with an SdI recipient code for a buyer in `country`: 7 letters and digits; `XXXXXXX`
 * is for a buyer abroad only, and a buyer abroad must use it (a San Marino buyer may also use the San
 * Marino tax office's code). With `country` null (not known yet) only the shape is checked.
 */
export function recipientCodeProblem(code: string, place: { country: string | null }): RecipientCodeProblem | null {
  const recipientCode = normalizeRecipientCode(code);
  if (!/^[A-Z0-9]{7}$/.test(recipientCode)) return "recipient-code-shape";
  if (place.country === null) return null;
  const country = place.country.trim().toUpperCase();
  const foreign = recipientCode === FOREIGN_RECIPIENT_CODE;
  if (country === "IT") return foreign ? "recipient-code-foreign-only" : null;
  if (foreign || (country === "SM" && recipientCode === SAN_MARINO_RECIPIENT_CODE)) return null;
  return "recipient-code-foreign";
}

/** What is wrong with a PEC address: it must look like an e-mail address (a name, @, a domain with a dot). */
export function pecProblem(pec: string): "pec-shape" | null {
  const address = pec.trim();
  return address.length <= 256 && /^[^\s@]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/.test(address) ? null : "pec-shape";
}

/** Upper case, without spaces, dots or dashes. */
function compact(input: string): string {
  return input.toUpperCase().replace(/[\s.-]+/g, "");
}

/**
 * The check of an 11-digit number (partita IVA, a company's codice fiscale): the digits in odd
 * places count as they are, those in even places doubled (less 9 when above 9), and all eleven add
 * up to a multiple of 10.
 */
function hasElevenDigitCheck(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[i]);
    const doubled = digit * 2;
    sum += i % 2 === 0 ? digit : doubled > 9 ? doubled - 9 : doubled;
  }
  return sum % 10 === 0;
}

/** The letters that replace the digits of an omocodic codice fiscale: L for 0, M for 1, … V for 9. */
const OMOCODIA_LETTERS = "LMNPQRSTUV";
const DIGIT = `[0-9${OMOCODIA_LETTERS}]`;
/** Surname and name (6 letters), year, month (A B C D E H L M P R S T), day, place (a letter and 3 digits), check letter. */
const PERSON_TAX_CODE = new RegExp(`^[A-Z]{6}${DIGIT}{2}[ABCDEHLMPRST]${DIGIT}{2}[A-Z]${DIGIT}{3}[A-Z]$`);

/** What a character in an odd place (1st, 3rd…) counts for the check letter; a digit counts as the letter in its place. */
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** The check letter of a codice fiscale's first 15 characters. */
function taxCodeCheckCharacter(first15: string): string {
  let sum = 0;
  for (let i = 0; i < first15.length; i++) {
    const char = first15.charCodeAt(i);
    const index = char <= 57 ? char - 48 : char - 65;
    sum += i % 2 === 0 ? (ODD_VALUES[index] as number) : index;
  }
  return String.fromCharCode(65 + (sum % 26));
}
