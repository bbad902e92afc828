import { SAME_FOR_EVERY_VISITOR } from "../access.ts";
import { RichText } from "../components/rich-text.tsx";
import { readApi } from "../lib/api.ts";
import type { PageDocument } from "../lib/records.ts";
import { pageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import type { Route } from "./+types/page.ts";

/** The page is the same for every visitor but for the frame: the server keeps it for all (access.ts). */
export const handle = SAME_FOR_EVERY_VISITOR;

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await readApi<PageDocument>(context, `/api/pages/${encodeURIComponent(params.slug)}`);
  return { page: page.data.attributes };
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page;
  return page ? pageMeta({ title: `${page.title} · ${m.site_name()}`, type: "article" }, args) : [];
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <main id="content" className="container section narrow">
      <h1>{page.title}</h1>
      <RichText text={page.body} />
    </main>
  );
}
