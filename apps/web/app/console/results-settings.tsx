import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { MOST_BANDS, resultsSettingsForm } from "../forms/console-results.ts";
import {
  FieldErrors,
  FormErrors,
  RadioField,
  RequiredLegend,
  rowsOf,
  SelectField,
  TextField,
} from "../forms/fields.tsx";
import { localFrom } from "../lib/catalogue-values.ts";
import * as m from "../paraglide/messages.js";
import { useConsoleForm } from "./console-form.tsx";
import { SavedNotice } from "./notices.tsx";
import { OrganiserForm } from "./organiser-form.tsx";
import { resultsStateLabel } from "./result-labels.ts";

/** A race's results settings, as `meta` of `GET /api/appointments/{id}/results` gives them. */
export interface ResultsSettings {
  resultsState: "unpublished" | "provisional" | "official";
  resultsClaimsUntil: string | null;
  startedAt: string | null;
  rankBy: "gunTime" | "netTime";
  categoryRules:
    | { kind: "fidal" }
    | {
        kind: "bands";
        bands: { code: string; minAge: number; maxAge: number | null; gender: "female" | "male" | "any" }[];
      };
}

const bandFields = (index: number) => ({
  code: m.console_results_band_field({ n: index + 1, field: m.console_results_band_code() }),
  minAge: m.console_results_band_field({ n: index + 1, field: m.console_results_band_min_age() }),
  maxAge: m.console_results_band_field({ n: index + 1, field: m.console_results_band_max_age() }),
  gender: m.console_results_band_field({ n: index + 1, field: m.console_results_band_gender() }),
});

/**
 * How the race's results are worked out and where they stand: the actual start (in the event's
 * time zone), the time they rank by, the categories (the federation's, or bands of its own, a row
 * each with buttons that work without JavaScript), the state with the claims' deadline, and the
 * reason official results go back to provisional (asked only while they are official).
 */
