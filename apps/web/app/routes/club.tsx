import { ApiError, type ClubAthleteAttributes, type ClubAttributes, clubPath, clubsPath } from "@sports/jsonapi";
import { redirect } from "react-router";
import { requireVisitor } from "../auth/guard.ts";
import type { ClubAthlete } from "../components/club-athlete-form.tsx";
import { ClubDetailsForm } from "../components/club-details.tsx";
import { ClubEntryList, NewClubEntry } from "../components/club-entry-new.tsx";
import { ClubManagers } from "../components/club-managers.tsx";
import { ClubDone } from "../components/club-notice.tsx";
import { ClubRoster, ROSTER_PAGE_SIZE, rosterQuery } from "../components/club-roster.tsx";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext, siteContext } from "../context.ts";
import {
  ATHLETE_FIELDS,
  athleteForm,
  athleteRemovalForm,
  attributesOf,
  CLUB_FIELDS,
  clubForm,
  managerInvitationForm,
} from "../forms/clubs.ts";
import { replyWithApiError, replyWithErrors } from "../forms/reply.ts";
import { parseForm } from "../forms/use-site-form.ts";
import { readApi } from "../lib/api.ts";
import { countryOptions } from "../lib/countries.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import { createClubEntry, newEntryData } from "../signup/club-entry-new.server.ts";
import type { Route } from "./+types/club.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.club.name ?? m.clubs_title());
}

/** A resource as the API answers it (docs/api.md "Clubs"): every attribute there. */
type Whole<A> = { id: string; attributes: A };

const athleteOf = ({ id, attributes }: Whole<ClubAthleteAttributes>): ClubAthlete => ({
  id,
  ...attributes,
});

/**
 * A club the visitor manages (anyone else gets the API's 404, the not-found page): its details, a
 * page of its roster (`?q=` a name, `?page=`), the athlete being changed (`?modifica=`), its managers.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireVisitor(context, request);
  const url = new URL(request.url);
  const { q, page } = rosterQuery(url);
  const editing = url.searchParams.get("modifica");
  const base = `/api/clubs/${encodeURIComponent(params.clubId)}`;
  const [club, roster, athlete, entries] = await Promise.all([
    readApi<{ data: Whole<ClubAttributes> }>(context, base),
    readApi<{ data: Whole<ClubAthleteAttributes>[]; meta: { total: number } }>(context, `${base}/athletes`, {
      "filter[q]": q || undefined,
      "page[number]": page,
      "page[size]": ROSTER_PAGE_SIZE,
    }),
    editing ? editedAthlete(context, `${base}/athletes/${encodeURIComponent(editing)}`) : null,
    newEntryData(context, params.clubId),
  ]);
  return {
    club: { id: club.data.id, ...club.data.attributes },
    athletes: roster.data.map(athleteOf),
    total: roster.meta.total,
    q,
    page,
    editing: athlete,
    done: url.searchParams.get("done") === "athlete-updated" ? ("athlete-updated" as const) : null,
    countries: countryOptions(context.get(languageContext).locale),
    entries,
  };
}

/** The athlete named by `?modifica=`, or none when the roster has no such athlete (any more). */
async function editedAthlete(context: Route.LoaderArgs["context"], path: string): Promise<ClubAthlete | null> {
  const { api } = context.get(siteContext);
  try {
    const { document } = await api.get(path);
    return athleteOf(document.data as unknown as Whole<ClubAthleteAttributes>);
  } catch (error) {
    if (ApiError.is(error) && error.status === 404) return null;
    throw error;
  }
}

type Intent = "details" | "add-athlete" | "update-athlete" | "remove-athlete" | "invite" | "new-entry";

/** The athlete is no longer in the roster: removed meanwhile, from another page. */
const athleteGone = { "not-found": () => m.club_athlete_gone() };

