import {
  appointmentWithEvent,
  deleteOpeningAlert,
  findOpeningAlert,
  insertOpeningAlert,
  isUuid,
  lockDueOpeningAlerts,
  markOpeningAlertsSent,
  type OpeningAlertView,
  openingAlertsOf,
  queueMail,
} from "@sports/db";
import { askForOpeningAlert, availabilityOf, pickText, refuse } from "@sports/domain";
import { localizedUrl, placeOf, startPath } from "@sports/jsonapi";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { signupsOpenedMail } from "../mail/templates.ts";

/**
 * "Notify me when signups open" (decision 027): a runner asks on an appointment not open yet; once
 * its signups open, a job mails each of them once, in their account's language, with the link to
 * sign up. The alerts are their runner's alone: anyone else is told there is none.
 */

export type { OpeningAlertView };

const field = { relationship: "appointment" };

/** Records the runner's request (asking twice finds the first): `created` says whether it is new. */
export async function askToBeNotified(
  deps: Pick<Deps, "db" | "now">,
  actor: UserActor,
  input: { appointmentId: string },
): Promise<{ alert: OpeningAlertView; created: boolean }> {
  if (!isUuid(input.appointmentId)) refuse("not-found", "No such appointment.", { field });
  const target = await appointmentWithEvent(deps.db, input.appointmentId.toLowerCase());
  if (!target || target.event.status === "draft") return refuse("not-found", "No such appointment.", { field });
  const { appointment, event } = target;
  askForOpeningAlert({
    actor,
    availability: availabilityOf(event, appointment, deps.now).state,
    cancelled: appointment.cancelledAt !== null,
  });
  const { id, created } = await insertOpeningAlert(deps.db, {
    id: crypto.randomUUID(),
    appointmentId: appointment.id,
    userId: actor.userId,
    at: deps.now,
  });
  return { alert: (await findOpeningAlert(deps.db, id)) as OpeningAlertView, created };
}

/** The runner's alerts, newest first. */
export function myOpeningAlerts(deps: Pick<Deps, "db">, actor: UserActor): Promise<OpeningAlertView[]> {
  return openingAlertsOf(deps.db, actor.userId);
}

/** One of the runner's alerts; anyone else's reads as none. */
export async function myOpeningAlert(deps: Pick<Deps, "db">, actor: UserActor, id: string): Promise<OpeningAlertView> {
  const alert = isUuid(id) ? await findOpeningAlert(deps.db, id.toLowerCase()) : undefined;
  if (!alert || alert.userId !== actor.userId) return refuse("not-found", "No such alert.");
  return alert;
}

/** The runner no longer wants to be told. */
export async function dropOpeningAlert(deps: Pick<Deps, "db">, actor: UserActor, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteOpeningAlert(deps.db, id.toLowerCase(), actor.userId)))
    refuse("not-found", "No such alert.");
}

const BATCH = 200;

/**
 * Mails the runners whose appointments have opened since they asked, a batch per transaction, each
 * alert marked sent with its mail queued in the same transaction: none is sent twice, none lost.
 * Answers how many were sent.
 */
export async function sendOpeningAlerts(deps: Deps): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const due = await lockDueOpeningAlerts(tx, deps.now, BATCH);
      for (const alert of due) {
        const what = [pickText(alert.event.title, alert.locale), pickText(alert.appointment.title, alert.locale)]
          .filter(Boolean)
          .join(" – ");
        const link = localizedUrl(deps.siteUrl, alert.locale, startPath(placeOf(alert.event, alert.appointment)));
        await queueMail(tx, {
          to: alert.email,
          kind: "signups-opened",
          ...signupsOpenedMail({ locale: alert.locale, name: alert.givenName, what, link }),
        });
      }
      await markOpeningAlertsSent(
        tx,
        due.map((alert) => alert.id),
        deps.now,
      );
      return due.length;
    });
    sent += batch;
    if (batch < BATCH) break;
  }
  if (sent > 0) deps.mailQueued();
  return sent;
}
