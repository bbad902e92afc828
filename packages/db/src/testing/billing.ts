import type { OrganisationRecord } from "../billing/billing.ts";

/**
 * An organiser's fiscal identity for billing tests: an association in Trento, entries outside the
 * scope of VAT (N2.2), lodging at 10%, transfer fees at 22%, the stamp duty charged to the buyer.
 */
export function testOrganisation(
  overrides: Partial<Omit<OrganisationRecord, "id" | "updatedAt">> = {},
): Omit<OrganisationRecord, "id" | "updatedAt"> {
  return {
    legalName: "ASD Corri Trento",
    street: "Via Brennero 42",
    postalCode: "38121",
    locality: "Trento",
    province: "TN",
    country: "IT",
    vatNumber: "02345670224",
    taxCode: null,
    taxRegime: "RF18",
    documentPrefix: "",
    invoiceSeries: "F",
    receiptSeries: "R",
    personDocument: "receipt",
    treatments: {
      entryFee: { vatRate: 0, natura: "N2.2" },
      lodging: { vatRate: 1000, natura: null },
      transferFee: { vatRate: 2200, natura: null },
    },
    stampDutyApplies: true,
    stampDutyChargedToBuyer: true,
    transmitterCountry: null,
    transmitterCode: null,
    handOverEveryDays: 3,
    ...overrides,
  };
}
