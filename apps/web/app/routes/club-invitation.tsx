import { clubPath } from "@sports/jsonapi";
import { Form } from "react-router";
import { ACCOUNT_PATHS } from "../access.ts";
import { loginUrl } from "../auth/guard.ts";
import { isRefusal, resourceBody } from "../auth/session.ts";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext, siteContext, visitorContext } from "../context.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import type { Route } from "./+types/club-invitation.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.club_invitation_title());
}

type Outcome = "accepted" | "invalid" | "other-account" | "logged-out";

/**
 * An invitation to manage a club, from its mailed link (`?token=`): accepted with a button from the
 * invited account's session (docs/decisions/068-club-entries.md), as the team's invitations are
 * (routes/team-invitation.tsx): mail scanners open links, so the link alone does nothing. Without a
 * session, the ways to one at the invited address: log in, register, reset the password.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { prefix } = context.get(languageContext);
  const visitor = context.get(visitorContext);
  const back = url.pathname + url.search;
  return {
    token: url.searchParams.get("token") ?? "",
    email: visitor?.email ?? null,
    login: loginUrl(context, back),
    registration: `${prefix}/${ACCOUNT_PATHS.registration}?${new URLSearchParams({ redirectTo: back })}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const token = String((await request.formData()).get("token") ?? "").slice(0, 100);
  try {
    const answer = await api.post("/api/club-manager-invitations", resourceBody("club-manager-invitations", { token }));
    const club = answer.document?.data as { id: string; attributes: { name: string } } | undefined;
    return { outcome: "accepted" as Outcome, club: club ? { id: club.id, name: club.attributes.name } : null };
  } catch (error) {
    if (isRefusal(error, 404) || isRefusal(error, 400)) return { outcome: "invalid" as Outcome };
    if (isRefusal(error, 403)) return { outcome: "other-account" as Outcome };
    if (isRefusal(error, 401)) return { outcome: "logged-out" as Outcome };
    throw error;
  }
}

export default function ClubInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome;
  const club = actionData && "club" in actionData ? actionData.club : null;
  return (
    <main id="content" className="container section narrow account-page">
      <h1>{m.club_invitation_title()}</h1>
      {outcome === "accepted" ? (
        <>
          <p className="notice notice-ok" role="status">
            {m.club_invitation_accepted({ club: club?.name ?? "" })}
          </p>
          {club && (
            <p>
              <SiteLink to={clubPath(club.id)} className="button button-primary">
                {m.club_invitation_to_club()}
              </SiteLink>
            </p>
          )}
        </>
      ) : outcome === "invalid" || outcome === "other-account" ? (
        <p className="notice notice-warning" role="alert">
          {outcome === "invalid" ? m.club_invitation_invalid() : m.team_invitation_other_account()}
        </p>
      ) : loaderData.email && outcome !== "logged-out" ? (
        <Form method="post" className="account-form">
          <p>{m.club_invitation_lead({ email: loaderData.email })}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <SubmitButton>{m.club_invitation_accept()}</SubmitButton>
        </Form>
      ) : (
        <>
          <p>{m.club_invitation_log_in_first()}</p>
          <ul className="next-list">
            <li>
              <a href={loaderData.login}>{m.team_invitation_log_in()}</a>
            </li>
            <li>
              <a href={loaderData.registration}>{m.team_invitation_register()}</a>
            </li>
            <li>
              <SiteLink to={`/${ACCOUNT_PATHS.resetPassword}`}>{m.team_invitation_reset()}</SiteLink>
            </li>
          </ul>
        </>
      )}
    </main>
  );
}
