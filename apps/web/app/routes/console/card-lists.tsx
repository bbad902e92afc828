import { useLoaderData } from "react-router";
import { requireTeamMember } from "../../console/access.server.ts";
import {
  AcceptedCardsForm,
  type CardListAnswer,
  type CardListInForce,
  CardListSection,
} from "../../console/card-list-import.tsx";
import { applyCardList, saveAcceptedCards, uploadCardList } from "../../console/card-lists.server.ts";
import { EventTabs } from "../../console/event-tabs.tsx";
import { SavedNotice } from "../../console/notices.tsx";
import { languageContext } from "../../context.ts";
import { readApi } from "../../lib/api.ts";
import { type Texts, textIn } from "../../lib/catalogue-values.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/card-lists.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_cards_title());
}

/**
 * An event's federation cards, organisers only: the kinds it accepts, and for each accepted kind
 * what its list holds (`GET /api/events/{id}/card-lists`) with a file to upload, preview and apply.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeamMember(context, request);
  const { locale } = context.get(languageContext);
  const id = encodeURIComponent(params.id);
  const [lists, event] = await Promise.all([
    readApi<{ data: CardListInForce[]; meta: { acceptedCards: string[] } }>(context, `/api/events/${id}/card-lists`),
    readApi<{ data: { attributes: { slug: string; title?: Texts; timeZone: string } } }>(
      context,
      `/api/console/events/${id}`,
    ),
  ]);
  const { slug, title, timeZone } = event.data.attributes;
  return {
    id: params.id,
    eventTitle: textIn(title ?? {}, locale, slug),
    timeZone,
    accepted: lists.meta.acceptedCards,
    lists: lists.data,
  };
}

/** The screen's forms, by their hidden `intent` (console/card-lists.server.ts). */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireTeamMember(context, request);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "upload":
      return uploadCardList(context, params.id, form);
    case "apply":
      return applyCardList(context, form);
    default:
      return saveAcceptedCards(context, params.id, form);
  }
}

type Answer = Awaited<ReturnType<typeof action>>;

/** What a kind's section shows of the last answer, when it was about that kind. */
function answerFor(answer: Answer | undefined, kind: string): CardListAnswer {
  if (!answer || answer.intent === "accepted" || answer.kind !== kind) return {};
  return {
    preview: "preview" in answer ? answer.preview : undefined,
    applied: "applied" in answer ? answer.applied : undefined,
    error: "error" in answer ? answer.error : undefined,
    notice: "notice" in answer ? answer.notice : undefined,
  };
}

export default function ConsoleCardLists({ actionData }: Route.ComponentProps) {
  const { id, eventTitle, timeZone, accepted, lists } = useLoaderData<typeof loader>();
  const answer = actionData as Answer | undefined;
  const acceptedAnswer = answer?.intent === "accepted" ? answer : undefined;
  return (
    <main id="content" className="console-main">
      <h1>{m.console_cards_heading({ title: eventTitle })}</h1>
      <EventTabs eventId={id} />
      <SavedNotice saved={acceptedAnswer && "saved" in acceptedAnswer ? acceptedAnswer.saved : undefined} />
      <AcceptedCardsForm
        accepted={accepted}
        error={acceptedAnswer && "error" in acceptedAnswer ? acceptedAnswer.error : undefined}
        chosen={acceptedAnswer && "chosen" in acceptedAnswer ? acceptedAnswer.chosen : undefined}
      />
      {accepted.length === 0 ? <p className="console-section">{m.console_cards_none_accepted()}</p> : null}
      {lists
        .filter((list) => list.attributes.accepted)
        .map((list) => (
          <CardListSection
            key={list.id}
            list={list}
            answer={answerFor(answer, list.attributes.kind)}
            timeZone={timeZone}
          />
        ))}
    </main>
  );
}