export async function action({ request, context, params }: Route.ActionArgs) {
  requireVisitor(context, request);
  const { api } = context.get(siteContext);
  const { prefix } = context.get(languageContext);
  const formData = await request.formData();
  const intent = String(formData.get("intent")) as Intent;
  const base = `/api/clubs/${encodeURIComponent(params.clubId)}`;
  switch (intent) {
    // A new entry goes on to its preview, or answers why not (signup/club-entry-new.server.ts).
    case "new-entry":
      return createClubEntry(context, params.clubId, formData);
    case "details": {
      const submission = parseForm(formData, clubForm);
      if (submission.status !== "success") return { intent, result: replyWithErrors(submission) };
      try {
        const attributes = attributesOf(submission.value, CLUB_FIELDS);
        await api.patch(base, { data: { type: "clubs", id: params.clubId, attributes } });
      } catch (error) {
        return { intent, result: replyWithApiError(submission, error) };
      }
      return { intent, result: submission.reply(), done: { saved: true } };
    }
    case "add-athlete":
    case "update-athlete": {
      const submission = parseForm(formData, athleteForm);
      if (submission.status !== "success") return { intent, result: replyWithErrors(submission) };
      const { athleteId } = submission.value;
      const attributes = attributesOf(submission.value, ATHLETE_FIELDS);
      try {
        if (intent === "add-athlete")
          await api.post(`${base}/athletes`, { data: { type: "club-athletes", attributes } });
        else
          await api.patch(`${base}/athletes/${encodeURIComponent(athleteId ?? "")}`, {
            data: { type: "club-athletes", attributes },
          });
      } catch (error) {
        return { intent, result: replyWithApiError(submission, error, { messages: athleteGone }) };
      }
      const name = `${submission.value.givenName} ${submission.value.familyName}`;
      if (intent === "update-athlete")
        throw redirect(`${prefix}${clubPath(params.clubId)}?done=athlete-updated#atleti`);
      return { intent, result: submission.reply({ resetForm: true }), done: { added: name } };
    }
    case "remove-athlete": {
      const submission = parseForm(formData, athleteRemovalForm);
      if (submission.status !== "success") return { intent, result: replyWithErrors(submission) };
      const name = String(formData.get("name") ?? "");
      try {
        await api.delete(`${base}/athletes/${encodeURIComponent(submission.value.athleteId)}`);
      } catch (error) {
        return { intent, result: replyWithApiError(submission, error, { messages: athleteGone }) };
      }
      return { intent, result: submission.reply(), done: { removed: name } };
    }
    case "invite": {
      const submission = parseForm(formData, managerInvitationForm);
      if (submission.status !== "success") return { intent, result: replyWithErrors(submission) };
      try {
        await api.post(
          `${base}/manager-invitations`,
          { data: { type: "club-manager-invitations", attributes: submission.value } },
          { query: { locale: context.get(languageContext).locale } },
        );
      } catch (error) {
        return { intent, result: replyWithApiError(submission, error) };
      }
      return { intent, result: submission.reply({ resetForm: true }), done: { invited: submission.value.email } };
    }
    default:
      return null;
  }
}

type ActionData = Route.ComponentProps["actionData"];

/** What the action answered the form of `intent`: its result and what it did. */
function answerTo<Of extends Intent>(actionData: ActionData, ...intents: Of[]) {
  return actionData && (intents as Intent[]).includes(actionData.intent)
    ? (actionData as Extract<NonNullable<ActionData>, { intent: Of }>)
    : undefined;
}

/** A club's page: its roster first, where the work is, then its details and its managers. */
export default function Club({ loaderData, actionData }: Route.ComponentProps) {
  const { club } = loaderData;
  const roster = answerTo(actionData, "add-athlete", "update-athlete", "remove-athlete");
  const details = answerTo(actionData, "details");
  const invite = answerTo(actionData, "invite");
  const newEntry = answerTo(actionData, "new-entry");
  return (
    <main id="content" className="container section account-page club-page">
      <p className="club-back">
        <SiteLink to={clubsPath()}>{m.club_back()}</SiteLink>
      </p>
      <h1>{club.name}</h1>
      {(club.federation || club.code) && (
        <p className="club-meta">{[club.federation, club.code].filter(Boolean).join(" · ")}</p>
      )}
      <NewClubEntry events={loaderData.entries.events} athletes={loaderData.entries.athletes} answer={newEntry} />
      <ClubEntryList clubId={club.id} entries={loaderData.entries.entries} />
      <ClubRoster
        clubId={club.id}
        athletes={loaderData.athletes}
        total={loaderData.total}
        q={loaderData.q}
        page={loaderData.page}
        editing={loaderData.editing}
        countries={loaderData.countries}
        answer={
          roster
            ? { intent: roster.intent, result: roster.result, done: "done" in roster ? roster.done : undefined }
            : undefined
        }
        updated={loaderData.done === "athlete-updated"}
      />
      <section className="profile-section" aria-labelledby="club-details-title">
        <h2 id="club-details-title">{m.club_details_title()}</h2>
        {details && "done" in details && <ClubDone>{m.club_details_saved()}</ClubDone>}
        <ClubDetailsForm
          id="club-details"
          intent="details"
          submit={m.club_details_submit()}
          club={club}
          lastResult={details?.result}
        />
      </section>
      <ClubManagers
        managers={club.managers}
        pending={club.pendingInvitations}
        lastResult={invite?.result}
        invited={
          invite && "done" in invite && invite.done && "invited" in invite.done ? invite.done.invited : undefined
        }
      />
    </main>
  );
}
