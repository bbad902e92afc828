import { ApiError, consolePath } from "@sports/jsonapi";
import { SiteLink } from "../components/site-link.tsx";
import { textIn } from "../lib/catalogue-values.ts";
import { formatNumber } from "../lib/format.ts";
import * as m from "../paraglide/messages.js";
import { RefusalBox } from "./console-form.tsx";
import type { EventPart } from "./event-document.ts";
import { OrganiserForm } from "./organiser-form.tsx";

/**
 * Why publishing was refused (PATCH /api/events/{id} in docs/api.md): the problems to fix
 * (`not-publishable`, one per error object, an appointment's naming it), or the capacities to
 * confirm, over ten times `largest`, the largest of the earlier races.
 */
export type PublishingRefusal =
  | { kind: "problems"; problems: { code: string; appointment?: string }[] }
  | { kind: "capacity"; largest: number; appointments: string[] };

/** The API's refusal of publishing, read from its answer; undefined for any other failure. */
export function publishingRefusalOf(error: unknown): PublishingRefusal | undefined {
  if (!ApiError.is(error)) return undefined;
  const [first] = error.errors;
  if (error.status === 409 && first?.code === "capacity-large-unconfirmed") {
    const meta = first.meta as { largest?: number; appointments?: string[] } | undefined;
    return { kind: "capacity", largest: meta?.largest ?? 0, appointments: meta?.appointments ?? [] };
  }
  if (error.status !== 422 || error.errors.some((object) => !PROBLEM_CODES.has(object.code))) return undefined;
  return {
    kind: "problems",
    problems: error.errors.map((object) => {
      const appointment = (object.meta as { appointment?: string } | undefined)?.appointment;
      return appointment ? { code: object.code, appointment } : { code: object.code };
    }),
  };
}

const PROBLEM_CODES = new Set(["no-race", "date-past", "race-outside-event", "capacity-zero"]);

/** What is wrong with an appointment, after its name. */
const APPOINTMENT_PROBLEMS: Record<string, () => string> = {
  "date-past": m.console_publish_appointment_date_past,
  "race-outside-event": m.console_publish_outside_event,
  "capacity-zero": m.console_publish_capacity_zero,
};

/**
 * At the top of the event's page, why it was not published: the list of what to fix, each
 * appointment's problem linked to it, or its large capacities with a button that publishes them as
 * they are. The focus moves to it (the page's scroll follows); without JavaScript the browser's
 * `autofocus` does the same as the page loads.
 */
export function PublishingSummary({
  refusal,
  appointments,
  locale,
}: {
  refusal: PublishingRefusal | undefined;
  appointments: EventPart[];
  locale: string;
}) {
  if (!refusal) return null;
  const named = (id: string) => {
    const appointment = appointments.find((part) => part.id === id);
    return (
      <SiteLink to={consolePath("appointment", { id })}>
        {appointment ? textIn(appointment.attributes.title ?? {}, locale, appointment.attributes.slug) : id}
      </SiteLink>
    );
  };
  const capacityOf = (id: string) => appointments.find((part) => part.id === id)?.attributes.capacity ?? 0;
  return (
    <RefusalBox when={refusal} labelledBy="publishing-heading">
      {refusal.kind === "problems" ? (
        <>
          <p id="publishing-heading">{m.console_publish_refused()}</p>
          <ul>
            {refusal.problems.map((problem) => (
              <li key={`${problem.code}-${problem.appointment ?? ""}`}>
                {problem.appointment ? (
                  <>
                    {named(problem.appointment)}: {(APPOINTMENT_PROBLEMS[problem.code] ?? m.console_event_errors)()}
                  </>
                ) : problem.code === "no-race" ? (
                  <a href="#appointment-add-heading">{m.console_publish_no_race()}</a>
                ) : (
                  <a href="#startsAt">{m.console_publish_date_past()}</a>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p id="publishing-heading">{m.console_publish_confirm_title()}</p>
          <ul>
            {refusal.appointments.map((id) => (
              <li key={id}>
                {named(id)}:{" "}
                {m.console_publish_capacity_large({
                  capacity: formatNumber(capacityOf(id), locale),
                  largest: formatNumber(refusal.largest, locale),
                })}
              </li>
            ))}
          </ul>
          <OrganiserForm method="post" className="console-actions console-confirm">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="status" value="published" />
            <button type="submit" name="confirmCapacity" value="yes" className="button button-primary">
              {m.console_publish_anyway()}
            </button>
          </OrganiserForm>
        </>
      )}
    </RefusalBox>
  );
}
