import { placeOf } from "@sports/jsonapi";
import { Form } from "react-router";
import { formatDateTime } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { signupPath } from "../signup/paths.ts";
import { SiteLink } from "./site-link.tsx";

/** One of the visitor's places in a waiting list, as My signups shows it. */
export interface WaitingListItem {
  id: string;
  state: "waiting" | "offered" | "accepted" | "lapsed" | "left";
  position: number | null;
  offerExpiresAt: string | null;
  eventTitle: string;
  eventSlug: string;
  appointmentTitle: string;
  appointmentSlug: string | null;
  signupId: string | null;
  timeZone: string;
}

/**
 * The visitor's waiting lists on the personal data page (`#liste-attesa`, docs/decisions/027): where
 * they stand in each line, a place held for them with the link to finish the signup, and a button to
 * leave a line they are still in.
 */
export function MyWaitingLists({ items, left }: { items: WaitingListItem[]; left: boolean }) {
  const { locale } = useRootData();
  if (items.length === 0 && !left) return null;
  return (
    <section className="profile-section my-signups" id="liste-attesa" aria-labelledby="liste-attesa-title">
      <h2 id="liste-attesa-title">{m.waiting_list_mine()}</h2>
      {left ? (
        <p role="status" className="notice notice-success">
          {m.waiting_list_state_left()}
        </p>
      ) : null}
      <ul className="signup-list">
        {items.map((item) => {
          const what = `${item.eventTitle} – ${item.appointmentTitle}`;
          const place = placeOf(
            { slug: item.eventSlug },
            { slug: item.appointmentSlug ?? "", implicit: !item.appointmentSlug },
          );
          return (
            <li key={item.id} className="signup-card">
              <h3>{what}</h3>
              <p>
                {item.state === "waiting"
                  ? m.waiting_list_state_waiting({ position: item.position ?? 1 })
                  : item.state === "offered"
                    ? m.waiting_list_state_offered({
                        until: item.offerExpiresAt ? formatDateTime(item.offerExpiresAt, locale, item.timeZone) : "",
                      })
                    : item.state === "accepted"
                      ? m.waiting_list_state_accepted()
                      : item.state === "lapsed"
                        ? m.waiting_list_state_lapsed()
                        : m.waiting_list_state_left()}
              </p>
              {item.state === "offered" && item.signupId ? (
                <p>
                  <SiteLink to={signupPath(place, item.signupId)} className="button button-primary">
                    {m.waiting_list_offer_link()}
                  </SiteLink>
                </p>
              ) : null}
              {item.state === "waiting" || item.state === "offered" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="leave-waiting-list" />
                  <button
                    type="submit"
                    className="button"
                    name="entryId"
                    value={item.id}
                    aria-label={m.waiting_list_leave_named({ what })}
                  >
                    {m.waiting_list_leave()}
                  </button>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
