import type { OrganisationRecord } from "@sports/db";
import type { BillingRules, FiscalIdentity } from "@sports/domain";

/**
 * The organiser's settings as the billing rules and the seller's identity documents are made with
 * (decision 066). Without a fiscal identity, nothing is billed and no document is issued.
 */

export function billingRulesOf(organisation: OrganisationRecord | undefined): BillingRules | null {
  if (!organisation) return null;
  return {
    treatments: organisation.treatments,
    stampDuty: { applies: organisation.stampDutyApplies, chargedToBuyer: organisation.stampDutyChargedToBuyer },
  };
}

export function sellerOf(organisation: OrganisationRecord): FiscalIdentity {
  return {
    legalName: organisation.legalName,
    address: {
      street: organisation.street,
      postalCode: organisation.postalCode,
      locality: organisation.locality,
      province: organisation.province,
      country: organisation.country,
    },
    vatNumber: organisation.vatNumber,
    taxCode: organisation.taxCode,
    taxRegime: organisation.taxRegime,
  };
}

/** Who sends the organiser's invoices to the SdI: its intermediary, else the organiser itself. */
export function transmitterOf(organisation: OrganisationRecord): { country: string; code: string } {
  if (organisation.transmitterCountry && organisation.transmitterCode) {
    return { country: organisation.transmitterCountry, code: organisation.transmitterCode };
  }
  return { country: organisation.country, code: organisation.vatNumber ?? organisation.taxCode ?? "" };
}
