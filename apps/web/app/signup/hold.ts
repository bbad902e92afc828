import { ApiError, type DataDocument } from "@sports/jsonapi";
import type { RouterContextProvider } from "react-router";
import { resourceBody } from "../auth/session.ts";
import { languageContext, siteContext } from "../context.ts";
import { SIGNUP_REFUSALS } from "../forms/refusals.ts";
import { isRoomRefusal } from "../waiting-room/refusals.ts";

/** What holding places gives back when the API refuses: the refusal's code (forms/refusals.ts says it). */
export interface SignupRefusal {
  refusal: string;
}

/** What a signup is for: an appointment, or an event that takes signups as a whole (by id). */
export type SignupTarget = { appointment: string } | { event: string };

/**
 * Holds places for the visitor (`POST /api/signups`): the new (or their existing) signup's id, or
 * the refusal's code. `headers` carry a session the request does not have yet (just logged in).
 */
export async function holdPlaces(
  context: Readonly<RouterContextProvider>,
  target: SignupTarget,
  headers?: HeadersInit,
): Promise<{ id: string } | SignupRefusal> {
  const { locale } = context.get(languageContext);
  const { api } = context.get(siteContext);
  const relationships =
    "appointment" in target
      ? { appointment: { data: { type: "appointments", id: target.appointment } } }
      : { event: { data: { type: "events", id: target.event } } };
  let document: DataDocument | undefined;
  try {
    // The page's language is recorded with the signup; its mails speak the account's (docs/decisions/018-mail-language.md).
    ({ document } = await api.post(
      "/api/signups",
      { data: { ...resourceBody("signups", {}).data, relationships } },
      { query: { locale }, ...(headers ? { headers } : {}) },
    ));
  } catch (error) {
    if (!ApiError.is(error) || error.status >= 500) throw error;
    if (error.status === 401) return { refusal: "not-authenticated" };
    const code = error.errors[0]?.code ?? "";
    // A waiting room's refusal sends the visitor to the room; anything else (an appointment gone
    // meanwhile) is "not possible now".
    return { refusal: SIGNUP_REFUSALS.includes(code) || isRoomRefusal(code) ? code : "unavailable" };
  }
  const id = (document?.data as { id?: string } | null)?.id;
  if (!id) throw new Error("The API created a signup without an id.");
  return { id };
}
