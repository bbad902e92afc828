import { consolePath } from "@sports/jsonapi";
import { useLoaderData } from "react-router";
import { resourceBody } from "../../auth/session.ts";
import { localHref } from "../../components/site-link.tsx";
import { requireTeamMember } from "../../console/access.server.ts";
import { ClubEntriesList, type ClubEntryRow } from "../../console/club-entries-list.tsx";
import { ClubMessageForm } from "../../console/club-message-form.tsx";
import { consoleReply } from "../../console/console-reply.server.ts";
import { EventTabs } from "../../console/event-tabs.tsx";
import { DoneNotice } from "../../console/notices.tsx";
import { useConsoleRole } from "../../console/organiser-form.tsx";
import { languageContext, siteContext } from "../../context.ts";
import { clubMessageForm } from "../../forms/console-clubs.ts";
import { replyWithErrors } from "../../forms/reply.ts";
import { parseForm } from "../../forms/use-site-form.ts";
import { readApi } from "../../lib/api.ts";
import { type Texts, textIn } from "../../lib/catalogue-values.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/club-entries.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_clubs_title());
}

const PAGE_SIZE = 50;

/** The page's own query: `pagina`, and `scrivi` naming the club whose managers the organiser writes to. */
function queryOf(url: URL) {
  const page = Number(url.searchParams.get("pagina") ?? "1");
  return {
    page: Number.isInteger(page) && page >= 1 && page < 100_000 ? page : 1,
    writeTo: url.searchParams.get("scrivi") ?? "",
  };
}

/**
 * An event's clubs' signups (`GET /api/events/{id}/club-entries`), a page at a time, with the
 * event's title; with `?scrivi={clubId}` (an organiser's), the message form to that club's managers.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const visitor = requireTeamMember(context, request);
  const { locale } = context.get(languageContext);
  const url = new URL(request.url);
  const { page, writeTo } = queryOf(url);
  const id = encodeURIComponent(params.id);
  const [entries, event] = await Promise.all([
    readApi<{ data: ClubEntryRow[]; meta: { total: number } }>(context, `/api/events/${id}/club-entries`, {
      "page[number]": page,
      "page[size]": PAGE_SIZE,
    }),
    readApi<{ data: { attributes: { slug: string; title?: Texts } } }>(context, `/api/console/events/${id}`),
  ]);
  return {
    id: params.id,
    eventTitle: textIn(event.data.attributes.title ?? {}, locale, event.data.attributes.slug),
    rows: entries.data,
    total: entries.meta.total,
    page,
    writeTo: visitor.role === "organiser" ? writeTo : "",
  };
}

/** The club of the page's rows whose managers the message goes to, if it is one of them. */
function clubOf(rows: ClubEntryRow[], clubId: string) {
  const row = clubId ? rows.find((one) => one.relationships.club.data.id === clubId) : undefined;
  return row ? { id: clubId, name: row.attributes.clubName, managers: row.attributes.managers } : undefined;
}

/** The message to a club's managers (`POST /api/clubs/{id}/messages`), refused at its fields. */
export async function action({ request, context }: Route.ActionArgs) {
  requireTeamMember(context, request);
  const { api } = context.get(siteContext);
  const { locale, prefix } = context.get(languageContext);
  const submission = parseForm(await request.formData(), clubMessageForm);
  const clubId = String(submission.payload.clubId ?? "");
  if (submission.status !== "success") return { clubId, result: replyWithErrors(submission) };
  const { subject, body } = submission.value;
  try {
    const answer = await api.post(
      `/api/clubs/${encodeURIComponent(clubId)}/messages`,
      resourceBody("messages", { subject, body }),
      { query: { locale } },
    );
    return {
      clubId,
      result: submission.reply({ resetForm: true }),
      sent: Number(answer.document?.meta?.recipients ?? 0),
    };
  } catch (error) {
    return { clubId, result: consoleReply(submission, error, prefix) };
  }
}

export default function ConsoleClubEntries({ actionData }: Route.ComponentProps) {
  const { id, eventTitle, rows, total, page, writeTo } = useLoaderData<typeof loader>();
  const { prefix } = useRootData();
  const organiser = useConsoleRole() === "organiser";
  const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const self = localHref(prefix, consolePath("eventClubEntries", { id }));
  const href = (query: Record<string, string>) => `${self}?${new URLSearchParams(query)}`;
  const atPage: Record<string, string> = page > 1 ? { pagina: String(page) } : {};
  const sent = actionData && "sent" in actionData ? actionData.sent : undefined;
  // The form stays open after a refusal, even when it was sent from an address without `scrivi`.
  const writing = organiser ? clubOf(rows, writeTo || (actionData?.clubId ?? "")) : undefined;
  return (
    <main id="content" className="console-main">
      <h1 id="clubs-title">{m.console_clubs_heading({ title: eventTitle })}</h1>
      <EventTabs eventId={id} />
      <p>{m.console_clubs_lead()}</p>
      {sent !== undefined ? <DoneNotice>{m.console_clubs_message_sent({ count: sent })}</DoneNotice> : null}
      {writing && sent === undefined ? (
        <ClubMessageForm
          club={writing}
          lastResult={actionData?.result}
          cancelHref={Object.keys(atPage).length > 0 ? href(atPage) : self}
        />
      ) : null}
      <p className="console-total" aria-live="polite">
        {m.console_clubs_count({ count: total })}
      </p>
      {rows.length === 0 ? (
        <p>{m.console_clubs_empty()}</p>
      ) : (
        <ClubEntriesList
          rows={rows}
          writeHref={organiser ? (clubId) => `${href({ ...atPage, scrivi: clubId })}#club-message-title` : undefined}
        />
      )}
      {last > 1 ? (
        <nav aria-label={m.console_signups_pages()} className="console-pages">
          {page > 1 ? (
            <a href={href({ pagina: String(page - 1) })} rel="prev">
              {m.console_signups_previous()}
            </a>
          ) : null}
          <span>{m.console_signups_page({ number: String(page), last: String(last) })}</span>
          {page < last ? (
            <a href={href({ pagina: String(page + 1) })} rel="next">
              {m.console_signups_next()}
            </a>
          ) : null}
        </nav>
      ) : null}
    </main>
  );
}
