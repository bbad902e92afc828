import { consolePath } from "@sports/jsonapi";
import { Form } from "react-router";
import { ACCOUNT_PATHS } from "../access.ts";
import { loginUrl, updateVisitor } from "../auth/guard.ts";
import { isRefusal } from "../auth/session.ts";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext, siteContext, visitorContext } from "../context.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import type { Route } from "./+types/team-invitation.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.team_invitation_title());
}

type Outcome = "accepted" | "invalid" | "other-account" | "logged-out";

/**
 * An invitation to the organiser's team, from its mailed link (`?token=`): accepted with a button
 * from the invited account's session, the one way a role is given
 * (docs/decisions/041-team-roles-by-mailbox.md). A button, not the link itself: mail scanners open
 * links. Without a session, the ways to one at the invited address: log in, register, reset the password.
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
  const token = String((await request.formData()).get("token") ?? "");
  try {
    const answer = await api.post(`/api/team-invitations/${encodeURIComponent(token)}`, undefined);
    updateVisitor(context, answer.document);
    return { outcome: "accepted" as Outcome };
  } catch (error) {
    if (isRefusal(error, 404)) return { outcome: "invalid" as Outcome };
    if (isRefusal(error, 403)) return { outcome: "other-account" as Outcome };
    if (isRefusal(error, 401)) return { outcome: "logged-out" as Outcome };
    throw error;
  }
}

export default function TeamInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome;
  return (
    <main id="content" className="container section narrow account-page">
      <h1>{m.team_invitation_title()}</h1>
      {outcome === "accepted" ? (
        <>
          <p className="notice notice-ok" role="status">
            {m.team_invitation_accepted()}
          </p>
          <p>
            <SiteLink to={consolePath("home")} className="button button-primary">
              {m.team_invitation_to_console()}
            </SiteLink>
          </p>
        </>
      ) : outcome === "invalid" || outcome === "other-account" ? (
        <p className="notice notice-warning" role="alert">
          {outcome === "invalid" ? m.team_invitation_invalid() : m.team_invitation_other_account()}
        </p>
      ) : loaderData.email && outcome !== "logged-out" ? (
        <Form method="post" className="account-form">
          <p>{m.team_invitation_lead({ email: loaderData.email })}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <SubmitButton>{m.team_invitation_accept()}</SubmitButton>
        </Form>
      ) : (
        <WaysIn login={loaderData.login} registration={loaderData.registration} />
      )}
    </main>
  );
}

/** For a visitor with no session: a session of the account at the invited address is needed first. */
function WaysIn({ login, registration }: { login: string; registration: string }) {
  return (
    <>
      <p>{m.team_invitation_log_in_first()}</p>
      <ul className="next-list">
        <li>
          <a href={login}>{m.team_invitation_log_in()}</a>
        </li>
        <li>
          <a href={registration}>{m.team_invitation_register()}</a>
        </li>
        <li>
          <SiteLink to={`/${ACCOUNT_PATHS.resetPassword}`}>{m.team_invitation_reset()}</SiteLink>
        </li>
      </ul>
    </>
  );
}
