import { instantFrom } from "../lib/catalogue-values.ts";
import { errorMessage } from "./messages.ts";
import { z } from "./zod.ts";

/** A typed code as the API keeps it: upper case, without spaces (`summer 20` is `SUMMER20`). */
const normalizedCode = (code: string) => code.toUpperCase().replace(/\s+/g, "");

const localMoment = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
  .optional();

/**
 * The console's discount code form (docs/decisions/029-discount-codes.md): the code, a percentage
 * or an amount (typed in the currency's units, sent in minor units: currencies with cents), the
 * limits, one appointment or all, when it is valid (typed in the event's time zone), and the clubs
 * whose members alone may use it, one per line.
 */
export const discountCodeForm = z
  .object({
    code: z
      .string()
      .trim()
      .refine((code) => /^[A-Z0-9-]{3,32}$/.test(normalizedCode(code)), { params: { code: "invalid-discount-code" } }),
    kind: z.enum(["percent", "amount"]),
    value: z.number().min(0.01).max(1_000_000),
    currency: z
      .string()
      .trim()
      .refine((currency) => /^[A-Za-z]{3}$/.test(currency), { params: { code: "invalid-currency" } })
      .optional(),
    maxUses: z.number().int().min(1).max(1_000_000),
    perPersonLimit: z.number().int().min(1).max(1000).optional(),
    members: z.string().max(20_000).optional(),
    appointment: z.string().max(64).optional(),
    validFrom: localMoment,
    validUntil: localMoment,
  })
  .refine((form) => form.kind === "amount" || (Number.isInteger(form.value) && form.value <= 100), {
    path: ["value"],
    params: { code: "percent-out-of-range" },
  });

export type DiscountCodeForm = z.infer<typeof discountCodeForm>;

/** The API's words for a code that breaks its rule, said as the form's own check says it. */
export const DISCOUNT_CODE_FIELDS = { code: { "invalid-value": () => errorMessage("invalid-discount-code") } };

/** The form as the API's attributes; moments read in the event's time zone. */
export function discountCodeAttributes(form: DiscountCodeForm, timeZone: string) {
  const amount = form.kind === "amount";
  const moment = (local: string | undefined) => (local ? (instantFrom(local, timeZone) ?? null) : null);
  return {
    code: form.code,
    kind: form.kind,
    value: amount ? Math.round(form.value * 100) : form.value,
    ...(amount ? { currency: (form.currency ?? "EUR").toUpperCase() } : {}),
    maxUses: form.maxUses,
    perPersonLimit: form.perPersonLimit ?? null,
    validFrom: moment(form.validFrom),
    validUntil: moment(form.validUntil),
    members: (form.members ?? "")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

/**
 * A code's change (`PATCH /api/discount-codes/{id}`): its limits, its validity and its members
 * always; its text and discount only while nobody used it (the page then sends them too).
 */
const limitFields = {
  codeId: z.string().min(1).max(64),
  maxUses: z.number().int().min(1).max(1_000_000),
  perPersonLimit: z.number().int().min(1).max(1000).optional(),
  members: z.string().max(20_000).optional(),
  validFrom: localMoment,
  validUntil: localMoment,
};

/** The change of a used code: what does not set its price. */
export const discountCodeLimitsForm = z.object(limitFields);

/** The change of a code nobody used yet: its text and discount too. */
export const discountCodeChangeForm = z
  .object({
    ...limitFields,
    code: discountCodeForm.shape.code,
    kind: discountCodeForm.shape.kind,
    value: discountCodeForm.shape.value,
    currency: discountCodeForm.shape.currency,
  })
  .refine((form) => form.kind === "amount" || (Number.isInteger(form.value) && form.value <= 100), {
    path: ["value"],
    params: { code: "percent-out-of-range" },
  });

/** The change as the API's attributes: emptied fields clear their limit, validity or members. */
export function discountCodeChange(
  form: z.infer<typeof discountCodeLimitsForm> & Partial<z.infer<typeof discountCodeChangeForm>>,
  timeZone: string,
) {
  const moment = (local: string | undefined) => (local ? (instantFrom(local, timeZone) ?? null) : null);
  const amount = form.kind === "amount";
  return {
    ...(form.code !== undefined && form.kind !== undefined && form.value !== undefined
      ? {
          code: form.code,
          kind: form.kind,
          value: amount ? Math.round(form.value * 100) : form.value,
          ...(amount ? { currency: (form.currency ?? "EUR").toUpperCase() } : {}),
        }
      : {}),
    maxUses: form.maxUses,
    perPersonLimit: form.perPersonLimit ?? null,
    validFrom: moment(form.validFrom),
    validUntil: moment(form.validUntil),
    members: (form.members ?? "")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

export const codeSwitchForm = z.object({ codeId: z.string().min(1).max(64) });
