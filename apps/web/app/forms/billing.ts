import type { BillingAttributes } from "@sports/jsonapi";
import { oneLineText } from "./values.ts";
import { z } from "./zod.ts";

/**
 * The recap's billing details: who the signup's receipt or invoice names (`PATCH /api/signups/{id}`
 * with `billing`). One flat form for both kinds of buyer; the page shows a kind's fields only, and
 * `billingAttributes` sends only those. The API judges the codes (check digits, shapes) and what a
 * business or an invoice needs, each refusal at its field (`billingFields`): the form asks only for
 * a kind and its name before it travels.
 */

export const BUYER_KINDS = ["person", "business"] as const;

/** What each field accepts at most, typed as people type (spaces, dots): the API tidies and judges. */
const LIMITS = {
  name: 200,
  taxCode: 32,
  vatNumber: 32,
  street: 200,
  postalCode: 20,
  locality: 100,
  province: 10,
  recipientCode: 20,
  pec: 254,
} as const;

const optionalText = (max: number) => oneLineText(max).optional();

export const billingForm = z
  .object({
    kind: z.enum(BUYER_KINDS),
    /** A person's given and family name, in one field. */
    personName: optionalText(LIMITS.name),
    /** A business's, a club's or an association's name. */
    businessName: optionalText(LIMITS.name),
    vatNumber: optionalText(LIMITS.vatNumber),
    taxCode: optionalText(LIMITS.taxCode),
    /** A person's wish for an invoice rather than a receipt; a business always gets one. */
    wantsInvoice: z.boolean().default(false),
    street: optionalText(LIMITS.street),
    postalCode: optionalText(LIMITS.postalCode),
    locality: optionalText(LIMITS.locality),
    province: optionalText(LIMITS.province),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    recipientCode: optionalText(LIMITS.recipientCode),
    pec: optionalText(LIMITS.pec),
  })
  .refine((value) => Boolean(value.personName), {
    path: ["personName"],
    params: { code: "required" },
    when: (payload) => soundKind(payload) === "person",
  })
  .refine((value) => Boolean(value.businessName), {
    path: ["businessName"],
    params: { code: "required" },
    when: (payload) => soundKind(payload) === "business",
  });

export type BillingFormValue = z.output<typeof billingForm>;

/** The kind a form being checked names, once it is one of the two. */
function soundKind(payload: z.core.ParsePayload): string | undefined {
  const kind = (payload.value as { kind?: unknown } | undefined)?.kind;
  return typeof kind === "string" && (BUYER_KINDS as readonly string[]).includes(kind) ? kind : undefined;
}

/** What `PATCH /api/signups/{id}` takes as `billing`. */
export interface BillingInput {
  kind: (typeof BUYER_KINDS)[number];
  name: string | undefined;
  taxCode?: string | undefined;
  vatNumber?: string | undefined;
  address?: {
    street: string | undefined;
    postalCode: string | undefined;
    locality: string | undefined;
    province: string | undefined;
    country: string | undefined;
  };
  recipientCode?: string | undefined;
  pec?: string | undefined;
  wantsInvoice?: boolean;
}

/**
 * The billing details to send: a kind's own fields only (the others are on the page too, hidden,
 * and a browser without JavaScript sends them all). An address, a recipient code and a PEC belong
 * to an invoice: a business's, or a person's who asks for one.
 */
export function billingAttributes(value: BillingFormValue): BillingInput {
  const business = value.kind === "business";
  const invoice = business || value.wantsInvoice;
  return {
    kind: value.kind,
    name: business ? value.businessName : value.personName,
    taxCode: value.taxCode,
    ...(business ? { vatNumber: value.vatNumber } : { wantsInvoice: value.wantsInvoice }),
    ...(invoice
      ? {
          address: {
            street: value.street,
            postalCode: value.postalCode,
            locality: value.locality,
            province: value.province,
            country: value.country,
          },
          recipientCode: value.recipientCode,
          pec: value.pec,
        }
      : {}),
  };
}

/**
 * The form's field for each place the API points at under `billing` (`replyWithApiError`'s
 * `fields`): the name is the kind's own field, a person's name given in parts is the one field.
 */
export function billingFields(kind: string | undefined): Record<string, string> {
  const name = kind === "business" ? "businessName" : "personName";
  return {
    "billing.kind": "kind",
    "billing.name": name,
    "billing.givenName": name,
    "billing.familyName": name,
    "billing.taxCode": "taxCode",
    "billing.vatNumber": "vatNumber",
    "billing.wantsInvoice": "wantsInvoice",
    "billing.address.street": "street",
    "billing.address.postalCode": "postalCode",
    "billing.address.locality": "locality",
    "billing.address.province": "province",
    "billing.address.country": "country",
    "billing.recipientCode": "recipientCode",
    "billing.pec": "pec",
  };
}

/** The country an address starts in: the organiser's, where most buyers are. */
const HOME_COUNTRY = "IT";

/**
 * What the form starts with: the signup's billing details, else those of the account's last recap,
 * else a receipt in the account holder's name. Only texts, nothing empty.
 */
export function billingDefaults(
  billing: BillingAttributes | null,
  lastBilling: BillingAttributes | null,
  accountName: string,
): Record<string, string> {
  const given = billing ?? lastBilling;
  if (!given) return { kind: "person", personName: accountName, country: HOME_COUNTRY };
  const business = given.kind === "business";
  const values: Record<string, string | null | undefined> = {
    kind: given.kind,
    personName: business ? accountName : given.name,
    businessName: business ? given.name : undefined,
    vatNumber: given.vatNumber,
    taxCode: given.taxCode,
    wantsInvoice: !business && given.document === "invoice" ? "on" : undefined,
    street: given.address?.street,
    postalCode: given.address?.postalCode,
    locality: given.address?.locality,
    province: given.address?.province,
    country: given.address?.country ?? HOME_COUNTRY,
    recipientCode: given.recipientCode,
    pec: given.pec,
  };
  return Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
    ),
  );
}

/**
 * What a club's signup's form starts with: its billing details, else those of the account's last
 * recap when they were this club's, else the club as the business the invoice names, its VAT number
 * and address to be given.
 */
export function clubBillingDefaults(
  billing: BillingAttributes | null,
  lastBilling: BillingAttributes | null,
  accountName: string,
  club: string,
): Record<string, string> {
  const clubs = lastBilling?.kind === "business" && lastBilling.name === club ? lastBilling : null;
  if (billing || clubs) return billingDefaults(billing, clubs, accountName);
  return { kind: "business", businessName: club, personName: accountName, country: HOME_COUNTRY };
}

/**
 * What the section says while folded: which document, in whose name. Without details given, the
 * document the organiser gives a person names the account holder.
 */
export function billingSummary(
  billing: BillingAttributes | null,
  accountName: string,
  document: "receipt" | "invoice" = "receipt",
): { document: "receipt" | "invoice"; name: string } {
  return billing ? { document: billing.document, name: billing.name } : { document, name: accountName };
}
