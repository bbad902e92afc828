import { readFileSync } from "node:fs";
import type { BillingDocumentContent } from "@sports/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { validateXML, type XMLValidationResult } from "xmllint-wasm";
import { ABROAD, CREDIT_NOTE, INVOICE, TO_A_PERSON } from "./documents.fixture.ts";
import { amount, fatturaPaXml, latinText } from "./fatturapa.ts";
import { sdiProblems } from "./sdi-checks.ts";

const TRANSMITTER = { country: "IT", code: "01234567890" };

const documents: Record<string, { doc: BillingDocumentContent; xml: string }> = Object.fromEntries(
  [
    ["invoice", INVOICE, "card"],
    ["to-a-person", TO_A_PERSON, "card"],
    ["abroad", ABROAD, undefined],
    ["credit-note", CREDIT_NOTE, "bank-transfer"],
  ].map(([name, doc, paymentMethod], index) => [
    name,
    {
      doc,
      xml: fatturaPaXml(doc as BillingDocumentContent, {
        transmitter: TRANSMITTER,
        progressive: `0000${index + 1}`,
        paymentMethod: paymentMethod as "card" | "bank-transfer" | undefined,
      }),
    },
  ]),
);
const xmlOf = (name: string): string => documents[name]?.xml ?? "";

/** The text of every `name` element in the XML, in order. */
const values = (xml: string, name: string): string[] =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, "g"))].map(([, value]) => value ?? "");

