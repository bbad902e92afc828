import { ApiError } from "@sports/jsonapi";
import { type RouterContextProvider, redirect } from "react-router";
import { loginUrl } from "../auth/guard.ts";
import { siteContext, visitorContext } from "../context.ts";

/** What "Notify me" answers the page: the alert asked (to drop it again), dropped, or signups open already. */
export type OpeningAlertAnswer =
  | { alertId: string }
  | { alertDropped: true }
  | { alertRefusal: "already-open" | "refused" };

/**
 * "Notify me when signups open" on an appointment not open yet (`POST /api/opening-alerts`,
 * docs/decisions/027-waiting-list.md). An anonymous visitor logs in (or registers) first and comes
 * back to the page; asking twice is no error.
 */
export async function askOpeningAlert(
  context: Readonly<RouterContextProvider>,
  appointmentId: string,
  back: string,
): Promise<OpeningAlertAnswer> {
  if (!context.get(visitorContext)) throw redirect(loginUrl(context, back));
  const { api } = context.get(siteContext);
  try {
    const { document } = await api.post("/api/opening-alerts", {
      data: {
        type: "opening-alerts",
        relationships: { appointment: { data: { type: "appointments", id: appointmentId } } },
      },
    });
    return { alertId: String((document?.data as { id?: string } | null)?.id ?? "") };
  } catch (error) {
    if (!ApiError.is(error) || error.status >= 500) throw error;
    if (error.status === 401) throw redirect(loginUrl(context, back));
    return { alertRefusal: error.errors[0]?.code === "already-open" ? "already-open" : "refused" };
  }
}

/** Drops an alert (`DELETE /api/opening-alerts/{id}`); one already gone is left as it is. */
export async function dropOpeningAlert(
  context: Readonly<RouterContextProvider>,
  alertId: string,
): Promise<OpeningAlertAnswer> {
  const { api } = context.get(siteContext);
  try {
    await api.delete(`/api/opening-alerts/${encodeURIComponent(alertId)}`);
  } catch (error) {
    if (!ApiError.is(error) || error.status >= 500) throw error;
  }
  return { alertDropped: true };
}
