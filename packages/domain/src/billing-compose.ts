import {
  type BilledItem,
  type DocumentLine,
  type Natura,
  STAMP_DUTY,
  type TaxTreatment,
  type VatSummaryLine,
} from "./billing.ts";

/**
 * How a document's lines and totals come from what the buyer paid (decision 066). Prices on the
 * site include VAT; a document states them net, per rate, so that each rate's taxable amount plus
 * its VAT is exactly what the buyer paid for the lines at that rate, and the document's total is
 * exactly the payment's amount.
 */

/** Something billed, at the price the buyer pays (VAT included), in minor units. */
export interface GrossItem {
  description: string;
  quantity: number;
  /** The line's price, VAT included; negative for a discount. */
  gross: number;
  treatment: TaxTreatment;
  /** The stamp duty charged to the buyer: a line of its own, outside the duty's own threshold. */
  stampDuty?: true;
}

/** What the organiser's settings say about VAT and the stamp duty. */
export interface BillingRules {
  treatments: Record<BilledItem, TaxTreatment>;
  stampDuty: { applies: boolean; chargedToBuyer: boolean };
}

/** The stamp duty charged to the buyer is outside the scope of VAT by article 15 of DPR 633/72. */
export const STAMP_DUTY_TREATMENT: TaxTreatment = { vatRate: 0, natura: "N1" };

/** An item priced as the organiser's rules say `item` is taxed. */
export function grossItem(
  rules: BillingRules,
  item: BilledItem,
  line: { description: string; quantity: number; gross: number },
): GrossItem {
  return { ...line, treatment: rules.treatments[item] };
}

/** The stamp duty charged to the buyer as an item, when there is one to charge. */
export function stampDutyItem(amount: number, description: string): GrossItem[] {
  return amount > 0
    ? [{ description, quantity: 1, gross: amount, treatment: STAMP_DUTY_TREATMENT, stampDuty: true }]
    : [];
}

function keyOf(treatment: TaxTreatment): string {
  return `${treatment.vatRate}|${treatment.natura ?? ""}`;
}

/**
 * The stamp duty a document of these items states: 2 € when the duty applies to the organiser and
 * the items without VAT (other than the duty itself) come to more than 77.47 €; 0 otherwise.
 */
export function stampDutyOf(items: readonly GrossItem[], applies: boolean): number {
  if (!applies) return 0;
  const withoutVat = items
    .filter((item) => !item.stampDuty && item.treatment.vatRate === 0)
    .reduce((sum, item) => sum + item.gross, 0);
  return withoutVat > STAMP_DUTY.threshold ? STAMP_DUTY.amount : 0;
}

/**
 * Shares `amount` out over `weights` in proportion, in whole minor units that add up to it exactly
 * (largest remainders first). Zero weights get zero; with no weight at all, everything goes first.
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((weight) => (amount * weight) / sum);
  const shares = exact.map((share) => Math.floor(share));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((share, i) => ({ i, rest: share - Math.floor(share) })).sort((a, b) => b.rest - a.rest);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
}

/**
 * A discount taken off the whole as one negative item per VAT treatment, shared out in proportion
 * to what each treatment's items cost, so every rate's total is what the buyer paid at that rate.
 */
export function withDiscount(
  items: readonly GrossItem[],
  discount: { amount: number; description: string } | null,
): GrossItem[] {
  if (!discount || discount.amount <= 0) return [...items];
  const groups = new Map<string, { treatment: TaxTreatment; gross: number }>();
  for (const item of items) {
    const key = keyOf(item.treatment);
    const group = groups.get(key) ?? { treatment: item.treatment, gross: 0 };
    group.gross += item.gross;
    groups.set(key, group);
  }
  const list = [...groups.values()];
  const shares = shareOut(
    discount.amount,
    list.map((group) => group.gross),
  );
  const lines = list
    .map((group, i) => ({
      description: discount.description,
      quantity: 1,
      gross: -(shares[i] ?? 0),
      treatment: group.treatment,
    }))
    .filter((line) => line.gross !== 0);
  return [...items, ...lines];
}

