import { describe, expect, it } from "vitest";
import { errorPageMeta } from "./error-page.tsx";

/** What a loader's thrown 404 reaches an error boundary as (React Router's ErrorResponse). */
const notFound = { status: 404, statusText: "Not Found", internal: false, data: null };
const root = (locale: string) => ({ id: "root", loaderData: { locale, defaultLocale: "en-US", origin: "" } });

describe("the error page's title", () => {
  it("says the status and the site's name in the page's language, a failure being a 500", () => {
    const titleOf = (error: unknown, locale: string) =>
      errorPageMeta({ error, matches: [root(locale), { id: "layout" }] }).find((tag) => "title" in tag);
    expect(titleOf(new Error("the API is down"), "it-IT")).toEqual({ title: "Errore 500 · Sport Events" });
    expect(titleOf(notFound, "de-DE")).toEqual({ title: "Fehler 404 · Sport Events" });
  });

  it("leaves the parent's tags as they are when nothing went wrong", () => {
    const parent = [{ title: "Sport Events" }];
    expect(errorPageMeta({ matches: [{ ...root("en-US"), meta: parent }, { id: "layout" }] })).toBe(parent);
  });
});
