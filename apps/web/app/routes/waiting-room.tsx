import { ApiError, eventPath, type QueueEntryAttributes, type ResourceObject, waitingRoomPath } from "@sports/jsonapi";
import { data, redirect } from "react-router";
import { requireVisitor } from "../auth/guard.ts";
import { redirectWithCookies } from "../auth/session.ts";
import { type RoomEvent, RoomStanding } from "../components/waiting-room.tsx";
import { languageContext, siteContext } from "../context.ts";
import { readApi, refusalAnswer } from "../lib/api.ts";
import { NoScriptRefresh, useLiveRevalidation } from "../lib/live-page.tsx";
import type { EventDocument } from "../lib/records.ts";
import { useRootData } from "../lib/root-data.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import { roomRefreshSeconds } from "../waiting-room/refresh.ts";
import { useStandingReads } from "../waiting-room/standing-reads.ts";
import type { Route } from "./+types/waiting-room.ts";

/**
 * The waiting room of an event's opening (docs/decisions/072-waiting-room.md): the visitor's place in
 * line, the people before them and the wait, read again as often as the API suggests (without
 * JavaScript the page reloads itself as often). Once admitted, the API's answer sets the pass as
 * the site's HttpOnly cookie, passed on here, and the event's "Sign up" takes it from there.
 */

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData ? m.room_title({ event: loaderData.event.title }) : m.room_heading());
}

/** Never kept, and the pass's cookie the API set goes on to the browser. */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const cookie of [...loaderHeaders.getSetCookie(), ...actionHeaders.getSetCookie()])
    headers.append("Set-Cookie", cookie);
  return headers;
}

type Entry = QueueEntryAttributes & { id: string };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireVisitor(context, request);
  const { prefix, locale } = context.get(languageContext);
  const document = await readApi<EventDocument>(context, `/api/events/${encodeURIComponent(params.slug)}`, {
    "fields[events]": "slug,title,status,timeZone,signupOpensAt,waitingRoom",
  });
  const { attributes } = document.data;
  if (!attributes.waitingRoom || attributes.status === "cancelled") throw redirect(prefix + eventPath(params.slug));
  const event: RoomEvent = {
    id: document.data.id,
    slug: attributes.slug,
    title: attributes.title,
    timeZone: attributes.timeZone,
    signupOpensAt: attributes.signupOpensAt ?? attributes.waitingRoom.opensAt,
    room: attributes.waitingRoom,
  };
  const { api } = context.get(siteContext);
  let answer: Awaited<ReturnType<typeof api.get>>;
  try {
    answer = await api.get("/api/queue-entries", { query: { "filter[event]": event.id, locale } });
  } catch (error) {
    throw refusalAnswer(error, prefix);
  }
  const [found] = answer.document.data as ResourceObject<"queue-entries", QueueEntryAttributes>[];
  // The API's documents follow the resource contract of @sports/jsonapi (resources.ts).
  const entry = found?.attributes ? ({ id: found.id, ...found.attributes } as Entry) : null;
  const now = new Date();
  const refreshAfter = roomRefreshSeconds(event.room, entry, answer.document.meta?.refreshAfter, now);
  // While it waits with a place, its address with the signed standing: read again from the browser.
  const self = found?.links?.self;
  const standingSelf = typeof self === "string" && self.includes("?standing=") ? self : null;
  const cookies = new Headers();
  for (const cookie of answer.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return data({ event, entry, refreshAfter, standingSelf, now: now.toISOString() }, { headers: cookies });
}

/** "Join the line": the account's one entry in the room, new or as it was (its place kept). */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireVisitor(context, request);
  const { prefix, locale } = context.get(languageContext);
  const { api } = context.get(siteContext);
  const eventId = String((await request.formData()).get("event") ?? "");
  try {
    const answer = await api.post(`/api/events/${encodeURIComponent(eventId)}/queue-entries`, undefined, {
      query: { locale },
    });
    throw redirectWithCookies(prefix + waitingRoomPath(params.slug), answer);
  } catch (error) {
    if (ApiError.is(error) && error.errors[0]?.code === "queue-not-open") return { refusal: "queue-not-open" };
    throw refusalAnswer(error, prefix);
  }
}

export default function WaitingRoom({ loaderData, actionData }: Route.ComponentProps) {
  const { event, refreshAfter, standingSelf, now } = loaderData;
  const live = refreshAfter !== null;
  const entry = useStandingReads(useRootData().apiBaseUrl, standingSelf, loaderData.entry, refreshAfter ?? 3600);
  // Its standing read from the browser, the loaders are asked again only when it changes (above).
  useLiveRevalidation(standingSelf ? 3600 : (refreshAfter ?? 3600));
  return (
    <main id="content" className="container section narrow room-page">
      {live && <NoScriptRefresh seconds={refreshAfter} />}
      <RoomStanding event={event} entry={entry} now={now} refusal={actionData?.refusal} />
    </main>
  );
}
