import { Form } from "react-router";
import { requireVisitor } from "../auth/guard.ts";
import { ClubEntryHeld } from "../components/club-entry-held.tsx";
import { ProblemRows, ValidRows } from "../components/club-entry-rows.tsx";
import { SiteLink } from "../components/site-link.tsx";
import { holdMessage } from "../forms/club-entry.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { formatDateTime } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import {
  type FixAnswer,
  fixRow,
  type HoldAnswer,
  holdEntry,
  missingParts,
  type ResendAnswer,
  readClubEntryPage,
  resendLink,
} from "../signup/club-entry.server.ts";
import type { Route } from "./+types/club-entry.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.club_entry_title());
}

/** A long list of valid rows starts folded, so the rows to fix and the hold stay near on a phone. */
const FOLD_VALID_AFTER = 30;

/**
 * A club's entry (docs/decisions/068-club-entries.md), for the club's managers: while a preview,
 * how many rows are valid and which have problems, each fixed in place by its own small form, and
 * the hold of the valid rows' places, on to the signup's recap; once held, where its signup stands
 * and, once paid, which athletes still have their own part to give.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireVisitor(context, request);
  const page = await readClubEntryPage(context, params.clubId, params.entryId);
  const missing = page.signup?.state === "confirmed" ? await missingParts(context, page.entry.id) : null;
  return { ...page, missing };
}

export async function action({
  params,
  request,
  context,
}: Route.ActionArgs): Promise<FixAnswer | HoldAnswer | ResendAnswer | null> {
  requireVisitor(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "fix") return fixRow(context, params.entryId, formData);
  if (intent === "hold") return holdEntry(context, await readClubEntryPage(context, params.clubId, params.entryId));
  if (intent === "resend") return resendLink(context, params.entryId, formData);
  return null;
}

export default function ClubEntryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = useRootData();
  const { entry, event, appointment, clubId, signup, missing } = loaderData;
  const preview = entry.state === "preview";
  const valid = entry.rows.filter((row) => row.problems.length === 0);
  const troubled = entry.rows.filter((row) => row.problems.length > 0);
  const fix = actionData?.intent === "fix" ? actionData : undefined;
  const hold = actionData?.intent === "hold" ? actionData : undefined;
  const resend = actionData?.intent === "resend" ? actionData : undefined;
  const fixedRow = fix?.fixed ? entry.rows.find((row) => row.line === fix.line) : undefined;
  return (
    <main id="content" className="container section narrow club-entry">
      <p className="event-sport">
        <SiteLink to={`/club/${encodeURIComponent(clubId)}`}>{m.club_entry_back()}</SiteLink>
      </p>
      <h1>{preview ? m.club_entry_title() : m.club_entry_title_held()}</h1>
      <p className="signup-what">
        <strong>{appointment.implicit ? event.title : `${appointment.title}, ${event.title}`}</strong> ·{" "}
        <time dateTime={appointment.startsAt}>{formatDateTime(appointment.startsAt, locale, event.timeZone)}</time>
      </p>
      <dl className="entry-summary">
        <div>
          <dt>{m.club_entry_summary_rows()}</dt>
          <dd>{entry.summary.rows}</dd>
        </div>
        <div>
          <dt>{m.club_entry_summary_valid()}</dt>
          <dd>{entry.summary.valid}</dd>
        </div>
        <div>
          <dt>{m.club_entry_summary_problems()}</dt>
          <dd>{entry.summary.withProblems}</dd>
        </div>
      </dl>
      {fixedRow && (
        <p className="notice notice-ok" role="status">
          {fixedRow.problems.length === 0
            ? m.club_entry_fixed({ line: String(fixedRow.line) })
            : m.club_entry_fixed_not_yet({ line: String(fixedRow.line) })}
        </p>
      )}
      {!preview && (
        <ClubEntryHeld entry={entry} signup={signup} missing={missing} resend={resend} timeZone={event.timeZone} />
      )}
      {troubled.length > 0 && (
        <section aria-labelledby="entry-problems-title">
          <h2 id="entry-problems-title">
            {preview ? m.club_entry_problems_title() : m.club_entry_left_out_title()} ({troubled.length})
          </h2>
          <p>{preview ? m.club_entry_problems_lead() : m.club_entry_left_out_lead()}</p>
          <ProblemRows rows={troubled} answer={fix} fixable={preview} />
        </section>
      )}
      {valid.length > 0 && (
        <section aria-labelledby="entry-valid-title">
          <h2 id="entry-valid-title">
            {preview ? m.club_entry_valid_title() : m.club_entry_held_rows_title()} ({valid.length})
          </h2>
          {valid.length > FOLD_VALID_AFTER ? (
            <details className="entry-fold">
              <summary>{m.club_entry_valid_show({ count: valid.length })}</summary>
              <ValidRows rows={valid} preview={preview} />
            </details>
          ) : (
            <ValidRows rows={valid} preview={preview} />
          )}
        </section>
      )}
      {preview && (
        <section className="recap-form" aria-labelledby="entry-hold-title">
          <h2 id="entry-hold-title" className="recap-form-title">
            {m.club_entry_hold_title()}
          </h2>
          {hold && (
            <p className="notice notice-warning" role="alert">
              {holdMessage(hold)}
            </p>
          )}
          {entry.summary.valid === 0 ? (
            <p>{m.club_entry_hold_none()}</p>
          ) : (
            <Form method="post" className="account-form">
              <p>
                {troubled.length > 0
                  ? m.club_entry_hold_lead_left_out({ count: troubled.length })
                  : m.club_entry_hold_lead()}
              </p>
              <SubmitButton name="intent" value="hold">
                {m.club_entry_hold_submit({ count: entry.summary.valid })}
              </SubmitButton>
            </Form>
          )}
        </section>
      )}
    </main>
  );
}
