import { catalogueChanged, lockContentPage, updateContentPage } from "@sports/db";
import { type Actor, type ContentPage, type LocalizedText, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";
import { changedFields } from "./catalogue-fields.ts";

/** Changes a content page's title or body, in any of the languages. */
export async function updatePage(
  deps: Deps,
  actor: Actor,
  input: { slug: string; change: { title?: LocalizedText; body?: LocalizedText } },
): Promise<ContentPage> {
  requireOrganiser(actor, "changes pages");
  const page = await deps.db.transaction(async (tx) => {
    const current = await lockContentPage(tx, input.slug);
    if (!current) refuse("not-found", `No page ${input.slug}.`);
    const { before, after } = changedFields(current, input.change);
    if (Object.keys(after).length === 0) return current;
    const updated = await updateContentPage(tx, current.slug, { ...after, updatedAt: deps.now });
    await audit(tx, deps, actor, { action: "update", subjectType: "pages", subjectId: current.slug, before, after });
    return updated;
  });
  await catalogueChanged(deps.db);
  return page;
}
