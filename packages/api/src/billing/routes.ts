import { refuse } from "@sports/domain";
import {
  applySdiNotification,
  changeOrganisation,
  documentPdf,
  documentXml,
  exportInvoices,
  listDocuments,
  readOrganisation,
  reissueRejected,
  signupDocuments,
  userActor,
} from "@sports/usecases";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { requireSession } from "../accounts/session.ts";
import { readAttributes, readFileBody } from "../body.ts";
import { organiserOnly, teamActor } from "../console/actor.ts";
import { idOf } from "../console/signup-params.ts";
import type { ApiEnv } from "../context.ts";
import { invalidParameter } from "../errors.ts";
import { paginationLinks, parseQuery } from "../query.ts";
import { attachment, document, metaDocument } from "../respond.ts";
import {
  billingDetailsOf,
  billingInput,
  listSpec,
  NOTIFICATION_MAX_BYTES,
  organisationInput,
  periodDay,
} from "./input.ts";
import { billingDocumentResource, organisationResource } from "./serializers.ts";

/** A document's owner or an organiser: who may download it. */
function readerOf(c: Context<ApiEnv>) {
  const { user } = requireSession(c);
  return user.role === "user" ? userActor(user) : teamActor(c);
}

/**
 * Billing (docs/api.md, "Billing"; decision 066): the organiser's fiscal settings, the documents
 * issued and their files, the invoices handed out to the SdI's intermediary and what the SdI said.
 */
export function billingRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/organisation", async (c) => {
    const found = await readOrganisation(c.var.deps, organiserOnly(c));
    c.header("Cache-Control", "private, no-store");
    return document(c, { data: found ? organisationResource(found) : null });
  });

  routes.patch("/organisation", async (c) => {
    const actor = organiserOnly(c);
    const input = await readAttributes(c, "organisations", organisationInput, { ids: ["1"] });
    return document(c, { data: organisationResource(await changeOrganisation(c.var.deps, actor, input)) });
  });

  routes.get("/signups/:id/billing-documents", async (c) => {
    const rows = await signupDocuments(c.var.deps, readerOf(c), idOf(c));
    c.header("Cache-Control", "private, no-store");
    return document(c, { data: rows.map(billingDocumentResource) });
  });

  routes.get("/billing-documents", async (c) => {
    const actor = organiserOnly(c);
    const query = parseQuery(c.var.url, listSpec);
    const { filters, page } = query;
    const found = await listDocuments(c.var.deps, actor, {
      filter: {
        ...(filters.from || filters.period ? { from: filters.from ?? filters.period?.from } : {}),
        ...(filters.to || filters.period ? { to: filters.to ?? filters.period?.to } : {}),
        ...(filters.kind ? { kinds: filters.kind } : {}),
        ...(filters.state ? { states: filters.state } : {}),
      },
      page: { offset: (page.number - 1) * page.size, limit: page.size },
    });
    c.header("Cache-Control", "private, no-store");
    return document(c, {
      data: found.rows.map(billingDocumentResource),
      meta: { total: found.total, overdue: found.overdue },
      links: paginationLinks(c.var.url, page, found.total),
    });
  });

  routes.get("/billing-documents/export.zip", async (c) => {
    const actor = organiserOnly(c);
    const { filters } = parseQuery(c.var.url, { filters: { from: periodDay, to: periodDay } });
    if (!filters.from || !filters.to)
      throw invalidParameter("filter[from]", "Give the period: filter[from] and filter[to].");
    const { zip, fileName } = await exportInvoices(c.var.deps, actor, { from: filters.from, to: filters.to });
    return new Response(zip as BodyInit, {
      headers: {
        "content-type": "application/zip",
        "content-disposition": attachment(fileName),
        "cache-control": "private, no-store",
      },
    });
  });

  routes.post("/billing-documents/notifications", async (c) => {
    const actor = organiserOnly(c);
    const preview = c.req.query("preview") === "true";
    const content = await readFileBody(c.req.raw, NOTIFICATION_MAX_BYTES, () =>
      refuse("file-too-large", "An SdI notification may be at most 1 MB."),
    );
    const outcome = await applySdiNotification(c.var.deps, actor, { content, preview });
    return metaDocument(c, { ...outcome });
  });

  routes.post("/billing-documents/:id/replacement", async (c) => {
    const actor = organiserOnly(c);
    const input = await readAttributes(c, "billing-documents", z.strictObject({ buyer: billingInput }), {
      ids: [],
    });
    const reissued = await reissueRejected(c.var.deps, actor, {
      documentId: idOf(c),
      buyer: billingDetailsOf(input.buyer),
    });
    c.header("Location", `/api/billing-documents/${reissued.document.id}`);
    return document(c, { data: billingDocumentResource(reissued) }, 201);
  });

  // `{id}.pdf` and `{id}.xml`; any other name is another endpoint's (`export.zip`) or none.
  routes.get("/billing-documents/:file", async (c, next) => {
    const [, id = "", format] = /^([0-9a-fA-F-]{36})\.(pdf|xml)$/.exec(c.req.param("file")) ?? [];
    if (!format) return next();
    const actor = readerOf(c);
    const headers = { "cache-control": "private, no-store" };
    if (format === "pdf") {
      const { bytes, fileName } = await documentPdf(c.var.deps, actor, id);
      return new Response(bytes as BodyInit, {
        headers: { ...headers, "content-type": "application/pdf", "content-disposition": attachment(fileName) },
      });
    }
    const { xml, fileName } = await documentXml(c.var.deps, actor, id);
    return new Response(xml, {
      headers: {
        ...headers,
        "content-type": "application/xml; charset=utf-8",
        "content-disposition": attachment(fileName),
      },
    });
  });

  return routes;
}
