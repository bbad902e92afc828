import { findContentPage, listContentPages } from "@sports/db";
import { type Actor, type ContentPage, refuse } from "@sports/domain";
import { requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";

/** Every content page, by slug: the console's list. */
export async function consolePages(deps: Pick<Deps, "db">, actor: Actor): Promise<ContentPage[]> {
  requireTeam(actor);
  return listContentPages(deps.db);
}

/** One content page in every language, as the console edits it. */
export async function consolePage(deps: Pick<Deps, "db">, actor: Actor, input: { slug: string }): Promise<ContentPage> {
  requireTeam(actor);
  const page = await findContentPage(deps.db, input.slug);
  if (!page) refuse("not-found", `No page ${input.slug}.`);
  return page;
}