describe("fatturaPaXml", () => {
  let validation: XMLValidationResult;
  beforeAll(async () => {
    const schema = (file: string) => ({
      fileName: file,
      contents: readFileSync(new URL(`./fatturapa/${file}`, import.meta.url), "utf8"),
    });
    // A recipient code in lower case: the same invoice broken, to show the validator checks it.
    const broken = xmlOf("invoice").replace("<CodiceDestinatario>M5UXCR1", "<CodiceDestinatario>m5uxcr1");
    validation = await validateXML({
      xml: [
        ...Object.entries(documents).map(([name, { xml }]) => ({ fileName: `${name}.xml`, contents: xml })),
        { fileName: "broken.xml", contents: broken },
      ],
      schema: schema("Schema_1.2.1.xsd"),
      preload: schema("xmldsig-core-schema.xsd"),
    });
  });

  it("writes documents the FatturaPA schema validates, and the schema catches a broken one", () => {
    expect(validation.errors.filter((error) => error.loc?.fileName !== "broken.xml")).toEqual([]);
    expect(validation.errors.map((error) => error.loc?.fileName)).toEqual(["broken.xml"]);
  });

  it("writes documents the SdI's own checks take", () => {
    for (const { doc } of Object.values(documents)) expect(sdiProblems(doc)).toEqual([]);
  });

  it("writes the transmission, the parties and the kind of document", () => {
    const invoice = xmlOf("invoice");
    expect(values(invoice, "ProgressivoInvio")).toEqual(["00001"]);
    expect(values(invoice, "FormatoTrasmissione")).toEqual(["FPR12"]);
    expect(values(invoice, "CodiceDestinatario")).toEqual(["M5UXCR1"]);
    expect(invoice).not.toContain("PECDestinatario");
    expect(values(invoice, "IdCodice")).toEqual(["01234567890", "01234567890", "09876543210"]);
    expect(values(invoice, "CodiceFiscale")).toEqual(["93012345678"]);
    expect(values(invoice, "Denominazione")).toEqual([
      "A.S.D. Podistica Città &amp; Dintorni",
      "Rossi &amp; Figli S.r.l.",
    ]);
    expect(values(invoice, "TipoDocumento")).toEqual(["TD01"]);
    expect(values(invoice, "Numero")).toEqual(["ASD-F-2026-12"]);
    expect(values(invoice, "Causale")).toEqual(["K7Q2-M4", "Mezza di Ferrara 2026"]);

    const person = xmlOf("to-a-person");
    expect(values(person, "CodiceDestinatario")).toEqual(["0000000"]);
    expect(values(person, "PECDestinatario")).toEqual(["anna.davila@pec.example.it"]);
    expect(values(person, "Nome")).toEqual(["Anna"]);
    expect(values(person, "Cognome")).toEqual(["D'Àvila"]);
    expect(values(person, "CodiceFiscale")).toEqual(["93012345678", "DVLNNA90D52D548X"]);

    const abroad = xmlOf("abroad");
    expect(values(abroad, "CodiceDestinatario")).toEqual(["XXXXXXX"]);
    expect(abroad).toMatch(/<IdPaese>AT<\/IdPaese>\s*<IdCodice>U12345678<\/IdCodice>/);
    expect(values(abroad, "CAP")).toEqual(["44121", "00000"]);
    expect(values(abroad, "Provincia")).toEqual(["FE"]);
    expect(values(abroad, "Nazione")).toEqual(["IT", "AT"]);
    expect(abroad).not.toContain("DatiPagamento");

    const creditNote = xmlOf("credit-note");
    expect(values(creditNote, "TipoDocumento")).toEqual(["TD04"]);
    expect(creditNote).toMatch(
      /<DatiFattureCollegate>\s*<IdDocumento>ASD-F-2026-13<\/IdDocumento>\s*<Data>2026-03-02<\/Data>\s*<\/DatiFattureCollegate>/,
    );
    expect(values(creditNote, "ImportoTotaleDocumento")).toEqual(["50.00"]);
    expect(values(creditNote, "ModalitaPagamento")).toEqual(["MP05"]);
  });

  it("writes the lines, the summary per rate, the stamp duty and the payment", () => {
    const invoice = xmlOf("invoice");
    expect(values(invoice, "Descrizione")).toEqual([
      "Iscrizione - Mezza di Ferrara «2026» × 3",
      "Pernottamento, 2 notti",
      "Imposta di bollo",
    ]);
    expect(values(invoice, "Quantita")).toEqual(["3.00", "4.00", "1.00"]);
    expect(values(invoice, "PrezzoUnitario")).toEqual(["25.00", "20.00", "2.00"]);
    expect(values(invoice, "PrezzoTotale")).toEqual(["75.00", "80.00", "2.00"]);
    expect(values(invoice, "AliquotaIVA")).toEqual(["22.00", "0.00", "0.00", "22.00", "0.00", "0.00"]);
    expect(values(invoice, "Natura")).toEqual(["N2.2", "N1", "N2.2", "N1"]);
    expect(values(invoice, "ImponibileImporto")).toEqual(["75.00", "80.00", "2.00"]);
    expect(values(invoice, "Imposta")).toEqual(["16.50", "0.00", "0.00"]);
    expect(values(invoice, "EsigibilitaIVA")).toEqual(["I"]);
    expect(values(invoice, "RiferimentoNormativo")).toEqual([
      "Non soggette - altri casi",
      "Escluse art. 15 DPR 633/72",
    ]);
    expect(invoice).toMatch(/<DatiBollo>\s*<BolloVirtuale>SI<\/BolloVirtuale>\s*<ImportoBollo>2.00<\/ImportoBollo>/);
    expect(values(invoice, "ImportoTotaleDocumento")).toEqual(["173.50"]);
    expect(invoice).toMatch(
      /<DatiPagamento>\s*<CondizioniPagamento>TP02<\/CondizioniPagamento>\s*<DettaglioPagamento>\s*<ModalitaPagamento>MP08<\/ModalitaPagamento>\s*<ImportoPagamento>173.50<\/ImportoPagamento>/,
    );
    expect(xmlOf("to-a-person")).not.toContain("DatiBollo");
  });

  it("writes only invoices and credit notes, to a buyer with an address", () => {
    const options = { transmitter: TRANSMITTER, progressive: "00001" };
    expect(() => fatturaPaXml({ ...INVOICE, kind: "receipt" }, options)).toThrow(/receipt/);
    expect(() => fatturaPaXml({ ...INVOICE, buyer: { ...INVOICE.buyer, address: null } }, options)).toThrow(/address/);
  });
});

describe("amount and latinText", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [17350, "173.50"],
    [-250, "-2.50"],
    [123456789, "1234567.89"],
  ])("writes %i minor units as %s", (minorUnits, written) => {
    expect(amount(minorUnits)).toBe(written);
  });

  it.each([
    ["Łódź “Półmaraton” — 10 km € 5", 100, 'Lódz "Pólmaraton" - 10 km EUR 5'],
    ["Ελλάδα", 100, "??????"],
    ["  Già\n\tpagato  ", 100, "Già pagato"],
    ["Straße 🏃 Nr. 1", 100, "Straße ? Nr. 1"],
    ["abcdef", 3, "abc"],
  ])("writes %j as %j", (text, max, written) => {
    expect(latinText(text, max)).toBe(written);
  });
});
