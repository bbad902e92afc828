import { siteContext } from "../context.ts";
import type { Route } from "./+types/robots.ts";

export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl: origin } = context.get(siteContext);
  const body = [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /*/iscrizione",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
