import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PriceTiers } from "./price-tiers.tsx";

/** Each price's line as text. */
const lines = (markup: string) =>
  [...markup.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map(([, line = ""]) =>
    line
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );

describe("an appointment's prices", () => {
  it("shows a single price alone", () => {
    const markup = renderToStaticMarkup(
      <PriceTiers tiers={[{ until: null, amount: 2500 }]} currency="EUR" current={0} locale="en-US" />,
    );
    expect(lines(markup)).toEqual(["€25"]);
  });

  it("gives each tier its last day, the last one what follows, and marks today's", () => {
    const tiers = [
      { until: "2027-03-31", amount: 2000 },
      { until: null, amount: 2500 },
    ];
    const markup = renderToStaticMarkup(<PriceTiers tiers={tiers} currency="EUR" current={0} locale="en-US" />);
    expect(lines(markup)).toEqual(["€20 until March 31, 2027 applies today", "€25 afterwards"]);
  });
});
