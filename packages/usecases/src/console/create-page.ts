import { catalogueChanged, insertContentPage } from "@sports/db";
import { type Actor, type ContentPage, type LocalizedText, refuseProblems } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";

/** A new content page (terms, privacy, how to get there…), its slug free. */
export async function createPage(
  deps: Deps,
  actor: Actor,
  input: { slug: string; title: LocalizedText; body: LocalizedText },
): Promise<ContentPage> {
  requireOrganiser(actor, "adds pages");
  const page = await deps.db.transaction(async (tx) => {
    const created = await insertContentPage(tx, { ...input, updatedAt: deps.now });
    if (!created)
      return refuseProblems([{ attribute: "slug", code: "slug-taken", detail: "Another page has this slug." }]);
    await audit(tx, deps, actor, { action: "create", subjectType: "pages", subjectId: created.slug, after: input });
    return created;
  });
  await catalogueChanged(deps.db);
  return page as ContentPage;
}
