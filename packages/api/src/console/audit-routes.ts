import { auditLog } from "@sports/usecases";
import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { httpError } from "../errors.ts";
import { document } from "../respond.ts";
import { teamActor } from "./actor.ts";
import { auditEntryResource } from "./serializers.ts";

const auditQuery = z.strictObject({
  "filter[subjectType]": z.string().min(1).max(40).optional(),
  "filter[subjectId]": z.string().min(1).max(80).optional(),
  "filter[event]": z.uuid().optional(),
  "page[before]": z.coerce.number().int().positive().optional(),
  "page[size]": z.coerce.number().int().min(1).max(200).optional(),
  locale: z.string().optional(),
});

/** The console's audit log over HTTP: `GET /api/audit-entries`, organisers only, newest first. */
export function auditRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/audit-entries", async (c) => {
    const actor = teamActor(c);
    const parsed = auditQuery.safeParse(Object.fromEntries(c.var.url.searchParams));
    if (!parsed.success) {
      throw httpError({
        status: 400,
        code: "invalid-query",
        title: "Invalid query parameter",
        detail: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "),
      });
    }
    const query = parsed.data;
    const entries = await auditLog(c.var.deps, actor, {
      subjectType: query["filter[subjectType]"],
      subjectId: query["filter[subjectId]"],
      eventId: query["filter[event]"],
      before: query["page[before]"],
      limit: query["page[size]"],
    });
    const last = entries.at(-1);
    const size = query["page[size]"] ?? 50;
    const next = new URL(c.var.url);
    if (last) next.searchParams.set("page[before]", String(last.id));
    return document(c, {
      data: entries.map(auditEntryResource),
      links: {
        self: c.var.url.pathname + c.var.url.search,
        next: last && entries.length === size ? next.pathname + next.search : null,
      },
    });
  });

  return routes;
}
