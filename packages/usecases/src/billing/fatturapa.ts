/**
 * Invoices and credit notes as FatturaPA XML, the format the Italian exchange system (the SdI)
 * takes: version FPR12, for invoices to businesses and people, as its schema 1.2 defines it with the
 * codes the SdI requires (schema and its origin in packages/usecases/src/billing/fatturapa/). What
 * the SdI checks beyond the schema is in sdi-checks.ts.
 */
import type { BillingDocumentContent, Buyer, FiscalIdentity, Natura, PostalAddress } from "@sports/domain";

/** The namespace of the FatturaPA 1.2 schema: its root element's; the elements inside have none. */
export const FATTURAPA_NAMESPACE = "http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2";

/** How a document was paid, as the FatturaPA's `ModalitaPagamento` tells it. */
export type FatturaPaPaymentMethod = "card" | "bank-transfer";

export interface FatturaPaOptions {
  /** Who sends the file to the SdI: its country and tax code (the organiser's, or its intermediary's). */
  transmitter: { country: string; code: string };
  /** The sender's own number for the file, at most 10 characters: the same as in its name (see sdiFileName). */
  progressive: string;
  /** How the buyer paid; without it the document states no payment. */
  paymentMethod?: FatturaPaPaymentMethod;
}

const PAYMENT_METHOD_CODES: Record<FatturaPaPaymentMethod, string> = { card: "MP08", "bank-transfer": "MP05" };

/** The law a line without VAT falls under, in a few words per `Natura`: its summary line's RiferimentoNormativo. */
export const NATURA_REFERENCES: Record<Natura, string> = {
  N1: "Escluse art. 15 DPR 633/72",
  "N2.1": "Non soggette art. 7-7septies DPR 633/72",
  "N2.2": "Non soggette - altri casi",
  "N3.1": "Non imponibili - esportazioni",
  "N3.2": "Non imponibili - cessioni intracomunitarie",
  "N3.3": "Non imponibili - cessioni verso San Marino",
  "N3.4": "Non imponibili - operazioni assimilate alle cessioni all'esportazione",
  "N3.5": "Non imponibili - a seguito di dichiarazioni d'intento",
  "N3.6": "Non imponibili - altre operazioni",
  N4: "Esenti art. 10 DPR 633/72",
  N5: "Regime del margine / IVA non esposta in fattura",
  "N6.1": "Inversione contabile - cessione di rottami e altri materiali di recupero",
  "N6.2": "Inversione contabile - cessione di oro e argento",
  "N6.3": "Inversione contabile - subappalto nel settore edile",
  "N6.4": "Inversione contabile - cessione di fabbricati",
  "N6.5": "Inversione contabile - cessione di telefoni cellulari",
  "N6.6": "Inversione contabile - cessione di prodotti elettronici",
  "N6.7": "Inversione contabile - prestazioni comparto edile e settori connessi",
  "N6.8": "Inversione contabile - operazioni settore energetico",
  "N6.9": "Inversione contabile - altri casi",
  N7: "IVA assolta in altro stato UE",
};

/** The recipient code of a buyer who has none: in Italy the SdI delivers to their PEC or their tax drawer; abroad to no one. */
export const NO_RECIPIENT_CODE = { italy: "0000000", abroad: "XXXXXXX" } as const;

// ——— Text and numbers as the schema takes them ———

interface XmlElement {
  name: string;
  content: string | XmlElement[];
}
type Part = XmlElement | null;

const element = (name: string, content: string | Part[]): XmlElement => ({
  name,
  content: typeof content === "string" ? content : content.filter((part): part is XmlElement => part !== null),
});
/** The element when there is something to write, else nothing. */
const optional = (name: string, content: string | null | undefined): Part => (content ? element(name, content) : null);

const escapeXml = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function serialise(node: XmlElement, indent: string): string {
  if (typeof node.content === "string") return `${indent}<${node.name}>${escapeXml(node.content)}</${node.name}>`;
  const inner = node.content.map((child) => serialise(child, `${indent}  `)).join("\n");
  return `${indent}<${node.name}>\n${inner}\n${indent}</${node.name}>`;
}

/** A printable character the schema's "Latin" strings hold: Basic Latin and the Latin-1 Supplement. */
const LATIN_1 = /^[\u0020-\u007E\u00A1-\u00FF]$/;

/** Stand-ins for the typographic characters and the letters without accents that the Latin strings cannot hold. */
const STAND_INS: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2026": "...",
  "\u2022": "-",
  "\u20AC": "EUR",
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Œ: "OE",
  œ: "oe",
  ı: "i",
};

