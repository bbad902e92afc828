import { findOrganisation, type OrganisationRecord, saveOrganisation } from "@sports/db";
import {
  type Actor,
  BILLED_ITEMS,
  type BilledItem,
  type FieldProblem,
  normalizeTaxCode,
  normalizeVatNumber,
  postalCodeProblem,
  provinceProblem,
  refuseProblems,
  type TaxRegime,
  type TaxTreatment,
  taxCodeProblem,
  vatNumberProblem,
} from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import { audit } from "../console/audit.ts";
import type { Deps } from "../deps.ts";

/** The organiser's fiscal identity and document settings as the console gives them (decision 066). */
export interface OrganisationInput {
  legalName: string;
  address: { street: string; postalCode: string; locality: string; province: string | null; country: string };
  vatNumber: string | null;
  taxCode: string | null;
  taxRegime: TaxRegime;
  documentPrefix: string;
  invoiceSeries: string;
  receiptSeries: string;
  personDocument: "receipt" | "invoice";
  treatments: Record<BilledItem, TaxTreatment>;
  stampDuty: { applies: boolean; chargedToBuyer: boolean };
  transmitter: { country: string; code: string } | null;
  handOverEveryDays: number;
}

/** The organiser's settings, or undefined while none are set (nothing is billed then). Organisers only. */
export async function readOrganisation(deps: Pick<Deps, "db">, actor: Actor): Promise<OrganisationRecord | undefined> {
  requireOrganiser(actor, "sees the organisation's fiscal settings");
  return findOrganisation(deps.db);
}

const DETAILS: Record<string, string> = {
  required: "This is required.",
  "vat-number-shape": "This is not a VAT number.",
  "vat-number-check-digit": "This VAT number's check digit is wrong.",
  "tax-code-shape": "This is not a tax code.",
  "tax-code-check-character": "This tax code's check character is wrong.",
  "tax-code-check-digit": "This tax code's check digit is wrong.",
  "postal-code-shape": "This is not a postal code.",
  "province-shape": "Give the province's two letters.",
  "natura-required": "A rate of 0 needs the Natura code that says why.",
  "natura-not-allowed": "A Natura code goes only with a rate of 0.",
  "invalid-value": "This value is not valid.",
};

function problem(attribute: string, code: string): FieldProblem {
  return { attribute, code, detail: DETAILS[code] ?? "This is not valid." };
}

/** Every problem of the settings, each at its field. */
export function organisationProblems(input: OrganisationInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const { address } = input;
  if (!input.legalName.trim()) problems.push(problem("legalName", "required"));
  for (const field of ["street", "postalCode", "locality", "country"] as const) {
    if (!address[field].trim()) problems.push(problem(`address/${field}`, "required"));
  }
  const postal = address.postalCode.trim() && postalCodeProblem(address.country, address.postalCode.trim());
  if (postal) problems.push(problem("address/postalCode", postal));
  const province = provinceProblem(address.country, address.province);
  if (province) problems.push(problem("address/province", province));
  if (!input.vatNumber && !input.taxCode) problems.push(problem("vatNumber", "required"));
  const vat =
    input.vatNumber && vatNumberProblem(address.country, normalizeVatNumber(input.vatNumber, address.country));
  if (vat) problems.push(problem("vatNumber", vat));
  const tax = input.taxCode && taxCodeProblem(normalizeTaxCode(input.taxCode));
  if (tax) problems.push(problem("taxCode", tax));
  for (const item of BILLED_ITEMS) {
    const { vatRate, natura } = input.treatments[item];
    if (vatRate === 0 && !natura) problems.push(problem(`treatments/${item}/natura`, "natura-required"));
    if (vatRate > 0 && natura) problems.push(problem(`treatments/${item}/natura`, "natura-not-allowed"));
  }
  // The printed number (prefix, series, year, number) must fit the FatturaPA's 20 characters.
  if (`${input.documentPrefix}${input.invoiceSeries}-0000-0000`.length > 20) {
    problems.push(problem("documentPrefix", "invalid-value"));
  }
  if (input.invoiceSeries === input.receiptSeries) problems.push(problem("receiptSeries", "invalid-value"));
  return problems;
}

/**
 * Sets the organiser's fiscal identity and document settings, checked as typed (every problem at
 * its field), and logs the change. From then on, every payment that pays for something issues its
 * document; what a payment already made states stays as it was made.
 */
export async function changeOrganisation(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: OrganisationInput,
): Promise<OrganisationRecord> {
  requireOrganiser(actor, "changes the organisation's fiscal settings");
  refuseProblems(organisationProblems(input), "The organisation's settings have problems.");
  const country = input.address.country.trim().toUpperCase();
  const values: Omit<OrganisationRecord, "id" | "updatedAt"> = {
    legalName: input.legalName.trim(),
    street: input.address.street.trim(),
    postalCode: input.address.postalCode.trim(),
    locality: input.address.locality.trim(),
    province: input.address.province?.trim().toUpperCase() || null,
    country,
    vatNumber: input.vatNumber ? normalizeVatNumber(input.vatNumber, country) : null,
    taxCode: input.taxCode ? normalizeTaxCode(input.taxCode) : null,
    taxRegime: input.taxRegime,
    documentPrefix: input.documentPrefix.trim(),
    invoiceSeries: input.invoiceSeries.trim(),
    receiptSeries: input.receiptSeries.trim(),
    personDocument: input.personDocument,
    treatments: input.treatments,
    stampDutyApplies: input.stampDuty.applies,
    stampDutyChargedToBuyer: input.stampDuty.chargedToBuyer,
    transmitterCountry: input.transmitter?.country.toUpperCase() ?? null,
    transmitterCode: input.transmitter?.code.toUpperCase() ?? null,
    handOverEveryDays: input.handOverEveryDays,
  };
  return deps.db.transaction(async (tx) => {
    const before = await findOrganisation(tx);
    const saved = await saveOrganisation(tx, values, deps.now);
    await audit(tx, deps, actor, {
      action: before ? "update" : "create",
      subjectType: "organisations",
      subjectId: "1",
      ...(before ? { before: settingsOf(before) } : {}),
      after: settingsOf(saved),
    });
    return saved;
  });
}

function settingsOf(record: OrganisationRecord): Record<string, unknown> {
  const { updatedAt: _, id: __, ...settings } = record;
  return settings;
}
