import { describe, expect, it } from "vitest";
import { setBrowserLocale } from "../i18n/locale.ts";
import { appointmentAttributes, appointmentForm } from "./console-catalogue.ts";
import { parseForm } from "./use-site-form.ts";

const submitted = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries({
    slug: "long",
    startsAt: "2027-06-10T07:00",
    endsAt: "2027-06-10T13:00",
    capacity: "150",
    gender: "any",
    ...fields,
  }))
    data.append(name, value);
  return parseForm(data, appointmentForm);
};

describe("an appointment's prices by date", () => {
  it("sends its rows in their order, amounts typed with a comma or a point as minor units", () => {
    const form = submitted({
      "priceTiers[0].until": "2027-05-31",
      "priceTiers[0].amount": "25,5",
      "priceTiers[1].until": "",
      "priceTiers[1].amount": "30.00",
    });
    if (form.status !== "success") throw new Error("refused");
    expect(appointmentAttributes(form.value, "Europe/Rome").priceTiers).toEqual([
      { until: "2027-05-31", amount: 2550 },
      { until: null, amount: 3000 },
    ]);
  });

  it("says each row's problem at its field, in the page's language", () => {
    setBrowserLocale("it-IT");
    try {
      const form = submitted({
        capacity: "2.5",
        "priceTiers[0].until": "",
        "priceTiers[0].amount": "trenta",
        "priceTiers[1].until": "",
        "priceTiers[1].amount": "200000",
      });
      expect(form.status === "error" ? form.error : undefined).toEqual({
        capacity: ["Inserisci un numero intero."],
        "priceTiers[0].amount": ["Inserisci un importo come 25 o 25,50."],
        "priceTiers[1].amount": ["Inserisci al massimo 100000."],
        "priceTiers[1].until": ["Solo un prezzo può valere fino alla partenza: indica l'ultimo giorno di questo."],
      });
    } finally {
      setBrowserLocale("en-US");
    }
  });
});
