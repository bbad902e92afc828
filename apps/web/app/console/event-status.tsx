import { consolePath } from "@sports/jsonapi";
import { SiteLink } from "../components/site-link.tsx";
import { LOCALES } from "../i18n/locale.ts";
import { missingLanguages } from "../lib/catalogue-values.ts";
import * as m from "../paraglide/messages.js";
import { Refusal } from "./console-form.tsx";
import { EVENT_TEXT_FIELDS, type EventDocument, type EventPart, STATUS_LABELS } from "./event-document.ts";
import { CancelForm, OrganiserForm, useConsoleRole } from "./organiser-form.tsx";

/**
 * The event's status and what can be done with it: publish, unpublish, delete a draft nobody
 * signed up for, cancel (once confirmed); its public page in each language, and its cover. What
 * such a change was refused for (`refusal`) is said above the buttons, and takes the focus.
 */
export function EventStatusActions({
  event,
  appointments,
  refusal,
}: {
  event: EventDocument;
  appointments: EventPart[];
  refusal: string | undefined;
}) {
  const role = useConsoleRole();
  const attributes = event.data.attributes;
  const missingCount = EVENT_TEXT_FIELDS.reduce((sum, name) => sum + missingLanguages(attributes[name]).length, 0);
  return (
    <section aria-labelledby="status-heading">
      <h2 id="status-heading">{m.console_event_status_actions()}</h2>
      <p>
        <span className={`console-badge console-badge-${attributes.status}`}>{STATUS_LABELS[attributes.status]()}</span>{" "}
        {missingCount > 0 ? m.console_event_missing_count({ count: missingCount }) : null}
      </p>
      <Refusal id="status-refusal" message={refusal} />
      <div className="console-actions">
        {attributes.status === "draft" ? (
          <OrganiserForm method="post">
            <input type="hidden" name="intent" value="status" />
            <button type="submit" name="status" value="published" className="button button-primary">
              {m.console_event_publish()}
            </button>
          </OrganiserForm>
        ) : null}
        {attributes.status === "published" ? (
          <OrganiserForm method="post">
            <input type="hidden" name="intent" value="status" />
            <button type="submit" name="status" value="draft" className="button">
              {m.console_event_unpublish()}
            </button>
          </OrganiserForm>
        ) : null}
        {attributes.status === "draft" && appointments.every((a) => (a.attributes.placesTaken ?? 0) === 0) ? (
          <OrganiserForm method="post">
            <button type="submit" name="intent" value="delete" className="button button-danger">
              {m.console_event_delete()}
            </button>
          </OrganiserForm>
        ) : null}
        {attributes.status !== "cancelled" ? (
          <CancelForm
            confirm={m.console_event_cancel_confirm()}
            label={m.console_event_cancel()}
            refusalId="status-refusal"
            refused={Boolean(refusal)}
            button={{ name: "status", value: "cancelled" }}
          >
            <input type="hidden" name="intent" value="status" />
          </CancelForm>
        ) : null}
      </div>
      {attributes.status !== "cancelled" ? (
        <ul className="console-previews console-list">
          {LOCALES.map((language) => (
            <li key={language}>
              <a
                href={`/${language}/evento/${attributes.slug}${attributes.status === "draft" ? "?anteprima=1" : ""}`}
                hrefLang={language}
              >
                {m.console_event_preview({ language })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {role === "organiser" ? (
        // The cover before publishing, too: the event's page is first seen with it.
        <p>
          <SiteLink to={consolePath("eventCover", { id: event.data.id })} className="button">
            {m.console_cover_link()}
          </SiteLink>
        </p>
      ) : null}
    </section>
  );
}
