import { RESULT_STATUSES, refuse, TIMING_FILE_MAX_BYTES } from "@sports/domain";
import { applyResultImport, correctResult, previewResultImport, remapResultImport } from "@sports/usecases";
import { Hono } from "hono";
import { z } from "zod";
import { readAttributes, readFileBody } from "../body.ts";
import { organiserOnly } from "../console/actor.ts";
import { idOf } from "../console/signup-params.ts";
import type { ApiEnv } from "../context.ts";
import { document } from "../respond.ts";
import { resultImportResource, resultResource } from "./serializers.ts";

const importChange = z.strictObject({
  mapping: z.record(z.string(), z.unknown()).optional(),
  state: z.enum(["preview", "applied"]).optional(),
});

const seconds = z
  .number()
  .positive()
  .max(7 * 86_400)
  .nullable();
const correction = z.strictObject({
  gunTime: seconds.optional(),
  netTime: seconds.optional(),
  status: z.enum(RESULT_STATUSES).optional(),
  reason: z.string().max(500),
});

/**
 * The organisers' side of results: a timing file uploaded and previewed, its mapping changed, then
 * applied (`/api/appointments/{id}/result-imports`, `/api/result-imports/{id}`), and one result
 * corrected by hand (`PATCH /api/results/{id}`).
 */
export function resultImportRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/appointments/:id/result-imports", async (c) => {
    const actor = organiserOnly(c);
    const appointmentId = idOf(c);
    const content = await readFileBody(c.req.raw, TIMING_FILE_MAX_BYTES, () =>
      refuse("file-too-large", "A timing file may be at most 20 MB."),
    );
    const found = await previewResultImport(c.var.deps, actor, { appointmentId, content });
    return document(c, { data: resultImportResource(found) }, 201);
  });

  routes.patch("/result-imports/:id", async (c) => {
    const actor = organiserOnly(c);
    const importId = idOf(c);
    const input = await readAttributes(c, "result-imports", importChange, { ids: [importId] });
    let found = input.mapping
      ? await remapResultImport(c.var.deps, actor, { importId, mapping: input.mapping })
      : undefined;
    if (input.state === "applied") found = await applyResultImport(c.var.deps, actor, { importId });
    if (!found) found = await remapResultImport(c.var.deps, actor, { importId, mapping: undefined });
    return document(c, { data: resultImportResource(found) });
  });

  routes.patch("/results/:id", async (c) => {
    const actor = organiserOnly(c);
    const resultId = idOf(c);
    const input = await readAttributes(c, "results", correction, { ids: [resultId] });
    const line = await correctResult(c.var.deps, actor, { resultId, correction: input });
    return document(c, { data: resultResource(line) });
  });

  return routes;
}