/** A character as the Latin strings hold it: itself, its stand-in, its letter without accents, or `?`. */
function latinCharacter(character: string): string {
  if (LATIN_1.test(character)) return character;
  const standIn = STAND_INS[character];
  if (standIn !== undefined) return standIn;
  const bare = character.normalize("NFD").replace(/\p{M}/gu, "");
  return bare !== "" && Array.from(bare).every((c) => LATIN_1.test(c)) ? bare : "?";
}

/**
 * Text for one of the schema's Latin strings of at most `max` characters: whitespace runs made one
 * space, every character the strings cannot hold replaced (see latinCharacter), cut at `max`.
 */
export function latinText(text: string, max: number): string {
  const characters = Array.from(text.normalize("NFC").replace(/\s+/g, " ").trim(), latinCharacter).join("");
  return Array.from(characters).slice(0, max).join("").trim();
}

/** Minor units as the schema's amounts: a dot and two decimals, `-` before a negative one. */
export function amount(minorUnits: number): string {
  const whole = Math.abs(minorUnits);
  return `${minorUnits < 0 ? "-" : ""}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/** A rate in hundredths of a percent as the schema's `22.00`. */
export const rate = (hundredths: number): string => amount(hundredths);

const quantity = (units: number): string => units.toFixed(2);

// ——— The parts of the file ———

const idFiscale = (name: string, country: string, code: string): XmlElement =>
  element(name, [element("IdPaese", country.toUpperCase()), element("IdCodice", code)]);

/** A postal address as `Sede`: the schema wants five digits for a postal code, so one abroad that has none is 00000. */
function sede(address: PostalAddress): XmlElement {
  const abroad = address.country !== "IT";
  const postalCode = address.postalCode.trim();
  return element("Sede", [
    element("Indirizzo", latinText(address.street, 60)),
    element("CAP", /^\d{5}$/.test(postalCode) ? postalCode : "00000"),
    element("Comune", latinText(address.locality, 60)),
    abroad ? null : optional("Provincia", address.province?.toUpperCase()),
    element("Nazione", address.country),
  ]);
}

function cedentePrestatore(seller: FiscalIdentity): XmlElement {
  return element("CedentePrestatore", [
    element("DatiAnagrafici", [
      seller.vatNumber ? idFiscale("IdFiscaleIVA", "IT", seller.vatNumber) : null,
      optional("CodiceFiscale", seller.taxCode?.toUpperCase()),
      element("Anagrafica", [element("Denominazione", latinText(seller.legalName, 80))]),
      element("RegimeFiscale", seller.taxRegime),
    ]),
    sede(seller.address),
  ]);
}

/** Whether the buyer lives or is established outside Italy. */
const abroad = (buyer: Buyer): boolean => (buyer.address?.country ?? "IT") !== "IT";

/**
 * The buyer's tax identity: their VAT id and their codice fiscale, each when they have one. A buyer
 * abroad with neither is named by their country and the SdI's stand-in code for a foreign id.
 */
function buyerIdentity(buyer: Buyer): Part[] {
  const address = buyer.address;
  if (!buyer.vatNumber && !buyer.taxCode && address && abroad(buyer))
    return [idFiscale("IdFiscaleIVA", address.country, "99999999999")];
  return [
    buyer.vatNumber ? idFiscale("IdFiscaleIVA", buyer.vatNumber.country, buyer.vatNumber.code) : null,
    optional("CodiceFiscale", buyer.taxCode?.toUpperCase()),
  ];
}

function anagrafica(buyer: Buyer): XmlElement {
  if (buyer.kind === "person" && buyer.givenName && buyer.familyName)
    return element("Anagrafica", [
      element("Nome", latinText(buyer.givenName, 60)),
      element("Cognome", latinText(buyer.familyName, 60)),
    ]);
  return element("Anagrafica", [element("Denominazione", latinText(buyer.name, 80))]);
}

function cessionarioCommittente(buyer: Buyer): XmlElement {
  if (!buyer.address) throw new Error("An invoice's buyer must have an address: the SdI requires one.");
  return element("CessionarioCommittente", [
    element("DatiAnagrafici", [...buyerIdentity(buyer), anagrafica(buyer)]),
    sede(buyer.address),
  ]);
}

/** The buyer's recipient code as written: theirs, else the code for none (in Italy or abroad). */
export function recipientCode(buyer: Buyer): string {
  const code = buyer.recipientCode?.trim().toUpperCase();
  if (code) return code;
  return abroad(buyer) ? NO_RECIPIENT_CODE.abroad : NO_RECIPIENT_CODE.italy;
}

function datiTrasmissione(doc: BillingDocumentContent, options: FatturaPaOptions): XmlElement {
  const code = recipientCode(doc.buyer);
  return element("DatiTrasmissione", [
    idFiscale("IdTrasmittente", options.transmitter.country, options.transmitter.code),
    element("ProgressivoInvio", options.progressive),
    element("FormatoTrasmissione", "FPR12"),
    element("CodiceDestinatario", code),
    code === NO_RECIPIENT_CODE.italy ? optional("PECDestinatario", doc.buyer.pec?.trim()) : null,
  ]);
}

function datiGenerali(doc: BillingDocumentContent): XmlElement {
  return element("DatiGenerali", [
    element("DatiGeneraliDocumento", [
      element("TipoDocumento", doc.kind === "credit-note" ? "TD04" : "TD01"),
      element("Divisa", doc.currency),
      element("Data", doc.issuedOn),
      element("Numero", doc.number),
      doc.stampDuty > 0
        ? element("DatiBollo", [element("BolloVirtuale", "SI"), element("ImportoBollo", amount(doc.stampDuty))])
        : null,
      element("ImportoTotaleDocumento", amount(doc.total)),
      optional("Causale", latinText(doc.reference, 200)),
      optional("Causale", latinText(doc.eventName, 200)),
    ]),
    doc.corrects
      ? element("DatiFattureCollegate", [
          element("IdDocumento", doc.corrects.number),
          element("Data", doc.corrects.issuedOn),
        ])
      : null,
  ]);
}

function datiBeniServizi(doc: BillingDocumentContent): XmlElement {
  const lines = doc.lines.map((line, index) =>
    element("DettaglioLinee", [
      element("NumeroLinea", String(index + 1)),
      element("Descrizione", latinText(line.description, 1000)),
      element("Quantita", quantity(line.quantity)),
      element("PrezzoUnitario", amount(line.unitPrice)),
      element("PrezzoTotale", amount(line.total)),
      element("AliquotaIVA", rate(line.vatRate)),
      line.vatRate === 0 ? optional("Natura", line.natura) : null,
    ]),
  );
  const summary = doc.summary.map((line) =>
    element("DatiRiepilogo", [
      element("AliquotaIVA", rate(line.vatRate)),
      line.vatRate === 0 ? optional("Natura", line.natura) : null,
      element("ImponibileImporto", amount(line.taxable)),
      element("Imposta", amount(line.vat)),
      line.vatRate > 0 ? element("EsigibilitaIVA", "I") : null,
      line.vatRate === 0 && line.natura ? element("RiferimentoNormativo", NATURA_REFERENCES[line.natura]) : null,
    ]),
  );
  return element("DatiBeniServizi", [...lines, ...summary]);
}

function datiPagamento(doc: BillingDocumentContent, method: FatturaPaPaymentMethod | undefined): Part {
  if (!method) return null;
  return element("DatiPagamento", [
    element("CondizioniPagamento", "TP02"),
    element("DettaglioPagamento", [
      element("ModalitaPagamento", PAYMENT_METHOD_CODES[method]),
      element("ImportoPagamento", amount(doc.total)),
    ]),
  ]);
}

/**
 * An invoice (TD01) or a credit note (TD04) as a FatturaPA FPR12 file, ready to be named (see
 * sdiFileName) and sent. Amounts are written as the document has them: a credit note's are
 * positive, its kind says they go back. Free text is made to fit the schema's Latin strings (see
 * latinText); the number is written as it is, so a number the schema cannot hold is for sdiProblems
 * to report. The buyer must have an address (the SdI requires one); receipts are no FatturaPA.
 */
export function fatturaPaXml(doc: BillingDocumentContent, options: FatturaPaOptions): string {
  if (doc.kind !== "invoice" && doc.kind !== "credit-note")
    throw new Error(`A ${doc.kind} is not written as FatturaPA: only invoices and credit notes are.`);
  const header = element("FatturaElettronicaHeader", [
    datiTrasmissione(doc, options),
    cedentePrestatore(doc.seller),
    cessionarioCommittente(doc.buyer),
  ]);
  const body = element("FatturaElettronicaBody", [
    datiGenerali(doc),
    datiBeniServizi(doc),
    datiPagamento(doc, options.paymentMethod),
  ]);
  const children = [header, body].map((part) => serialise(part, "  ")).join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<p:FatturaElettronica versione="FPR12" xmlns:p="${FATTURAPA_NAMESPACE}">`,
    children,
    "</p:FatturaElettronica>",
    "",
  ].join("\n");
}
