import { formatRaceTime, parseRaceTime, RESULT_STATUSES, RESULTS_STATES, TIMING_FIELDS } from "@sports/jsonapi";
import { instantFrom } from "../lib/catalogue-values.ts";
import { z } from "./zod.ts";

/**
 * The console's results forms (routes/console/results.tsx): a timing file's mapping, a result's
 * correction and a race's results settings, checked in the browser and again by the action with
 * the API's own rules, each field named after the attribute it sends (`gunTime`,
 * `categoryRules.bands[1].minAge`), so the API's refusals land on the same fields
 * (docs/api.md, "Results"). Times are typed as `h:mm:ss` and sent in seconds; moments are typed in
 * the event's time zone.
 */

/** A custom check whose code is the message's (apps/web/app/forms/messages.ts). */
const rule = <T>(check: (value: T) => boolean, code: string) => [check, { params: { code } }] as const;

/** The longest race time the API takes: a week, in seconds. */
const LONGEST_TIME = 7 * 86_400;

/** A time typed as `h:mm:ss` (or `mm:ss`, tenths after a point or a comma), above zero. */
const raceTime = z.string().refine(
  ...rule((value: string) => {
    const seconds = parseRaceTime(value);
    return seconds !== null && seconds > 0 && seconds < LONGEST_TIME;
  }, "invalid-time"),
);

/** A `datetime-local` value. */
const moment = z
  .string()
  .refine(...rule((value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value), "invalid-moment"));

const column = z.number().int().min(0).max(10_000);

/** The fields a row of the file must say something of: a time or a state. */
const READ_FIELDS = ["netTime", "gunTime", "finishClock", "status"] as const;

/** Which column holds each field of a result, by its number (none: the field is not in the file). */
export const mappingForm = z
  .object({
    importId: z.string().trim().min(1).max(100),
    ...(Object.fromEntries(TIMING_FIELDS.map((field) => [field, column.optional()])) as Record<
      (typeof TIMING_FIELDS)[number],
      z.ZodOptional<typeof column>
    >),
    splits: z.array(column).max(200).optional(),
  })
  .superRefine((mapping, context) => {
    if (mapping.bib === undefined)
      context.addIssue({ code: "custom", path: ["bib"], params: { code: "mapping-bib-required" } });
    if (READ_FIELDS.every((field) => mapping[field] === undefined))
      context.addIssue({ code: "custom", path: [], params: { code: "mapping-time-required" } });
  });

export type MappingForm = z.infer<typeof mappingForm>;

/** The mapping as the API takes it (`PATCH /api/result-imports/{id}`): the fields given, and the splits. */
export function mappingAttributes(form: MappingForm): Record<string, number | number[]> {
  const mapping: Record<string, number | number[]> = {};
  for (const field of TIMING_FIELDS) {
    const index = form[field];
    if (index !== undefined) mapping[field] = index;
  }
  mapping.splits = [...new Set(form.splits ?? [])];
  return mapping;
}

/** A mapping as the API answers it, as the form's values: the columns' numbers of the fields it names. */
export function mappingValues(mapping: Record<string, unknown>): Omit<MappingForm, "importId"> {
  const values: Omit<MappingForm, "importId"> = {};
  for (const field of TIMING_FIELDS) {
    const index = mapping[field];
    if (typeof index === "number") values[field] = index;
  }
  values.splits = Array.isArray(mapping.splits) ? mapping.splits.filter((index) => typeof index === "number") : [];
  return values;
}

/**
 * A result's correction: its times and its state as the form showed them (`shown…`), what is typed
 * now, and why. Only what differs from what was shown is sent: a time left as it was stays the
 * file's, free to be corrected by the next file (a console time wins over every file, decision 063).
 */
export const correctionForm = z
  .object({
    resultId: z.string().trim().min(1).max(100),
    gunTime: raceTime.optional(),
    netTime: raceTime.optional(),
    status: z.enum(RESULT_STATUSES),
    reason: z.string().trim().min(1).max(500),
    shownGunTime: z.string().optional(),
    shownNetTime: z.string().optional(),
    shownStatus: z.string().optional(),
  })
  .superRefine((form, context) => {
    if (Object.keys(correctionAttributes(form)).length === 1)
      context.addIssue({ code: "custom", path: [], params: { code: "nothing-changed" } });
  });