export function ResultsSettingsForm({
  settings,
  timeZone,
  lastResult,
  saved,
}: {
  settings: ResultsSettings;
  timeZone: string;
  lastResult: SubmissionResult | undefined;
  saved: boolean;
}) {
  const rules = settings.categoryRules;
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: "results-settings",
    schema: resultsSettingsForm,
    lastResult,
    defaultValue: {
      timeZone,
      shownState: settings.resultsState,
      startedAt: localFrom(settings.startedAt, timeZone),
      rankBy: settings.rankBy,
      categoryRules: {
        kind: rules.kind,
        bands:
          rules.kind === "bands"
            ? rules.bands.map((band) => ({
                code: band.code,
                minAge: String(band.minAge),
                maxAge: band.maxAge === null ? "" : String(band.maxAge),
                gender: band.gender,
              }))
            : [],
      },
      resultsState: settings.resultsState,
      resultsClaimsUntil: localFrom(settings.resultsClaimsUntil, timeZone),
      resultsReason: "",
    },
  });
  const categories = fields.categoryRules.getFieldset();
  const bands = rowsOf(categories.bands);
  const labels: Record<string, string> = {
    startedAt: m.console_results_started_at(),
    rankBy: m.console_results_rank_by(),
    categoryRules: m.console_results_categories(),
    "categoryRules.kind": m.console_results_categories(),
    "categoryRules.bands": m.console_results_bands(),
    ...Object.fromEntries(
      bands.flatMap((_, index) =>
        Object.entries(bandFields(index)).map(([name, label]) => [`categoryRules.bands[${index}].${name}`, label]),
      ),
    ),
    resultsState: m.console_results_state(),
    resultsClaimsUntil: m.console_results_claims_until(),
    resultsReason: m.console_results_state_reason(),
  };
  const published = settings.resultsState !== "unpublished";
  return (
    <section className="console-section" aria-labelledby="results-settings-title">
      <h2 id="results-settings-title">{m.console_results_settings_title()}</h2>
      <SavedNotice saved={saved} />
      <OrganiserForm method="post" className="console-form" {...formProps}>
        <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
        <RequiredLegend />
        <input type="hidden" name="intent" value="settings" />
        <input type="hidden" name="timeZone" value={timeZone} />
        <input type="hidden" name="shownState" value={settings.resultsState} />
        <div className="console-fields-row">
          <TextField
            field={fields.startedAt}
            label={labels.startedAt ?? ""}
            hint={m.console_results_started_at_hint({ timeZone })}
            type="datetime-local"
          />
          <SelectField field={fields.rankBy} label={labels.rankBy ?? ""} required>
            <option value="gunTime">{m.console_results_rank_by_gun()}</option>
            <option value="netTime">{m.console_results_rank_by_net()}</option>
          </SelectField>
        </div>
        <RadioField
          field={categories.kind}
          legend={m.console_results_categories()}
          options={[
            {
              value: "fidal",
              label: m.console_results_categories_fidal(),
              hint: m.console_results_categories_fidal_hint(),
            },
            {
              value: "bands",
              label: m.console_results_categories_bands(),
              hint: m.console_results_categories_bands_hint(),
            },
          ]}
        />
        <fieldset
          id={categories.bands.id}
          className="console-languages"
          aria-describedby={categories.bands.errors?.length ? categories.bands.errorId : undefined}
        >
          <legend>{m.console_results_bands()}</legend>
          {bands.map((row, index) => (
            <BandFields key={row.key ?? index} band={row.getFieldset()} index={index}>
              <button
                {...form.remove.getButtonProps({ name: categories.bands.name, index })}
                className="button button-danger"
              >
                {m.console_results_band_remove({ n: index + 1 })}
              </button>
            </BandFields>
          ))}
          {bands.length < MOST_BANDS ? (
            <button
              {...form.insert.getButtonProps({
                name: categories.bands.name,
                defaultValue: { code: "", minAge: "", maxAge: "", gender: "any" },
              })}
              className="button"
            >
              {m.console_results_band_add()}
            </button>
          ) : null}
          <FieldErrors field={categories.bands} />
          <FieldErrors field={fields.categoryRules} />
        </fieldset>
        <div className="console-fields-row">
          <SelectField
            field={fields.resultsState}
            label={labels.resultsState ?? ""}
            hint={m.console_results_state_hint()}
            required
          >
            {published ? null : <option value="unpublished">{resultsStateLabel("unpublished")}</option>}
            <option value="provisional">{resultsStateLabel("provisional")}</option>
            <option value="official">{resultsStateLabel("official")}</option>
          </SelectField>
          <TextField
            field={fields.resultsClaimsUntil}
            label={labels.resultsClaimsUntil ?? ""}
            hint={m.console_results_claims_until_hint({ timeZone })}
            type="datetime-local"
          />
        </div>
        {settings.resultsState === "official" ? (
          <TextField
            field={fields.resultsReason}
            label={labels.resultsReason ?? ""}
            hint={m.console_results_state_reason_hint()}
            maxLength={500}
            autoComplete="off"
          />
        ) : null}
        <p>
          <button type="submit" className="button button-primary">
            {m.console_results_settings_save()}
          </button>
        </p>
      </OrganiserForm>
    </section>
  );
}

/** A field as the site's fields take it (forms/fields.tsx). */
type Field = Parameters<typeof TextField>[0]["field"];

/** One band of ages: its code, its ages, who it is for; `children` is its remove button. */
function BandFields({
  band,
  index,
  children,
}: {
  band: Record<"code" | "minAge" | "maxAge" | "gender", Field>;
  index: number;
  children: ReactNode;
}) {
  return (
    <fieldset className="console-tier">
      <legend>{m.console_results_band_legend({ n: index + 1 })}</legend>
      <div className="console-fields-row console-band-fields">
        <TextField field={band.code} label={m.console_results_band_code()} maxLength={20} autoComplete="off" required />
        <TextField
          field={band.minAge}
          label={m.console_results_band_min_age()}
          type="number"
          inputMode="numeric"
          required
        />
        <TextField
          field={band.maxAge}
          label={m.console_results_band_max_age()}
          hint={m.console_results_band_max_age_hint()}
          type="number"
          inputMode="numeric"
        />
        <SelectField field={band.gender} label={m.console_results_band_gender()} required>
          <option value="any">{m.console_appointment_gender_any()}</option>
          <option value="female">{m.console_appointment_gender_female()}</option>
          <option value="male">{m.console_appointment_gender_male()}</option>
        </SelectField>
      </div>
      {children}
    </fieldset>
  );
}
