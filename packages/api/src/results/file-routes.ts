import { downloadDiploma, RESULTS_FILE_FORMATS, resultsFile } from "@sports/usecases";
import { Hono } from "hono";
import { idOf } from "../console/signup-params.ts";
import type { ApiEnv } from "../context.ts";
import { attachment } from "../respond.ts";
import { readerOf } from "./reader.ts";

/**
 * A race's results as files (`/api/appointments/{id}/results.csv|.xlsx|.xml`, for whoever may read
 * them) and a finisher's diploma (`/api/results/{id}/diploma.pdf`).
 */
export function resultFileRoutes() {
  const routes = new Hono<ApiEnv>();

  for (const format of RESULTS_FILE_FORMATS) {
    routes.get(`/appointments/:id/results.${format}`, async (c) => {
      const actor = readerOf(c);
      const file = await resultsFile(c.var.deps, actor, { appointmentId: idOf(c), format, locale: c.var.locale });
      return new Response(file.body, {
        headers: {
          "content-type": file.contentType,
          "content-disposition": attachment(file.fileName),
          "cache-control": actor.kind === "visitor" ? "public, max-age=30" : "private, no-store",
        },
      });
    });
  }

  routes.get("/results/:id/diploma.pdf", async (c) => {
    const actor = readerOf(c);
    const code = c.req.query("code");
    const { pdf, fileName } = await downloadDiploma(c.var.deps, actor, { resultId: idOf(c), code });
    return new Response(pdf as BodyInit, {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": attachment(fileName),
        "cache-control": "private, no-store",
      },
    });
  });

  return routes;
}
