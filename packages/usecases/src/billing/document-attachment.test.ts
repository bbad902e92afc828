import type { BillingDocumentKind } from "@sports/domain";
import { describe, expect, it } from "vitest";
import { documentFileName } from "./document-attachment.ts";

describe("a billing document's PDF's name", () => {
  it.each<[BillingDocumentKind, string, string, string]>([
    ["invoice", "it-IT", "F-2026-0001", "fattura-F-2026-0001.pdf"],
    ["invoice", "en-US", "F-2026-0001", "invoice-F-2026-0001.pdf"],
    ["credit-note", "it-IT", "ASD-F-2026-15", "nota-di-credito-ASD-F-2026-15.pdf"],
    ["refund-receipt", "fr-FR", "R-2026-3", "recu-de-remboursement-R-2026-3.pdf"],
    ["credit-note", "es-ES", "F-2026-9", "nota-de-credito-F-2026-9.pdf"],
    ["receipt", "de-DE", "R-2026-1", "quittung-R-2026-1.pdf"],
    // A language the site does not speak reads as English; a number's odd characters become `-`.
    ["receipt", "pt-BR", "R/2026 1", "receipt-R-2026-1.pdf"],
    ["invoice", "it-IT", "F.2026/../1", "fattura-F-2026-1.pdf"],
  ])("a %s in %s numbered %s is %s", (kind, locale, number, name) => {
    expect(documentFileName({ kind, locale, number })).toBe(name);
  });
});
