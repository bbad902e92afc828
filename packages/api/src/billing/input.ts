/**
 * What the billing endpoints read (packages/api/src/billing/routes.ts), and the billing details a
 * signup's recap sends (packages/api/src/signups/routes.ts): bounds and shapes only; the use cases
 * check the rest, each problem at its field.
 */
import { BILLING_DOCUMENT_KINDS, NATURA_CODES, TAX_REGIMES } from "@sports/domain";
import { TRANSMISSION_STATES } from "@sports/usecases";
import { z } from "zod";
import { invalidParameter } from "../errors.ts";

/** Billing details as typed at the recap: checked by the use case, each problem at its field. */
const text = z.string().max(200);
export const billingInput = z.strictObject({
  kind: z.string().max(20).optional(),
  name: text.optional(),
  givenName: text.optional(),
  familyName: text.optional(),
  taxCode: z.string().max(40).nullable().optional(),
  vatNumber: z.string().max(40).nullable().optional(),
  address: z
    .strictObject({
      street: text.optional(),
      postalCode: z.string().max(20).optional(),
      locality: text.optional(),
      province: z.string().max(20).nullable().optional(),
      country: z.string().max(20).optional(),
    })
    .nullable()
    .optional(),
  recipientCode: z.string().max(20).nullable().optional(),
  pec: z.string().max(254).nullable().optional(),
  wantsInvoice: z.boolean().optional(),
});

/** A nullable field of the billing input as the use case takes it: absent when not given. */
export function billingDetailsOf(input: z.infer<typeof billingInput>) {
  const given = <T>(value: T | null | undefined) => value ?? undefined;
  const address = input.address
    ? Object.fromEntries(Object.entries(input.address).filter(([, value]) => value !== null && value !== undefined))
    : undefined;
  return Object.fromEntries(
    Object.entries({
      ...input,
      taxCode: given(input.taxCode),
      vatNumber: given(input.vatNumber),
      recipientCode: given(input.recipientCode),
      pec: given(input.pec),
      address,
    }).filter(([, value]) => value !== undefined),
  );
}

/** An SdI notification file is a few kilobytes; this leaves room and no more. */
export const NOTIFICATION_MAX_BYTES = 1024 * 1024;

const short = (max: number) => z.string().trim().max(max);
const treatment = z.strictObject({
  vatRate: z.number().int().min(0).max(10_000),
  natura: z.enum(NATURA_CODES).nullable(),
});
export const organisationInput = z.strictObject({
  legalName: short(80),
  address: z.strictObject({
    street: short(60),
    postalCode: short(10),
    locality: short(60),
    province: short(2).nullable(),
    country: z.string().trim().length(2),
  }),
  vatNumber: short(30).nullable(),
  taxCode: short(16).nullable(),
  taxRegime: z.enum(TAX_REGIMES),
  documentPrefix: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{0,6}$/),
  invoiceSeries: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,3}$/),
  receiptSeries: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,3}$/),
  personDocument: z.enum(["receipt", "invoice"]),
  treatments: z.strictObject({ entryFee: treatment, lodging: treatment, transferFee: treatment }),
  stampDuty: z.strictObject({ applies: z.boolean(), chargedToBuyer: z.boolean() }),
  transmitter: z
    .strictObject({
      country: z.string().trim().length(2),
      code: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{1,28}$/),
    })
    .nullable(),
  handOverEveryDays: z.number().int().min(1).max(12),
});

export const periodDay = (value: string, parameter: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw invalidParameter(parameter, "Give a day as YYYY-MM-DD.");
  }
  return value;
};
const listOf =
  <T extends string>(allowed: readonly T[]) =>
  (value: string, parameter: string): T[] =>
    value.split(",").map((item) => {
      if (!(allowed as readonly string[]).includes(item)) {
        throw invalidParameter(parameter, `Unknown value "${item}"; use ${allowed.join(", ")}.`);
      }
      return item as T;
    });

/** `YYYY-MM` as the first and last day of that month. */
function periodOf(value: string, parameter: string): { from: string; to: string } {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  if (!match) throw invalidParameter(parameter, "Give a month as YYYY-MM.");
  const [, year = "", month = ""] = match;
  const last = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  return { from: `${year}-${month}-01`, to: `${year}-${month}-${String(last).padStart(2, "0")}` };
}

export const listSpec = {
  filters: {
    from: periodDay,
    to: periodDay,
    period: periodOf,
    kind: listOf(BILLING_DOCUMENT_KINDS),
    state: listOf(TRANSMISSION_STATES),
  },
  paginated: true,
};
