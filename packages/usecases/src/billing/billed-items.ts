import {
  type BillingRules,
  type GrossItem,
  grossItem,
  type Locale,
  type PriceBreakdown,
  pickText,
  stampDutyItem,
  withDiscount,
} from "@sports/domain";
import { type SignupView, signupTitle } from "../signups/views.ts";
import { LINE_WORDS } from "./line-words.ts";

/**
 * What a payment pays for, as its document will state it (decision 066): frozen on the payment
 * when it is made, with the VAT treatment then in force, so a change of settings or of prices
 * afterwards never changes what a paid signup's document says. Null while nothing is billed (no
 * fiscal identity set).
 */
export function billedItemsOf(view: SignupView, price: PriceBreakdown, locale: Locale): GrossItem[] | null {
  const rules = view.billingRules;
  if (!rules) return null;
  const words = LINE_WORDS[locale];
  const what = signupTitle(view, locale);
  const items: GrossItem[] = [
    grossItem(rules, "entryFee", {
      description: words.entryFee(what),
      quantity: price.participants.count,
      gross: price.participants.amount,
    }),
    ...price.stays.map((stay) => {
      const room = view.roomTypes.get(stay.roomTypeId);
      const name = [pickText(room?.stay.name, locale), pickText(room?.room.name, locale)].filter(Boolean).join(" – ");
      return grossItem(rules, "lodging", {
        description: words.lodging(name, stay.nights),
        quantity: stay.rooms * stay.nights,
        gross: stay.amount,
      });
    }),
  ].filter((item) => item.gross !== 0);
  const discount = price.discount
    ? { amount: price.discount.amount.amount, description: words.discount(price.discount.code) }
    : null;
  return [...withDiscount(items, discount), ...stampDutyItem(price.stampDuty?.amount ?? 0, words.stampDuty)];
}

/** What a transfer's fee pays for. */
export function transferFeeItems(
  rules: BillingRules | null,
  view: SignupView,
  fee: number,
  locale: Locale,
): GrossItem[] | null {
  if (!rules) return null;
  const words = LINE_WORDS[locale];
  return [
    grossItem(rules, "transferFee", {
      description: words.transferFee(signupTitle(view, locale)),
      quantity: 1,
      gross: fee,
    }),
  ];
}
