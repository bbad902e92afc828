import { DISCOUNT_KINDS } from "@sports/domain";
import type { ResourceObject } from "@sports/jsonapi";
import {
  createDiscountCode,
  type DiscountCodeRecord,
  deleteDiscountCode,
  listDiscountCodes,
  updateDiscountCode,
} from "@sports/usecases";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { readAttributes, readResource } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { httpError, invalidParameter } from "../errors.ts";
import { document } from "../respond.ts";
import { organiserOnly } from "./actor.ts";

/**
 * The organiser's discount codes over HTTP (docs/api.md#discount-codes, decision 029), organisers
 * only: they read an event's codes with their uses (`GET /api/discount-codes?filter[event]=…`),
 * create them (`POST`, with the event and optionally one appointment as relationships), change or
 * switch them off (`PATCH /api/discount-codes/{id}`) and delete unused ones (`DELETE`).
 */

const moment = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

const fields = {
  code: z.string().trim().min(3).max(32),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int().min(1).max(100_000_000),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .nullable(),
  validFrom: moment.nullable(),
  validUntil: moment.nullable(),
  maxUses: z.number().int().min(1).max(1_000_000),
  perPersonLimit: z.number().int().min(1).max(1000).nullable(),
  members: z.array(z.string().trim().min(1).max(100)).max(500),
  active: z.boolean(),
};

const creation = z.strictObject({
  ...fields,
  currency: fields.currency.optional(),
  validFrom: fields.validFrom.optional(),
  validUntil: fields.validUntil.optional(),
  perPersonLimit: fields.perPersonLimit.optional(),
  members: fields.members.optional(),
  active: fields.active.optional(),
});

const change = z.strictObject({
  code: fields.code.optional(),
  kind: fields.kind.optional(),
  value: fields.value.optional(),
  currency: fields.currency.optional(),
  validFrom: fields.validFrom.optional(),
  validUntil: fields.validUntil.optional(),
  maxUses: fields.maxUses.optional(),
  perPersonLimit: fields.perPersonLimit.optional(),
  members: fields.members.optional(),
  active: fields.active.optional(),
});

export function discountCodeResource(
  code: DiscountCodeRecord,
): ResourceObject<"discount-codes", Record<string, unknown>> {
  return {
    type: "discount-codes",
    id: code.id,
    attributes: {
      code: code.code,
      kind: code.kind,
      value: code.value,
      currency: code.currency,
      validFrom: code.validFrom?.toISOString() ?? null,
      validUntil: code.validUntil?.toISOString() ?? null,
      maxUses: code.maxUses,
      usesTaken: code.usesTaken,
      perPersonLimit: code.perPersonLimit,
      members: code.members,
      active: code.active,
      createdAt: code.createdAt.toISOString(),
    },
    relationships: {
      event: { data: { type: "events", id: code.eventId } },
      appointment: { data: code.appointmentId ? { type: "appointments", id: code.appointmentId } : null },
    },
    links: { self: `/api/discount-codes/${code.id}` },
  };
}

const idOf = (c: Context<ApiEnv>) => c.req.param("id") ?? "";

export function discountCodeRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/discount-codes", async (c) => {
    const actor = organiserOnly(c);
    const eventId = c.req.query("filter[event]");
    if (!eventId) throw invalidParameter("filter[event]", "Give the event whose codes to list: filter[event]=<id>.");
    const codes = await listDiscountCodes(c.var.deps, actor, { eventId });
    return document(c, { data: codes.map(discountCodeResource) });
  });

  routes.post("/discount-codes", async (c) => {
    const actor = organiserOnly(c);
    const { attributes, relationships } = await readResource(c, "discount-codes", creation, {
      event: "events",
      appointment: "appointments",
    });
    if (!relationships.event)
      throw httpError({
        status: 400,
        code: "invalid-relationship",
        title: "Invalid document",
        detail: 'Give the code\'s event as relationships.event: { data: { type: "events", id } }.',
        source: { pointer: "/data/relationships/event" },
      });
    const created = await createDiscountCode(c.var.deps, actor, {
      eventId: relationships.event.toLowerCase(),
      fields: {
        ...attributes,
        currency: attributes.currency ?? null,
        validFrom: attributes.validFrom ?? null,
        validUntil: attributes.validUntil ?? null,
        perPersonLimit: attributes.perPersonLimit ?? null,
        members: attributes.members ?? [],
        active: attributes.active ?? true,
        appointmentId: relationships.appointment?.toLowerCase() ?? null,
      },
    });
    c.header("Location", `/api/discount-codes/${created.id}`);
    return document(c, { data: discountCodeResource(created) }, 201);
  });

  routes.patch("/discount-codes/:id", async (c) => {
    const actor = organiserOnly(c);
    const codeId = idOf(c).toLowerCase();
    const input = await readAttributes(c, "discount-codes", change, { ids: [codeId] });
    const updated = await updateDiscountCode(c.var.deps, actor, { codeId, change: input });
    return document(c, { data: discountCodeResource(updated) });
  });

  routes.delete("/discount-codes/:id", async (c) => {
    const actor = organiserOnly(c);
    await deleteDiscountCode(c.var.deps, actor, { codeId: idOf(c).toLowerCase() });
    return c.body(null, 204);
  });

  return routes;
}
