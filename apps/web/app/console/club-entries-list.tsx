import { consolePath } from "@sports/jsonapi";
import { SiteLink } from "../components/site-link.tsx";
import { formatNumber, formatPrice } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { ConsoleTable, numeric } from "./console-table.tsx";
import { paymentLabel, signupStateLabel } from "./signup-labels.ts";

/** A club's signup as `GET /api/events/{id}/club-entries` lists it (`club-entry-rows`, docs/api.md). */
export interface ClubEntryRow {
  id: string;
  attributes: {
    clubName: string;
    federation: string | null;
    code: string | null;
    managers: { givenName: string; familyName: string; email: string }[];
    athletes: number;
    incomplete: number;
    missingCertificate: number;
    state: string;
    payment: string;
    /** The three amounts are null for staff, who read where the payments stand (`payment`). */
    paidAmount: number | null;
    refundedAmount: number | null;
    amountDue: number | null;
    currency: string | null;
  };
  relationships: { club: { data: { id: string } } };
}

/** The club as it writes itself with its federation and code: "FIDAL · TN123". */
const affiliation = ({ attributes: a }: ClubEntryRow) => [a.federation, a.code].filter(Boolean).join(" · ");

/** The managers, a line each: their name and address. */
function Managers({ row }: { row: ClubEntryRow }) {
  if (row.attributes.managers.length === 0) return <>—</>;
  return (
    <ul className="console-plain-list">
      {row.attributes.managers.map((manager) => (
        <li key={manager.email}>
          {manager.givenName} {manager.familyName}
          <br />
          <a href={`mailto:${manager.email}`}>{manager.email}</a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The clubs' signups of an event: a table on wide screens, a card each on a phone. Each club's name
 * leads to its signup's page (its participants are listed there); an organiser reads the amounts
 * paid and due, and may write to the club's managers (`writeHref`).
 */
export function ClubEntriesList({
  rows,
  writeHref,
}: {
  rows: ClubEntryRow[];
  /** The address of the message form to a club's managers; none for staff. */
  writeHref: ((clubId: string) => string) | undefined;
}) {
  const { locale } = useRootData();
  const count = (value: number) => formatNumber(value, locale);
  const payment = ({ attributes: a }: ClubEntryRow) => {
    if (a.paidAmount === null) return paymentLabel(a.payment);
    const money = (amount: number) => (a.currency ? formatPrice(amount, a.currency, locale) : count(amount));
    const parts = [
      ...(a.paidAmount > 0 ? [m.console_clubs_paid({ amount: money(a.paidAmount) })] : []),
      ...(a.amountDue === null
        ? [m.console_clubs_due_unknown()]
        : a.amountDue > 0
          ? [m.console_clubs_due({ amount: money(a.amountDue) })]
          : []),
    ];
    return parts.length > 0 ? parts.join(" · ") : paymentLabel(a.payment);
  };
  const clubLink = (row: ClubEntryRow) => (
    <SiteLink to={consolePath("signup", { id: row.id })}>{row.attributes.clubName}</SiteLink>
  );
  const write = (row: ClubEntryRow) =>
    writeHref ? (
      <a
        href={writeHref(row.relationships.club.data.id)}
        aria-label={m.console_clubs_write_label({ club: row.attributes.clubName })}
      >
        {m.console_clubs_write()}
      </a>
    ) : null;
  return (
    <>
      <ConsoleTable
        labelledBy="clubs-title"
        wide
        columns={[
          m.console_clubs_col_club(),
          m.console_clubs_col_managers(),
          numeric(m.console_clubs_col_athletes()),
          numeric(m.console_clubs_col_incomplete()),
          numeric(m.console_clubs_col_no_certificate()),
          m.console_signups_state(),
          m.console_signups_payment(),
          Boolean(writeHref) && m.console_clubs_col_actions(),
        ]}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <td>
              {clubLink(row)}
              {affiliation(row) ? <p className="console-hint">{affiliation(row)}</p> : null}
            </td>
            <td>
              <Managers row={row} />
            </td>
            <td className="console-num">{count(row.attributes.athletes)}</td>
            <td className="console-num">{count(row.attributes.incomplete)}</td>
            <td className="console-num">{count(row.attributes.missingCertificate)}</td>
            <td>{signupStateLabel(row.attributes.state)}</td>
            <td>{payment(row)}</td>
            {writeHref ? <td>{write(row)}</td> : null}
          </tr>
        ))}
      </ConsoleTable>
      <ul className="console-cards console-narrow">
        {rows.map((row) => (
          <li key={row.id} className="console-card">
            <h2 className="console-card-title">{clubLink(row)}</h2>
            <dl>
              {affiliation(row) ? (
                <>
                  <dt>{m.console_clubs_affiliation()}</dt>
                  <dd>{affiliation(row)}</dd>
                </>
              ) : null}
              <dt>{m.console_clubs_col_managers()}</dt>
              <dd>
                <Managers row={row} />
              </dd>
              <dt>{m.console_clubs_col_athletes()}</dt>
              <dd>{count(row.attributes.athletes)}</dd>
              <dt>{m.console_clubs_col_incomplete()}</dt>
              <dd>{count(row.attributes.incomplete)}</dd>
              <dt>{m.console_clubs_col_no_certificate()}</dt>
              <dd>{count(row.attributes.missingCertificate)}</dd>
              <dt>{m.console_signups_state()}</dt>
              <dd>{signupStateLabel(row.attributes.state)}</dd>
              <dt>{m.console_signups_payment()}</dt>
              <dd>{payment(row)}</dd>
            </dl>
            {writeHref ? <p>{write(row)}</p> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
