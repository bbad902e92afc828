import type { BillingDocumentKind, Locale, Natura } from "@sports/domain";

/** What a billing document's labels say, in the buyer's language (document-pdf.ts draws them). */
export interface DocumentWords {
  /** The document's title, by its kind. */
  kinds: Record<BillingDocumentKind, string>;
  number: string;
  date: string;
  vatNumber: string;
  taxCode: string;
  /** Over the buyer's block. */
  buyer: string;
  /** The SdI recipient code (codice destinatario). */
  recipientCode: string;
  pec: string;
  /** Under a credit note's or refund receipt's title: "Corrects invoice F-2025-7 of October 12, 2025". */
  corrects: (kind: string, number: string, date: string) => string;
  /** The signup's short code. */
  reference: string;
  event: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vat: string;
  /** The line's amount, net of VAT. */
  lineTotal: string;
  vatSummary: string;
  /** The VAT rate, or the code that says why there is none. */
  rate: string;
  taxable: string;
  total: string;
  /** Under the stamp duty line: who pays it. */
  stampDutyCharged: string;
  stampDutyBorne: string;
  /** At the foot of each page. */
  page: (index: number, count: number) => string;
}

export const DOCUMENT_WORDS: Record<Locale, DocumentWords> = {
  "en-US": {
    kinds: { receipt: "Receipt", invoice: "Invoice", "credit-note": "Credit note", "refund-receipt": "Refund receipt" },
    number: "No.",
    date: "Date",
    vatNumber: "VAT no.",
    taxCode: "Tax code",
    buyer: "Customer",
    recipientCode: "SdI recipient code",
    pec: "PEC",
    corrects: (kind, number, date) => `Corrects ${kind.toLowerCase()} ${number} of ${date}`,
    reference: "Reference",
    event: "Event",
    description: "Description",
    quantity: "Qty",
    unitPrice: "Unit price",
    vat: "VAT",
    lineTotal: "Amount",
    vatSummary: "VAT summary",
    rate: "Rate",
    taxable: "Taxable amount",
    total: "Total",
    stampDutyCharged: "Stamp duty, charged to the customer",
    stampDutyBorne: "Stamp duty, paid by the issuer",
    page: (index, count) => `Page ${index} of ${count}`,
  },
  "it-IT": {
    kinds: {
      receipt: "Ricevuta",
      invoice: "Fattura",
      "credit-note": "Nota di credito",
      "refund-receipt": "Ricevuta di rimborso",
    },
    number: "N.",
    date: "Data",
    vatNumber: "P. IVA",
    taxCode: "Codice fiscale",
    buyer: "Cliente",
    recipientCode: "Codice destinatario",
    pec: "PEC",
    corrects: (kind, number, date) => `Rettifica ${kind.toLowerCase()} n. ${number} del ${date}`,
    reference: "Riferimento",
    event: "Evento",
    description: "Descrizione",
    quantity: "Q.tà",
    unitPrice: "Prezzo unitario",
    vat: "IVA",
    lineTotal: "Importo",
    vatSummary: "Riepilogo IVA",
    rate: "Aliquota",
    taxable: "Imponibile",
    total: "Totale",
    stampDutyCharged: "Imposta di bollo addebitata al cliente",
    stampDutyBorne: "Imposta di bollo a carico dell'emittente",
    page: (index, count) => `Pagina ${index} di ${count}`,
  },
  "de-DE": {
    kinds: {
      receipt: "Quittung",
      invoice: "Rechnung",
      "credit-note": "Gutschrift",
      "refund-receipt": "Erstattungsbeleg",
    },
    number: "Nr.",
    date: "Datum",
    vatNumber: "USt-IdNr.",
    taxCode: "Steuernummer",
    buyer: "Kunde",
    recipientCode: "SdI-Empfängercode",
    pec: "PEC",
    corrects: (kind, number, date) => `Korrektur zu ${kind} Nr. ${number} vom ${date}`,
    reference: "Referenz",
    event: "Veranstaltung",
    description: "Beschreibung",
    quantity: "Menge",
    unitPrice: "Einzelpreis",
    vat: "MwSt.",
    lineTotal: "Betrag",
    vatSummary: "MwSt.-Übersicht",
    rate: "Satz",
    taxable: "Nettobetrag",
    total: "Gesamtbetrag",
    stampDutyCharged: "Stempelsteuer, dem Kunden berechnet",
    stampDutyBorne: "Stempelsteuer, vom Aussteller getragen",
    page: (index, count) => `Seite ${index} von ${count}`,
  },
  "fr-FR": {
    kinds: {
      receipt: "Reçu",
      invoice: "Facture",
      "credit-note": "Avoir",
      "refund-receipt": "Reçu de remboursement",
    },
    number: "N°",
    date: "Date",
    vatNumber: "N° TVA",
    taxCode: "Code fiscal",
    buyer: "Client",
    recipientCode: "Code destinataire SdI",
    pec: "PEC",
    corrects: (kind, number, date) => `Document rectifié : ${kind.toLowerCase()} n° ${number} du ${date}`,
    reference: "Référence",
    event: "Événement",
    description: "Description",
    quantity: "Qté",
    unitPrice: "Prix unitaire",
    vat: "TVA",
    lineTotal: "Montant",
    vatSummary: "Récapitulatif TVA",
    rate: "Taux",
    taxable: "Base imposable",
    total: "Total",
    stampDutyCharged: "Droit de timbre, à la charge du client",
    stampDutyBorne: "Droit de timbre, à la charge de l'émetteur",
    page: (index, count) => `Page ${index} sur ${count}`,
  },
  "es-ES": {
    kinds: {
      receipt: "Recibo",
      invoice: "Factura",
      "credit-note": "Nota de crédito",
      "refund-receipt": "Recibo de reembolso",
    },
    number: "N.º",
    date: "Fecha",
    vatNumber: "NIF-IVA",
    taxCode: "Código fiscal",
    buyer: "Cliente",
    recipientCode: "Código de destinatario SdI",
    pec: "PEC",
    corrects: (kind, number, date) => `Documento rectificado: ${kind.toLowerCase()} n.º ${number} del ${date}`,
    reference: "Referencia",
    event: "Evento",
    description: "Descripción",
    quantity: "Cant.",
    unitPrice: "Precio unitario",
    vat: "IVA",
    lineTotal: "Importe",
    vatSummary: "Resumen de IVA",
    rate: "Tipo",
    taxable: "Base imponible",
    total: "Total",
    stampDutyCharged: "Impuesto de timbre, a cargo del cliente",
    stampDutyBorne: "Impuesto de timbre, a cargo del emisor",
    page: (index, count) => `Página ${index} de ${count}`,
  },
};

