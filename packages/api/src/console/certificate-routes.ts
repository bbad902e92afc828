import { CERTIFICATE_REVIEWS, CERTIFICATE_STATUSES, type CertificateStatus } from "@sports/domain";
import {
  listCertificates,
  participantCertificateFile,
  REVIEW_REASON_MAX_LENGTH,
  reviewCertificate,
} from "@sports/usecases";
import { Hono } from "hono";
import { z } from "zod";
import { readAttributes } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { paginationLinks, parseQuery } from "../query.ts";
import { attachment, document } from "../respond.ts";
import { organiserOnly, teamActor } from "./actor.ts";
import { idOf, oneOf } from "./signup-params.ts";
import { consoleParticipantResource } from "./signup-serializers.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * The participants' medical certificates in the console over HTTP (mounted by signup-routes.ts): an
 * event's participants by where their certificate stands, the organiser's review of one, and the
 * file itself for the team.
 */
export function consoleCertificateRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/events/:id/participants", async (c) => {
    const actor = teamActor(c);
    const query = parseQuery<{ certificate: CertificateStatus[] }>(c.var.url, {
      filters: {
        certificate: (value, parameter) => value.split(",").map((part) => oneOf(CERTIFICATE_STATUSES)(part, parameter)),
      },
      paginated: true,
    });
    const list = await listCertificates(c.var.deps, actor, {
      eventId: idOf(c),
      ...(query.filters.certificate ? { statuses: query.filters.certificate } : {}),
      offset: (query.page.number - 1) * query.page.size,
      limit: query.page.size,
    });
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return document(c, {
      data: list.rows.map(consoleParticipantResource),
      meta: { total: list.total },
      links: paginationLinks(c.var.url, query.page, list.total),
    });
  });

  routes.patch("/console/participants/:id", async (c) => {
    const actor = organiserOnly(c);
    const attributes = await readAttributes(
      c,
      "participants",
      z.strictObject({
        certificateReview: z.enum(CERTIFICATE_REVIEWS),
        certificateReviewReason: z.string().max(REVIEW_REASON_MAX_LENGTH).nullable().optional(),
      }),
      { ids: [idOf(c)] },
    );
    const participant = await reviewCertificate(c.var.deps, actor, {
      participantId: idOf(c),
      review: attributes.certificateReview,
      reason: attributes.certificateReviewReason ?? null,
    });
    return document(c, { data: consoleParticipantResource(participant) });
  });

  routes.get("/console/participants/:id/certificate", async (c) => {
    const { file, content } = await participantCertificateFile(c.var.deps, teamActor(c), { participantId: idOf(c) });
    return c.body(new Uint8Array(content), 200, {
      "Content-Type": file.mediaType,
      "Content-Disposition": attachment(file.fileName),
      ...PRIVATE,
      "X-Content-Type-Options": "nosniff",
    });
  });

  return routes;
}
