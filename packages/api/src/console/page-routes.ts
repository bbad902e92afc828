import { consolePage, consolePages, createPage, updatePage } from "@sports/usecases";
import { Hono } from "hono";
import { readAttributes } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { document } from "../respond.ts";
import { organiserOnly, teamActor } from "./actor.ts";
import { newPageInput, pageChangeInput } from "./catalogue-input.ts";
import { consolePageResource } from "./catalogue-serializers.ts";

/**
 * The site's own pages over HTTP, for the organiser (mounted by catalogue-routes.ts): the console
 * reads them in every language, organisers write them.
 */
export function consolePageRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/console/pages", async (c) => {
    const pages = await consolePages(c.var.deps, teamActor(c));
    return document(c, { data: pages.map(consolePageResource), links: { self: c.var.url.pathname } });
  });

  routes.get("/console/pages/:slug", async (c) => {
    const page = await consolePage(c.var.deps, teamActor(c), { slug: c.req.param("slug") });
    return document(c, { data: consolePageResource(page), links: { self: c.var.url.pathname } });
  });

  routes.post("/pages", async (c) => {
    const actor = organiserOnly(c);
    const input = await readAttributes(c, "pages", newPageInput);
    const page = await createPage(c.var.deps, actor, { slug: input.slug, title: input.title, body: input.body ?? {} });
    c.header("Location", `/api/pages/${page.slug}`);
    return document(c, { data: consolePageResource(page) }, 201);
  });

  routes.patch("/pages/:slug", async (c) => {
    const actor = organiserOnly(c);
    const slug = c.req.param("slug");
    const input = await readAttributes(c, "pages", pageChangeInput, { ids: [slug.toLowerCase()] });
    const page = await updatePage(c.var.deps, actor, { slug, change: input });
    return document(c, { data: consolePageResource(page) });
  });

  return routes;
}