/**
 * Why a line carries no VAT, as an Italian document states it beside the `natura` code, whatever the
 * buyer's language: the reason is the law's, and the law's language is Italian.
 */
export const NATURA_REASONS: Record<Natura, string> = {
  N1: "Escluse ex art. 15 DPR 633/72",
  "N2.1": "Non soggette – artt. da 7 a 7-septies DPR 633/72",
  "N2.2": "Non soggette – altri casi",
  "N3.1": "Non imponibili – esportazioni",
  "N3.2": "Non imponibili – cessioni intracomunitarie",
  "N3.3": "Non imponibili – cessioni verso San Marino",
  "N3.4": "Non imponibili – operazioni assimilate alle cessioni all'esportazione",
  "N3.5": "Non imponibili – a seguito di dichiarazioni d'intento",
  "N3.6": "Non imponibili – altre operazioni che non concorrono alla formazione del plafond",
  N4: "Esente art. 10 DPR 633/72",
  N5: "Regime del margine / IVA non esposta in fattura",
  "N6.1": "Inversione contabile – cessione di rottami e altri materiali di recupero",
  "N6.2": "Inversione contabile – cessione di oro e argento",
  "N6.3": "Inversione contabile – subappalto nel settore edile",
  "N6.4": "Inversione contabile – cessione di fabbricati",
  "N6.5": "Inversione contabile – cessione di telefoni cellulari",
  "N6.6": "Inversione contabile – cessione di prodotti elettronici",
  "N6.7": "Inversione contabile – prestazioni comparto edile e settori connessi",
  "N6.8": "Inversione contabile – operazioni settore energetico",
  "N6.9": "Inversione contabile – altri casi",
  N7: "IVA assolta in altro Stato UE",
};

/**
 * What the law asks each kind of document to say, in Italian in every language: an invoice or
 * credit note in PDF is a courtesy copy of the electronic one the SdI delivers; a receipt is no invoice.
 */
export const LEGAL_WORDING: Record<BillingDocumentKind, string> = {
  invoice:
    "Copia di cortesia priva di valore fiscale: l'originale della fattura elettronica è trasmesso tramite " +
    "il Sistema di Interscambio (SdI) ed è disponibile nel cassetto fiscale del destinatario.",
  "credit-note":
    "Copia di cortesia priva di valore fiscale: l'originale della nota di credito elettronica è trasmesso " +
    "tramite il Sistema di Interscambio (SdI) ed è disponibile nel cassetto fiscale del destinatario.",
  receipt: "Ricevuta di pagamento: il presente documento non costituisce fattura.",
  "refund-receipt": "Ricevuta di rimborso: il presente documento non costituisce fattura né nota di credito.",
};

/** The stamp duty's statement, in Italian in every language, followed on the document by its amount. */
export const STAMP_DUTY_WORDING = "Imposta di bollo assolta in modo virtuale ai sensi del DM 17/06/2014";
