import { consolePath, type ResultHistoryEntry } from "@sports/jsonapi";
import { data, useLoaderData } from "react-router";
import { requireTeamMember } from "../../console/access.server.ts";
import { AppointmentTabs } from "../../console/appointment-tabs.tsx";
import { FormPageHead, useConsoleRole } from "../../console/organiser-form.tsx";
import { resultsStateLabel } from "../../console/result-labels.ts";
import { ResultLine } from "../../console/result-line.tsx";
import {
  applyTimingFile,
  correctResult,
  remapTimingFile,
  saveResultsSettings,
  uploadTimingFile,
} from "../../console/results.server.ts";
import { type ImportAnswer, ResultsImport } from "../../console/results-import.tsx";
import { type ResultsSettings, ResultsSettingsForm } from "../../console/results-settings.tsx";
import {
  RESULT_SORTS,
  RESULTS_PAGE_SIZE,
  type ResultRow,
  ResultsTable,
  resultFiltersOf,
  withQuery,
} from "../../console/results-table.tsx";
import { readApi } from "../../lib/api.ts";
import { type Texts, textIn } from "../../lib/catalogue-values.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/results.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_results_title());
}

interface ConsoleAppointment {
  data: { id: string; attributes: { slug: string; title: Texts } };
  included: { id: string; attributes: { title: Texts; slug: string; timeZone: string } }[];
}

interface ResultsDocument {
  data: ResultRow[];
  meta: ResultsSettings & { total: number };
}

interface LineDocument {
  data: ResultRow & { relationships: { appointment: { data: { id: string } } } };
  meta: { history?: ResultHistoryEntry[] };
}

/**
 * A race's results for its team (`GET /api/appointments/{id}/results`, unpublished ones too): a
 * page of the table with its search and order and the race's settings; or, with `?risultato=`,
 * one line with its history (`GET /api/results/{id}`).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeamMember(context, request);
  const url = new URL(request.url);
  const id = encodeURIComponent(params.id);
  const filters = resultFiltersOf(url);
  const lineId = url.searchParams.get("risultato");
  const [appointment, results, line] = await Promise.all([
    readApi<ConsoleAppointment>(context, `/api/console/appointments/${id}`),
    readApi<ResultsDocument>(context, `/api/appointments/${id}/results`, {
      "page[number]": filters.page,
      "page[size]": RESULTS_PAGE_SIZE,
      sort: RESULT_SORTS[filters.sort],
      "filter[search]": filters.q || undefined,
    }),
    lineId ? readApi<LineDocument>(context, `/api/results/${encodeURIComponent(lineId)}`) : undefined,
  ]);
  // A line of another race is not this screen's.
  if (line && line.data.relationships.appointment.data.id !== appointment.data.id) throw data(null, { status: 404 });
  const event = appointment.included[0];
  const { total, ...settings } = results.meta;
  return {
    appointmentId: appointment.data.id,
    titles: appointment.data.attributes.title,
    slug: appointment.data.attributes.slug,
    event: event ? { id: event.id, title: event.attributes.title, slug: event.attributes.slug } : undefined,
    timeZone: event?.attributes.timeZone ?? "Europe/Rome",
    rows: results.data,
    total,
    settings: settingsOf(settings),
    filters,
    search: url.search,
    line: line ? { row: line.data, history: line.meta.history ?? [] } : undefined,
  };
}

/** The settings out of the list's `meta`, which also holds its total and its filters' choices. */
function settingsOf(meta: ResultsSettings): ResultsSettings {
  const { resultsState, resultsClaimsUntil, startedAt, rankBy, categoryRules } = meta;
  return { resultsState, resultsClaimsUntil, startedAt, rankBy, categoryRules };
}

/** The screen's forms, by their hidden `intent` (console/results.server.ts). */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireTeamMember(context, request);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "upload":
      return uploadTimingFile(context, params.id, form);
    case "remap":
      return remapTimingFile(context, form);
    case "apply":
      return applyTimingFile(context, form);
    case "correct":
      return correctResult(context, form);
    default:
      return saveResultsSettings(context, params.id, form);
  }
}

type Answer = Awaited<ReturnType<typeof action>>;

/** What the import section shows of the last answer, when it was the import's. */
function importAnswerOf(answer: Answer | undefined): ImportAnswer {
  if (!answer) return {};
  switch (answer.intent) {
    case "upload":
      return { preview: answer.preview, error: answer.error };
    case "remap":
      return { preview: answer.preview, mappingResult: answer.result };
    case "apply":
      return { applied: answer.applied, preview: answer.preview, notice: answer.notice };
    default:
      return {};
  }
}

export default function ConsoleResults({ actionData }: Route.ComponentProps) {
  const loaded = useLoaderData<typeof loader>();
  const { locale } = useRootData();
  const organiser = useConsoleRole() === "organiser";
  const { appointmentId, settings, timeZone, event, line } = loaded;
  const answer = actionData as Answer | undefined;
  const title = textIn(loaded.titles, locale, loaded.slug);
  if (line)
    return (
      <main id="content" className="console-main">
        <ResultLine
          line={line.row}
          history={line.history}
          timeZone={timeZone}
          back={withQuery(loaded.search, { risultato: null })}
          lastResult={answer?.intent === "correct" ? answer.result : undefined}
          saved={Boolean(answer?.intent === "correct" && "saved" in answer && answer.saved)}
        />
      </main>
    );
  const settingsAnswer = answer?.intent === "settings" ? answer : undefined;
  return (
    <main id="content" className="console-main">
      <FormPageHead
        title={m.console_results_heading({ title })}
        back={
          event
            ? { to: consolePath("event", { id: event.id }), label: textIn(event.title, locale, event.slug) }
            : undefined
        }
        saved={undefined}
      >
        <AppointmentTabs appointmentId={appointmentId} />
        <p>
          {m.console_results_state_now({ state: resultsStateLabel(settings.resultsState) })}
          {settings.resultsState === "provisional" && settings.resultsClaimsUntil
            ? ` ${m.console_results_claims_now({ until: formatDateTime(settings.resultsClaimsUntil, locale, timeZone) })}`
            : ""}
        </p>
      </FormPageHead>
      {organiser ? <ResultsImport answer={importAnswerOf(answer)} /> : null}
      <ResultsTable
        appointmentId={appointmentId}
        rows={loaded.rows}
        total={loaded.total}
        filters={loaded.filters}
        search={loaded.search}
        rankBy={settings.rankBy}
      />
      <ResultsSettingsForm
        // Saved settings are the form's new start (a published race offers "unpublished" no more).
        key={JSON.stringify(settings)}
        settings={settings}
        timeZone={timeZone}
        lastResult={settingsAnswer && !("saved" in settingsAnswer) ? settingsAnswer.result : undefined}
        saved={Boolean(settingsAnswer && "saved" in settingsAnswer && settingsAnswer.saved)}
      />
    </main>
  );
}