export type CorrectionForm = z.infer<typeof correctionForm>;

/** The correction as the API takes it (`PATCH /api/results/{id}`): the changed times in seconds, the state, the reason. */
export function correctionAttributes(form: Omit<CorrectionForm, "resultId">) {
  const attributes: { gunTime?: number; netTime?: number; status?: string; reason: string } = { reason: form.reason };
  const changed = (typed: string | undefined, shown: string | undefined) =>
    typed !== undefined && typed.trim() !== (shown ?? "").trim() ? parseRaceTime(typed) : null;
  const gunTime = changed(form.gunTime, form.shownGunTime);
  const netTime = changed(form.netTime, form.shownNetTime);
  if (gunTime !== null) attributes.gunTime = gunTime;
  if (netTime !== null) attributes.netTime = netTime;
  if (form.status !== form.shownStatus) attributes.status = form.status;
  return attributes;
}

/** A time in seconds as the correction's field shows it; empty for none. */
export const timeText = (seconds: number | null) => (seconds === null ? "" : formatRaceTime(seconds));

/** A band of ages; its upper age checked against its lower one by itself, whatever the other bands hold. */
const band = z
  .object({
    code: z.string().trim().min(1).max(20),
    minAge: z.number().int().min(0).max(120),
    maxAge: z.number().int().min(0).max(120).optional(),
    gender: z.enum(["female", "male", "any"]),
  })
  .superRefine((one, context) => {
    if (one.maxAge !== undefined && one.maxAge < one.minAge)
      context.addIssue({ code: "custom", path: ["maxAge"], params: { code: "below-min-age" } });
  });

/** At most this many bands (the API's limit). */
export const MOST_BANDS = 100;

/**
 * A race's results settings: its actual start, what it ranks by, its categories (the federation's,
 * or bands of ages of its own), where its results stand, and until when claims are taken. Published
 * results never go back to unpublished; official ones go back to provisional only with a reason
 * (`shownState` is where they stood as the form was shown).
 */
export const resultsSettingsForm = z
  .object({
    timeZone: z.string().trim().max(64),
    startedAt: moment.optional(),
    rankBy: z.enum(["gunTime", "netTime"]),
    categoryRules: z.object({
      kind: z.enum(["fidal", "bands"]),
      bands: z.array(band).max(MOST_BANDS).optional(),
    }),
    resultsState: z.enum(RESULTS_STATES),
    resultsClaimsUntil: moment.optional(),
    resultsReason: z.string().trim().max(500).optional(),
    shownState: z.enum(RESULTS_STATES).optional(),
  })
  .superRefine((form, context) => {
    const bands = form.categoryRules.bands ?? [];
    if (form.categoryRules.kind === "bands" && bands.length === 0)
      context.addIssue({ code: "custom", path: ["categoryRules", "bands"], params: { code: "bands-required" } });
    if (form.resultsState === "unpublished" && form.shownState && form.shownState !== "unpublished")
      context.addIssue({ code: "custom", path: ["resultsState"], params: { code: "results-published" } });
    if (form.shownState === "official" && form.resultsState === "provisional" && !form.resultsReason)
      context.addIssue({ code: "custom", path: ["resultsReason"], params: { code: "required" } });
  });

export type ResultsSettingsForm = z.infer<typeof resultsSettingsForm>;

/** The settings as the appointment's attributes (`PATCH /api/appointments/{id}`). */
export function resultsSettingsAttributes(form: ResultsSettingsForm) {
  const { timeZone } = form;
  const instant = (local: string | undefined) => (local ? (instantFrom(local, timeZone) ?? local) : null);
  return {
    startedAt: instant(form.startedAt),
    rankBy: form.rankBy,
    categoryRules:
      form.categoryRules.kind === "fidal"
        ? { kind: "fidal" as const }
        : {
            kind: "bands" as const,
            bands: (form.categoryRules.bands ?? []).map((one) => ({ ...one, maxAge: one.maxAge ?? null })),
          },
    resultsState: form.resultsState,
    resultsClaimsUntil: instant(form.resultsClaimsUntil),
    ...(form.resultsReason ? { resultsReason: form.resultsReason } : {}),
  };
}

/** The API calls the reason `reason` in its refusal; the form's field is `resultsReason`. */
export const RESULTS_SETTINGS_FIELDS = { reason: "resultsReason" };
