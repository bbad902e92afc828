import { getFormProps } from "@conform-to/react";
import { Form, useLoaderData } from "react-router";
import { resourceBody } from "../../auth/session.ts";
import { ConsoleTable } from "../../console/console-table.tsx";
import { DoneNotice, ProblemsNotice } from "../../console/notices.tsx";
import { languageContext, siteContext } from "../../context.ts";
import { invitationForm, removalForm } from "../../forms/console-team.ts";
import { FormErrors, SelectField, TextField } from "../../forms/fields.tsx";
import { replyWithApiError, replyWithErrors } from "../../forms/reply.ts";
import { SubmitButton } from "../../forms/submit-button.tsx";
import { parseForm, useSiteForm } from "../../forms/use-site-form.ts";
import { readApi } from "../../lib/api.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/team.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_team_title());
}

interface Member {
  id: string;
  attributes: {
    email: string;
    givenName: string | null;
    familyName: string | null;
    role: "organiser" | "staff";
    listedOrganiser: boolean;
    pending: boolean;
    invitationExpiresAt: string | null;
  };
}

/** The team as the API lists it (`GET /api/team-members`): accounts with a role, then invitations waiting. */
export async function loader({ context }: Route.LoaderArgs) {
  const document = await readApi<{ data: Member[] }>(context, "/api/team-members");
  const now = Date.now();
  // An invitation whose link has lapsed waits for nobody: it is sent again by inviting again.
  const expired = (member: Member) =>
    member.attributes.pending && Date.parse(member.attributes.invitationExpiresAt ?? "") <= now;
  return { members: document.data.map((member) => ({ ...member, expired: expired(member) })) };
}

const refusals = {
  "own-role": () => m.console_team_own_role(),
  "last-organiser": () => m.console_team_last_organiser(),
};

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const { locale } = context.get(languageContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "remove") {
    const submission = parseForm(formData, removalForm);
    if (submission.status !== "success") return { intent, result: replyWithErrors(submission) };
    const member = submission.value.member;
    try {
      await api.delete(`/api/team-members/${encodeURIComponent(member)}`, { query: { locale } });
    } catch (error) {
      return { intent, member, result: replyWithApiError(submission, error, { messages: refusals }) };
    }
    return { intent, member, result: submission.reply({ resetForm: true }), done: { removed: formData.get("email") } };
  }
  const submission = parseForm(formData, invitationForm);
  if (submission.status !== "success") return { intent: "invite", result: replyWithErrors(submission) };
  try {
    const answer = await api.post("/api/team-members", resourceBody("team-members", submission.value), {
      query: { locale },
    });
    const granted = answer.document?.meta?.granted === true;
    return {
      intent: "invite",
      result: submission.reply({ resetForm: true }),
      done: { invited: submission.value.email, granted },
    };
  } catch (error) {
    return { intent: "invite", result: replyWithApiError(submission, error, { messages: refusals }) };
  }
}

/** The organiser's team: who is on it, the invitations waiting, an invitation form, a remove button each. */
export default function Team({ actionData }: Route.ComponentProps) {
  const { members } = useLoaderData<typeof loader>();
  const { visitor } = useRootData();
  const done = actionData && "done" in actionData ? actionData.done : undefined;
  const removal = actionData?.intent === "remove" && !done ? actionData : undefined;
  return (
    <main id="content" className="console-main">
      <h1>{m.console_team_title()}</h1>
      <p>{m.console_team_lead()}</p>
      {done && (
        <DoneNotice>
          {"removed" in done
            ? m.console_team_removed({ email: String(done.removed ?? "") })
            : done.granted
              ? m.console_team_granted({ email: done.invited })
              : m.console_team_invited({ email: done.invited })}
        </DoneNotice>
      )}
      {removal && (
        <ProblemsNotice problems={removal.result.error?.[""] ?? Object.values(removal.result.error ?? {}).flat()} />
      )}
      <section aria-labelledby="team-members-title">
        <h2 id="team-members-title">{m.console_team_members()}</h2>
        {members.length === 0 ? (
          <p>{m.console_team_empty()}</p>
        ) : (
          <ConsoleTable
            labelledBy="team-members-title"
            className="console-team"
            columns={[
              m.console_team_email(),
              m.console_team_name(),
              m.console_team_role(),
              m.console_team_status(),
              m.console_team_actions(),
            ]}
          >
            {members.map((member) => {
              const { email, givenName, familyName, role, listedOrganiser, pending } = member.attributes;
              const self = visitor?.email === email;
              return (
                <tr key={member.id}>
                  <th scope="row">{email}</th>
                  <td>{[givenName, familyName].filter(Boolean).join(" ")}</td>
                  <td>{role === "organiser" ? m.console_role_organiser() : m.console_role_staff()}</td>
                  <td>
                    {member.expired
                      ? m.console_team_expired()
                      : pending
                        ? m.console_team_pending()
                        : m.console_team_active()}
                    {listedOrganiser && <p className="console-hint">{m.console_team_listed()}</p>}
                  </td>
                  <td>
                    {self ? (
                      m.console_team_you()
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="member" value={member.id} />
                        <input type="hidden" name="email" value={email} />
                        <button
                          type="submit"
                          className="button button-danger"
                          aria-label={m.console_team_remove_label({ email })}
                        >
                          {m.console_team_remove()}
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              );
            })}
          </ConsoleTable>
        )}
      </section>
      <Invitation lastResult={actionData?.intent === "invite" ? actionData.result : undefined} />
    </main>
  );
}

function Invitation({ lastResult }: { lastResult: Parameters<typeof useSiteForm>[0]["lastResult"] }) {
  const [form, fields] = useSiteForm({ id: "team-invitation", schema: invitationForm, lastResult });
  const labels = { email: m.console_team_email(), role: m.console_team_role() };
  return (
    <section aria-labelledby="team-invite-title" className="console-section">
      <h2 id="team-invite-title">{m.console_team_invite()}</h2>
      <Form method="post" {...getFormProps(form)} className="account-form">
        <FormErrors form={form} labels={labels} />
        <input type="hidden" name="intent" value="invite" />
        <TextField field={fields.email} label={labels.email} type="email" autoComplete="off" inputMode="email" />
        <SelectField field={fields.role} label={labels.role}>
          <option value="staff">{m.console_role_staff()}</option>
          <option value="organiser">{m.console_role_organiser()}</option>
        </SelectField>
        <SubmitButton name="intent" value="invite">
          {m.console_team_invite_submit()}
        </SubmitButton>
      </Form>
    </section>
  );
}
