import { ApiError } from "@sports/jsonapi";
import { useEffect, useState } from "react";
import { Form, useSubmit } from "react-router";
import { TicketScanner } from "../../console/ticket-scanner.tsx";
import { siteContext } from "../../context.ts";
import { readApi } from "../../lib/api.ts";
import { formatTime } from "../../lib/format.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/check-in.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_checkin_title());
}

/** The time zone race-day times are told in, as the console's other screens tell them. */
const TIME_ZONE = "Europe/Rome";

interface Participant {
  id: string;
  attributes: {
    givenName: string;
    familyName: string;
    bib: number | null;
    appointmentTitle: string;
    eventTitle: string;
    signupState: string;
    checkedInAt: string | null;
  };
}

type Outcome =
  | { kind: "checked-in"; name: string; bib: number | null; appointment: string; at: string }
  | { kind: "already"; at: string; name: string }
  | { kind: "not-confirmed"; name: string }
  | { kind: "not-open"; name: string }
  | { kind: "unknown" }
  | { kind: "matches"; search: string; matches: Participant[] };

/** A ticket code as the API stores them: ten of the alphabet without look-alikes (packages/domain/src/console.ts). */
const TICKET_CODE = /^[2-9A-HJKMNP-Z]{10}$/;

export function loader() {
  return {};
}

/**
 * The check-in desk (`POST /api/check-ins`): a scanned or typed ticket code checks in at once; a
 * bib worn by one participant too; a name (or a bib of several events) lists who it may be, to pick.
 */
export async function action({ context, request }: Route.ActionArgs): Promise<Outcome> {
  const form = await request.formData();
  const { api } = context.get(siteContext);
  const checkIn = async (body: object): Promise<Outcome> => {
    try {
      const answer = await api.post("/api/check-ins", { data: { type: "check-ins", ...body } });
      const document = answer.document as unknown as {
        data: { attributes: { checkedInAt: string } };
        included?: Participant[];
      };
      const participant = document.included?.[0]?.attributes;
      return {
        kind: "checked-in",
        name: participant ? `${participant.givenName} ${participant.familyName}` : "",
        bib: participant?.bib ?? null,
        appointment: participant?.appointmentTitle ?? "",
        at: document.data.attributes.checkedInAt,
      };
    } catch (error) {
      if (!ApiError.is(error)) throw error;
      const [first] = error.errors;
      const meta = first?.meta ?? {};
      const name = [meta.givenName, meta.familyName].filter((part) => typeof part === "string").join(" ");
      if (first?.code === "already-checked-in") return { kind: "already", at: String(meta.checkedInAt ?? ""), name };
      if (first?.code === "not-confirmed") return { kind: "not-confirmed", name };
      if (first?.code === "check-in-not-open") return { kind: "not-open", name };
      if (error.status === 404 || error.status === 400) return { kind: "unknown" };
      throw error;
    }
  };

  const participant = form.get("participant");
  if (typeof participant === "string" && participant)
    return checkIn({ relationships: { participant: { data: { type: "participants", id: participant } } } });

  const typed = String(form.get("code") ?? "").trim();
  if (!typed) return { kind: "unknown" };
  const code = typed.toUpperCase().replace(/[\s-]/g, "");
  if (TICKET_CODE.test(code)) {
    const outcome = await checkIn({ attributes: { ticketCode: code } });
    if (outcome.kind !== "unknown") return outcome;
  }
  const found = await readApi<{ data: Participant[] }>(context, "/api/participants", { "filter[search]": typed });
  const only = found.data.length === 1 ? found.data[0] : undefined;
  if (only && /^\d+$/.test(typed))
    return checkIn({ relationships: { participant: { data: { type: "participants", id: only.id } } } });
  if (found.data.length === 0 && TICKET_CODE.test(code)) return { kind: "unknown" };
  return { kind: "matches", search: typed, matches: found.data };
}

export default function CheckIn({ actionData }: Route.ComponentProps) {
  // Plain form submissions, not a fetcher: the public pages' shared router chunk stays as it was.
  const submit = useSubmit();
  const { locale } = useRootData();
  const outcome = actionData;
  const [typed, setTyped] = useState("");
  const time = (iso: string) => (iso ? formatTime(iso, locale, TIME_ZONE) : "");

  // After a check-in the field is emptied for the next runner: once per answer, so what is typed
  // while the page revalidates is kept.
  useEffect(() => {
    if (actionData && actionData.kind !== "matches") setTyped("");
  }, [actionData]);

  return (
    <main id="content" className="console-main checkin">
      <h1>{m.console_checkin_title()}</h1>
      <div role="status" aria-live="polite" className="checkin-outcome-region">
        {outcome && outcome.kind !== "matches" ? (
          <div className={`checkin-outcome checkin-outcome-${outcome.kind}`}>
            <p className="checkin-outcome-title">
              {outcome.kind === "checked-in"
                ? m.console_checkin_done()
                : outcome.kind === "already"
                  ? m.console_checkin_already({ time: time(outcome.at) })
                  : outcome.kind === "not-confirmed"
                    ? m.console_checkin_not_confirmed()
                    : outcome.kind === "not-open"
                      ? m.console_checkin_not_open()
                      : m.console_checkin_unknown()}
            </p>
            {(outcome.kind === "already" || outcome.kind === "not-confirmed" || outcome.kind === "not-open") &&
            outcome.name ? (
              <p>
                <strong>{outcome.name}</strong>
              </p>
            ) : null}
            {outcome.kind === "checked-in" ? (
              <p>
                <strong>{outcome.name}</strong>
                {" · "}
                {outcome.bib !== null ? m.console_checkin_bib({ bib: outcome.bib }) : m.console_checkin_no_bib()}
                {" · "}
                {outcome.appointment}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>

      <section aria-labelledby="checkin-scan">
        <h2 id="checkin-scan">{m.console_checkin_scan()}</h2>
        <TicketScanner onCode={(code) => submit({ code }, { method: "post" })} />
      </section>

      <Form method="post" className="checkin-typed">
        <label htmlFor="checkin-code">{m.console_checkin_typed_label()}</label>
        <input
          id="checkin-code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          required
        />
        <button type="submit" className="button">
          {m.console_checkin_submit()}
        </button>
      </Form>

      {outcome?.kind === "matches" ? (
        <section aria-labelledby="checkin-matches">
          <h2 id="checkin-matches">{m.console_checkin_matches()}</h2>
          {outcome.matches.length === 0 ? (
            <p>{m.console_checkin_no_matches({ search: outcome.search })}</p>
          ) : (
            <ul className="checkin-matches">
              {outcome.matches.map((match) => {
                const { givenName, familyName, bib, appointmentTitle, eventTitle, checkedInAt } = match.attributes;
                const name = `${givenName} ${familyName}`;
                return (
                  <li key={match.id}>
                    <Form method="post">
                      <input type="hidden" name="participant" value={match.id} />
                      <span>
                        <strong>{name}</strong> ·{" "}
                        {bib !== null ? m.console_checkin_bib({ bib }) : m.console_checkin_no_bib()} · {eventTitle} ·{" "}
                        {appointmentTitle}
                        {checkedInAt ? ` · ${m.console_checkin_checked_at({ time: time(checkedInAt) })}` : ""}
                      </span>
                      <button type="submit">{m.console_checkin_pick({ name })}</button>
                    </Form>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ) : null}
    </main>
  );
}
