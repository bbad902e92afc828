import { describe, expect, it } from "vitest";
import {
  dateBlock,
  formatDateTime,
  formatDay,
  formatDays,
  formatMonth,
  formatNumber,
  formatPrice,
  formatShortDay,
  formatShortDayTime,
  formatTime,
  localDay,
} from "./format.ts";

describe("formatting for pages rendered on the server and in the browser", () => {
  it("uses plain spaces only, whatever the ICU puts in ranges and times", () => {
    const range = formatDays("2026-12-12T08:00:00Z", "2026-12-13T17:00:00Z", "en-US", "Europe/Rome");
    expect(range).toMatch(/^December 12 – 13, 2026$/);
    expect(formatTime("2026-12-12T08:30:00Z", "en-US", "Europe/Rome")).toBe("9:30 AM");
  });

  it("writes a span of days in each language asked, one day as one date, again the same", () => {
    const [start, end] = ["2027-06-12T08:00:00Z", "2027-06-14T17:00:00Z"];
    expect(formatDays(start, end, "it-IT", "Europe/Rome")).toBe("12–14 giugno 2027");
    expect(formatDays(start, end, "en-US", "Europe/Rome")).toBe("June 12 – 14, 2027");
    expect(formatDays(start, end, "it-IT", "Europe/Rome")).toBe("12–14 giugno 2027");
    expect(formatDays(start, "2027-06-12T17:00:00Z", "en-US", "Europe/Rome")).toBe("June 12, 2027");
  });

  it("writes prices in the page's language, dropping cents only from whole amounts", () => {
    expect(formatPrice(4500, "EUR", "it-IT")).toBe("45\u00a0€");
    expect(formatPrice(4550, "EUR", "en-US")).toBe("€45.50");
  });

  it("names a month of the calendar and writes a number in each language asked, again the same", () => {
    expect(formatMonth("2027-06", "it-IT")).toBe("giugno 2027");
    expect(formatMonth("2027-06", "en-US")).toBe("June 2027");
    expect(formatMonth("2027-01", "it-IT")).toBe("gennaio 2027");
    expect(formatNumber(12345.5, "it-IT")).toBe("12.345,5");
    expect(formatNumber(12345.5, "en-US")).toBe("12,345.5");
    expect(formatNumber(2, "it-IT")).toBe("2");
  });

  it("writes each text from all it was asked with: the same instant, another kind, language or time zone", () => {
    const iso = "2027-06-12T22:30:00Z";
    const texts = [
      formatDay(iso, "en-US", "Europe/Rome"),
      formatShortDay(iso, "en-US", "Europe/Rome"),
      formatDateTime(iso, "en-US", "Europe/Rome"),
      formatShortDayTime(iso, "en-US", "Europe/Rome"),
      formatTime(iso, "en-US", "Europe/Rome"),
      localDay(iso, "Europe/Rome"),
    ];
    expect(texts).toEqual([
      "Sun, June 13, 2027",
      "June 13, 2027",
      "Sunday, June 13, 2027 at 12:30 AM",
      "Sun, Jun 13, 12:30 AM",
      "12:30 AM",
      "2027-06-13",
    ]);
    // Asked again, the same; asked in New York, the day before; in Italian, Italian.
    expect(formatDay(iso, "en-US", "Europe/Rome")).toBe(texts[0]);
    expect(localDay(iso, "America/New_York")).toBe("2027-06-12");
    expect(formatTime(iso, "it-IT", "Europe/Rome")).toBe("00:30");
    expect(dateBlock(iso, "it-IT", "Europe/Rome")).toEqual({ day: "13", month: "giu" });
    expect(dateBlock(iso, "en-US", "America/New_York")).toEqual({ day: "12", month: "Jun" });
    expect(formatPrice(4500, "EUR", "en-US")).toBe("€45");
    expect(formatPrice(4500, "USD", "en-US")).toBe("$45");
  });
});
