import type { DataDocument, RecordStore } from "@sports/jsonapi";
import { redirect } from "react-router";
import { browserRecords, pushDocuments } from "./record-store.ts";

/** An action's answer to the page's script once the API has taken a change: what it answered, and where to go. */
export interface Onward {
  onward: string;
  documents: DataDocument[];
}

/**
 * Goes on to `location` once the API has taken a change. A form posted without JavaScript is
 * redirected, as ever. A submission from the page's script is a `.data` request (React Router
 * hands actions the request as it came); it gets the documents the API answered, with the
 * address, and the route's clientAction (`followOnward`) puts them in the browser's store before
 * going there: the next screen then reads the change from the store instead of asking again
 * (docs/decisions/016-record-store.md).
 */
export function goOnward(request: Request, location: string, documents: readonly (DataDocument | undefined)[]): Onward {
  if (!new URL(request.url).pathname.endsWith(".data")) throw redirect(location);
  return {
    onward: location,
    documents: documents.filter((document): document is DataDocument => document !== undefined),
  };
}

export function isOnward(answer: unknown): answer is Onward {
  return typeof answer === "object" && answer !== null && "onward" in answer && "documents" in answer;
}

/** The path the last onward answer sent this page to, until a loader there asks (`arrivedOnward`). */
let onwardPath: string | undefined;

/**
 * A clientAction's answer: an onward one goes into the store and on to its address (a provider's
 * page elsewhere loads as a document); anything else (a form's errors, a refusal) is the page's.
 */
export function followOnward<TAnswer>(
  answer: TAnswer,
  store: RecordStore = browserRecords(),
): Exclude<TAnswer, { onward: string }> {
  if (!isOnward(answer)) return answer as Exclude<TAnswer, { onward: string }>;
  pushDocuments(store, answer.documents);
  onwardPath = new URL(answer.onward, "http://site.invalid").pathname;
  // What `redirect()` makes, made here: React Router imported into a clientAction's chunk of its
  // own would split the chunks every page loads (lib/record-store.ts).
  throw new Response(null, { status: 302, headers: { Location: answer.onward } });
}

/**
 * Whether this load is the navigation an onward answer just started: the store then holds what the
 * API answered a moment ago. Asked once: any later load of the same address is an ordinary one.
 */
export function arrivedOnward(request: Request): boolean {
  const arrived = onwardPath !== undefined && onwardPath === new URL(request.url).pathname;
  onwardPath = undefined;
  return arrived;
}

/**
 * An action's answer as its page shows it. An onward answer never reaches the page (the
 * clientAction follows it, and a plain form post was redirected), but the route's types name it.
 */
export function pageAnswer<TAnswer>(answer: TAnswer): Exclude<TAnswer, { onward: string }> | undefined {
  return isOnward(answer) ? undefined : (answer as Exclude<TAnswer, { onward: string }>);
}
