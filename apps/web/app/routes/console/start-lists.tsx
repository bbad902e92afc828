import { ApiError } from "@sports/jsonapi";
import { useLoaderData } from "react-router";
import { EventTabs } from "../../console/event-tabs.tsx";
import { OrganiserForm } from "../../console/organiser-form.tsx";
import { siteContext } from "../../context.ts";
import { readApi } from "../../lib/api.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/start-lists.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_start_lists_title());
}

interface StartList {
  id: string;
  attributes: {
    title: string;
    startsAt: string;
    bibFirst: number | null;
    bibLast: number | null;
    confirmed: number;
    withBib: number;
  };
  links: { csv: string; xlsx: string };
}

/** An event's start lists (`GET /api/events/{id}/start-lists`): per appointment, who runs and their bibs. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const document = await readApi<{ data: StartList[] }>(
    context,
    `/api/events/${encodeURIComponent(params.id)}/start-lists`,
  );
  return { eventId: params.id, lists: document.data };
}

/** Numbers an appointment's runners again (`POST /api/appointments/{id}/bib-assignments`). */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const appointment = String(form.get("appointment") ?? "");
  const order = form.get("order") === "signup" ? "signup" : "surname";
  const { api } = context.get(siteContext);
  try {
    const answer = await api.post(`/api/appointments/${encodeURIComponent(appointment)}/bib-assignments`, {
      data: { type: "bib-assignments", attributes: { order } },
    });
    const meta = (answer.document as { meta?: { assigned?: number; withoutBib?: number } }).meta ?? {};
    return { appointment, assigned: meta.assigned ?? 0, withoutBib: meta.withoutBib ?? 0, error: null };
  } catch (error) {
    if (!ApiError.is(error) || error.status >= 500) throw error;
    // The range went since the page showed the form (`invalid-input`), or anything else refused.
    const reason =
      error.errors[0]?.code === "invalid-input" ? m.console_bib_assign_no_range() : m.console_bib_assign_not_accepted();
    return { appointment, assigned: 0, withoutBib: 0, error: reason };
  }
}

export default function StartLists({ actionData }: Route.ComponentProps) {
  const { eventId, lists } = useLoaderData<typeof loader>();
  const { locale, apiBaseUrl, visitor } = useRootData();
  const api = apiBaseUrl.replace(/\/+$/, "");
  const organiser = visitor?.role === "organiser";
  return (
    <main id="content" className="console-main">
      <h1>{m.console_start_lists_title()}</h1>
      <EventTabs eventId={eventId} />
      {lists.length === 0 ? <p>{m.console_start_lists_empty()}</p> : null}
      <ul className="start-lists">
        {lists.map((list) => {
          const { title, bibFirst, bibLast, confirmed, withBib } = list.attributes;
          const headingId = `start-list-${list.id}`;
          return (
            <li key={list.id} className="start-list" aria-labelledby={headingId}>
              <h2 id={headingId}>{title}</h2>
              <p>
                {m.console_start_lists_confirmed({ count: confirmed }, { locale })}
                {" · "}
                {m.console_start_lists_with_bib({ count: withBib })}
                {" · "}
                {bibFirst !== null && bibLast !== null
                  ? m.console_start_lists_range({ first: bibFirst, last: bibLast })
                  : m.console_start_lists_no_range()}
              </p>
              <p className="start-list-downloads">
                <a className="button" href={`${api}${list.links.csv}?locale=${locale}`} download>
                  {m.console_start_lists_csv({ title })}
                </a>
                <a className="button" href={`${api}${list.links.xlsx}?locale=${locale}`} download>
                  {m.console_start_lists_xlsx({ title })}
                </a>
              </p>
              {organiser && bibFirst !== null ? (
                <OrganiserForm method="post" className="start-list-assign">
                  <fieldset>
                    <legend>{m.console_bib_assign_legend({ title })}</legend>
                    <input type="hidden" name="appointment" value={list.id} />
                    <label className="console-check">
                      <input type="radio" name="order" value="surname" defaultChecked /> {m.console_bib_order_surname()}
                    </label>
                    <label className="console-check">
                      <input type="radio" name="order" value="signup" /> {m.console_bib_order_signup()}
                    </label>
                    <button type="submit" className="button button-primary">
                      {m.console_bib_assign_submit()}
                    </button>
                  </fieldset>
                  {actionData?.appointment === list.id ? (
                    <p role="status">
                      {actionData.error
                        ? m.console_bib_assign_refused({ reason: actionData.error })
                        : m.console_bib_assigned({ assigned: actionData.assigned, without: actionData.withoutBib })}
                    </p>
                  ) : null}
                </OrganiserForm>
              ) : null}
            </li>
          );
        })}
      </ul>
    </main>
  );
}
