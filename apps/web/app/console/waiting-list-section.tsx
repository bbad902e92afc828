import { consolePath } from "@sports/jsonapi";
import { SiteLink } from "../components/site-link.tsx";
import { elided } from "../i18n/elision.ts";
import { formatDateTime, formatPrice } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { ConsoleTable } from "./console-table.tsx";

/** `GET /api/appointments/{id}/waiting-list-entries`: the line, offers first (decision 027). */
export interface LineDocument {
  data: {
    id: string;
    attributes: {
      state: "waiting" | "offered";
      position: number | null;
      givenName: string;
      familyName: string;
      email: string;
      joinedAt: string;
      offerExpiresAt: string | null;
    };
    relationships: { signup: { data: { id: string } | null } };
  }[];
  meta: {
    waiting: number;
    offered: number;
    open: boolean;
    worth: { amount: number; currency: string } | null;
  };
}

/** An appointment's waiting list in the console: its size, its worth (organisers), who waits in which order. */
export function WaitingListSection({ line, timeZone }: { line: LineDocument; timeZone: string }) {
  const { locale } = useRootData();
  const { meta, data } = line;
  const shown = data.length;
  return (
    <section aria-labelledby="waiting-list-title" className="console-section">
      <h2 id="waiting-list-title">{m.console_waiting_list_title()}</h2>
      <p>
        {m.console_waiting_list_waiting({ count: meta.waiting })}
        {meta.offered > 0 ? ` · ${m.console_waiting_list_offered({ count: meta.offered })}` : null}
      </p>
      {meta.worth && meta.waiting > 0 ? (
        <p>{m.console_waiting_list_worth({ amount: formatPrice(meta.worth.amount, meta.worth.currency, locale) })}</p>
      ) : null}
      {meta.open ? null : <p>{m.console_waiting_list_closed()}</p>}
      {shown === 0 ? (
        <p>{m.console_waiting_list_empty()}</p>
      ) : (
        <ConsoleTable
          labelledBy="waiting-list-title"
          wide
          columns={[
            m.console_waiting_list_position(),
            m.console_waiting_list_person(),
            m.console_waiting_list_joined(),
            m.console_waiting_list_offer(),
          ]}
        >
          {data.map((entry) => {
            const a = entry.attributes;
            const signup = entry.relationships.signup.data;
            return (
              <tr key={entry.id}>
                <td>{a.position ?? "—"}</td>
                <td>
                  {a.givenName} {a.familyName}
                  <br />
                  {a.email}
                </td>
                <td>{formatDateTime(a.joinedAt, locale, timeZone)}</td>
                <td>
                  {a.offerExpiresAt && signup ? (
                    <SiteLink to={consolePath("signup", { id: signup.id })}>
                      {elided(
                        m.console_waiting_list_offer_until({
                          until: formatDateTime(a.offerExpiresAt, locale, timeZone),
                        }),
                        locale,
                      )}
                    </SiteLink>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            );
          })}
        </ConsoleTable>
      )}
      {shown < meta.waiting + meta.offered ? <p>{m.console_waiting_list_more({ count: shown })}</p> : null}
    </section>
  );
}
