import { describe, expect, it } from "vitest";
import { setBrowserLocale } from "../i18n/locale.ts";
import {
  correctionAttributes,
  correctionForm,
  mappingAttributes,
  mappingForm,
  resultsSettingsAttributes,
  resultsSettingsForm,
} from "./console-results.ts";
import { parseForm } from "./use-site-form.ts";

const formData = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

const inItalian = <T>(check: () => T): T => {
  setBrowserLocale("it-IT");
  try {
    return check();
  } finally {
    setBrowserLocale("en-US");
  }
};

describe("a timing file's mapping", () => {
  it("sends the columns chosen by their number, none for a field set to —, the splits as a list", () => {
    const form = parseForm(
      formData([
        ["importId", "imp-1"],
        ["bib", "3"],
        ["name", "0"],
        ["gunTime", ""],
        ["finishClock", "2"],
        ["splits", "4"],
      ]),
      mappingForm,
    );
    if (form.status !== "success") throw new Error("refused");
    expect(mappingAttributes(form.value)).toEqual({ bib: 3, name: 0, finishClock: 2, splits: [4] });
  });

  it("asks for the bib's column at its field, and for a time or a state above the form, in the page's language", () => {
    const form = inItalian(() =>
      parseForm(
        formData([
          ["importId", "imp-1"],
          ["name", "0"],
        ]),
        mappingForm,
      ),
    );
    expect(form.status === "error" ? form.error : undefined).toEqual({
      bib: ["Scegli la colonna che contiene il pettorale."],
      "": ["Scegli una colonna con un tempo (netto, ufficiale o ora di arrivo) o con lo stato."],
    });
  });
});

describe("a result's correction", () => {
  const shown = [
    ["resultId", "r-1"],
    ["shownGunTime", "1:40:02.5"],
    ["shownNetTime", "1:39:58"],
    ["shownStatus", "finished"],
  ] as [string, string][];

  it("sends only what differs from what it showed, times in seconds, with the reason", () => {
    const form = parseForm(
      formData([
        ...shown,
        ["gunTime", "1:40:02.5"],
        ["netTime", "1:39:48,4"],
        ["status", "finished"],
        ["reason", " Chip misread at the mat "],
      ]),
      correctionForm,
    );
    if (form.status !== "success") throw new Error("refused");
    expect(correctionAttributes(form.value)).toEqual({ netTime: 5988.4, reason: "Chip misread at the mat" });
  });

  it("says a time it cannot read, a missing reason and a correction of nothing, in the page's language", () => {
    const badTime = inItalian(() =>
      parseForm(
        formData([...shown, ["gunTime", "1:99:00"], ["netTime", "1:39:58"], ["status", "finished"], ["reason", ""]]),
        correctionForm,
      ),
    );
    expect(badTime.status === "error" ? badTime.error : undefined).toMatchObject({
      gunTime: ["Scrivi il tempo come h:mm:ss, maggiore di zero."],
      reason: ["Compila questo campo."],
    });
    const nothing = parseForm(
      formData([...shown, ["gunTime", "1:40:02.5"], ["status", "finished"], ["reason", "No change"]]),
      correctionForm,
    );
    expect(nothing.status === "error" ? nothing.error : undefined).toEqual({
      "": ["Change a time or the state to correct the result."],
    });
  });
});

describe("a race's results settings", () => {
  const base: [string, string][] = [
    ["timeZone", "Europe/Rome"],
    ["rankBy", "netTime"],
    ["resultsState", "provisional"],
    ["shownState", "unpublished"],
  ];

  it("sends the start and the claims' end typed in the event's time zone, and bands of ages without an upper end as null", () => {
    const form = parseForm(
      formData([
        ...base,
        ["startedAt", "2027-06-10T09:00"],
        ["resultsClaimsUntil", "2027-06-11T18:30"],
        ["categoryRules.kind", "bands"],
        ["categoryRules.bands[0].code", "U20"],
        ["categoryRules.bands[0].minAge", "0"],
        ["categoryRules.bands[0].maxAge", "19"],
        ["categoryRules.bands[0].gender", "any"],
        ["categoryRules.bands[1].code", "OVER"],
        ["categoryRules.bands[1].minAge", "20"],
        ["categoryRules.bands[1].maxAge", ""],
        ["categoryRules.bands[1].gender", "female"],
      ]),
      resultsSettingsForm,
    );
    if (form.status !== "success") throw new Error("refused");
    expect(resultsSettingsAttributes(form.value)).toEqual({
      startedAt: "2027-06-10T07:00:00.000Z",
      rankBy: "netTime",
      categoryRules: {
        kind: "bands",
        bands: [
          { code: "U20", minAge: 0, maxAge: 19, gender: "any" },
          { code: "OVER", minAge: 20, maxAge: null, gender: "female" },
        ],
      },
      resultsState: "provisional",
      resultsClaimsUntil: "2027-06-11T16:30:00.000Z",
    });
  });

  it("asks for a band, an upper age above the lower, and why official results go back to provisional", () => {
    const noBands = parseForm(formData([...base, ["categoryRules.kind", "bands"]]), resultsSettingsForm);
    expect(noBands.status === "error" ? noBands.error : undefined).toEqual({
      "categoryRules.bands": ["Add at least one band, or choose the FIDAL categories."],
    });
    const backwards = parseForm(
      formData([
        ["timeZone", "Europe/Rome"],
        ["rankBy", "gunTime"],
        ["resultsState", "provisional"],
        ["shownState", "official"],
        ["categoryRules.kind", "bands"],
        ["categoryRules.bands[0].code", "A"],
        ["categoryRules.bands[0].minAge", "40"],
        ["categoryRules.bands[0].maxAge", "30"],
        ["categoryRules.bands[0].gender", "any"],
        ["categoryRules.bands[1].code", ""],
        ["categoryRules.bands[1].gender", "any"],
      ]),
      resultsSettingsForm,
    );
    expect(backwards.status === "error" ? backwards.error : undefined).toEqual({
      "categoryRules.bands[0].maxAge": ["The maximum age is below the minimum age."],
      "categoryRules.bands[1].code": ["Fill in this field."],
      "categoryRules.bands[1].minAge": ["Fill in this field."],
    });
    const reasonless = parseForm(
      formData([
        ["timeZone", "Europe/Rome"],
        ["rankBy", "gunTime"],
        ["categoryRules.kind", "fidal"],
        ["resultsState", "provisional"],
        ["shownState", "official"],
      ]),
      resultsSettingsForm,
    );
    expect(reasonless.status === "error" ? reasonless.error : undefined).toEqual({
      resultsReason: ["Fill in this field."],
    });
    const unpublish = parseForm(
      formData([
        ["timeZone", "Europe/Rome"],
        ["rankBy", "gunTime"],
        ["categoryRules.kind", "fidal"],
        ["resultsState", "unpublished"],
        ["shownState", "official"],
      ]),
      resultsSettingsForm,
    );
    expect(unpublish.status === "error" ? unpublish.error : undefined).toEqual({
      resultsState: ["Published results cannot go back to unpublished: take them back to provisional to correct them."],
    });
  });
});
