import type {
  BillingDocumentKindName,
  NATURA_CODE_LIST,
  SdiNotificationMeta,
  TAX_REGIME_LIST,
  TransmissionStateName,
} from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";

/**
 * The words the console's billing screens show for the API's codes (docs/api.md, "Billing"): a
 * document's kind, where an invoice stands with the SdI, a notification's kind, the tax regimes and
 * the Natura codes. A code the site does not know yet is shown as it is.
 */

type Natura = (typeof NATURA_CODE_LIST)[number];
type TaxRegime = (typeof TAX_REGIME_LIST)[number];

const wordsFor = (table: Record<string, () => string>, code: string) =>
  Object.hasOwn(table, code) ? (table[code]?.() ?? code) : code;

/** The kinds of document, in the order the list's filter offers them. */
export const DOCUMENT_KIND_VALUES = ["invoice", "receipt", "credit-note", "refund-receipt"] as const;

const KINDS: Record<BillingDocumentKindName, () => string> = {
  receipt: m.console_billing_kind_receipt,
  invoice: m.console_billing_kind_invoice,
  "credit-note": m.console_billing_kind_credit_note,
  "refund-receipt": m.console_billing_kind_refund_receipt,
};

/** A document's kind: a receipt, an invoice, a credit note, a refund receipt. */
export const documentKindLabel = (kind: string): string => wordsFor(KINDS, kind);

/** Where an invoice stands with the SdI, in the order its way goes. */
export const TRANSMISSION_STATE_VALUES = [
  "pending",
  "handed-out",
  "delivered",
  "not-delivered",
  "rejected",
  "outcome",
] as const satisfies readonly TransmissionStateName[];

const STATES: Record<TransmissionStateName, () => string> = {
  pending: m.console_billing_state_pending,
  "handed-out": m.console_billing_state_handed_out,
  delivered: m.console_billing_state_delivered,
  "not-delivered": m.console_billing_state_not_delivered,
  rejected: m.console_billing_state_rejected,
  outcome: m.console_billing_state_outcome,
};

/** An invoice's transmission state: waiting to be handed out, handed out, delivered, rejected… */
export const transmissionStateLabel = (state: string): string => wordsFor(STATES, state);

const NOTIFICATIONS: Record<SdiNotificationMeta["kind"], () => string> = {
  RC: m.console_billing_notification_rc,
  NS: m.console_billing_notification_ns,
  MC: m.console_billing_notification_mc,
  NE: m.console_billing_notification_ne,
};

/** A notification of the SdI by its kind: a delivery receipt, a rejection, a failed delivery, an outcome. */
export const notificationKindLabel = (kind: string): string => wordsFor(NOTIFICATIONS, kind);

const REGIMES: Record<TaxRegime, () => string> = {
  RF01: m.console_organisation_regime_rf01,
  RF02: m.console_organisation_regime_rf02,
  RF04: m.console_organisation_regime_rf04,
  RF05: m.console_organisation_regime_rf05,
  RF06: m.console_organisation_regime_rf06,
  RF07: m.console_organisation_regime_rf07,
  RF08: m.console_organisation_regime_rf08,
  RF09: m.console_organisation_regime_rf09,
  RF10: m.console_organisation_regime_rf10,
  RF11: m.console_organisation_regime_rf11,
  RF12: m.console_organisation_regime_rf12,
  RF13: m.console_organisation_regime_rf13,
  RF14: m.console_organisation_regime_rf14,
  RF15: m.console_organisation_regime_rf15,
  RF16: m.console_organisation_regime_rf16,
  RF17: m.console_organisation_regime_rf17,
  RF18: m.console_organisation_regime_rf18,
  RF19: m.console_organisation_regime_rf19,
};

/** A tax regime as its choice reads: its code and a short name in the page's language (`RF19 · Flat rate`). */
export const taxRegimeLabel = (code: string): string => `${code} · ${wordsFor(REGIMES, code)}`;

const NATURE: Record<Natura, () => string> = {
  N1: m.console_organisation_natura_n1,
  "N2.1": m.console_organisation_natura_n2_1,
  "N2.2": m.console_organisation_natura_n2_2,
  "N3.1": m.console_organisation_natura_n3_1,
  "N3.2": m.console_organisation_natura_n3_2,
  "N3.3": m.console_organisation_natura_n3_3,
  "N3.4": m.console_organisation_natura_n3_4,
  "N3.5": m.console_organisation_natura_n3_5,
  "N3.6": m.console_organisation_natura_n3_6,
  N4: m.console_organisation_natura_n4,
  N5: m.console_organisation_natura_n5,
  "N6.1": m.console_organisation_natura_n6_1,
  "N6.2": m.console_organisation_natura_n6_2,
  "N6.3": m.console_organisation_natura_n6_3,
  "N6.4": m.console_organisation_natura_n6_4,
  "N6.5": m.console_organisation_natura_n6_5,
  "N6.6": m.console_organisation_natura_n6_6,
  "N6.7": m.console_organisation_natura_n6_7,
  "N6.8": m.console_organisation_natura_n6_8,
  "N6.9": m.console_organisation_natura_n6_9,
  N7: m.console_organisation_natura_n7,
};

/** A Natura code as its choice reads: its code and a short name in the page's language (`N4 · Exempt`). */
export const naturaLabel = (code: string): string => `${code} · ${wordsFor(NATURE, code)}`;

/**
 * The Natura codes as the SdI's technical rules word them, in Italian whatever the page's language:
 * shown beside the short names, for the accountant who knows them so.
 */
export const NATURA_OFFICIAL: Record<Natura, string> = {
  N1: "Escluse ex art. 15 del DPR 633/72",
  "N2.1": "Non soggette ad IVA ai sensi degli artt. da 7 a 7-septies del DPR 633/72",
  "N2.2": "Non soggette – altri casi",
  "N3.1": "Non imponibili – esportazioni",
  "N3.2": "Non imponibili – cessioni intracomunitarie",
  "N3.3": "Non imponibili – cessioni verso San Marino",
  "N3.4": "Non imponibili – operazioni assimilate alle cessioni all'esportazione",
  "N3.5": "Non imponibili – a seguito di dichiarazioni d'intento",
  "N3.6": "Non imponibili – altre operazioni che non concorrono alla formazione del plafond",
  N4: "Esenti",
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
  N7: "IVA assolta in altro stato UE",
};
