import { ApiError, CARD_KINDS, type CardKindName, type CardListSummary } from "@sports/jsonapi";
import type { RouterContextProvider } from "react-router";
import { languageContext, siteContext } from "../context.ts";
import { refusalAnswer, uploadFile } from "../lib/api.ts";
import * as m from "../paraglide/messages.js";

/**
 * What the card lists screen's forms do (routes/console/card-lists.tsx), each a plain form whose
 * hidden `intent` names it: the kinds of card the event accepts saved, a list's file uploaded and
 * previewed, the preview applied. A preview lives in the action's answer: the API keeps the file,
 * the page keeps its id.
 */

/** An uploaded card list and its dry run (`card-lists`, docs/api.md). */
export interface CardListImport {
  id: string;
  attributes: { kind: CardKindName; state: "preview" | "applied"; summary: CardListSummary };
}

/** The largest card list the API takes (its `CARD_LIST_MAX_BYTES`): refused here before it is sent. */
export const CARD_LIST_MAX_BYTES = 5 * 1024 * 1024;

type Context = Readonly<RouterContextProvider>;

const kindOf = (form: FormData): CardKindName | undefined => {
  const kind = String(form.get("kind") ?? "");
  return (CARD_KINDS as readonly string[]).includes(kind) ? (kind as CardKindName) : undefined;
};

/** The code of a refusal the page says in words; any other is answered as a page, anything else thrown on. */
function refusalCode(context: Context, error: unknown, statuses: number[]): string {
  if (!ApiError.is(error) || !statuses.includes(error.status))
    throw refusalAnswer(error, context.get(languageContext).prefix);
  return error.errors[0]?.code ?? "";
}

/** The kinds ticked, saved as the event's `acceptedCards` (`PATCH /api/events/{id}`); refused at the choice. */
export async function saveAcceptedCards(context: Context, eventId: string, form: FormData) {
  const acceptedCards = form.getAll("acceptedCards").map(String);
  const { api } = context.get(siteContext);
  const { locale } = context.get(languageContext);
  try {
    await api.patch(
      `/api/events/${encodeURIComponent(eventId)}`,
      { data: { type: "events", id: eventId, attributes: { acceptedCards } } },
      { query: { locale } },
    );
  } catch (error) {
    refusalCode(context, error, [400]);
    return { intent: "accepted" as const, error: m.console_cards_accepted_invalid(), chosen: acceptedCards };
  }
  return { intent: "accepted" as const, saved: true };
}

/** Sends the chosen file as the raw body of `POST /api/events/{id}/card-lists?kind=`: its preview, or why not. */
export async function uploadCardList(context: Context, eventId: string, form: FormData) {
  const kind = kindOf(form);
  const file = form.get("file");
  if (!kind) return { intent: "upload" as const, kind, error: m.console_cards_refused() };
  if (!(file instanceof File) || file.size === 0)
    return { intent: "upload" as const, kind, error: m.console_cards_file_missing() };
  if (file.size > CARD_LIST_MAX_BYTES)
    return { intent: "upload" as const, kind, error: m.console_cards_file_too_large() };
  try {
    const { locale } = context.get(languageContext);
    const path = `/api/events/${encodeURIComponent(eventId)}/card-lists?kind=${kind}&locale=${locale}`;
    const created = await uploadFile(context, path, file);
    return { intent: "upload" as const, kind, preview: created.data as unknown as CardListImport };
  } catch (error) {
    const code = refusalCode(context, error, [400, 413, 415, 422]);
    const tooLarge = code === "file-too-large" || code === "body-too-large";
    return {
      intent: "upload" as const,
      kind,
      error: tooLarge ? m.console_cards_file_too_large() : m.console_cards_file_unreadable(),
    };
  }
}

/** `PATCH /api/card-lists/{id}` to the given state: applied, or previewed again against the list now. */
async function changeList(context: Context, importId: string, state: "applied" | "preview") {
  const { api } = context.get(siteContext);
  const { locale } = context.get(languageContext);
  const answer = await api.patch(
    `/api/card-lists/${encodeURIComponent(importId)}`,
    { data: { type: "card-lists", id: importId, attributes: { state } } },
    { query: { locale }, keep: false },
  );
  return (answer.document as { data: unknown }).data as CardListImport;
}

/**
 * Applies the preview; when the list changed since it was made (`card-list-changed`), answers a
 * fresh preview of the same file to look at first instead, and says so.
 */
export async function applyCardList(context: Context, form: FormData) {
  const importId = String(form.get("importId") ?? "");
  const kind = kindOf(form);
  try {
    return { intent: "apply" as const, kind, applied: await changeList(context, importId, "applied") };
  } catch (error) {
    const code = refusalCode(context, error, [400, 404, 409]);
    if (code !== "card-list-changed")
      return {
        intent: "apply" as const,
        kind,
        notice: code === "wrong-state" ? m.console_cards_applied_already() : m.console_cards_refused(),
      };
    try {
      const preview = await changeList(context, importId, "preview");
      return { intent: "apply" as const, kind, notice: m.console_cards_changed(), preview };
    } catch (again) {
      refusalCode(context, again, [400, 404, 409]);
      return { intent: "apply" as const, kind, notice: m.console_cards_refused() };
    }
  }
}
