import { ApiError } from "@sports/jsonapi";
import { type RouterContextProvider, redirect } from "react-router";
import { loginUrl } from "../auth/guard.ts";
import { languageContext, siteContext, visitorContext } from "../context.ts";

/** What joining a waiting list answers the page: the place in line, or why not. */
export type WaitingListAnswer = { position: number } | { waitingRefusal: "already-waiting" | "refused" };

/**
 * "Join the waiting list" on a sold-out appointment's page (`POST /api/waiting-list-entries`,
 * docs/decisions/027-waiting-list.md). An anonymous visitor logs in (or registers) first and comes
 * back to the page.
 */
export async function joinWaitingList(
  context: Readonly<RouterContextProvider>,
  appointmentId: string,
  back: string,
): Promise<WaitingListAnswer> {
  if (!context.get(visitorContext)) throw redirect(loginUrl(context, back));
  const { api } = context.get(siteContext);
  const { locale } = context.get(languageContext);
  try {
    const { document } = await api.post(
      "/api/waiting-list-entries",
      {
        data: {
          type: "waiting-list-entries",
          relationships: { appointment: { data: { type: "appointments", id: appointmentId } } },
        },
      },
      { query: { locale } },
    );
    const attributes = (document?.data as { attributes?: { position?: number } } | null)?.attributes;
    return { position: attributes?.position ?? 1 };
  } catch (error) {
    if (!ApiError.is(error) || error.status >= 500) throw error;
    if (error.status === 401) throw redirect(loginUrl(context, back));
    return { waitingRefusal: error.errors[0]?.code === "already-waiting" ? "already-waiting" : "refused" };
  }
}

/** Leaves a waiting list (`DELETE /api/waiting-list-entries/{id}`); an entry already ended is left as it is. */
export async function leaveWaitingList(context: Readonly<RouterContextProvider>, entryId: string): Promise<void> {
  const { api } = context.get(siteContext);
  try {
    await api.delete(`/api/waiting-list-entries/${encodeURIComponent(entryId)}`);
  } catch (error) {
    if (!ApiError.is(error) || error.status >= 500) throw error;
  }
}
