import { ApiError, consolePath } from "@sports/jsonapi";
import { useEffect, useState } from "react";
import { Form, type ShouldRevalidateFunctionArgs, useLoaderData, useSubmit } from "react-router";
import { SiteLink } from "../../components/site-link.tsx";
import { TicketScanner } from "../../console/ticket-scanner.tsx";
import { languageContext, siteContext } from "../../context.ts";
import { readApi } from "../../lib/api.ts";
import { athletePartsText } from "../../lib/athlete-parts.ts";
import { formatTime } from "../../lib/format.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
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

/** Why a certificate keeps a runner from checking in (`meta.reason` of `certificate-not-approved`). */
type CertificateReason = "missing" | "pending" | "rejected" | "expired";

type Outcome =
  | {
      kind: "checked-in";
      checkInId: string;
      name: string;
      bib: number | null;
      appointment: string;
      at: string;
      withoutCertificate: boolean;
    }
  | { kind: "already"; at: string; name: string }
  | { kind: "not-confirmed"; name: string }
  | { kind: "not-open"; name: string }
  | { kind: "certificate"; participantId: string; name: string; reason: CertificateReason }
  | { kind: "incomplete"; name: string; missing: string[] }
  | { kind: "undone"; name: string }
  | { kind: "unknown" }
  | { kind: "matches"; search: string; matches: Participant[] };

const REASONS: Record<CertificateReason, () => string> = {
  missing: () => m.console_checkin_certificate_missing(),
  pending: () => m.console_checkin_certificate_pending(),
  rejected: () => m.console_checkin_certificate_rejected(),
  expired: () => m.console_checkin_certificate_expired(),
};

const isReason = (value: unknown): value is CertificateReason => typeof value === "string" && value in REASONS;

/** A ticket code as the API stores them: ten of the alphabet without look-alikes (packages/domain/src/console.ts). */
const TICKET_CODE = /^[2-9A-HJKMNP-Z]{10}$/;

/** The events coming up (`GET /api/dashboard`), each with its check-in race by race. */
export async function loader({ context }: Route.LoaderArgs) {
  const document = await readApi<{ data: { id: string; attributes: { title: string } }[] }>(context, "/api/dashboard");
  return { events: document.data.map((event) => ({ id: event.id, title: event.attributes.title })) };
}

/** A check-in changes no event: the list is not read again after one. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

/**
 * The check-in desk (`POST /api/check-ins`): a scanned or typed ticket code checks in at once; a
 * bib worn by one participant too; a name (or a bib of several events) lists who it may be, to pick.
 * A runner whose certificate is not approved is checked in only once the desk confirms
 * (`confirmWithoutCertificate`); a check-in just made can be undone (`DELETE /api/check-ins/{id}`).
 */
