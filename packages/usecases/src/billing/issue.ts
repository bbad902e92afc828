import {
  type BillingDocumentRecord,
  documentOfPayment,
  findOrganisation,
  findUserById,
  insertBillingDocument,
  type OrganisationRecord,
  type PaymentRecord,
  queueMail,
  type SignupBilling,
  type SignupRecord,
  type Transaction,
  takeDocumentNumber,
} from "@sports/db";
import {
  type BillingDocumentContent,
  type BillingDocumentKind,
  type Buyer,
  composeLines,
  correctionItems,
  type GrossItem,
  grossItem,
  type Locale,
  localDate,
  STAMP_DUTY_TREATMENT,
  stampDutyOf,
  type User,
} from "@sports/domain";
import { mailLanguage, type SignupView, signupReference, signupTitle, viewOf } from "../signups/views.ts";
import { billingDocumentMail } from "./document-mail.ts";
import { LINE_WORDS } from "./line-words.ts";
import { billingRulesOf, sellerOf, transmitterOf } from "./rules.ts";
import { sdiFileName, sdiProgressive } from "./sdi-checks.ts";

/**
 * Issuing billing documents (decision 066), always inside the transaction of the change that calls
 * for one: a payment settled, a transfer's fee paid, money given back. The number is taken there
 * too, so a rollback gives it back and the series never skips. Each document is mailed to the
 * signup's owner with its PDF.
 */

/** Italian documents are dated in Italy. */
const FISCAL_TIME_ZONE = "Europe/Rome";

/**
 * Which kind a payment's document is: an invoice for a business, or for a person who asked for one
 * (or when the organiser gives persons invoices) and whose address is known, as the SdI requires;
 * else a receipt.
 */
function documentKind(
  buyer: Buyer,
  billing: SignupBilling | null,
  organisation: OrganisationRecord,
): "receipt" | "invoice" {
  if (buyer.kind === "business") return "invoice";
  const wanted = billing?.document ?? organisation.personDocument;
  return wanted === "invoice" && buyer.address ? "invoice" : "receipt";
}

/**
 * Who a signup's documents name: the billing details given at its recap, else its owner as a person
 * with the tax code and the address of their profile, when it has them all.
 */
export function buyerOf(billing: SignupBilling | null, owner: User | undefined): Buyer {
  if (billing) return billing.buyer;
  const name = owner ? `${owner.givenName} ${owner.familyName}` : "";
  const address =
    owner?.street && owner.postalCode && owner.locality && owner.country
      ? {
          street: owner.street,
          postalCode: owner.postalCode,
          locality: owner.locality,
          province: null,
          country: owner.country,
        }
      : null;
  return {
    kind: "person",
    name,
    givenName: owner?.givenName ?? null,
    familyName: owner?.familyName ?? null,
    taxCode: owner?.taxCode ?? null,
    vatNumber: null,
    address,
    recipientCode: null,
    pec: null,
  };
}

function numberOf(organisation: OrganisationRecord, series: string, year: number, sequence: number): string {
  return `${organisation.documentPrefix}${series}-${year}-${String(sequence).padStart(4, "0")}`;
}

interface Issue {
  kind: BillingDocumentKind;
  buyer: Buyer;
  signup: SignupRecord;
  /** The signup's view and owner, read once by the caller. */
  view: SignupView;
  owner: User | undefined;
  payment: PaymentRecord;
  items: GrossItem[];
  /** For a correction: the document it corrects and what had gone back in all with it. */
  corrects?: BillingDocumentRecord;
  refundedUpTo?: number;
}

/** Writes a document of `issue` with the next number of its series, its transmission, and its mail. */
async function issue(
  deps: { now: Date },
  tx: Transaction,
  organisation: OrganisationRecord,
  input: Issue,
): Promise<BillingDocumentRecord> {
  const { signup, payment, view, owner } = input;
  const locale: Locale = owner ? mailLanguage(owner) : signup.locale;
  const issuedOn = localDate(deps.now, FISCAL_TIME_ZONE);
  const year = Number(issuedOn.slice(0, 4));
  const transmitted = input.kind === "invoice" || input.kind === "credit-note";
  const series = transmitted ? organisation.invoiceSeries : organisation.receiptSeries;
  const sequence = await takeDocumentNumber(tx, series, year);
  const composed = composeLines(input.items);
  const content: BillingDocumentContent = {
    kind: input.kind,
    series,
    year,
    sequence,
    number: numberOf(organisation, series, year, sequence),
    issuedOn,
    currency: payment.currency,
    seller: sellerOf(organisation),
    buyer: input.buyer,
    ...composed,
    stampDuty: stampDutyOf(input.items, organisation.stampDutyApplies),
    stampDutyCharged: input.items.some((item) => item.stampDuty),
    corrects: input.corrects
      ? { number: input.corrects.number, issuedOn: input.corrects.issuedOn, kind: input.corrects.kind }
      : null,
    reference: signupReference(signup.id),
    eventName: signupTitle(view, locale),
    locale,
  };
  const transmitter = transmitterOf(organisation);
  const { document } = await insertBillingDocument(
    tx,
    {
      kind: input.kind,
      series,
      year,
      sequence,
      revision: 0,
      number: content.number,
      issuedOn,
      signupId: signup.id,
      paymentId: payment.id,
      refundedUpTo: input.refundedUpTo ?? null,
      correctsId: input.corrects?.id ?? null,
      replacesId: null,
      total: content.total,
      currency: content.currency,
      content,
      createdAt: deps.now,
    },
    transmitted ? (fileSequence) => sdiFileName(transmitter, sdiProgressive(fileSequence)) : null,
  );
  if (owner) await queueDocumentMail(tx, deps, owner, document, locale);
  return document;
}

