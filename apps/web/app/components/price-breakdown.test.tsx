import type { PriceBreakdown, StayAttributes } from "@sports/jsonapi";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { setBrowserLocale } from "../i18n/locale.ts";
import { PriceBreakdownTable } from "./price-breakdown.tsx";

const eur = (amount: number) => ({ amount, currency: "EUR" });
const price: PriceBreakdown = {
  participants: { count: 2, unit: eur(4500), amount: 9000 },
  stays: [
    { roomTypeId: "double", nights: 2, rooms: 1, unit: eur(8000), amount: 16000 },
    { roomTypeId: "single", nights: 1, rooms: 2, unit: eur(5000), amount: 10000 },
  ],
  discount: { code: "CLUB10", kind: "percent", value: 10, amount: eur(3500) },
  stampDuty: null,
  total: eur(31500),
};
const lodge: StayAttributes = {
  slug: "lodge",
  name: "Mountain lodge",
  description: null,
  address: null,
  firstNight: "2027-05-01",
  lastNight: "2027-05-03",
  roomTypes: [
    { id: "double", name: "Double room", guests: 2, pricePerNight: eur(8000), roomsPerNight: 4 },
    { id: "single", name: "Single room", guests: 1, pricePerNight: eur(5000), roomsPerNight: 4 },
  ],
};

/** Each row of the table as "heading: amount", its text only. */
const rows = (markup: string) =>
  [...markup.matchAll(/<tr[^>]*><th scope="row">(.*?)<\/th><td>(.*?)<\/td><\/tr>/g)].map(
    ([, heading = "", amount = ""]) =>
      `${heading
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim()}: ${amount}`,
  );

describe("the price table", () => {
  it("names each room booked, from the event's stays", () => {
    expect(rows(renderToStaticMarkup(<PriceBreakdownTable price={price} stays={[lodge]} locale="en-US" />))).toEqual([
      "Signup: 2 × €45: €90",
      "Double room, Mountain lodge 2 nights × 1 room × €80: €160",
      "Single room, Mountain lodge 1 night × 2 rooms × €50: €100",
      "Discount code CLUB10 10% off: -€35",
      "Total: €315",
    ]);
  });

  it("puts the stays on one line without the event's stays to name them by", () => {
    expect(rows(renderToStaticMarkup(<PriceBreakdownTable price={price} locale="en-US" />))).toEqual([
      "Signup: 2 × €45: €90",
      "Stays: €260",
      "Discount code CLUB10 10% off: -€35",
      "Total: €315",
    ]);
    const noStays = { ...price, stays: [], discount: null, total: eur(9000) };
    expect(rows(renderToStaticMarkup(<PriceBreakdownTable price={noStays} locale="en-US" />))).toEqual([
      "Signup: 2 × €45: €90",
      "Total: €90",
    ]);
  });

  it("elides the Italian article before a percentage read with a vowel", () => {
    setBrowserLocale("it-IT");
    const eightPercent = {
      ...price,
      discount: { code: "CLUB8", kind: "percent" as const, value: 8, amount: eur(2100) },
    };
    const markup = renderToStaticMarkup(<PriceBreakdownTable price={eightPercent} locale="it-IT" />);
    expect(rows(markup)).toContainEqual(expect.stringMatching(/^Codice sconto CLUB8 Sconto dell&#x27;8%: -21\s€$/));
  });
});

afterEach(() => setBrowserLocale("en-US"));
