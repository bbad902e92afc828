import { getFormProps } from "@conform-to/react";
import type { ClubAttributes } from "@sports/jsonapi";
import { Form } from "react-router";
import { managerInvitationForm } from "../forms/clubs.ts";
import { FormErrors, TextField } from "../forms/fields.tsx";
import { SubmitButton } from "../forms/submit-button.tsx";
import { useSiteForm } from "../forms/use-site-form.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { ClubDone, wasRefused } from "./club-notice.tsx";

type LastResult = Parameters<typeof useSiteForm>[0]["lastResult"];

/**
 * Who manages the club, the invitations waiting to be taken, and the form to invite someone else:
 * the invited get a mailed link they accept from their own account (routes/club-invitation.tsx).
 */
export function ClubManagers({
  managers,
  pending,
  lastResult,
  invited,
}: {
  managers: ClubAttributes["managers"];
  pending: ClubAttributes["pendingInvitations"];
  lastResult: LastResult;
  invited: string | undefined;
}) {
  const { visitor } = useRootData();
  const [form, fields] = useSiteForm({ id: "club-invitation", schema: managerInvitationForm, lastResult });
  const labels = { email: m.field_email() };
  return (
    <section className="profile-section" aria-labelledby="club-managers-title">
      <h2 id="club-managers-title">{m.club_managers_title()}</h2>
      <p>{m.club_managers_lead()}</p>
      <ul className="club-managers">
        {managers.map((manager) => (
          <li key={manager.email}>
            {manager.givenName} {manager.familyName} <span className="club-manager-email">{manager.email}</span>
            {visitor?.email === manager.email && ` ${m.club_managers_you()}`}
          </li>
        ))}
        {pending.map((invitation) => (
          <li key={invitation.email} className="club-manager-pending">
            {m.club_invitation_pending({ email: invitation.email })}
          </li>
        ))}
      </ul>
      <h3>{m.club_invite_title()}</h3>
      {invited && <ClubDone>{m.club_invite_sent({ email: invited })}</ClubDone>}
      <Form method="post" {...getFormProps(form)} className="account-form">
        <FormErrors form={form} labels={labels} autoFocus={wasRefused(lastResult)} />
        <input type="hidden" name="intent" value="invite" />
        <TextField
          field={fields.email}
          label={labels.email}
          hint={m.club_invite_hint()}
          type="email"
          inputMode="email"
          autoComplete="off"
        />
        <SubmitButton name="intent" value="invite">
          {m.club_invite_submit()}
        </SubmitButton>
      </Form>
    </section>
  );
}
