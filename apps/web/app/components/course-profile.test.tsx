import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { setBrowserLocale } from "../i18n/locale.ts";
import { courseBriefText, courseSummaryText } from "../lib/course-text.ts";
import { fixtureCourse } from "./course-fixture.ts";
import { axisTicks, CourseProfile, elevationAt, placeLabels } from "./course-profile.tsx";

const html = (course = fixtureCourse()) => renderToStaticMarkup(<CourseProfile course={course} />);
/** The markup of the wide drawing alone. */
const wide = (markup: string) => /<svg[^>]*course-profile-wide[\s\S]*?<\/svg>/.exec(markup)?.[0] ?? "";
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);

afterEach(() => setBrowserLocale("en-US"));

describe("the course's summary", () => {
  it("says distance, climb, descent and the highest point in the page's language", () => {
    const course = fixtureCourse();
    expect(courseSummaryText(course, "en-US")).toBe("21.1 km, 850 m up, 850 m down, highest 1,240 m");
    expect(courseSummaryText(course, "it-IT")).toBe(
      "21,1 km, 850 m di salita, 850 m di discesa, punto più alto 1240 m",
    );
    // Each language's own digits and grouping (Italian groups from five digits on).
    expect(courseSummaryText(course, "de-DE")).toBe("21,1 km, 850 m bergauf, 850 m bergab, höchster Punkt 1.240 m");
  });

  it("has a short form for the list of races, and one from the summary alone", () => {
    const { distance, elevationGain, elevationLoss } = fixtureCourse();
    expect(courseBriefText({ distance, elevationGain, elevationLoss }, "it-IT")).toBe("21,1 km · 850 m di salita");
    expect(courseSummaryText({ distance, elevationGain, elevationLoss }, "en-US")).toBe(
      "21.1 km, 850 m up, 850 m down",
    );
  });

  it("is shown above the drawing and names it for screen readers", () => {
    setBrowserLocale("it-IT");
    const markup = html();
    expect(markup).toContain(
      '<figcaption class="course-summary">21,1 km, 850 m di salita, 850 m di discesa, punto più alto 1240 m</figcaption>',
    );
    expect(markup).toContain(
      'role="img" aria-label="Profilo altimetrico: 21,1 km, 850 m di salita, 850 m di discesa, punto più alto 1240 m"',
    );
  });
});

describe("the elevation profile", () => {
  it("draws a distance axis in km and an elevation axis in m, on round values", () => {
    const labels = texts(wide(html()));
    expect(labels).toEqual(expect.arrayContaining(["0 km", "5 km", "10 km", "20 km", "250 m", "1,250 m"]));
    // The elevation axis covers the course with round steps; no km tick beyond the finish.
    expect(labels).not.toContain("25 km");
    expect(axisTicks(390, 1240, 4)).toEqual({ from: 250, to: 1250, ticks: [250, 500, 750, 1000, 1250] });
  });

  it("marks the waypoints with a dot and their name, at the profile's elevation where the GPX had none", () => {
    const svg = wide(html());
    expect(svg.match(/<circle /g)).toHaveLength(3);
    expect(texts(svg)).toEqual(expect.arrayContaining(["Ristoro Malga", "Cima"]));
    const profile = fixtureCourse().profile;
    expect(elevationAt(profile, 11000)).toBeGreaterThan(1200);
    expect(elevationAt([], 10)).toBeNull();
  });

  it("puts names that would run into each other on different rows", () => {
    const layout = { font: 12, left: 50, right: 10, width: 760 };
    const placed = placeLabels(
      [
        { name: "Ristoro Malga", x: 300 },
        { name: "Cima", x: 320 },
        { name: "Far away", x: 600 },
      ],
      layout,
    );
    expect(placed.map((label) => label.row)).toEqual([0, 1, 0]);
    // A name at the edge is anchored inside the drawing.
    expect(placeLabels([{ name: "Arrivo lungo", x: 758 }], layout)[0]?.anchor).toBe("end");
    expect(placeLabels([{ name: "Partenza lunga", x: 3 }], layout)[0]?.anchor).toBe("start");
  });

  it("lists the waypoints in words, with a plural", () => {
    expect(html()).toContain("3 points along the course:");
    expect(html(fixtureCourse({ waypoints: fixtureCourse().waypoints.slice(0, 1) }))).toContain(
      "1 point along the course:",
    );
    expect(html()).toContain("<strong>Ristoro Malga</strong> at 5.2 km, 870 m");
  });

  it("writes a waypoint's name as text, in the drawing and the list alike", () => {
    const name = "<img src=x onerror=alert(1)>";
    const waypoints = [{ name, distance: 5200, elevation: 870, longitude: 11.15, latitude: 46.05 }];
    const markup = html(fixtureCourse({ waypoints }));
    expect(markup).not.toContain("<img");
    expect(texts(wide(markup))).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(markup).toContain("<strong>&lt;img src=x onerror=alert(1)&gt;</strong>");
  });

  it("draws nothing without elevations, but still says the distance", () => {
    const markup = html(
      fixtureCourse({ profile: [], highest: null, lowest: null, elevationGain: 0, elevationLoss: 0, waypoints: [] }),
    );
    expect(markup).not.toContain("<svg");
    expect(markup).toContain("21.1 km, no elevation data");
  });

  it("scales to the column's width: a viewBox, no fixed size", () => {
    const svg = wide(html());
    expect(svg).toMatch(/viewBox="0 0 760 270"/);
    expect(svg).not.toMatch(/ width="\d/);
  });
});
