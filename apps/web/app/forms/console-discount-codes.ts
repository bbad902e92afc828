import { z } from "zod";

/**
 * The console's discount code form (docs/decisions/029-discount-codes.md): the code, a percentage
 * or an amount (typed in the currency's units, sent in minor units: currencies with cents), the
 * limits, and the clubs whose members alone may use it, one per line.
 */
export const discountCodeForm = z
  .object({
    code: z
      .string()
      .trim()
      .min(3)
      .max(32)
      .regex(/^[A-Za-z0-9 -]+$/),
    kind: z.enum(["percent", "amount"]),
    value: z.number().positive().max(1_000_000),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/)
      .optional(),
    maxUses: z.number().int().min(1).max(1_000_000),
    perPersonLimit: z.number().int().min(1).max(1000).optional(),
    members: z.string().max(20_000).optional(),
  })
  .refine((form) => form.kind === "amount" || (Number.isInteger(form.value) && form.value <= 100), {
    path: ["value"],
    params: { code: "out-of-range" },
  });

export type DiscountCodeForm = z.infer<typeof discountCodeForm>;

/** The form as the API's attributes. */
export function discountCodeAttributes(form: DiscountCodeForm) {
  const amount = form.kind === "amount";
  return {
    code: form.code,
    kind: form.kind,
    value: amount ? Math.round(form.value * 100) : form.value,
    ...(amount ? { currency: (form.currency ?? "EUR").toUpperCase() } : {}),
    maxUses: form.maxUses,
    perPersonLimit: form.perPersonLimit ?? null,
    members: (form.members ?? "")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

export const codeSwitchForm = z.object({ codeId: z.string().min(1).max(64) });