/** A document's lines, its VAT summary and its totals. */
export interface ComposedDocument {
  lines: DocumentLine[];
  summary: VatSummaryLine[];
  taxable: number;
  vat: number;
  total: number;
}

/** The net of a price that includes VAT at `vatRate` (hundredths of a percent), to the cent. */
export function netOf(gross: number, vatRate: number): number {
  return Math.round((gross * 10_000) / (10_000 + vatRate));
}

/**
 * The lines of a document net of VAT, from items priced with it. Per treatment, the taxable amount
 * is the net of everything at that rate and the VAT what is left of the gross, so taxable plus VAT
 * is the gross to the cent (and the VAT is the taxable amount times the rate within a cent, as the
 * SdI checks); each line's net is its share of the taxable amount. A line whose net does not divide
 * by its quantity is stated as one unit, its quantity said in its description.
 */
export function composeLines(items: readonly GrossItem[]): ComposedDocument {
  const groups = new Map<string, { treatment: TaxTreatment; items: GrossItem[] }>();
  for (const item of items) {
    const { treatment } = item;
    const key = keyOf(treatment);
    const group = groups.get(key) ?? { treatment, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  const lines: DocumentLine[] = [];
  const summary: VatSummaryLine[] = [];
  for (const { treatment, items: groupItems } of groups.values()) {
    const gross = groupItems.reduce((sum, item) => sum + item.gross, 0);
    const taxable = netOf(gross, treatment.vatRate);
    const nets = groupItems.map((item) => netOf(item.gross, treatment.vatRate));
    // The rounding of each line may leave a cent or two: the largest line takes it.
    const drift = taxable - nets.reduce((a, b) => a + b, 0);
    if (drift !== 0) {
      const largest = nets.reduce((best, net, i) => (Math.abs(net) > Math.abs(nets[best] ?? 0) ? i : best), 0);
      nets[largest] = (nets[largest] ?? 0) + drift;
    }
    groupItems.forEach((item, i) => {
      lines.push(lineOf(item, nets[i] ?? 0, treatment));
    });
    summary.push({ vatRate: treatment.vatRate, natura: treatment.natura, taxable, vat: gross - taxable });
  }
  const taxable = summary.reduce((sum, line) => sum + line.taxable, 0);
  const vat = summary.reduce((sum, line) => sum + line.vat, 0);
  return { lines, summary, taxable, vat, total: taxable + vat };
}

function lineOf(item: GrossItem, net: number, treatment: TaxTreatment): DocumentLine {
  const natura: Natura | null = treatment.vatRate === 0 ? treatment.natura : null;
  if (item.quantity > 1 && net % item.quantity === 0) {
    return {
      description: item.description,
      quantity: item.quantity,
      unitPrice: net / item.quantity,
      total: net,
      vatRate: treatment.vatRate,
      natura,
    };
  }
  const description = item.quantity > 1 ? `${item.description} (${item.quantity} ×)` : item.description;
  return { description, quantity: 1, unitPrice: net, total: net, vatRate: treatment.vatRate, natura };
}

/**
 * A correction's items (a credit note's or a refund receipt's) for `amount` given back of a
 * document: the amount shared out over the document's VAT treatments in proportion to what the buyer
 * paid at each, one item per treatment, described as `description`.
 */
export function correctionItems(summary: readonly VatSummaryLine[], amount: number, description: string): GrossItem[] {
  const shares = shareOut(
    amount,
    summary.map((line) => line.taxable + line.vat),
  );
  return summary.flatMap((line, i): GrossItem[] => {
    const gross = shares[i] ?? 0;
    if (gross === 0) return [];
    const treatment = { vatRate: line.vatRate, natura: line.natura };
    const stampDuty = line.vatRate === 0 && line.natura === STAMP_DUTY_TREATMENT.natura;
    return [{ description, quantity: 1, gross, treatment, ...(stampDuty ? { stampDuty: true as const } : {}) }];
  });
}