export async function queueDocumentMail(
  tx: Transaction,
  deps: { now: Date },
  owner: User,
  document: BillingDocumentRecord,
  locale: Locale,
): Promise<void> {
  const mail = billingDocumentMail({ locale, name: owner.givenName, kind: document.kind, number: document.number });
  await queueMail(
    tx,
    {
      ...mail,
      to: owner.email,
      kind: "billing-document",
      signupId: document.signupId,
      attachedDocumentId: document.id,
    },
    deps.now,
  );
}

/** A signup's view and its owner's account: what a document says of the event and whom it mails. */
async function partiesOf(
  tx: Transaction,
  signup: SignupRecord,
): Promise<{ view: SignupView; owner: User | undefined }> {
  const view = await viewOf(tx, signup);
  return { view, owner: signup.userId ? await findUserById(tx, signup.userId) : undefined };
}

/** What a payment without frozen items pays for: one line of its amount (payments made before billing began). */
function itemsOfPayment(
  payment: PaymentRecord,
  organisation: OrganisationRecord,
  locale: Locale,
  what: string,
): GrossItem[] {
  if (payment.billed) return payment.billed;
  const rules = billingRulesOf(organisation);
  if (!rules) return [];
  const words = LINE_WORDS[locale];
  const item = payment.transferId ? "transferFee" : "entryFee";
  const description = payment.transferId ? words.transferFee(what) : words.entryFee(what);
  return [grossItem(rules, item, { description, quantity: 1, gross: payment.amount })];
}

/**
 * The document a payment that paid for something calls for (the signup's confirmation, or a
 * transfer applied): a receipt or an invoice, as the signup's billing details and the organiser's
 * settings say. Nothing when the organiser has no fiscal identity, when nothing was paid, or when
 * the payment has its document already.
 */
export async function issueForPayment(
  deps: { now: Date },
  tx: Transaction,
  payment: PaymentRecord,
  signup: SignupRecord,
): Promise<BillingDocumentRecord | undefined> {
  if (payment.amount <= 0) return undefined;
  const organisation = await findOrganisation(tx);
  if (!organisation) return undefined;
  const existing = await documentOfPayment(tx, payment.id);
  if (existing) return existing;
  const { view, owner } = await partiesOf(tx, signup);
  const what = signupTitle(view, payment.locale);
  let items = itemsOfPayment(payment, organisation, payment.locale, what);
  // Items that no longer add up to what was paid (a payment's amount is what counts) are stated as one line.
  if (items.reduce((sum, item) => sum + item.gross, 0) !== payment.amount) {
    items = itemsOfPayment({ ...payment, billed: null }, organisation, payment.locale, what);
  }
  const buyer = buyerOf(signup.billing, owner);
  const kind = documentKind(buyer, signup.billing, organisation);
  return issue(deps, tx, organisation, { kind, buyer, signup, view, owner, payment, items });
}

/**
 * The correction of a payment's document for money given back: a credit note for an invoice, a
 * refund receipt for a receipt, of `refundedUpTo - before`, shared over the document's VAT rates.
 * Nothing when the payment had no document (money that paid for nothing is simply returned), or
 * when this refund has its correction already.
 */
export async function issueCorrection(
  deps: { now: Date },
  tx: Transaction,
  input: { payment: PaymentRecord; signup: SignupRecord; before: number; refundedUpTo: number },
): Promise<BillingDocumentRecord | undefined> {
  const amount = input.refundedUpTo - input.before;
  if (amount <= 0) return undefined;
  const original = await documentOfPayment(tx, input.payment.id);
  if (!original || original.kind === "credit-note" || original.kind === "refund-receipt") return undefined;
  const organisation = await findOrganisation(tx);
  if (!organisation) return undefined;
  const words = LINE_WORDS[original.content.locale as Locale] ?? LINE_WORDS["en-US"];
  // The stamp duty charged goes back only with everything: a part is shared over what was bought.
  const whole = amount >= original.total;
  const summary = original.content.summary.filter(
    (line) =>
      whole ||
      !(original.content.stampDutyCharged && line.vatRate === 0 && line.natura === STAMP_DUTY_TREATMENT.natura),
  );
  const items = correctionItems(summary, amount, words.refund(original.number));
  return issue(deps, tx, organisation, {
    kind: original.kind === "invoice" ? "credit-note" : "refund-receipt",
    signup: input.signup,
    ...(await partiesOf(tx, input.signup)),
    payment: input.payment,
    items,
    buyer: original.content.buyer,
    corrects: original,
    refundedUpTo: input.refundedUpTo,
  });
}