export async function action({ context, request }: Route.ActionArgs): Promise<Outcome> {
  const form = await request.formData();
  const { api } = context.get(siteContext);
  // The participant's race comes back titled in the page's language.
  const { locale } = context.get(languageContext);
  const checkIn = async (body: { attributes?: object; relationships?: object }): Promise<Outcome> => {
    try {
      const answer = await api.post("/api/check-ins", { data: { type: "check-ins", ...body } }, { query: { locale } });
      const document = answer.document as unknown as {
        data: { id: string; attributes: { checkedInAt: string; withoutCertificate: string | null } };
        included?: Participant[];
      };
      const participant = document.included?.[0]?.attributes;
      return {
        kind: "checked-in",
        checkInId: document.data.id,
        name: participant ? `${participant.givenName} ${participant.familyName}` : "",
        bib: participant?.bib ?? null,
        appointment: participant?.appointmentTitle ?? "",
        at: document.data.attributes.checkedInAt,
        withoutCertificate: document.data.attributes.withoutCertificate !== null,
      };
    } catch (error) {
      if (!ApiError.is(error)) throw error;
      const [first] = error.errors;
      const meta = first?.meta ?? {};
      const name = [meta.givenName, meta.familyName].filter((part) => typeof part === "string").join(" ");
      if (first?.code === "already-checked-in") return { kind: "already", at: String(meta.checkedInAt ?? ""), name };
      if (first?.code === "not-confirmed") return { kind: "not-confirmed", name };
      if (first?.code === "check-in-not-open") return { kind: "not-open", name };
      // A club's athlete who has not given their own part (docs/decisions/068): no waiving it here.
      if (first?.code === "participant-incomplete") {
        const missing = Array.isArray(meta.missing) ? meta.missing.filter((part) => typeof part === "string") : [];
        return { kind: "incomplete", name, missing };
      }
      if (first?.code === "certificate-not-approved" && isReason(meta.reason))
        return { kind: "certificate", participantId: String(meta.participantId ?? ""), name, reason: meta.reason };
      if (error.status === 404 || error.status === 400) return { kind: "unknown" };
      throw error;
    }
  };

  const undo = form.get("undo");
  if (typeof undo === "string" && undo) {
    const name = String(form.get("name") ?? "");
    try {
      await api.delete(`/api/check-ins/${encodeURIComponent(undo)}`);
    } catch (error) {
      // Undone already (by this desk or another): it is as asked.
      if (!ApiError.is(error) || error.status !== 404) throw error;
    }
    return { kind: "undone", name };
  }

  const participant = form.get("participant");
  if (typeof participant === "string" && participant)
    return checkIn({
      relationships: { participant: { data: { type: "participants", id: participant } } },
      ...(form.get("confirmWithoutCertificate") === "true" ? { attributes: { confirmWithoutCertificate: true } } : {}),
    });

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
  const { events } = useLoaderData<typeof loader>();
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

  const title = (kind: Exclude<Outcome["kind"], "matches">) => {
    if (kind === "checked-in") return m.console_checkin_done();
    if (kind === "already" && outcome?.kind === "already") return m.console_checkin_already({ time: time(outcome.at) });
    if (kind === "not-confirmed") return m.console_checkin_not_confirmed();
    if (kind === "not-open") return m.console_checkin_not_open();
    if (kind === "certificate") return m.console_checkin_certificate_title();
    if (kind === "incomplete") return m.console_checkin_incomplete_title();
    if (kind === "undone") return m.console_checkin_undone();
    return m.console_checkin_unknown();
  };

  return (
    <main id="content" className="console-main checkin">
      <h1>{m.console_checkin_title()}</h1>
      <div role="status" aria-live="polite" className="checkin-outcome-region">
        {outcome && outcome.kind !== "matches" ? (
          <div className={`checkin-outcome checkin-outcome-${outcome.kind}`}>
            <p className="checkin-outcome-title">{title(outcome.kind)}</p>
            {(outcome.kind === "already" ||
              outcome.kind === "not-confirmed" ||
              outcome.kind === "not-open" ||
              outcome.kind === "certificate" ||
              outcome.kind === "incomplete" ||
              outcome.kind === "undone") &&
            outcome.name ? (
              <p>
                <strong>{outcome.name}</strong>
              </p>
            ) : null}
            {outcome.kind === "incomplete" ? (
              <p>{m.console_checkin_incomplete({ parts: athletePartsText(outcome.missing, locale) })}</p>
            ) : null}
            {outcome.kind === "certificate" ? (
              <>
                <p>{REASONS[outcome.reason]()}</p>
                <Form method="post">
                  <input type="hidden" name="participant" value={outcome.participantId} />
                  <input type="hidden" name="confirmWithoutCertificate" value="true" />
                  <button type="submit" className="button button-primary">
                    {m.console_checkin_anyway()}
                  </button>
                </Form>
              </>
            ) : null}
            {outcome.kind === "checked-in" ? (
              <>
                <p>
                  <strong>{outcome.name}</strong>
                  {" · "}
                  {outcome.bib !== null ? m.console_checkin_bib({ bib: outcome.bib }) : m.console_checkin_no_bib()}
                  {" · "}
                  {outcome.appointment}
                </p>
                {outcome.withoutCertificate ? <p>{m.console_checkin_without_certificate()}</p> : null}
                <Form method="post">
                  <input type="hidden" name="undo" value={outcome.checkInId} />
                  <input type="hidden" name="name" value={outcome.name} />
                  <button type="submit" className="button">
                    {m.console_checkin_undo()}
                  </button>
                </Form>
              </>
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
        <button type="submit" className="button button-primary">
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
                      <button type="submit" className="button button-primary">
                        {m.console_checkin_pick({ name })}
                      </button>
                    </Form>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ) : null}

      {events.length > 0 ? (
        <section aria-labelledby="checkin-overviews">
          <h2 id="checkin-overviews">{m.console_checkin_overviews()}</h2>
          <ul className="console-list">
            {events.map((event) => (
              <li key={event.id}>
                <SiteLink to={consolePath("eventCheckIn", { id: event.id })}>
                  {m.console_checkin_overview_of({ event: event.title })}
                </SiteLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
