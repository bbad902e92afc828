import { type ClubAttributes, clubPath } from "@sports/jsonapi";
import { redirect } from "react-router";
import { requireVisitor } from "../auth/guard.ts";
import { resourceBody } from "../auth/session.ts";
import { ClubDetailsForm } from "../components/club-details.tsx";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext, siteContext } from "../context.ts";
import { attributesOf, CLUB_FIELDS, clubForm } from "../forms/clubs.ts";
import { replyWithApiError, replyWithErrors } from "../forms/reply.ts";
import { parseForm } from "../forms/use-site-form.ts";
import { readApi } from "../lib/api.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import type { Route } from "./+types/clubs.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.clubs_title());
}

/** The clubs the visitor manages (`GET /api/clubs`), by name. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireVisitor(context, request);
  const document = await readApi<{ data: { id: string; attributes: ClubAttributes }[] }>(context, "/api/clubs");
  return {
    clubs: document.data.map(({ id, attributes }) => ({
      id,
      name: attributes.name,
      federation: attributes.federation,
      code: attributes.code,
    })),
  };
}

/** Makes a club (`POST /api/clubs`): the visitor manages it, and goes to its page. */
export async function action({ request, context }: Route.ActionArgs) {
  requireVisitor(context, request);
  const { api } = context.get(siteContext);
  const { prefix } = context.get(languageContext);
  const submission = parseForm(await request.formData(), clubForm);
  if (submission.status !== "success") return { result: replyWithErrors(submission) };
  let id: string;
  try {
    const answer = await api.post("/api/clubs", resourceBody("clubs", attributesOf(submission.value, CLUB_FIELDS)));
    id = String((answer.document?.data as { id?: string } | undefined)?.id ?? "");
  } catch (error) {
    return { result: replyWithApiError(submission, error) };
  }
  throw redirect(`${prefix}${clubPath(id)}`);
}

/** "I miei club": the clubs the visitor manages, each a link to its page, and the form to make one. */
export default function Clubs({ loaderData, actionData }: Route.ComponentProps) {
  const { clubs } = loaderData;
  return (
    <main id="content" className="container section narrow account-page clubs-page">
      <h1>{m.clubs_title()}</h1>
      <p>{m.clubs_lead()}</p>
      {clubs.length === 0 ? (
        <p>{m.clubs_empty()}</p>
      ) : (
        <ul className="club-list">
          {clubs.map((club) => (
            <li key={club.id}>
              <SiteLink to={clubPath(club.id)} className="club-list-name">
                {club.name}
              </SiteLink>
              {(club.federation || club.code) && (
                <span className="club-list-meta">{[club.federation, club.code].filter(Boolean).join(" · ")}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <section className="profile-section" aria-labelledby="club-create-title">
        <h2 id="club-create-title">{m.clubs_create_title()}</h2>
        <ClubDetailsForm
          id="club-create"
          intent="create"
          submit={m.clubs_create_submit()}
          lastResult={actionData?.result}
        />
      </section>
    </main>
  );
}
