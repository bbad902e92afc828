import type { Buyer } from "@sports/domain";
import type { BillingDocumentAttributes, OrganisationAttributes, ResourceObject } from "@sports/jsonapi";
import type { BillingDocumentRow, OrganisationRecord } from "@sports/usecases";

/** The organiser's fiscal identity and document settings (`organisations`, the one with id 1). */
export function organisationResource(
  record: OrganisationRecord,
): ResourceObject<"organisations", OrganisationAttributes> {
  return {
    type: "organisations",
    id: "1",
    attributes: {
      legalName: record.legalName,
      address: {
        street: record.street,
        postalCode: record.postalCode,
        locality: record.locality,
        province: record.province,
        country: record.country,
      },
      vatNumber: record.vatNumber,
      taxCode: record.taxCode,
      taxRegime: record.taxRegime,
      documentPrefix: record.documentPrefix,
      invoiceSeries: record.invoiceSeries,
      receiptSeries: record.receiptSeries,
      personDocument: record.personDocument,
      treatments: record.treatments,
      stampDuty: { applies: record.stampDutyApplies, chargedToBuyer: record.stampDutyChargedToBuyer },
      transmitter:
        record.transmitterCountry && record.transmitterCode
          ? { country: record.transmitterCountry, code: record.transmitterCode }
          : null,
      handOverEveryDays: record.handOverEveryDays,
    },
    links: { self: "/api/organisation" },
  };
}

/** Who a document names, as the API shows it: the VAT number with its country's prefix. */
export function buyerAttributes(buyer: Buyer): BillingDocumentAttributes["buyer"] {
  return {
    kind: buyer.kind,
    name: buyer.name,
    taxCode: buyer.taxCode,
    vatNumber: buyer.vatNumber ? `${buyer.vatNumber.country}${buyer.vatNumber.code}` : null,
    address: buyer.address,
    recipientCode: buyer.recipientCode,
    pec: buyer.pec,
  };
}

/** A receipt, invoice, credit note or refund receipt as it was issued, with its way through the SdI. */
export function billingDocumentResource({
  document,
  transmission,
}: BillingDocumentRow): ResourceObject<"billing-documents", BillingDocumentAttributes> {
  const { content } = document;
  const { buyer } = content;
  return {
    type: "billing-documents",
    id: document.id,
    attributes: {
      kind: document.kind,
      number: document.number,
      series: document.series,
      issuedOn: document.issuedOn,
      currency: document.currency,
      buyer: buyerAttributes(buyer),
      lines: content.lines,
      summary: content.summary,
      taxable: content.taxable,
      vat: content.vat,
      stampDuty: content.stampDuty,
      total: content.total,
      transmission: transmission
        ? {
            state: transmission.state,
            fileName: transmission.fileName,
            reason: transmission.reason,
            handedOutAt: transmission.handedOutAt?.toISOString() ?? null,
          }
        : null,
      reference: content.reference,
    },
    relationships: {
      corrects: { data: document.correctsId ? { type: "billing-documents", id: document.correctsId } : null },
      replaces: { data: document.replacesId ? { type: "billing-documents", id: document.replacesId } : null },
    },
    links: {
      self: `/api/billing-documents/${document.id}`,
      pdf: `/api/billing-documents/${document.id}.pdf`,
      ...(transmission ? { xml: `/api/billing-documents/${document.id}.xml` } : {}),
    },
  };
}
